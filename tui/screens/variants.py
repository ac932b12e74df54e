"""A game's variants over the setup screen: switched while the table is being set up.

The same switches, explanations and conflict notes as Settings (``VariantSwitches``),
for the one game being set up; every flip is saved at once, so the setup screen below
shows, and Start plays, what was left switched on. Escape goes back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui import games
from tui.look import sheets
from tui.screens.variant_switches import VariantSwitches


class VariantsScreen(ModalScreen[Any]):
    """Switch ``game_id``'s variants; Escape closes."""

    CSS_PATH = sheets("settings", "variants")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Done"),
    ]
    AUTO_FOCUS = "Switch"

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        spec = games.get(self.game_id)
        with VerticalScroll(id="variants-box"):
            yield Static(f"{spec.title}: variants", classes="section-title")
            yield VariantSwitches(self.game_id)
            yield Static(
                "Space or Enter switches the one under the cursor; Escape: done.",
                id="variants-keys",
            )

    def action_close(self) -> None:
        self.dismiss()

"""Stands in for a game table until ``tui.screens.table`` exists.

It shows who sits where and the legal actions, so that the setup screen and
``party-dice play`` can be tried end to end before the real tables are built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Footer, Header, Static

from tui.gameconfig import GAMES
from tui.screens import SubScreen

if TYPE_CHECKING:
    from tui.engine.controller import Controller
    from tui.engine.store import SaveSlot
    from tui.gameconfig import GameConfig


class PlaceholderTable(SubScreen):
    """A read-only summary of a new or resumed game."""

    def __init__(
        self, controller: Controller, config: GameConfig | None, slot: SaveSlot | None
    ) -> None:
        super().__init__()
        self.controller = controller
        self.config = config
        self.slot = slot

    def rules_context(self) -> tuple[str, frozenset[str]]:
        return self.controller.game_id, self.controller.view(None).variants

    def compose(self) -> ComposeResult:
        yield Header()
        text = Text(f"{GAMES[self.controller.game_id]}: the table is not built yet.\n\n")
        for index, seat in enumerate(self.controller.seats):
            who = "person" if seat.human else f"computer ({seat.bot})"
            text.append(f"Seat {index + 1}: ")
            text.append(seat.name, style="bold")
            text.append(f", {who}\n")
        actions = ", ".join(f"{a.label} ({a.key})" for a in self.controller.actions())
        text.append(f"\nFirst actions: {actions or 'none'}\n")
        yield Static(text, id="placeholder")
        yield Footer()

    def on_unmount(self) -> None:
        if self.slot is not None:
            self.slot.release()

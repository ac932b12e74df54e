"""Who sits at a shared table, from its host's terminal: let a joiner in or turn them
away, or kick a seat. The choices are the controller's (``door()``), so the table
screen asks no question of its own about whether the table is shared."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class DoorScreen(ModalScreen[str | None]):
    """The host's choices about who sits at the table; dismisses with the one chosen
    (Escape: none)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Back")]
    AUTO_FOCUS = "#door-choices"

    def __init__(self, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="shared-box"):
            yield Static("Who sits at this table", markup=False)
            yield OptionList(
                *(Option(words, id=choice) for choice, words in self.choices), id="door-choices"
            )
            yield Static(
                "A kicked account cannot come back to this table.",
                classes="shared-note",
                markup=False,
            )

    @on(OptionList.OptionSelected, "#door-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

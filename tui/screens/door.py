"""Who sits at a shared table, from its host's terminal: the code again, then give a
joiner the seat they ask for or turn them away, take a seat back, stop an account
watching, let an account kept off come back. The choices are the controller's
(``door()``), so the table screen asks no question of its own about whether the table
is shared. Accounts' names and seats' names are text, never markup."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.look import sheets

NOTE = "note"
"""A door "choice" that is only words to read."""


class DoorScreen(ModalScreen[str | None]):
    """The host's choices about who sits at the table; dismisses with the one chosen
    (Escape: none)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Back")]
    AUTO_FOCUS = "#door-choices"

    CSS_PATH = sheets("shared")

    def __init__(self, choices: list[tuple[str, str]]) -> None:
        """``choices``: (choice, words); a choice named ``note`` is a line to read (the
        code), not one to choose."""
        super().__init__()
        self.notes = [words for choice, words in choices if choice == NOTE]
        self.choices = [(choice, words) for choice, words in choices if choice != NOTE]

    def compose(self) -> ComposeResult:
        with Vertical(id="shared-box"):
            yield Static("Who sits at this table", id="door-title", markup=False)
            for words in self.notes:
                yield Static(words, classes="door-note", markup=False)
            yield OptionList(
                *(Option(words, id=choice) for choice, words in self.choices),
                id="door-choices",
                markup=False,
            )
            yield Static(
                "A seat taken back is free again; its account takes no free seat by itself "
                "any more, but keeps any other seat and takes one you give it.",
                classes="shared-note",
                markup=False,
            )
            yield Static("Enter: choose    Esc: back to the table", markup=False)

    @on(OptionList.OptionSelected, "#door-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

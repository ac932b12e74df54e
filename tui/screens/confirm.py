"""A small yes/no question over the current screen (quit a game, leave a table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.look import sheets


class ConfirmScreen(ModalScreen[bool]):
    """Ask one question; dismisses with True for yes. Escape and ``n`` mean no."""

    CSS_PATH = sheets("confirm")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", show=False),
        Binding("n", "answer(False)", "No", show=False),
        Binding("escape", "answer(False)", "Back"),
    ]
    AUTO_FOCUS = "#confirm-no"

    def __init__(
        self, question: str, yes: str = "Yes", no: str = "No", *, quitting: bool = False
    ) -> None:
        super().__init__()
        self.question = question
        self.quitting = quitting
        """The question is whether to quit party-dice (Ctrl+Q asks no other over it)."""
        self.yes_label = yes
        self.no_label = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes_label} (y)", id="confirm-yes", variant="error")
                yield Button(f"{self.no_label} (n)", id="confirm-no", variant="primary")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def ask_to_quit(app: App[Any], question: str, answered: Callable[[bool | None], None]) -> None:
    """Ask ``question`` (whether to quit), unless it is open already. Another question
    that is open (leave this game?, discard?) is answered "no" first: Ctrl+Q over it
    did nothing, and the app looked deaf."""
    current = app.screen
    if isinstance(current, ConfirmScreen):
        if current.quitting:
            return
        current.dismiss(False)
    quitting = ConfirmScreen(question, yes="Quit", no="Keep playing", quitting=True)
    app.push_screen(quitting, answered)

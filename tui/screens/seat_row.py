"""One seat of the setup screen: its number, name, person or computer, move and remove.

The screen keeps the seats in order and checks them; a row only holds what was typed
and chosen, and tells its cleaned name and its ``Seat``.
"""

from __future__ import annotations

import itertools

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Seat
from tui.gameconfig import clean_name

PERSON = "person"
KINDS: list[tuple[str, str]] = [("Person", PERSON)] + [
    (f"Computer, {level}", level) for level in BOT_LEVELS
]

_row_ids = itertools.count(1)


class SeatRow(Vertical):
    """One seat: number, name, person or computer (with level), move and remove."""

    def __init__(self, name: str, kind: str, ascii_only: bool) -> None:
        self.uid = next(_row_ids)
        super().__init__(classes="seat-row", id=f"seat-{self.uid}")
        self.initial_name = name
        self.initial_kind = kind
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        up, down, remove = ("^", "v", "x") if self.ascii_only else ("↑", "↓", "✕")
        with Horizontal(classes="seat-line"):
            yield Label("", classes="seat-number")
            yield Input(
                self.initial_name,
                placeholder="name",
                compact=True,
                classes="seat-name",
                max_length=60,
            )
            yield Select(
                KINDS, value=self.initial_kind, allow_blank=False, compact=True, classes="seat-kind"
            )
            yield Button(up, compact=True, classes="seat-up", tooltip="Move up (ctrl+up)")
            yield Button(down, compact=True, classes="seat-down", tooltip="Move down (ctrl+down)")
            yield Button(remove, compact=True, classes="seat-remove", tooltip="Remove (ctrl+r)")
        yield Static("", classes="seat-note", markup=False)

    @property
    def name_input(self) -> Input:
        return self.query_one(".seat-name", Input)

    @property
    def kind_select(self) -> Select[str]:
        return self.query_one(".seat-kind", Select)

    @property
    def kind(self) -> str:
        value = self.kind_select.value
        return value if isinstance(value, str) else PERSON

    @property
    def clean(self) -> str:
        return clean_name(self.name_input.value)

    def seat(self) -> Seat:
        return Seat(self.clean, None if self.kind == PERSON else self.kind)

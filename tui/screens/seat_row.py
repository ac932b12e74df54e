"""One seat of the setup screen: its number, name, person or computer, move and remove.

The screen keeps the seats in order and checks them; a row only holds what was typed
and chosen, and tells its cleaned name and its ``Seat``. The seats a setup opens with
and the names it remembers for next time are decided here too: only names people
typed are remembered, never the numbered placeholders ("Player 4") the screen fills in
itself, so a table once set up with twenty seats does not open with twenty ever after.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig, bot_names, clean_name
from tui.storage.settings import Settings

PERSON = "person"
KINDS: list[tuple[str, str]] = [("Person", PERSON)] + [
    (f"Computer, {level}", level) for level in BOT_LEVELS
]

_row_ids = itertools.count(1)


def placeholder(number: int) -> str:
    """The name the setup gives a seat nobody has named yet."""
    return f"Player {number}"


def is_placeholder(name: str) -> bool:
    """True for a name of the form ``placeholder`` makes: the screen's, not a person's."""
    head, _, number = name.partition(" ")
    return head == "Player" and number.isascii() and number.isdigit()


def free_placeholder(names: Sequence[str]) -> str:
    """A placeholder for one more seat: numbered after the seats there are, unused."""
    taken = {name.casefold() for name in names}
    start = len(names) + 1
    return next(
        placeholder(n) for n in itertools.count(start) if placeholder(n).casefold() not in taken
    )


FRESH_TABLE = 4
"""A new group's first table: two people to name and computers up to four seats."""


def first_seats(
    settings: Settings, players: tuple[int, int], last: GameConfig | None = None
) -> list[tuple[str, str]]:
    """(name, kind) of the seats a setup opens with.

    The last table of this game, as it was (the people someone named, the computers
    with their levels; numbered people nobody named are left out); else the people
    remembered, then computers up to the smallest table; else two numbered people to
    name and computers up to a table of four."""
    low, high = players
    if last is not None:
        seats = [
            (seat.name, PERSON if seat.human else str(seat.bot))
            for seat in last.seats
            if not (seat.human and is_placeholder(seat.name))
        ][:high]
        people = [name for name, kind in seats if kind == PERSON]
        size = low
    else:
        people = [name for name in settings.last_names if not is_placeholder(name)][:high]
        size = low if people else min(high, max(low, FRESH_TABLE))
        if not people:
            people = [placeholder(n) for n in range(1, min(2, high) + 1)]
        seats = [(name, PERSON) for name in people]
    missing = size - len(seats)
    if missing > 0:
        taken = [name for name, _ in seats]
        seats += [(name, settings.bot_level) for name in bot_names(taken, missing)]
    return seats


def names_to_remember(seats: Sequence[Seat]) -> list[str]:
    """The names of the people at a table that someone typed, in seat order."""
    return [seat.name for seat in seats if seat.human and not is_placeholder(seat.name)]


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

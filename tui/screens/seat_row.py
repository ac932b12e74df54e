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

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig, bot_names, clean_name
from tui.storage.settings import Settings
from tui.widgets.choice import Choice

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


def write(static: Static, content: VisualType, *, layout: bool = True) -> None:
    """Show ``content`` in ``static`` unless it shows it already: every update lays out
    the whole screen again, and the setup checks every seat on every key. ``layout=False``
    for a widget whose size no content changes (a fixed size): it is only repainted."""
    if static.content != content:
        static.update(content, layout=layout)


def names_to_remember(seats: Sequence[Seat]) -> list[str]:
    """The names of the people at a table that someone typed, in seat order."""
    return [seat.name for seat in seats if seat.human and not is_placeholder(seat.name)]


def _number(number: int) -> str:
    return f"{number:>2}."


def _note(problem: str | None, kind: str, ascii_only: bool) -> Text | str:
    """What is written under a seat: its problem, else a computer's level, else nothing."""
    if problem:
        return Text(f"✗ {problem}" if not ascii_only else f"! {problem}")
    if kind != PERSON:
        return Text(BOT_LEVELS[kind], style="dim")
    return ""


Shown = tuple[int, int, str | None, str, bool]
"""What a row was last drawn with: its number, the seats, its problem, kind, ASCII."""


class SeatRow(Vertical):
    """One seat: number, name, person or computer (with level), move and remove."""

    def __init__(self, name: str, kind: str, ascii_only: bool, place: tuple[int, int]) -> None:
        """``place`` is (number, seats): the row is composed numbered, its note and moves
        as ``show`` would set them, so showing it changes nothing (a new row is drawn
        once, not written over at once)."""
        self.uid = next(_row_ids)
        super().__init__(classes="seat-row", id=f"seat-{self.uid}")
        self.initial_name = name
        self.initial_kind = kind
        self.ascii_only = ascii_only
        self.place = place
        self._parts: dict[str, Widget] = {}
        """Its widgets by class, once composed (a query walks the whole row)."""
        self._shown: Shown | None = None

    def compose(self) -> ComposeResult:
        up, down, remove = ("^", "v", "x") if self.ascii_only else ("↑", "↓", "✕")
        number, seats = self.place
        parts: list[Widget] = [
            Label(_number(number), classes="seat-number"),
            Input(
                self.initial_name,
                placeholder="name",
                compact=True,
                classes="seat-name",
                max_length=60,
            ),
            Choice(KINDS, self.initial_kind, classes="seat-kind"),
            Button(
                up,
                compact=True,
                classes="seat-up",
                tooltip="Move up (ctrl+up)",
                disabled=number == 1,
            ),
            Button(
                down,
                compact=True,
                classes="seat-down",
                tooltip="Move down (ctrl+down)",
                disabled=number == seats,
            ),
            Button(remove, compact=True, classes="seat-remove", tooltip="Remove (ctrl+r)"),
        ]
        note = Static(
            _note(None, self.initial_kind, self.ascii_only), classes="seat-note", markup=False
        )
        note.display = self.initial_kind != PERSON
        names = ("seat-number", "seat-name", "seat-kind", "seat-up", "seat-down", "seat-remove")
        self._parts = dict(zip(names, parts, strict=True)) | {"seat-note": note}
        with Horizontal(classes="seat-line"):
            yield from parts
        yield note

    def _part(self, name: str) -> Widget:
        part = self._parts.get(name)
        if part is None:
            raise NoMatches(f"No .{name} in {self!r} (not composed yet)")
        return part

    @property
    def name_input(self) -> Input:
        part = self._part("seat-name")
        assert isinstance(part, Input)
        return part

    @property
    def kind_select(self) -> Choice:
        part = self._part("seat-kind")
        assert isinstance(part, Choice)
        return part

    def button(self, name: str) -> Button:
        """The row's ``seat-up``, ``seat-down`` or ``seat-remove`` button."""
        part = self._part(name)
        assert isinstance(part, Button)
        return part

    def show(self, number: int, seats: int, problem: str | None, ascii_only: bool) -> None:
        """Number the seat (of ``seats``), write its problem or a computer's level under
        it, enable its moves; only what changed is touched, as each change lays out
        and repaints the screen again."""
        # The field drops the mark itself on every key (Input validates its value).
        self.name_input.set_class(bool(problem), "-invalid")
        kind = self.kind
        shown: Shown = (number, seats, problem, kind, ascii_only)
        if shown == self._shown:
            return
        self._shown = shown
        number_label = self._part("seat-number")
        assert isinstance(number_label, Label)
        write(number_label, _number(number), layout=False)  # "20." in its 4 columns
        note = self._part("seat-note")
        assert isinstance(note, Static)
        self.set_class(bool(problem), "-invalid")
        write(note, _note(problem, kind, ascii_only))
        note.display = bool(problem) or kind != PERSON
        self.button("seat-up").disabled = number == 1
        self.button("seat-down").disabled = number == seats

    @property
    def kind(self) -> str:
        return self.kind_select.value

    @property
    def clean(self) -> str:
        return clean_name(self.name_input.value)

    def seat(self) -> Seat:
        return Seat(self.clean, None if self.kind == PERSON else self.kind)

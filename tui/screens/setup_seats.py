"""The seats of the setup screen: the rows, adding people or computers, the count.

A group sets up a table by typing the people's names and saying how many computers
join them: the "Computers" number adds or removes computer seats at the end of the
table, "+ Add seat" and "+ Add computer" add one of each, and a seat whose kind is
changed by hand moves the number with it. Enter in a name goes on to the next person's
name, then to the number, so a table is typed in one pass. The screen checks the seats
and starts the game; this widget only holds them and keeps the number in step.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from tui.gameconfig import bot_names
from tui.screens import seat_row as seating
from tui.screens.seat_row import PERSON, SeatRow


class SeatList(VerticalScroll, can_focus=False):
    """The seats; it scrolls to follow the focus, so Tab never stops on it."""

    def __init__(
        self, seats: Sequence[tuple[str, str]], *, high: int, level: str, ascii_only: bool
    ) -> None:
        super().__init__(id="setup-seats")
        self.initial = list(seats)
        self.high = high
        self.level = level
        """The level a computer added here plays at (the Settings' computer level)."""
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        for number, (name, kind) in enumerate(self.initial, 1):
            yield SeatRow(name, kind, self.ascii_only, (number, len(self.initial)))
        with Horizontal(id="setup-count-line"):
            yield Button("+ Add seat", id="add-seat", compact=True)
            yield Button("+ Add computer", id="add-computer", compact=True)
            yield Label("Computers", id="computers-label")
            yield Input(
                str(sum(1 for _, kind in self.initial if kind != PERSON)),
                compact=True,
                id="computers",
                type="integer",
                max_length=2,
                tooltip="How many computer players (their seats come last)",
            )
            yield Static("", id="count-note", markup=False)

    # -- reading ------------------------------------------------------------------------

    def rows(self) -> list[SeatRow]:
        """The seats, without one still being added (Ctrl+N twice in one burst)."""
        return [row for row in self.children if isinstance(row, SeatRow) and row.is_mounted]

    def computers(self) -> int:
        return sum(1 for row in self.rows() if row.kind != PERSON)

    @property
    def count_input(self) -> Input:
        return self.query_one("#computers", Input)

    def show_count(self) -> None:
        """Write the number of computer seats into the number, unless it says so already
        (a number being typed is left alone while it means the same)."""
        count = self.computers()
        field = self.count_input
        try:
            typed = int(field.value)
        except ValueError:
            typed = None
        if typed != count and not (field.has_focus and not field.value):
            field.value = str(count)

    def after(self, widget: Widget) -> Widget:
        """Where Enter in a seat's name goes: the next person's name (a computer's
        name goes to the next seat's), then the computers number."""
        rows = self.rows()
        current = next((row for row in rows if widget in row.walk_children()), None)
        if current is not None:
            later = rows[rows.index(current) + 1 :]
            wanted = [row for row in later if current.kind != PERSON or row.kind == PERSON]
            if wanted:
                return wanted[0].name_input
        return self.count_input

    # -- changing -----------------------------------------------------------------------

    async def add(self, kind: str) -> SeatRow | None:
        """One more seat at the end (a person with a numbered name, or a computer with a
        free computer's name); ``None`` when the table is full."""
        rows = self.rows()
        if len(rows) >= self.high:
            return None
        names = [row.clean for row in rows]
        name = seating.free_placeholder(names) if kind == PERSON else bot_names(names, 1)[0]
        return (await self._append([name], kind))[0]

    async def _append(self, names: Sequence[str], kind: str) -> list[SeatRow]:
        """Seats named ``names``, all ``kind``, at the end: in one mount, so one layout
        for them all, not one each."""
        first = len(self.rows()) + 1
        seats = first + len(names) - 1
        rows = [
            SeatRow(name, kind, self.ascii_only, (number, seats))
            for number, name in enumerate(names, first)
        ]
        await self.mount(*rows, before="#setup-count-line")
        return rows

    async def set_computers(self, wanted: int) -> int:
        """Add or remove computer seats (the last ones first) until there are ``wanted``,
        as far as the table's size allows; how many there are now."""
        people = len(self.rows()) - self.computers()
        wanted = max(0, min(wanted, self.high - people))
        missing = wanted - self.computers()
        if missing > 0:
            await self._append(bot_names([row.clean for row in self.rows()], missing), self.level)
        extra = [row for row in self.rows() if row.kind != PERSON][wanted:]
        if extra:
            await self.remove_children(extra)
        return self.computers()

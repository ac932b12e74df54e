"""Who may see which card now, and when the keyboard must go behind a curtain.

A rule of the game and of who sits at the table, not of drawing: the table presenter
asks it whose private view to show and when to hide the table, and shows what it is
told. A game with nothing hidden uses ``OPEN_TABLE``: always public. A game with hidden
cards gives its own rule with its words (Chase's ruling C10 is
``tui.table.kits.chase_words.SharedKeyboard``), built from the counts here.

Pure Python (no Textual, no Rich), so a table host in another process can apply the
same rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tui.engine.core import Event
from tui.session.seat_control import TableController


class PrivacyRule(Protocol):
    """What the table asks before drawing and around a person's move."""

    def viewer(self, controller: TableController, current: int | None) -> int | None:
        """Whose private view may be drawn now (``None``: the public view);
        ``current`` is the viewer so far (the seat that passed the last curtain)."""
        ...

    def curtain_before(self, controller: TableController, seat: int) -> bool:
        """True when person ``seat`` must be handed the keyboard behind a curtain."""
        ...

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event]
    ) -> bool:
        """True when person ``seat`` should see the result of their move alone."""
        ...


class OpenTable:
    """Nothing is hidden: the table is always public and needs no curtain."""

    def viewer(self, controller: TableController, current: int | None) -> int | None:
        return None

    def curtain_before(self, controller: TableController, seat: int) -> bool:
        return False

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event]
    ) -> bool:
        return False


def people_in(controller: TableController) -> tuple[int, ...]:
    """Seats of people (not computer players) still in the game."""
    view = controller.view(None)
    return tuple(seat for seat in controller.humans if not view.seats[seat].out)


def people_left(controller: TableController) -> tuple[int, ...]:
    """Seats of people still in the game, at this keyboard or at another terminal of a
    shared table (every seat no computer plays)."""
    view = controller.view(None)
    return tuple(
        index
        for index, seat in enumerate(controller.seats)
        if seat.bot is None and not view.seats[index].out
    )


def curtains_needed(controller: TableController) -> bool:
    """C10: curtains are needed while two or more people still play."""
    return len(people_in(controller)) >= 2


OPEN_TABLE = OpenTable()
"""The rule keeps no state: one instance serves every table."""

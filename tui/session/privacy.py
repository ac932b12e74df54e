"""Who may see which card now, and when the keyboard must go behind a curtain (C10).

A rule of the game and of who sits at the table, not of drawing: the table asks it
whose private view to draw and when to hide the table, and draws what it is told.
Pure Python (no Textual, no Rich), so a table host in another process can apply the
same rule.

Ruling C10 for a game with hidden cards (Chase the Ace), ``SharedKeyboard``:

- one person at the table (the rest computer players): that person's view is drawn
  all the time, the computer players' cards stay face down;
- two or more people still in the game: the table is public until the person whose
  turn it is has passed the curtain, and only while it is still their turn;
- a curtain comes before such a person's turn, except while dealing (nothing is
  hidden yet) or when their King is face up (they can only stand, in full view);
- after a person's swap they see what they got back, alone (a second curtain),
  unless the move ended the round (the showdown shows every card anyway).

A game with nothing hidden (Aces in the Pot) uses ``OPEN_TABLE``: always public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tui.engine.core import Event
from tui.session.seat_control import TableController

SWAP = "swap"
"""The event of a person's change of cards with a neighbour."""

ROUND_END_KINDS = frozenset(
    {"showdown", "nobody_loses", "all_out_replay", "shared_win", "game_won"}
)
"""Events that end a Chase round: every card is shown then, nothing stays private."""


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


def curtains_needed(controller: TableController) -> bool:
    """C10: curtains are needed while two or more people still play."""
    return len(people_in(controller)) >= 2


class SharedKeyboard:
    """Ruling C10: hidden cards, people sharing one keyboard (see the module)."""

    def viewer(self, controller: TableController, current: int | None) -> int | None:
        people = people_in(controller)
        if len(people) >= 2:
            turn = controller.view(None).phase == "turn"
            if turn and current is not None and current == controller.whose_turn():
                return current
            return None
        if len(controller.humans) == 1:
            return controller.humans[0]
        return people[0] if people else None

    def curtain_before(self, controller: TableController, seat: int) -> bool:
        if not curtains_needed(controller) or seat not in controller.humans:
            return False
        view = controller.view(None)
        return view.phase == "turn" and view.seats[seat].card_state != "king"

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event]
    ) -> bool:
        kinds = {event.kind for event in events}
        if kinds & ROUND_END_KINDS or SWAP not in kinds:
            return False
        return curtains_needed(controller)


OPEN_TABLE = OpenTable()
SHARED_KEYBOARD = SharedKeyboard()
"""Both rules keep no state: one instance of each serves every table."""

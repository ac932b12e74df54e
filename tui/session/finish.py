"""Finishing a game nobody at the keyboard plays in any more, at once.

Once every person is out, the computer players would play on round after round with
a pause before each move, and the people at the table would wait to see who wins.
``play_out`` plays every move left in one go, without pauses or animations; the
table writes the log it returns and opens the result. Pure logic: no Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tui.engine.core import Event
from tui.session.privacy import people_left
from tui.session.seat_control import TableController
from tui.session.table_flow import computer_move

MOST_MOVES = 100_000
"""A game that has not ended after this many moves is left where it is (never hangs)."""

Narrate = Callable[[Sequence[Event]], list[str]]


def can_finish(controller: TableController) -> bool:
    """True when no person is left in a game still going, here or at another terminal
    of a shared table: nothing waits on a key (a watcher of a shared table where people
    still play is offered nothing to finish)."""
    return not controller.over and not people_left(controller)


@dataclass
class PlayedOut:
    """What ``play_out`` did: the log of every move but the last, the last move's events
    (the table reveals them as it reveals any move), and how many moves were made."""

    lines: list[str] = field(default_factory=list)
    last: list[Event] = field(default_factory=list)
    moves: int = 0


def play_out(
    controller: TableController, narrate: Narrate, pending: Sequence[Event] = ()
) -> PlayedOut:
    """Play the game to its end; ``pending`` are the events of a move not yet revealed
    (an animation cut short), told first."""
    result = PlayedOut(last=list(pending))
    while not controller.over and result.moves < MOST_MOVES:
        move = computer_move(controller)
        if move is None:
            break
        result.lines += narrate(result.last)
        result.last = move.events
        result.moves += 1
    return result

"""Who has been away from the keyboard, and what they missed, as pure logic.

A person at a big table waits through many computer turns, more than the log shows.
``AwayRecap`` keeps the public events of every move and, when a person's turn comes
after ``MIN_AWAY`` or more computer moves, hands the table the events since that
person's last turn; the kit's words make a short recap of them for the log. Private
events are never kept (``private_to``), so a recap cannot show a face-down card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tui.engine.core import Event

MIN_AWAY = 5
"""Computer moves since a person's last turn that earn a recap: more than the log shows
at 80x24, where a person could have read them all."""
KEEP = 5000
"""Events kept before the ones every person has seen are dropped."""


class AwayRecap:
    """The public events since each person's last turn, and the computer moves among them."""

    def __init__(self, people: Iterable[int]) -> None:
        self.events: list[Event] = []
        self.computer_moves = 0
        self.seen: dict[int, tuple[int, int]] = {seat: (0, 0) for seat in people}
        """Per person: (events, computer moves) when their last turn came."""

    def moved(self, events: Sequence[Event], by_computer: bool) -> None:
        """A move was made (by a computer player or the table itself, or by a person)."""
        self.events.extend(event for event in events if event.private_to is None)
        if by_computer:
            self.computer_moves += 1
        if len(self.events) > KEEP and self.seen:
            self._trim()

    def turn(self, seat: int) -> list[Event] | None:
        """Person ``seat``'s turn comes: the events they missed, when they waited
        through ``MIN_AWAY`` or more computer moves (``None`` otherwise)."""
        if seat not in self.seen:
            return None
        start, moves = self.seen[seat]
        self.seen[seat] = (len(self.events), self.computer_moves)
        if self.computer_moves - moves < MIN_AWAY:
            return None
        return self.events[start:]

    def _trim(self) -> None:
        drop = min(start for start, _ in self.seen.values())
        if drop:
            del self.events[:drop]
            self.seen = {seat: (start - drop, m) for seat, (start, m) in self.seen.items()}

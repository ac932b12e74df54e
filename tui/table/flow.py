"""The pacing of a table, as pure logic: who moves next, and how long to wait first.

The table screen asks ``next_step`` after every change. A person's move waits for a
key; a computer player's move (and a table action nobody at the keyboard owns, when
only computer players sit at the table) waits ``pace.bot_delay`` seconds, then plays.
With animation "off" every delay is zero and computer turns play at once. Nothing here
touches Textual, so the rules of pacing are tested without an app.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tui.engine.controller import Controller


@dataclass(frozen=True)
class Pace:
    """Seconds a computer player "thinks", and how long dice tumble (at most 0.6)."""

    bot_delay: float
    roll: float
    frames: int

    @property
    def instant(self) -> bool:
        return self.bot_delay <= 0 and self.roll <= 0


PACES: dict[str, Pace] = {
    "off": Pace(bot_delay=0.0, roll=0.0, frames=0),
    "fast": Pace(bot_delay=0.45, roll=0.3, frames=2),
    "normal": Pace(bot_delay=1.1, roll=0.6, frames=3),
}
"""Settings value ``animation`` -> pace. Every wait can be skipped with any key.

Few frames on purpose: each one repaints the dice (issue 7 counts bytes per turn)."""


def pace_for(animation: str | None) -> Pace:
    return PACES.get(animation or "normal", PACES["normal"])


StepKind = Literal["person", "bot", "table", "over"]


@dataclass(frozen=True)
class Step:
    """What happens next at the table.

    ``person``: wait for a key (``seat`` is whose turn it is, or ``None`` for a table
    action any person may take, like "Next round"). ``bot``: the computer player at
    ``seat`` moves after ``delay``. ``table``: a table action with no person at the
    table to press the key, taken after ``delay``. ``over``: the game has ended.
    """

    kind: StepKind
    seat: int | None = None
    delay: float = 0.0


def next_step(controller: Controller, pace: Pace) -> Step:
    if controller.over:
        return Step("over")
    seat = controller.whose_turn()
    if controller.is_bot_turn():
        return Step("bot", seat, pace.bot_delay)
    if seat is None and not controller.humans and controller.actions():
        return Step("table", None, pace.bot_delay)
    return Step("person", seat)


def main_action_alias(actions_count: int) -> bool:
    """Enter and Space stand for the only action on offer, never for one of a choice."""
    return actions_count == 1

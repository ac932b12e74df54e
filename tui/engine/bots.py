"""What a computer player is, for every game: a level, a choice and a reason.

A bot sees one seat's ``TableView`` and the legal actions, nothing more, so it cannot
cheat and the table cannot leak through it. Each game's bots live in its own package
(``tui.engine.aces.bots``, ``tui.engine.chase.bots``), which offers ``make(level)``; the
game registry (``tui.games``) hands that factory to the ``Controller``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tui.engine.core import Action, TableView

BOT_LEVELS: dict[str, str] = {
    "casual": "Plays by feel: simple habits, easy to beat.",
    "sharp": "Plays the odds with everything its seat may know.",
}
"""Levels and the one-line description the setup screen shows."""


@dataclass(frozen=True)
class Decision:
    """What a computer player chose, and why in a few words the table can show."""

    action: Action
    reason: str


class Bot(Protocol):
    @property
    def level(self) -> str: ...

    def choose(self, view: TableView, actions: list[Action]) -> Decision: ...


BotFactory = Callable[[str], Bot]
"""A game's ``make(level) -> Bot``."""


def check_level(level: str) -> str:
    """``level`` if it is a known computer level, else ``ValueError`` naming the choices."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown computer level {level!r}: choose {', '.join(BOT_LEVELS)}")
    return level

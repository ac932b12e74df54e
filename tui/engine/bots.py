"""Computer players for both games, by level.

A bot sees one seat's ``TableView`` and the legal actions, nothing more, so it cannot
cheat and the table cannot leak through it. Each game's bots live in their own module
(``aces_bots``, ``chase_bots``), which offers ``make(level) -> Bot``.
"""

from __future__ import annotations

from typing import Protocol

from tui.engine.controller import Decision
from tui.engine.core import Action, TableView

BOT_LEVELS: dict[str, str] = {
    "casual": "Plays by feel: simple habits, easy to beat.",
    "sharp": "Plays the odds with everything its seat may know.",
}
"""Levels and the one-line description the setup screen shows."""


class Bot(Protocol):
    level: str

    def choose(self, view: TableView, actions: list[Action]) -> Decision: ...


def make_bot(game_id: str, level: str) -> Bot:
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown computer level {level!r}: choose {', '.join(BOT_LEVELS)}")
    if game_id == "aces":
        from tui.engine import aces_bots

        return aces_bots.make(level)
    if game_id == "chase":
        from tui.engine import chase_bots

        return chase_bots.make(level)
    raise ValueError(f"unknown game {game_id!r}")

"""Records by name across every finished game in the history: games, wins, streaks.

A party plays many short games; what people ask afterwards is "who has won most
tonight, and who is on a roll?". The history (``tui.storage.history``) keeps every
finished game with its players and winners, so the records are worked out from it
when asked, never stored: nothing can drift out of step with the games themselves.

A name is one person however it was typed: names are matched after Unicode NFC and
case folding ("ann" and "Ann" are the same player), and shown as last typed. A shared
win counts as a win for each who shared it. The best streak is the longest run of
games won in a row, among the games that name played, in the order they finished.

Pure standard library: no Textual, no Rich.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tui.storage.history import GameRecord, History

EVERY_GAME = 100_000
"""How many finished games the records read: all of them, for any real history."""


@dataclass(frozen=True)
class GameTally:
    """One name's games and wins at one game (``game`` is its id)."""

    game: str
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class NameRecord:
    """One name's record across the history."""

    name: str
    """As it was spelt in the latest game it played."""
    games: int
    wins: int
    best_streak: int
    by_game: tuple[GameTally, ...]
    """One per game played, in the order the games were first played."""

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def name_key(name: str) -> str:
    """What makes two typed names the same player."""
    return unicodedata.normalize("NFC", name).strip().casefold()


@dataclass
class _Running:
    name: str
    games: int = 0
    wins: int = 0
    streak: int = 0
    best: int = 0
    per_game: dict[str, list[int]] = field(default_factory=dict)

    def add(self, game: str, name: str, won: bool) -> None:
        self.name = name
        self.games += 1
        tally = self.per_game.setdefault(game, [0, 0])
        tally[0] += 1
        if won:
            self.wins += 1
            tally[1] += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0

    def record(self) -> NameRecord:
        by_game = tuple(GameTally(g, n, w) for g, (n, w) in self.per_game.items())
        return NameRecord(self.name, self.games, self.wins, self.best, by_game)


def name_records(games: Iterable[GameRecord]) -> list[NameRecord]:
    """Every name's record from ``games`` (in any order), most wins first, then the
    best win rate, the most games, and the name."""
    running: dict[str, _Running] = {}
    for record in sorted(games, key=lambda r: r.finished_at):
        winners = {name_key(name) for name in record.winners}
        seen: set[str] = set()
        for name in record.players:
            key = name_key(name)
            if not key or key in seen:
                continue  # one game counts once for a name, even if two seats shared it
            seen.add(key)
            running.setdefault(key, _Running(name)).add(record.game, name, key in winners)
    records = [entry.record() for entry in running.values()]
    return sorted(records, key=lambda r: (-r.wins, -r.rate, -r.games, name_key(r.name)))


def read_records(path: Path | None = None) -> tuple[list[NameRecord], str | None]:
    """The records of the history at ``path`` (default file), and at most one
    sentence about a problem reading it (as ``History.recent`` says it)."""
    games, message = History(path).recent(EVERY_GAME)
    return name_records(games), message

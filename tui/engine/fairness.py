"""What ``party-dice odds`` asks a game and what it answers, as plain data.

Each game answers in its own package (``tui.engine.<game>.fairness``); the command line
(``tui.simulate.odds``) only words the answer. Kept in the engine so that those answers
need nothing outside it: what they solve is kept through a ``Shelf`` they are handed
(the per-user cache, ``tui.storage.cache``), as randomness is handed to the games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Shelf(Protocol):
    """Bytes kept between runs under a name the game chooses (a cache: anything on it may
    be missing, stale or damaged, and is then worked out again and put back)."""

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes kept as ``name`` (at most ``limit`` of them), or ``None``."""
        ...

    def write(self, name: str, data: bytes) -> bool:
        """Keep ``data`` as ``name``; False when it could not be kept (no matter)."""
        ...


@dataclass(frozen=True)
class FairnessAsk:
    """What ``party-dice odds`` asks a game: the table, and the means to answer.

    ``first`` is the 0-based seat that acts first (rolls or deals); ``games``, ``seed``
    and ``bot`` are for answers found by simulation; ``shelf`` keeps what an exact
    answer solved, for the next time it is asked.
    """

    players: int
    variants: frozenset[str]
    first: int
    games: int
    seed: int
    bot: str
    shelf: Shelf


@dataclass(frozen=True)
class FairnessRow:
    """One line of the fairness table: whose chance of what, and how sure it is."""

    seat: int
    label: str
    chance: float
    stderr: float = 0.0


@dataclass(frozen=True)
class Fairness:
    """``party-dice odds``' answer: what the chances are of, how found, one row a seat."""

    question: str
    method: str
    rows: tuple[FairnessRow, ...]

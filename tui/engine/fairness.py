"""What ``party-dice odds`` asks a game and what it answers, as plain data.

Each game answers in its own package (``tui.engine.<game>.fairness``); the command line
(``tui.simulate.odds``) only words the answer. Kept in the engine so that those answers
need nothing outside it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FairnessAsk:
    """What ``party-dice odds`` asks a game: the table, and the means to answer.

    ``first`` is the 0-based seat that acts first (rolls or deals); ``games``, ``seed``
    and ``bot`` are for answers found by simulation; ``solved`` gives a solved chain
    for a chain spec (the per-user cache), for answers that are exact.
    """

    players: int
    variants: frozenset[str]
    first: int
    games: int
    seed: int
    bot: str
    solved: Callable[[Any], Any]


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

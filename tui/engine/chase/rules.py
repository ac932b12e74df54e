"""Chase the Ace rule constants and the pure decisions the engine and its bots share.

Kept apart from ``chase.py`` so the showdown (C7, Pairs are safe) and seat arithmetic
(C3, "left" = next seat still in) can be read and tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.engine.cards import RANKS

MIN_PLAYERS = 3
MAX_PLAYERS = 20
VARIANTS = frozenset(
    {
        "announce-low",
        "dealers-king",
        "dealer-draws",
        "four-lives",
        "kings-swap",
        "king-stops",
        "pairs-safe",
    }
)
ALL_OUT_OPTIONS = ("replay", "share")
"""C8: players who would all go out at once keep the life and replay, or share the win."""

RANK_OF = {rank: index + 1 for index, rank in enumerate(RANKS)}
"""Rank letter to 1 (Ace) .. 13 (King); a dict lookup is the cheapest on the hot path."""


def starting_lives(variants: frozenset[str]) -> int:
    return 4 if "four-lives" in variants else 3


def next_in(seat: int, lives: Sequence[int]) -> int:
    """The next seat to the left (clockwise) of ``seat`` that still has lives
    (``seat`` itself if nobody else has); ``ValueError`` if no seat has any, rather
    than going round the table for ever."""
    n = len(lives)
    other = (seat + 1) % n
    for _ in range(n):
        if lives[other] > 0:
            return other
        other = (other + 1) % n
    raise ValueError("no player has a life left")


def turn_order(dealer: int, lives: Sequence[int]) -> list[int]:
    """C4: every player still in, starting left of the dealer; the dealer is last."""
    n = len(lives)
    return [s % n for s in range(dealer + 1, dealer + n + 1) if lives[s % n] > 0]


def losing_seats(cards: Sequence[tuple[int, str]], pairs_safe: bool) -> tuple[int, ...]:
    """Who loses a life at the showdown (C7), in seat order of ``cards``.

    Plain rules: every player holding the lowest rank. Pairs are safe: a rank held by two
    or more players is safe, the lowest rank held by exactly one player loses, and if every
    card is paired nobody loses.
    """
    ranks = [RANK_OF[card[0]] for _, card in cards]
    if not pairs_safe:
        low = min(ranks)
        return tuple(seat for (seat, _), rank in zip(cards, ranks, strict=True) if rank == low)
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    singles = [rank for rank, count in counts.items() if count == 1]
    if not singles:
        return ()
    low = min(singles)
    return tuple(seat for (seat, _), rank in zip(cards, ranks, strict=True) if rank == low)

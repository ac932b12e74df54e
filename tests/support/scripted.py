"""A random source that plays out a script, so a test can say exactly what is rolled."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


class ScriptExhausted(AssertionError):
    """The game asked for more randomness than the test scripted."""


class ScriptedRandom:
    """Returns scripted dice from ``randint`` and scripted decks from ``shuffle``.

    ``dice`` are returned in order by ``randint`` (they must lie in the asked range);
    each ``shuffle`` call puts the next of ``decks`` in place, filling the rest of the
    52 cards after the scripted ones in their current order, so a test only lists the
    cards that matter (the top of the deck).
    """

    def __init__(self, dice: Iterable[int] = (), decks: Iterable[Sequence[str]] = ()) -> None:
        self.dice = list(dice)
        self.decks = [list(deck) for deck in decks]
        self.randint_calls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        if not self.dice:
            raise ScriptExhausted(f"randint({a}, {b}) called with no dice left in the script")
        value = self.dice.pop(0)
        assert a <= value <= b, f"scripted {value} outside randint({a}, {b})"
        self.randint_calls.append((a, b))
        return value

    def shuffle(self, x: list[Any]) -> None:
        if not self.decks:
            raise ScriptExhausted("shuffle called with no deck left in the script")
        top = self.decks.pop(0)
        assert len(set(top)) == len(top) and set(top) <= set(x), "scripted deck is not a deck"
        rest = [card for card in x if card not in set(top)]
        x[:] = top + rest

    def more(self, *dice: int) -> None:
        self.dice.extend(dice)

"""Small checks every game's save validation shares: whole numbers, seats, flags, RNG.

A save is JSON a person (or another user) may have edited, so nothing in it is trusted:
``1.0`` is not a seat, ``true`` is not a count, ``"3"`` is not a life, and ``Infinity``
(Python's ``json`` reads it) is not a pot. Each check raises ``SaveInvalid`` with a short
reason; the game's ``validate`` turns the first one into its answer. Engine-only: no
import outside ``tui.engine``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

MAX_COUNT = 1_000_000
"""No counter of a real game (chips, lives, rounds, turns) comes near this."""

_MT_WORDS = 624
"""``random.Random`` (Mersenne Twister) state: 624 32-bit words, then the position."""


class SaveInvalid(ValueError):
    """One field of a saved game is wrong; the message says which, in a few words."""


def reason_against(check: Callable[[Any], None], data: Any) -> str | None:
    """``None`` when ``check`` passes ``data``, else the few words of its ``SaveInvalid``:
    every game's ``validate`` is this, with the game's own ``check``."""
    try:
        check(data)
    except SaveInvalid as error:
        return str(error)
    return None


def whole(value: object, field: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """``value`` as a whole number in ``low .. high`` (no bool, float or string)."""
    if type(value) is not int:
        raise SaveInvalid(f"{field} is not a whole number")
    if not low <= value <= high:
        raise SaveInvalid(f"{field} is out of range")
    return value


def optional_seat(value: object, field: str, players: int) -> int | None:
    return None if value is None else whole(value, field, 0, players - 1)


def flag(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise SaveInvalid(f"{field} is not true or false")
    return value


def word(value: object, field: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise SaveInvalid(f"{field} is not one of {', '.join(choices)}")
    return value


def per_seat(value: object, field: str, players: int) -> list[Any]:
    """A list with one entry per seat."""
    if not isinstance(value, list) or len(value) != players:
        raise SaveInvalid(f"{field} does not have one entry per player")
    return value


def seat_set(value: object, field: str, players: int) -> list[int]:
    """A list of distinct seats."""
    if not isinstance(value, list) or len(value) > players:
        raise SaveInvalid(f"{field} is not a list of seats")
    seats = [whole(seat, f"a seat in {field}", 0, players - 1) for seat in value]
    if len(set(seats)) != len(seats):
        raise SaveInvalid(f"{field} names a seat twice")
    return seats


MAX_SAVED_NAME = 256
"""Characters a saved name may have: setup allows far fewer, and a save edited to hold
a name of 100,000 filled the screen with it; an older or other version's longer names
still load."""


def names(value: object, low: int, high: int) -> list[str]:
    """``low`` to ``high`` names of text, none too long. That each shows something and
    no two look alike is setup's rule, checked where a save is loaded
    (``tui.gameconfig.controller_from_save``: the engine knows no look-alikes)."""
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise SaveInvalid(f"the players are not a list of {low} to {high} names")
    if not all(isinstance(name, str) for name in value):
        raise SaveInvalid("a player's name is not text")
    if any(len(name) > MAX_SAVED_NAME for name in value):
        raise SaveInvalid("a player's name is too long")
    return value


def variants(value: object, known: Sequence[str] | frozenset[str]) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SaveInvalid("the variants are not a list of words")
    if not set(value) <= set(known):
        raise SaveInvalid("a variant is unknown")
    return frozenset(value)


def rng_state(value: object) -> None:
    """A ``random.Random`` state that restores and draws (the next die must roll)."""
    if not isinstance(value, list) or len(value) != 3:
        raise SaveInvalid("the random state is damaged")
    version, internal, gauss = value
    if version != 3 or type(version) is not int:
        raise SaveInvalid("the random state is of an unknown version")
    if not isinstance(internal, list) or len(internal) != _MT_WORDS + 1:
        raise SaveInvalid("the random state is damaged")
    if not all(type(w) is int and 0 <= w < 1 << 32 for w in internal[:_MT_WORDS]):
        raise SaveInvalid("the random state holds a word out of range")
    whole(internal[_MT_WORDS], "the random state's position", 0, _MT_WORDS)
    if not any(internal[:_MT_WORDS]):
        raise SaveInvalid("the random state is all zero")
    if gauss is not None and not (isinstance(gauss, float) and math.isfinite(gauss)):
        raise SaveInvalid("the random state is damaged")
    probe = random.Random()
    try:
        probe.setstate((version, tuple(internal), gauss))
        probe.randint(1, 6)
    except (TypeError, ValueError, OverflowError) as error:
        raise SaveInvalid("the random state does not restore") from error

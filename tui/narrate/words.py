"""Words every game's lines share: a list of names or titles read as a sentence does.

Plain strings in, plain strings out, and no import beyond the standard library, so the
registry, the narrators, the table kits and the widgets can all use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cleo' ('' for no names)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def percent(chance: float) -> str:
    """A chance in whole percent; "<1 %" and ">99 %" rather than a 0 or 100 that is not."""
    if 0 < chance < 0.005:
        return "<1 %"
    if 0.995 < chance < 1:
        return ">99 %"
    return f"{100 * chance:.0f} %"


@dataclass(frozen=True)
class Voice:
    """How a table's lines are said when they are heard or read a line at a time (the
    plain-text table: a screen reader, a Braille display, a terminal's scrollback), not
    drawn: dice and cards in words, every line a sentence, and personal to the people at
    the terminal.

    ``you`` are the people's seats played at this terminal. The one person at a terminal
    is "you" ("You roll a six: one chip to Ann.", "Ben changes with you."); when several
    people share one keyboard every line names them, so nobody wonders who "you" is.
    ``brief`` drops the words a regular already knows."""

    you: frozenset[int] = frozenset()
    brief: bool = False

    def is_you(self, seat: int | None) -> bool:
        """True when ``seat`` is said as "you": the one person at this terminal."""
        return seat is not None and len(self.you) == 1 and seat in self.you

    def here(self, seat: int | None) -> bool:
        """True when ``seat`` is a person at this terminal (alone or not)."""
        return seat is not None and seat in self.you


def seat_name(names: list[str], seat: int | None, voice: Voice | None) -> str:
    """A seat's name, or "you" (said to the one person at this terminal); "?" for a seat
    that is not at the table."""
    if seat is None or not 0 <= seat < len(names):
        return "?"
    if voice is not None and voice.is_you(seat):
        return "you"
    return names[seat]


def subject_of(
    names: list[str], seat: int | None, verb: str, you_verb: str, voice: Voice | None
) -> str:
    """ "Ann rolls", or "You roll" said to the one person at this terminal."""
    if voice is not None and voice.is_you(seat):
        return f"You {you_verb}"
    return f"{seat_name(names, seat, voice)} {verb}"


def sentence(line: str) -> str:
    """``line`` as a sentence: a capital first letter and a full stop, unless it ends
    with its own (! ? or :)."""
    line = line.strip()
    if not line:
        return line
    line = line[0].upper() + line[1:]
    return line if line[-1] in ".!?:" else line + "."

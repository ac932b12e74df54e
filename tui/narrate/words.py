"""Words every game's lines share: a list of names or titles read as a sentence does.

Plain strings in, plain strings out, and no import beyond the standard library, so the
registry, the narrators, the table kits and the widgets can all use it.
"""

from __future__ import annotations

from collections.abc import Sequence


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

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

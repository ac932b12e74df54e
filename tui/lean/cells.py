"""What each cell of the terminal shows, as the lean stream left it: the cells not to send again.

Textual repaints a region whole: a seat panel whose one line changed, the table under a
lifted round-end box, a log row of which only a few characters moved. Of such a repaint
most cells often show on the terminal already what they would be drawn with (at 80x24 a
Chase person's turn with curtains re-sent, cell for cell, about half of what it drew).
``ShownCells`` keeps, for every cell the stream has drawn at a known place, what it shows
(the character and its style; for a blank, only what a blank shows: ``blank_look``), so
``LeanStream`` can skip the runs that are already there and move past them instead.

It knows nothing of Textual. A cell it cannot be sure of (drawn where the cursor was not
known, after a character of unknown width, or in a style it does not model) is
``UNKNOWN`` and never matches, so it is drawn again; anything else the stream cannot
follow (a sequence it does not know, a new size) makes it forget every cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tui.lean.sgr import Style, blank_look

UNKNOWN = object()
"""A cell whose look is not known: equal to no key a drawing makes."""

MOVE_COST = 4
"""Bytes a move past shown cells takes (``ESC[<n>C``, or a column): a shown run of no
more bytes than this is written again rather than skipped."""


@lru_cache(maxsize=4096)
def cell_keys(text: str, style: Style) -> tuple[object, ...]:
    """What each character of ``text`` (one cell each) shows drawn in ``style`` (the
    same runs come again and again: borders, a log's lines)."""
    blank = (" ", blank_look(style))
    return tuple(blank if char == " " else (char, style) for char in text)


class ShownCells:
    """The terminal's cells as drawn, row by row (rows and columns from 1, as CSI H counts)."""

    def __init__(self) -> None:
        self.rows: dict[int, list[object]] = {}

    def forget(self) -> None:
        """Nothing on the terminal is known any more."""
        self.rows.clear()

    def forget_from(self, row: int, col: int) -> None:
        """The cells of ``row`` from ``col`` on are not known any more."""
        line = self.rows.get(row)
        if line is not None:
            del line[col - 1 :]

    def scroll(self, top: int, bottom: int, up: int) -> None:
        """Rows ``top`` to ``bottom`` moved up ``up`` rows (a scroll region); the rows
        scrolled in at the bottom are not known."""
        for row in range(top, bottom + 1):
            line = self.rows.get(row + up) if row + up <= bottom else None
            if line is None:
                self.rows.pop(row, None)
            else:
                self.rows[row] = list(line)

    def draw(self, row: int, col: int, keys: Sequence[object]) -> list[bool]:
        """Record ``keys`` drawn from (``row``, ``col``); for each, whether the cell
        showed something else before."""
        line = self.rows.setdefault(row, [])
        start, end = col - 1, col - 1 + len(keys)
        if len(line) < end:
            line.extend([UNKNOWN] * (end - len(line)))
        old = tuple(line[start:end])
        line[start:end] = keys
        if old == keys:
            return [False] * len(keys)
        return [before != key for before, key in zip(old, keys, strict=True)]


def changed_runs(text: str, changed: list[bool]) -> list[tuple[int, int]]:
    """The runs of ``text`` to write, as (start, end): every changed character, and a shown
    run between two changed ones too when moving past it would cost more than writing it."""
    runs: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        if not changed[i]:
            i += 1
            continue
        j = i
        while j < n and changed[j]:
            j += 1
        if runs and len(text[runs[-1][1] : i].encode()) <= MOVE_COST:
            runs[-1] = (runs[-1][0], j)  # a short shown gap: written again, not moved past
        else:
            runs.append((i, j))
        i = j
    return runs

"""Rows that moved up, scrolled on the terminal instead of drawn again (DECSTBM and SU).

When the table's log is full, a new line moves every row of it up one: Textual repaints
each of them, and at 160x48, where the log spans the terminal's width and many rows,
that was a third of the bytes a Chase game sent. If a write draws a band of whole rows
(every cell from the first column to the last) and many of them show what the terminal
shows some rows lower, ``find_scroll`` names the band and how far it moved; the stream
scrolls it (``scroll_sequence``: a scroll region, SU, the region reset), moves what it
knows of those rows with it (``ShownCells.scroll``), and the write's own cells, compared
with the rows as they are now, are then sent only where they differ.

Only whole rows: a scroll region spans the terminal's width, so a row any cell of which
the write does not draw could be left showing the row below. The rows scrolled in at the
bottom are unknown until the write draws them (it does: they are in the band).
"""

from __future__ import annotations

import re

from tui.lean.cells import UNKNOWN, ShownCells, cell_keys
from tui.lean.sgr import PLAIN, Style, advance, apply_sgr

TOKEN = re.compile(
    r"\x1b\[(?P<sgr>[0-9;]*)m"
    r"|\x1b\[(?P<row>[0-9]+);(?P<col>[0-9]+)H"
    r"|(?P<other>\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[^\[\]])"
    r"|(?P<text>[^\x1b]+)"
)
"""What Textual writes: styles, the cursor's place, other sequences, and text."""
STILL = frozenset({"\x1b[?2026h", "\x1b[?2026l", "\x1b[?25l", "\x1b[?25h"})
"""Sequences that leave the cursor where it is (synchronised output, cursor shown)."""

_ROW_START = re.compile(r"\x1b\[([0-9]+);1H")
"""A place at a row's first column: where a whole row's drawing begins."""

WORTH = 40
"""Cells of text (not blanks) a scroll must spare from being sent to be worth its own
bytes (about 16: the region, the scroll, the region reset, a move)."""


def drawn_rows(data: str, style: Style | None, width: int) -> dict[int, list[object]] | None:
    """The rows ``data`` draws whole (every cell from the first column to ``width``),
    with what each cell will show; ``None`` if it writes anything this cannot follow
    (a sequence other than a style, a place or the still ones, a character of unknown
    width, text with the cursor's place not known)."""
    rows: dict[int, list[object]] = {}
    at: tuple[int, int] | None = None
    for match in TOKEN.finditer(data):
        text = match.group("text")
        if text is not None:
            if text == "\n":  # between lines, as the stream takes it: a row down
                at = None if at is None else (at[0] + 1, at[1])
                continue
            cells = advance(text)
            if at is None or cells is None or style is None:
                return None
            row, col = at
            if col + cells - 1 <= width:
                line = rows.setdefault(row, [UNKNOWN] * width)
                line[col - 1 : col - 1 + cells] = cell_keys(text, style)
            at = (row, col + cells)
        elif (params := match.group("sgr")) is not None:
            style = apply_sgr(params, style or PLAIN) if style or params[:1] in "0" else None
        elif match.group("row") is not None:
            at = (int(match.group("row")), int(match.group("col")))
        elif match.group() not in STILL:
            return None
    return {row: line for row, line in rows.items() if UNKNOWN not in line}


def find_scroll(
    shown: ShownCells, data: str, style: Style | None, width: int
) -> tuple[int, int, int] | None:
    """(top, bottom, rows up): the band of whole rows ``data`` draws, and how far up its
    rows moved from what the terminal shows, if scrolling it spares enough; else None.

    What a scroll spares is net: the text of the rows it brings into place, less that
    of the rows already in place, which it moves away (they must be drawn again). A
    frame drawn again as it is, or with one row changed, is never scrolled because a
    row like the changed one is shown a few rows lower (the table's panels repeat)."""
    starts = {int(row) for row in _ROW_START.findall(data)}
    if not any(row + 1 in starts for row in starts):  # no two rows begun at column 1
        return None
    rows = drawn_rows(data, style, width)
    if not rows or len(rows) < 2:
        return None
    best: tuple[int, tuple[int, int, int]] | None = None
    for top, bottom in _bands(sorted(rows)):
        in_place = sum(
            _text_cells(rows[row])
            for row in range(top, bottom + 1)
            if shown.rows.get(row) == rows[row]
        )
        for up in range(1, bottom - top + 1):
            moved_in = sum(
                _text_cells(rows[row])
                for row in range(top, bottom - up + 1)
                if shown.rows.get(row + up) == rows[row]
            )
            spared = moved_in - in_place  # a scroll moves away the rows already right
            if spared >= WORTH and (best is None or spared > best[0]):
                best = (spared, (top, bottom, up))
    return None if best is None else best[1]


def _text_cells(line: list[object]) -> int:
    """The cells of ``line`` that are not blank."""
    return sum(1 for key in line if not (isinstance(key, tuple) and key[0] == " "))


def _bands(rows: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive rows, two or more long, as (first, last)."""
    bands: list[tuple[int, int]] = []
    start = previous = rows[0]
    for row in [*rows[1:], None]:
        if row is not None and row == previous + 1:
            previous = row
            continue
        if previous > start:
            bands.append((start, previous))
        if row is not None:
            start = previous = row
    return bands


def scroll_sequence(top: int, bottom: int, up: int) -> str:
    """Scroll rows ``top`` to ``bottom`` up ``up`` rows, and the whole screen the
    region again (the cursor's place is lost: DECSTBM homes it)."""
    return f"\x1b[{top};{bottom}r\x1b[{up}S\x1b[r"

"""Names in a width: made printable, cut to a number of terminal cells.

Names are hostile user text: they may carry Rich markup, escape sequences, zero-width or
wide characters and run to hundreds of characters. ``printable`` removes what a terminal
would act on and ``fit`` cuts what does not fit with an ellipsis, counting terminal
cells rather than characters. Nothing here parses markup.

Cells are counted with ``rich.cells``, the cell table Textual draws with, so a name cut
in the words of the table (``tui.session``) is cut where the screen would cut it. That
table is the only part of Rich loaded here: no console, no Textual, so the table
presenter and the plain-text table use it as well.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from rich.cells import cell_len

from tui.names import INVISIBLE

_HIDDEN = INVISIBLE | {"\ufe0f"}
"""What a name keeps out of a drawing: the characters ``clean_name`` drops, and U+FE0F too,
which asks for emoji presentation and would make a one-cell character two cells wide."""


def printable(text: str) -> str:
    """``text`` without control, format-changing or invisible characters.

    Whitespace becomes a plain space, so a name can never start a new line or move the
    cursor; what is left is shown literally.
    """
    kept: list[str] = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")
        elif ch in _HIDDEN or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co"):
            continue
        else:
            kept.append(ch)
    return "".join(kept)


def fit(text: str, width: int, ascii_only: bool = False) -> str:
    """``text`` made printable and cut to at most ``width`` cells, counting terminal cells.

    The cut is taken from the middle and the end is kept ("Alex\u2026dra", "Pla\u2026r 1"):
    names at one table often share their start ("Alexandra", "Alexander", "Player 1",
    "Player 2"), and a cut that kept only the start would make two seats look alike. A
    wide character (CJK, emoji) or a letter with its combining accents is kept whole or
    not at all, so no glyph is ever split.
    """
    text = printable(text)
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    mark = "..." if ascii_only else "\u2026"
    if width <= len(mark):
        return mark[:width]
    room = width - len(mark)
    clusters = _clusters(text)
    tail = _take(reversed(clusters), min(room // 2, max(3, room // 3)))
    head = _take(iter(clusters), room - cell_len("".join(tail)))
    return "".join(head).rstrip() + mark + "".join(reversed(tail))


def _clusters(text: str) -> list[str]:
    """``text`` as the units a cut may not split: a character with the zero-width marks
    (combining accents) that follow it."""
    clusters: list[str] = []
    for ch in text:
        if clusters and cell_len(ch) == 0:
            clusters[-1] += ch
        else:
            clusters.append(ch)
    return clusters


def _take(clusters: Iterator[str], cells: int) -> list[str]:
    """As many of ``clusters``, in order, as fit in ``cells`` together."""
    taken: list[str] = []
    used = 0
    for cluster in clusters:
        used += cell_len(cluster)
        if used > cells:
            break
        taken.append(cluster)
    return taken

"""Player names are hostile user text: make them printable and fit them in a width.

Names may carry Rich markup, escape sequences, zero-width or wide characters and run to
hundreds of characters. Widgets never parse them as markup (they build ``rich.text.Text``
from plain strings); this module removes what a terminal would act on and cuts what does
not fit with an ellipsis, counting terminal cells rather than characters.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len, set_cell_size
from rich.text import Text

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
    """``text`` made printable and cut to at most ``width`` cells, with an ellipsis."""
    text = printable(text)
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    mark = "..." if ascii_only else "\u2026"
    if width <= len(mark):
        return mark[:width]
    # set_cell_size pads with a space where the cut falls inside a wide character; the
    # rstrip takes that space off with any the name had before the cut.
    return set_cell_size(text, width - len(mark)).rstrip() + mark


def crop(text: Text, width: int) -> Text:
    """A copy of styled ``text`` cut to ``width`` cells with an ellipsis (Rich's own cut:
    unlike ``fit`` it keeps the styles, and the text is already printable)."""
    cut = text.copy()
    cut.truncate(width, overflow="ellipsis")
    return cut


def centred(text: Text | str, width: int, style: str = "") -> Text:
    """``text`` padded on the left to sit in the middle of ``width`` cells."""
    line = Text(text, style=style) if isinstance(text, str) else text
    pad = max(0, (width - line.cell_len) // 2)
    return Text(" " * pad) + line if pad else line

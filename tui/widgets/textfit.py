"""Styled text cut or centred in a width (plain names are ``tui.names.fit``'s).

Widgets never parse names as markup: they build ``rich.text.Text`` from plain strings
made printable by ``tui.names.printable``.
"""

from __future__ import annotations

from rich.text import Text


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

"""The table's log in words: the last things that happened, newest at the bottom.

Lines come from ``tui.narrate`` as plain strings and are drawn as plain ``Text``, never
as markup, because they contain player names. Long lines wrap to the width the log has
now (re-wrapped on resize). Until the log is full a new line repaints only its own rows
(``LineWidget``); once it scrolls, every visible row moves and is repainted.
"""

from __future__ import annotations

from rich.text import Text

from tui.widgets.lines import LineWidget
from tui.widgets.textfit import printable

MAX_LINES = 400
MARGIN = 1
"""Cells left blank at each side (instead of CSS padding, see ``_full_width``)."""


class GameLog(LineWidget):
    """``write(lines)`` appends; the newest lines that fit are shown."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[tuple[str, str]] = []

    def write(self, lines: list[str] | tuple[str, ...], style: str = "") -> None:
        """Append plain-text ``lines`` (``style`` e.g. "dim" for a computer's reasoning)."""
        added = [(printable(line), style) for line in lines if line]
        if not added:
            return
        self.lines.extend(added)
        del self.lines[:-MAX_LINES]
        self.redraw()

    @property
    def plain(self) -> str:
        return "\n".join(line for line, _ in self.lines)

    def content_lines(self, width: int, height: int) -> list[Text]:
        console = self.app.console
        room = max(1, width - 2 * MARGIN)
        shown: list[Text] = []
        for line, style in reversed(self.lines):
            wrapped = Text(line, style=style).wrap(console, room)
            shown[:0] = list(wrapped)
            if len(shown) >= height:
                break
        rows = [_full_width(line, width) for line in shown[-height:]]
        return rows + [Text("")] * (height - len(rows))


def _full_width(line: Text, width: int) -> Text:
    """The margin and the padding to the right edge are spaces inside the line, so the
    terminal gets one styled run per row instead of four (about a third fewer bytes
    per repainted row)."""
    row = Text(" " * MARGIN, style=line.style) + line
    row.pad_right(max(0, width - row.cell_len))
    return row

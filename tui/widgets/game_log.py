"""The table's log in words: everything that happened, newest at the bottom, to read back.

Lines come from ``tui.narrate`` as plain strings and are drawn as plain ``Text``, never
as markup, because they contain player names. Long lines wrap to the width the log has
now (re-wrapped on resize). Until the log is full a new line repaints only its own rows
(``LineWidget``); once it scrolls, every visible row moves and is repainted.

The log can be read back (``scroll``: PgUp and PgDn at the table, or the mouse wheel
over the log) without losing the live game: the action bar still shows whose turn it
is, and while the log is scrolled back the view stays where the reader put it as new
lines arrive, with a last row saying how many are below and how to get back (``live``).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import events

from tui.cells import printable
from tui.widgets.lines import LineWidget

MAX_LINES = 1000
"""The newest lines kept (and saved): a long Chase game at a table of twenty."""
MARGIN = 1
"""Cells left blank at each side (instead of CSS padding, see ``_full_width``)."""
WHEEL_ROWS = 3


class GameLog(LineWidget):
    """``write(lines)`` appends; the newest lines that fit are shown, or, scrolled back
    ``back`` rows, older ones."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[tuple[str, str]] = []
        self.back = 0
        """Rows scrolled back from the newest (0: the live end)."""
        self.unseen = 0
        """Lines written below the view while scrolled back."""

    def write(self, lines: list[str] | tuple[str, ...], style: str = "") -> None:
        """Append plain-text ``lines`` (``style`` e.g. "dim" for a computer's reasoning)."""
        added = [(printable(line), style) for line in lines if line]
        if not added:
            return
        self.lines.extend(added)
        del self.lines[:-MAX_LINES]
        if self.back:
            self.back += len(self._rows(added))  # the reader's view stays put
            self.unseen += len(added)
        self.redraw()

    def append(self, lines: Iterable[tuple[str, str]]) -> None:
        """Append ``(text, style)`` lines, each with its own style."""
        for text, style in lines:
            self.write([text], style)

    def restore(self, lines: Iterable[tuple[str, str]]) -> None:
        """Start with the log of a resumed game (kept in its save)."""
        self.lines = [(printable(text), style) for text, style in lines if text][-MAX_LINES:]
        self.back = self.unseen = 0
        self.redraw()

    @property
    def plain(self) -> str:
        return "\n".join(line for line, _ in self.lines)

    # -- reading back -------------------------------------------------------------------

    @property
    def page(self) -> int:
        """Rows a page scrolls: the log's height less one, so a row stays in sight."""
        return max(1, self._content_size()[1] - 1)

    def scroll(self, rows: int) -> None:
        """Scroll ``rows`` back (positive: older lines) or forward, within the log."""
        height = self._content_size()[1]
        most = max(0, len(self._rows(self.lines)) - height + 1)
        back = min(most, max(0, self.back + rows))
        if back != self.back:
            self.back = back
            if not back:
                self.unseen = 0
            self.refresh()

    def live(self) -> None:
        """Back to the newest lines."""
        if self.back:
            self.back = self.unseen = 0
            self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll(WHEEL_ROWS)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll(-WHEEL_ROWS)

    # -- drawing ------------------------------------------------------------------------

    def _room(self) -> int:
        return max(1, self._content_size()[0] - 2 * MARGIN)

    def _rows(self, lines: list[tuple[str, str]]) -> list[Text]:
        console = self.app.console
        room = self._room()
        return [row for line, style in lines for row in Text(line, style=style).wrap(console, room)]

    def content_lines(self, width: int, height: int) -> list[Text]:
        if self.back:
            return self._scrolled(width, height)
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

    def _scrolled(self, width: int, height: int) -> list[Text]:
        """The rows ``back`` rows above the newest, and a last row saying so."""
        rows = self._rows(self.lines)
        room = max(1, height - 1)
        end = max(room, len(rows) - self.back)
        shown = [_full_width(row, width) for row in rows[max(0, end - room) : end]]
        below = f"{self.unseen} new" if self.unseen else "more"
        note = Text(f"{below} below: PgDn to read on, End for the live game", style="reverse")
        note.truncate(max(1, width - 2 * MARGIN))
        return [*shown, _full_width(note, width)][:height]


def _full_width(line: Text, width: int) -> Text:
    """The margin and the padding to the right edge are spaces inside the line, so the
    terminal gets one styled run per row instead of four (about a third fewer bytes
    per repainted row)."""
    row = Text(" " * MARGIN, style=line.style) + line
    row.pad_right(max(0, width - row.cell_len))
    return row

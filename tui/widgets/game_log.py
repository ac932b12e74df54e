"""The table's log in words: the last things that happened, newest at the bottom.

Lines come from ``tui.narrate`` as plain strings and are drawn as plain ``Text``, never
as markup, because they contain player names. Long lines wrap to the width the log has
now (re-wrapped on resize), and only the lines that fit are drawn, so a new line costs
one repaint of this widget and nothing else on the table moves.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.widget import Widget

from tui.widgets.textfit import printable

MAX_LINES = 400


class GameLog(Widget):
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
        self.refresh()

    @property
    def plain(self) -> str:
        return "\n".join(line for line, _ in self.lines)

    def render(self) -> Text:
        width = max(1, self.content_region.width or self.size.width)
        height = max(1, self.content_region.height or self.size.height)
        console = Console(width=width, color_system=None, legacy_windows=False)
        shown: list[Text] = []
        for line, style in reversed(self.lines):
            wrapped = Text(line, style=style).wrap(console, width)
            shown[:0] = list(wrapped)
            if len(shown) >= height:
                break
        return Text("\n").join(shown[-height:])

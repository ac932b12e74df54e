"""What kind of table this is: the game, the round, the match so far, the variants in force.

The lines come from the table kit as plain text (they contain player names) and wrap
to the widget's width; the variants line is always there, "standard rules" when none is
on, so nobody has to argue about which rules the table plays.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from tui.widgets.textfit import printable


class TableInfo(Widget):
    """``show(title, lines)``; redraws only on change."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.title = ""
        self.lines: tuple[str, ...] = ()

    def show(self, title: str, lines: list[str] | tuple[str, ...]) -> None:
        lines = tuple(lines)
        if (title, lines) == (self.title, self.lines):
            return
        if title != self.title:
            self.border_title = Text(printable(title))
        self.title, self.lines = title, lines
        self.refresh()

    def render(self) -> Text:
        return Text("\n".join(printable(line) for line in self.lines))

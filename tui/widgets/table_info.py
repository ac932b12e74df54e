"""What kind of table this is: the game, the round, the match so far, the variants in force.

The lines come from the table kit as plain text (they contain player names) and wrap
to the widget's width; the variants line is always there, "standard rules" when none is
on, so nobody has to argue about which rules the table plays.
"""

from __future__ import annotations

from rich.text import Text

from tui.cells import printable
from tui.session.table_model import SpareLine
from tui.widgets.lines import LineWidget
from tui.widgets.textfit import crop

FLOW_GAP = " / "
"""Between two of the box's lines when they flow on as one paragraph."""


class TableInfo(LineWidget):
    """``show(title, lines)``; repaints only the lines that changed."""

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
        self.redraw()

    def content_lines(self, width: int, height: int) -> list[Text]:
        """The lines wrapped to ``width``. When they need more rows than the box has, a
        spare line (a reminder of the rules) goes, the last first; then the lines flow on as one
        paragraph, each after a " / " (a wrapped line's half-empty last row is room a
        short box cannot spare: at 80x24 with six seats "Pairs are safe" fell off the
        end). What still does not fit is cut at the last row with an ellipsis."""
        console = self.app.console
        lines = self.lines
        out = self._wrapped(lines, width)
        spare = [i for i, line in enumerate(lines) if isinstance(line, SpareLine)]
        while len(out) > height and spare:  # the last spare line goes first
            dropped = spare.pop()
            lines = lines[:dropped] + lines[dropped + 1 :]
            out = self._wrapped(lines, width)
        if len(out) > height:
            flowed = Text(FLOW_GAP.join(printable(line) for line in lines))
            out = list(flowed.wrap(console, width))
        if len(out) > height > 0:
            last = out[height - 1].plain.rstrip()
            out = [*out[: height - 1], crop(Text(last + " \u2026"), width)]
        return out + [Text("")] * (height - len(out))

    def _wrapped(self, lines: tuple[str, ...], width: int) -> list[Text]:
        out: list[Text] = []
        for line in lines:
            out.extend(Text(printable(line)).wrap(self.app.console, width))
        return out

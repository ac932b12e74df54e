"""The pot in the middle of the table: the chips (or lost lives) gathered so far.

Drawn as a heap of symbols that visibly grows, row by row, with the count in words
under it, centred in whatever space the layout gives. Both games use it; the kit says
what a counter is called.
"""

from __future__ import annotations

from rich.text import Text

from tui.widgets.lines import LineWidget
from tui.widgets.textfit import centred


class PotView(LineWidget):
    """``show(count)`` repaints only the rows of the heap and count that changed."""

    def __init__(
        self,
        *,
        title: str = "Pot",
        word: str = "chip",
        plural: str = "chips",
        symbol: str = "\u25cf",
        ascii_symbol: str = "o",
        ascii_only: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.title = title
        self.word = word
        self.plural = plural
        self.symbol = ascii_symbol if ascii_only else symbol
        self.count = 0

    def show(self, count: int) -> None:
        if count == self.count:
            return
        self.count = count
        self.set_class(count > 0, "-filled")
        self.redraw()

    def on_mount(self) -> None:
        self.border_title = Text(self.title)

    def content_lines(self, width: int, height: int) -> list[Text]:
        words = f"{self.count} {self.word if self.count == 1 else self.plural}"
        if height == 1:
            return [centred(words, width)]
        heap_rows = height - 1
        per_row = max(1, (width + 1) // 2)
        rows: list[str] = []
        left = self.count
        while left > 0 and len(rows) < heap_rows:
            take = min(per_row, left)
            left -= take
            rows.append(" ".join(self.symbol * take))
        if left > 0:
            rows[-1] = rows[-1][: max(0, len(rows[-1]) - 2)] + " +"
        if not rows:
            rows.append("empty")
        # The heap sits on the count, so it visibly grows upwards as chips arrive.
        lines = [Text("") for _ in range(heap_rows - len(rows))]
        style = "bold" if self.count else "dim"
        lines += [centred(row, width, style) for row in rows]
        lines.append(centred(words, width))
        return lines

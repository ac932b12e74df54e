"""A widget drawn as a list of lines that repaints only the lines that changed.

Textual repaints a whole widget when it is refreshed, and every repainted cell is
written to the terminal. Over a slow SSH link, and for issue 7's budget (at most 4 KB
written per Aces turn at 80x24), a table must only send what changed: when a panel's
chip count changes, one line, not the panel and its border. Subclasses return their
lines from ``content_lines``; ``redraw()`` compares them with what is on screen and
refreshes only the rows that differ (a resize still repaints everything).
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget


def _signature(line: Text) -> tuple[object, ...]:
    return (line.plain, tuple(line.spans), str(line.style))


class LineWidget(Widget):
    """Base for the table's widgets: ``content_lines`` in, minimal repaints out (a new
    size is painted whole by the layout that gave it)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: list[tuple[object, ...]] | None = None
        self._shown_size: tuple[int, int] = (0, 0)

    def content_lines(self, width: int, height: int) -> list[Text]:
        """The widget's lines for a content area of ``width`` x ``height``."""
        raise NotImplementedError

    def _content_size(self) -> tuple[int, int]:
        region = self.content_region
        return max(1, region.width or self.size.width), max(1, region.height or self.size.height)

    def render(self) -> Text:
        width, height = self._content_size()
        lines = self.content_lines(width, height)[:height]
        self._shown = [_signature(line) for line in lines]
        self._shown_size = (width, height)
        return Text("\n").join(lines)

    def redraw(self) -> None:
        """Repaint the rows whose content changed since the last render."""
        width, height = self._content_size()
        if not self.is_mounted or self._shown is None or self._shown_size != (width, height):
            self.refresh()
            return
        lines = [_signature(line) for line in self.content_lines(width, height)[:height]]
        if len(lines) != len(self._shown):
            self.refresh()
            return
        changed = [
            y for y, (new, old) in enumerate(zip(lines, self._shown, strict=True)) if new != old
        ]
        if changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

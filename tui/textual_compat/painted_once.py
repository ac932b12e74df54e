"""A box laid out anew is painted once, in the frame that lays it out, not twice.

What Textual does: when a layout gives a widget a new size (always so for a widget just
mounted), ``Widget._size_updated`` sets the ``virtual_size`` reactive, which asks for a
layout and a repaint of the widget. The frame that made the layout has already painted
the widget at its new size, so the next frame paints it again, cell for cell the same:
every curtain, private card and round's-end box over the table went to the terminal
twice (0.9 to 2.3 KB more a box at 80x24, after ``lean_output``).

What this does: while a ``PaintedOnce`` widget takes its new size, the refresh that
asks for is a layout alone (``repaint=False``): the layout still runs again (a box's
height may depend on it), but the cells the first layout painted are not painted
again unless that layout moves them.

When it can go: when a layout stops asking to repaint what it has just painted.
Checked by ``tests/textual_compat/test_painted_once.py``.

Upstream report (textual, 8.2.8):
    Title: a newly mounted widget is rendered twice: once by its first layout, again
    because that layout set its virtual_size.
    Smallest reproduction: mount a Static on a layer over other widgets after the
    first frame; count the compositor updates that include its region (two).
    Suggested fix: in _size_updated, ask for the layout the new virtual_size needs but
    not for a repaint (the reflow repaints the regions it changed).
"""

from __future__ import annotations

from typing import Self

from textual.geometry import Region, Size
from textual.widget import Widget


class PaintedOnce(Widget):
    """A widget whose new size does not ask for a second paint."""

    _painted_once_sizing = False

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        self._painted_once_sizing = True
        try:
            return super()._size_updated(size, virtual_size, container_size, layout)
        finally:
            self._painted_once_sizing = False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._painted_once_sizing and not regions and repaint:
            repaint = False  # the layout that sized it painted it
            self.clear_cached_dimensions()  # as a repaint would: measured at the new size
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

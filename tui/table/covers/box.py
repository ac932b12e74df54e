"""A box drawn over the table inside the table screen, on its own layer.

Over a slow link what the terminal is sent is what players wait for. A modal screen makes
Textual restyle and repaint the whole terminal twice (when it opens and when it closes,
and a translucent one dims every cell); a box on the table screen's ``cover`` layer
repaints only the cells it covers, and when it is lifted only those cells again. So the
table's boxes are widgets of the table screen, not screens: each kind is mounted once,
hidden, and filled and shown when the table presenter raises a cover of its kind, so a
move and the box it raises reach the terminal in one frame.

A box decides nothing: the presenter takes the keys (a curtain's Enter, a round-end
choice) and says when the box comes and goes. Only the cut's chooser keeps a little state
of its own (the depth being picked).
"""

from __future__ import annotations

from typing import Self

from textual.containers import Container, Vertical
from textual.geometry import Region, Size
from textual.widgets import Static


class CoverLayer(Container):
    """Where a table's boxes live, on the ``cover`` layer, sized and placed to the box
    shown. Textual repaints the whole parent of a widget shown or hidden: for a widget
    on the screen, that is every cell of the terminal; for one here, only this layer's."""

    DEFAULT_CSS = """
    CoverLayer {
        layer: cover;
        position: absolute;
        width: auto;
        height: auto;
    }
    """

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """A new layout of the layer repaints nothing of its own: the layout itself
        repaints the cells of the box that came, went or moved (every box would
        otherwise be sent to the terminal twice)."""
        if layout and not regions:
            repaint = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class BoxText(Static):
    """Text in a box over the table (never markup: names are user text)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)


class CoverBox(Vertical):
    """One kind of box over the table, hidden until the table shows it."""

    over_centre = False
    """Sit over the table's middle (pot, card, info) rather than the screen's middle."""

    DEFAULT_CSS = """
    CoverBox {
        display: none;
    }
    CoverBox.-shown {
        display: block;
    }
    """

    def place(self, screen: Size, middle: Region | None) -> None:
        """Centre the box on the screen, or over the table's ``middle``
        (``over_centre``), inside the screen; its height is measured the way Textual
        will lay it out, before it is drawn, so it is drawn once, in place."""
        gutter = self.styles.gutter
        width = min(screen.width, self.box_width(screen.width))
        inner = max(1, width - gutter.width)
        height = self.get_content_height(screen, screen, inner) + gutter.height
        height = min(height, self.box_max_height(screen.height))
        if self.over_centre and middle is not None and middle.height:
            top = middle.y + (middle.height - height) // 2
        else:
            top = (screen.height - height) // 2
        top = max(0, min(screen.height - height, top))
        self.styles.width = width
        self.styles.max_height = self.box_max_height(screen.height)
        layer = self.parent if isinstance(self.parent, CoverLayer) else self
        layer.styles.offset = (max(0, (screen.width - width) // 2), top)

    def box_width(self, screen_width: int) -> int:
        """The box's width on a screen ``screen_width`` wide (before the screen clips)."""
        return 72

    def box_max_height(self, screen_height: int) -> int:
        """The box's tallest on a screen ``screen_height`` high (a percentage in the
        style sheet would be of the layer, which takes the box's own height)."""
        return screen_height

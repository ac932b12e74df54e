"""A box drawn over the table inside the table screen: a curtain, a private card, a round's end.

Over a slow link what the terminal is sent is what players wait for. A modal screen makes
Textual restyle and repaint the whole terminal twice (when it opens and when it closes,
and a translucent one dims every cell); a box on the table screen's ``cover`` layer
repaints only the cells it covers, and when it is lifted only those cells again. So the
table's gates are ``Cover`` widgets mounted on the table, not screens.

A cover is modal all the same: while one is up the table gives it every key first
(``TableScreen.on_key`` calls ``take_key``), and a key it does not take reaches only the
bindings it leaves to the table (``table_keys``: Escape leaves the table from the pass
curtain) and the app's own (rules, keys, quit); nothing reaches the table's moves. It
closes through ``close(result)``, which hands ``result`` to the table (``on_close``).

It is a gate (``tui.table.gate.DrawnGate``): drawn once the refresh after it was
mounted has been made, closed again while another screen covers the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self

from textual.containers import Container, Vertical
from textual.events import Key
from textual.geometry import Region, Size
from textual.widgets import Static

from tui.table.gate import DrawnGate, TableGate


class CoverLayer(Container):
    """Where a table's covers are mounted, on the ``cover`` layer, sized and placed to
    the cover it holds. Textual repaints the whole parent of a widget mounted or
    removed: for a widget mounted on the screen, that is every cell of the terminal;
    for one mounted here, only this layer's own cells."""

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
        repaints the cells of the cover that came, went or moved. (Textual asks for
        a layout and a repaint when a mount completes, often after the cover was
        first drawn: every cover would be sent to the terminal twice.)"""
        if layout and not regions:
            repaint = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class BoxText(Static):
    """Text in a box over the table (painted once when the box comes, by the layout
    that places it: ``tui.textual_compat.one_reflow``)."""


class Cover(DrawnGate, Vertical):
    """A gate drawn on the table's cover layer; ``KEYS`` are its keys for the help."""

    KEYS: ClassVar[tuple[tuple[str, str], ...]] = ()
    table_keys: ClassVar[frozenset[str]] = frozenset()
    """Keys left to the table's own bindings (all others are the cover's or dropped)."""
    over_centre: ClassVar[bool] = False
    """Sit over the table's middle (pot, card, info) rather than the screen's middle."""

    def __init__(self, gate: TableGate | None, *, classes: str = "") -> None:
        super().__init__(classes=f"cover {classes}".strip())
        self.gate = gate
        self.on_close: Callable[[Any], None] | None = None
        self.on_shown: Callable[[], None] | None = None
        """Called once the box is composed and placed (the table draws it then)."""
        self.closed = False
        self.middle: Region | None = None
        """The table's middle on the screen (``over_centre``), set by the table."""

    def on_mount(self) -> None:
        self.place(self.screen.size)
        self.gate_shown()
        if self.on_shown is not None:
            self.on_shown()

    def help_keys(self) -> list[tuple[str, str]]:
        """This cover's keys, for the keys screen (F2)."""
        return list(self.KEYS)

    def take_key(self, event: Key) -> None:
        """A key while this cover is up: act on it, or drop it (recorded either way)."""
        self.record_key(event)

    def close(self, result: Any) -> None:
        """Lifted: the table removes the cover and goes on with ``result``."""
        if self.closed:
            return
        self.closed = True
        self.opened_at = None
        if self.on_close is not None:
            self.on_close(result)

    def place(self, screen: Size) -> None:
        """Centre the box on the screen, or over the table's ``middle``
        (``over_centre``), inside the screen; its height is measured the way Textual
        will lay it out, before it is first drawn, so it is drawn once, in place."""
        middle = self.middle
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

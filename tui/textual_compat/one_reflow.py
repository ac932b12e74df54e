"""A full layout gives each widget its sizes without asking for another full layout.

What Textual does: ``Screen._refresh_layout`` reflows the whole screen, then hands every
widget its new region, virtual size and container size (``Widget._size_updated``). In
that full reflow it sets ``Widget.virtual_size``, a reactive declared with
``layout=True``, as an ordinary attribute, so every widget whose virtual size changed
(each widget just mounted, each container that grew) asks the screen for one more full
layout, which finds the sizes it has just given, and for one more paint of each such
widget, cell for cell the same (Textual 8.2.8). Opening Settings or the rules took
three layouts, adding a seat two, and every curtain, private card and round's-end box
over the table went to the terminal twice. Textual's other branch of the same method,
the reflow of a scroll, already passes ``layout=False``, which stores the virtual size
with ``set_reactive``.

What this does: during ``Screen._refresh_layout``, ``_size_updated`` is called with
``layout=False`` there too. Nothing else changes: ``virtual_size`` has no watcher, a
widget whose size changed is still marked dirty and repainted, a scrollable widget
still updates its scroll bars (they ask for their own layout when shown or hidden), and
every widget that must resize gets its ``Resize`` event as before.

Scroll bars: a scroll bar shown or hidden by the sizes just given changes the room its
container's content has, so it does need one more layout; Textual asks for it and paints
in between, so every screen whose content scrolls came up without its scroll bar, and
the bar followed in a second frame a refresh later (Help and Settings: 30-60 ms more
from the key to the screen, measured at 80x24). With this, a full layout in which
a scroll bar came or went lays the screen out once more at once and paints only then,
so the first frame has its scroll bars; Textual's own request for that layout is taken
back (it has been done). The second layout is not repeated: a bar that comes or goes
again in it asks for its layout as in Textual. A widget that learns its content's size
only as it draws (``RulesDocument``, an ``OptionList`` of saves) still gets its bar a
frame later: no layout can know it sooner.

Private: ``Screen._refresh_layout``, ``Screen._compositor_refresh`` (the paint at its
end), ``Widget._refresh_scrollbars``, ``Widget._layout_required``, ``Widget._size_updated``
with its ``layout`` parameter (``ScrollView`` overrides it without setting
``virtual_size``, so needs nothing). ``apply()`` is idempotent
and called from ``patches.apply()``; ``tests/textual_compat/test_one_reflow.py`` fails
when Textual renames any of them or stops asking for the second layout (the workaround
can go).

Upstream report (textual, 8.2.8):
    Title: a full layout schedules a second full layout through ``virtual_size``.
    Smallest reproduction: mount a ``Static`` into a ``VerticalScroll`` and count
    ``Screen._refresh_layout`` calls: two, the second from ``Widget.virtual_size``'s
    ``layout=True`` set in ``_size_updated`` during the first.
    Suggested fix: in ``Screen._refresh_layout`` pass ``layout=False`` to
    ``_size_updated`` in the full-reflow branch, as the scroll branch does.

Upstream report (textual, 8.2.8), the scroll bars:
    Title: a screen is painted before the scroll bars its first layout turned on.
    Smallest reproduction: push a ``Screen`` holding a ``VerticalScroll`` of 30 lines
    on a 10-row terminal and look at its first frame: no scroll bar; the next frame,
    a refresh later, adds it.
    Suggested fix: in ``Screen._refresh_layout``, when ``_size_updated`` turned a
    scroll bar on or off, reflow again before ``_compositor_refresh``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.widget import Widget

_APPLIED = "_party_dice_one_reflow"
_reflowing = threading.local()


def reflowing() -> bool:
    """True while a screen is in ``_refresh_layout`` (on this thread)."""
    return bool(getattr(_reflowing, "depth", 0))


def _quiet_sizes() -> None:
    size_updated = Widget._size_updated

    def _size_updated(
        self: Widget, size: Any, virtual_size: Any, container_size: Any, layout: bool = True
    ) -> bool:
        if reflowing():
            layout = False
        result: bool = size_updated(self, size, virtual_size, container_size, layout)
        return result

    _size_updated.__wrapped__ = size_updated  # type: ignore[attr-defined]
    Widget._size_updated = _size_updated  # type: ignore[method-assign]


def _lay_out_with_bars(
    screen: Screen[Any], refresh_layout: Callable[..., None], size: Any, scroll: bool
) -> None:
    """Textual's layout with its paint held; laid out again (and painted then) when a
    scroll bar came or went in it, painted as it is when none did."""
    held: list[Screen[Any]] = []
    _reflowing.held = held
    _reflowing.bars_changed = False
    try:
        refresh_layout(screen, size, scroll)
    finally:
        _reflowing.held = None
    if _reflowing.bars_changed:
        refresh_layout(screen, size, False)
        held = [other for other in held if other is not screen]
    for other in dict.fromkeys(held):
        other._compositor_refresh()


def _held_paints() -> None:
    """``Screen._compositor_refresh`` waits while a layout's paint is held."""
    compositor_refresh = Screen._compositor_refresh

    def _compositor_refresh(self: Screen[Any]) -> None:
        held: list[Screen[Any]] | None = getattr(_reflowing, "held", None)
        if held is None:
            compositor_refresh(self)
        else:
            held.append(self)

    _compositor_refresh.__wrapped__ = compositor_refresh  # type: ignore[attr-defined]
    Screen._compositor_refresh = _compositor_refresh  # type: ignore[method-assign]


def _noted_bars() -> None:
    """A scroll bar that comes or goes while a paint is held is noted, and the layout
    it asks for is taken back: ``_lay_out_with_bars`` does it before the paint."""
    refresh_scrollbars = Widget._refresh_scrollbars

    def _refresh_scrollbars(self: Widget) -> None:
        if getattr(_reflowing, "held", None) is None:
            refresh_scrollbars(self)
            return
        bars = (self.show_horizontal_scrollbar, self.show_vertical_scrollbar)
        asked = self._layout_required
        refresh_scrollbars(self)
        if (self.show_horizontal_scrollbar, self.show_vertical_scrollbar) != bars:
            _reflowing.bars_changed = True
            self._layout_required = asked

    _refresh_scrollbars.__wrapped__ = refresh_scrollbars  # type: ignore[attr-defined]
    Widget._refresh_scrollbars = _refresh_scrollbars  # type: ignore[method-assign]


def apply() -> None:
    """Install the single reflow (once)."""
    if getattr(Screen, _APPLIED, False):
        return
    refresh_layout = Screen._refresh_layout

    def _refresh_layout(self: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        depth = getattr(_reflowing, "depth", 0)
        _reflowing.depth = depth + 1
        try:
            if depth:
                refresh_layout(self, size, scroll)
            else:
                _lay_out_with_bars(self, refresh_layout, size, scroll)
        finally:
            _reflowing.depth -= 1

    _refresh_layout.__wrapped__ = refresh_layout  # type: ignore[attr-defined]
    Screen._refresh_layout = _refresh_layout  # type: ignore[method-assign]
    _quiet_sizes()
    _held_paints()
    _noted_bars()
    setattr(Screen, _APPLIED, True)

"""A full layout's map is used as the full map it is, and as the last one a scroll knew.

What Textual does (8.2.8), in the compositor that places a screen's widgets:

- ``Compositor.reflow`` (a full layout) arranges every widget and keeps that as the
  full map, but leaves the flag that says the full map is out of date as it was. The
  flag is set by every mount (a widget not seen before) and every scroll, so after most
  layouts the first lookup of a widget out of sight (a region, a size, a scroll to it)
  arranges the whole screen again to build the map it already has.
- ``Compositor.update_widgets`` (a repaint) sets the same flag for any widget out of
  sight, as if it were new, although the full map holds it where it was.
- ``Compositor.reflow_visible`` (a scroll) compares what is visible now with what was
  visible at the last scroll. A full layout throws that away and does not replace it,
  so the first scroll after a layout finds every widget changed and repaints the whole
  screen, the title and the key bar included, where only the scrolled part moved.

On the setup screen both happened for every seat added: a seat lands below the fold,
the screen scrolls to it, and each seat cost two arrangements of every row and a
full-screen paint more than it needed.

What this does: after a full layout, the flag is cleared (the map is fresh); a repaint
sets it only for a widget the full map does not hold (one mounted since); and a
scroll that finds no visible map of its own compares with that fresh full map, which
holds every widget where it was. A full map that is out of date is never used: the
scroll then repaints everything, as Textual does.

Private: ``Compositor.reflow``, ``reflow_visible``, ``update_widgets``, ``_full_map``,
``_full_map_invalidated``, ``_visible_map``. ``apply()`` is idempotent and called from
``patches.apply()``; ``tests/textual_compat/test_fresh_full_map.py`` fails when Textual
renames them or no longer needs this.

Upstream report (textual, 8.2.8):
    Title: ``Compositor.reflow`` does not clear ``_full_map_invalidated``, and the next
    ``reflow_visible`` repaints the whole screen.
    Smallest reproduction: a ``VerticalScroll`` taller than the screen; mount one more
    ``Static`` at its end and ``scroll_end``: ``_arrange_root`` runs again for a
    lookup after the layout, and the scroll's update is the whole screen.
    Suggested fix: set ``_full_map_invalidated = False`` at the end of ``reflow``; in
    ``update_widgets`` test the widgets against ``_full_map``, not the visible ones; in
    ``reflow_visible`` use ``_full_map`` as the old map when ``_visible_map`` is
    ``None`` and the full map is fresh.
"""

from __future__ import annotations

from typing import Any

from textual._compositor import Compositor
from textual.geometry import Size
from textual.widget import Widget

_APPLIED = "_party_dice_fresh_full_map"


def apply() -> None:
    """Install the kept full map (once)."""
    if getattr(Compositor, _APPLIED, False):
        return
    reflow = Compositor.reflow
    reflow_visible = Compositor.reflow_visible
    update_widgets = Compositor.update_widgets

    def _reflow(self: Compositor, parent: Widget, size: Size) -> Any:
        result = reflow(self, parent, size)
        self._full_map_invalidated = False
        return result

    def _reflow_visible(self: Compositor, parent: Widget, size: Size) -> set[Widget]:
        if self._visible_map is None and not self._full_map_invalidated:
            self._visible_map = self._full_map
        return reflow_visible(self, parent, size)

    def _update_widgets(self: Compositor, widgets: set[Widget]) -> None:
        fresh = not self._full_map_invalidated
        update_widgets(self, widgets)
        if fresh and self._full_map_invalidated and all(w in self._full_map for w in widgets):
            self._full_map_invalidated = False  # none is new: only out of sight

    _reflow.__wrapped__ = reflow  # type: ignore[attr-defined]
    _update_widgets.__wrapped__ = update_widgets  # type: ignore[attr-defined]
    _reflow_visible.__wrapped__ = reflow_visible  # type: ignore[attr-defined]
    Compositor.reflow = _reflow  # type: ignore[method-assign]
    Compositor.reflow_visible = _reflow_visible  # type: ignore[method-assign]
    Compositor.update_widgets = _update_widgets  # type: ignore[method-assign]
    setattr(Compositor, _APPLIED, True)

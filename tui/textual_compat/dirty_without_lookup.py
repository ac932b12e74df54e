"""Marking a whole widget for repaint does not arrange the whole screen to find it.

What Textual does: ``Widget._set_dirty()`` with no regions (every ``refresh()``, so
every ``Static.update`` and every style change that repaints) clears the widget's line
cache, then marks its lines dirty by ``self.size.region``. ``size`` asks the screen's
compositor where the widget is, and after each layout the compositor's full map is
out of date: for a widget outside the visible area (a line scrolled out of sight) it
arranges every widget of the screen, visible or not, to answer (Textual 8.2.8). On the
setup screen, adding a seat rewrites the count line under the seats, scrolled out of
sight at 80x24, so each seat added arranged all twenty rows once more before the layout
that arranges them anyway: about half of the seat's cost.

What this does: the same, without the lookup. Marking lines dirty in a cache that was
just emptied changes nothing (a line not in the cache is rendered whether or not it is
marked), so that one step is left out; the widget's dirty and repaint regions come from
its outer size, which it holds itself, as before.

Private: ``Widget._set_dirty``, ``_dirty_regions``, ``_repaint_regions``,
``_styles_cache``. ``apply()`` is idempotent and called from ``patches.apply()``;
``tests/textual_compat/test_dirty_without_lookup.py`` fails when Textual's method is no
longer the one replaced here (the workaround is then to be checked, or can go).

Upstream report (textual, 8.2.8):
    Title: ``refresh()`` of a widget out of view rebuilds the compositor's full map.
    Smallest reproduction: in a ``VerticalScroll`` of 200 ``Static``s, mount one more,
    then ``update`` the last one before the next idle: ``Compositor._arrange_root``
    runs for ``full_map`` inside ``Widget._set_dirty``.
    Suggested fix: drop ``self._styles_cache.set_dirty(self.size.region)`` after
    ``self._styles_cache.clear()``; it marks lines of a cache that is empty.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget

_APPLIED = "_party_dice_dirty_without_lookup"


def apply() -> None:
    """Install the lookup-free ``_set_dirty`` (once)."""
    if getattr(Widget, _APPLIED, False):
        return
    set_dirty = Widget._set_dirty

    def _set_dirty(self: Widget, *regions: Region) -> None:
        if regions:
            set_dirty(self, *regions)
            return
        self._dirty_regions.clear()
        self._repaint_regions.clear()
        self._styles_cache.clear()
        outer_size = self.outer_size
        self._dirty_regions.add(outer_size.region)
        if outer_size:
            self._repaint_regions.add(outer_size.region)

    _set_dirty.__wrapped__ = set_dirty  # type: ignore[attr-defined]
    Widget._set_dirty = _set_dirty  # type: ignore[method-assign]
    setattr(Widget, _APPLIED, True)

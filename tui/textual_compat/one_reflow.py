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

Private: ``Screen._refresh_layout``, ``Widget._size_updated`` with its ``layout``
parameter (``ScrollView`` overrides it without setting ``virtual_size``, so needs
nothing). ``apply()`` is idempotent
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
"""

from __future__ import annotations

import threading
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


def apply() -> None:
    """Install the single reflow (once)."""
    if getattr(Screen, _APPLIED, False):
        return
    refresh_layout = Screen._refresh_layout

    def _refresh_layout(self: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        _reflowing.depth = getattr(_reflowing, "depth", 0) + 1
        try:
            refresh_layout(self, size, scroll)
        finally:
            _reflowing.depth -= 1

    _refresh_layout.__wrapped__ = refresh_layout  # type: ignore[attr-defined]
    Screen._refresh_layout = _refresh_layout  # type: ignore[method-assign]
    _quiet_sizes()
    setattr(Screen, _APPLIED, True)

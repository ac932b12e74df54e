"""A screen laid out at a size is not laid out again, nor are the screens under it,
by the resize its own layout reports.

What Textual does: the first layout of a screen (on its push, ``_on_screen_resume``)
posts ``Resize`` to every widget it shows, the screen itself among them. The screen's
``_on_resize`` answers it as it would a terminal resized: it lays the whole screen out
again, and every screen under it as well (``Screen._screen_resized``), at the size they
all have already. Two full layouts of nothing changed on every push: opening Settings
laid out six times, two of them these, about a third of its CPU (Textual 8.2.8); the
title under every screen and the table under every curtain were laid out again each time.

What this does: when the ``Resize`` a screen gets is for the size it has already, it is
its own layout reporting, so the screen is not laid out again (anything changed since
asks for its layout in the usual way, by the next update), and a screen under it is laid
out only if it can show (the screen on top is not opaque: Textual lists the screen just
under the top as a background screen whatever the top's background) and it is at
another size or has a layout or a repaint waiting. A screen under an opaque one is laid
out when it is on top again (``Screen._on_screen_resume``, or its next update). A terminal that
really changes size reaches every screen with that new size, which differs from the
size each has, and is handled by Textual as before.

Private: ``Screen._on_resize`` (replaced), ``Screen._size``, ``Screen._layout_required``,
``Screen._dirty_widgets``, ``Screen._screen_resized`` and ``App._background_screens``.
``apply()`` is idempotent and is called when ``tui.app`` is imported;
``tests/textual_compat/test_quiet_resize.py`` fails when Textual renames any of them or
stops laying a screen out twice on its push (the workaround can go).

Upstream report (textual, 8.2.8):
    Title: a pushed screen is laid out twice, and every background screen once, by the
    Resize its first layout posts to itself.
    Smallest reproduction: push a screen over another; count ``Screen._refresh_layout``
    calls: the pushed screen twice, the one below once, with no size change.
    Suggested fix: in ``_refresh_layout`` do not post ``Resize`` to the screen itself,
    or ignore one whose size equals ``self._size``.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen

_APPLIED = "_party_dice_quiet_resize"


def _stale(screen: Screen[Any], size: Any) -> bool:
    """True if a screen under the top one needs the layout a resize would give it."""
    return bool(screen._size != size or screen._layout_required or screen._dirty_widgets)


def apply() -> None:
    """Install the quieter resize (once)."""
    if getattr(Screen, _APPLIED, False):
        return
    on_resize = Screen._on_resize

    async def _on_resize(self: Screen[Any], event: events.Resize) -> None:
        if event.size != self._size:
            await on_resize(self, event)  # a new size: Textual's own handling
            return
        event.stop()
        if self.styles.background.a == 1:
            return  # nothing under an opaque screen shows; each is laid out on resume
        for screen in self.app._background_screens:
            if _stale(screen, event.size):
                screen._screen_resized(event.size)

    Screen._on_resize = _on_resize  # type: ignore[method-assign]
    setattr(Screen, _APPLIED, True)

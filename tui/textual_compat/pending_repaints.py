"""A frame paints every widget that asked to be repainted before it, not the next frame.

What Textual does: ``Widget.refresh()`` only sets the widget's ``_repaint_required``;
the widget tells the screen (an ``Update`` message) when its own queue next runs dry,
and the screen paints it in the frame after that message. A frame that comes first (the
screen's refresh timer, or a layout) paints what the screen has been told, and the
widgets whose message is still on its way are painted once more in a frame of their
own (Textual 8.2.8). Adding a seat on the setup screen mounts nine widgets, moves the
focus and restyles the buttons of the row above; the layout frame then came while those
were still busy, painted them where they now stand, and a second frame painted the scroll
bar (moved by that same layout), both inputs, three buttons and the kind choice again:
3.5-4 ms of a seat's 29-32 ms of CPU, and a second write to the terminal.

What this does: when the compositor renders an update, each widget on screen whose
repaint is still pending is painted in it, and its pending flag is cleared, so no later
``Update`` repaints it again. What it paints is the widget as it is now, which is what
the later frame would have painted; a widget that changes afterwards asks again.

Private: ``Compositor.render_update``, ``Compositor.visible_widgets``,
``Compositor.update_widgets`` and ``Widget._repaint_required``. ``apply()`` is
idempotent and called from ``patches.apply()``;
``tests/textual_compat/test_pending_repaints.py`` fails when Textual renames any of them
or starts painting pending widgets itself (the workaround can go).

Upstream report (textual, 8.2.8):
    Title: widgets refreshed just before a frame are painted again in the next one.
    Smallest reproduction: in one handler, ``refresh()`` a ``Static`` and
    ``refresh(layout=True)`` its container; count ``Compositor.render_update`` calls
    that paint the ``Static``: two, the second from its ``Update`` message.
    Suggested fix: in ``render_update``, add the visible widgets whose
    ``_repaint_required`` is set to the update and clear the flag.
"""

from __future__ import annotations

from typing import Any

from textual._compositor import Compositor

_APPLIED = "_party_dice_pending_repaints"


def _paint_pending(compositor: Compositor) -> None:
    """Add the visible widgets whose repaint is pending to ``compositor``'s next update,
    and clear their pending flag (idempotent until a widget asks again)."""
    pending = {widget for widget in compositor.visible_widgets if widget._repaint_required}
    if pending:
        compositor.update_widgets(pending)
        for widget in pending:
            widget._repaint_required = False


def apply() -> None:
    """Install the painting of pending repaints (once)."""
    if getattr(Compositor, _APPLIED, False):
        return
    render_update = Compositor.render_update

    def _render_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        _paint_pending(self)
        return render_update(self, *args, **kwargs)

    _render_update.__wrapped__ = render_update  # type: ignore[attr-defined]
    Compositor.render_update = _render_update  # type: ignore[method-assign]
    setattr(Compositor, _APPLIED, True)

"""A screen told of a resize to the size it is already laid out at does not lay out again.

What Textual does: every ``Resize`` a screen gets (the app posts one as it starts, and
again as the terminal's size comes in) runs ``Screen._screen_resized``, which lays the
whole screen out again (``Screen._refresh_layout``) for the screen and every screen below
it, whether or not the size changed. Opening an Aces table from the command line it laid
the table out twice more at 80x24 after its first layout at 80x24, about 14 ms of the
start (Textual 8.2.8, issue 12); nothing on the screen changed.

Why it is safe: a layout depends on the size and on the widgets; a widget that changes
asks for its own layout (``refresh(layout=True)``), which this leaves alone, so a resize
to the size the compositor already has changes nothing. A screen not laid out yet, or
laid out at another size, is laid out as before. Private: ``Screen._screen_resized``,
overridden, and ``Screen._compositor``'s ``size``. ``tests/textual_compat/
test_quiet_resize.py`` fails when Textual stops laying out again on a same-size resize
(the workaround can go) or renames either.

Upstream report (textual, 8.2.8):
    Title: Screen._screen_resized lays the screen out again for a resize to its size.
    Smallest reproduction: a screen of a few hundred widgets; post ``Resize`` with the
    screen's own size and count ``Compositor.reflow``: one full reflow per event.
    Suggested fix: return early when the size equals the compositor's and no layout is
    pending.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Size
from textual.screen import Screen


class QuietResize(Screen[Any]):
    """A screen that skips the layout a resize to its own size would redo."""

    def _screen_resized(self, size: Size) -> None:
        if self.is_attached and self.stack_updates and size == self._compositor.size:
            return  # laid out at this size already: nothing to lay out again
        super()._screen_resized(size)

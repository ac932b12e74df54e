"""Pilot's frames: one drawn for each step of a test, not one for each refresh.

A Pilot app is headless: Textual still renders each refresh's update
(``Compositor.render_update`` from ``Screen._compositor_refresh``) and then drops it,
since a headless app writes nothing (``App._display``). A key that starts a dice roll or
a computer player's pause made many such frames before the test looked again: rendering
them was about a quarter of the app tests' CPU (a run of the setup's or a Chase table's
tests: 18.0 and 10.2 s, where they take 14.2 and 7.1 s without it).

With ``held_frames``, the screen on top keeps what changed in its compositor's dirty
regions instead of rendering it at each refresh, and draws it all as one update when the
test gets control back: after each Pilot step (a key, a pause, a click) and when the
test's body ends (``run_test``). So every state a test can look at is drawn, as it would
be for keys typed slower than the frames, and a widget that raises while it renders
still fails its test; only the frames in between, which no test could see, are skipped.
Whatever reads the screen (a snapshot, ``export_screenshot``,
``tests.support.chase.screen_text``) renders what it shows, as before.

Tests that count what a terminal would get (``tests.support.repaints``) need every
frame: they carry ``@pytest.mark.every_frame``, and ``counting_repaints`` refuses to
count without it (``assert_every_frame``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

EVERY_FRAME = "every_frame"
"""The marker of a test that needs each frame rendered as a terminal would get it."""


class _State:
    refresh: Callable[[Screen[Any]], None] | None = None
    """Textual's ``Screen._compositor_refresh`` while frames are held, else ``None``."""


def _held_frame(self: Screen[Any]) -> None:
    app = self.app
    if app.is_headless and self is app.screen and not app.is_inline:
        # What changed stays in the compositor's dirty regions, drawn at once when the
        # test next gets control (``draw_held``).
        self._dirty_widgets.clear()
        return
    assert _State.refresh is not None
    _State.refresh(self)


def draw_held(app: App[Any], *, at_the_end: bool = False) -> None:
    """Draw now what the screen on top would draw at its next refresh, and what it held
    undrawn since the last step, as one update. ``at_the_end``: a widget changed since
    the last step (its repaint not yet asked of the screen) draws the whole screen."""
    if not (app.is_running and app.is_headless and not app.is_inline):
        return
    screen = app.screen
    if not screen.is_attached:
        return
    screen._on_timer_update()  # a pending layout or repaint, held like any other
    if at_the_end and any(widget._repaint_required for widget in screen.walk_children(Widget)):
        screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    elif screen._compositor._dirty_regions and _State.refresh is not None:
        _State.refresh(screen)


def _drawn_after(step: Callable[..., Any]) -> Callable[..., Any]:
    async def drawn_after(self: Pilot[Any], *args: Any, **kwargs: Any) -> Any:
        result = await step(self, *args, **kwargs)
        draw_held(self.app)
        return result

    drawn_after.__wrapped__ = step  # type: ignore[attr-defined]
    return drawn_after


def _drawn_at_the_end(run_test: Callable[..., Any]) -> Callable[..., Any]:
    @asynccontextmanager
    async def drawn_at_the_end(self: App[Any], **kwargs: Any) -> AsyncIterator[Any]:
        async with run_test(self, **kwargs) as pilot:
            yield pilot
            # A widget that cannot render fails the test here rather than never
            # being asked.
            draw_held(self, at_the_end=True)

    drawn_at_the_end.__wrapped__ = run_test  # type: ignore[attr-defined]
    return drawn_at_the_end


def held_frames(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """For one test (unless it is marked ``every_frame``): each app draws once per
    Pilot step and when the test's body ends, not at every refresh."""
    if request.node.get_closest_marker(EVERY_FRAME) is not None:
        return
    monkeypatch.setattr(_State, "refresh", Screen._compositor_refresh)
    monkeypatch.setattr(Screen, "_compositor_refresh", _held_frame)
    for step in ("press", "pause", "click", "hover", "mouse_down", "mouse_up"):
        monkeypatch.setattr(Pilot, step, _drawn_after(getattr(Pilot, step)))
    monkeypatch.setattr(App, "run_test", _drawn_at_the_end(App.run_test))


def assert_every_frame() -> None:
    """For what counts repaints: the test must render every frame."""
    assert _State.refresh is None, (
        f"counting repaints needs every frame rendered: mark the test @pytest.mark.{EVERY_FRAME}"
    )

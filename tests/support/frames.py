"""Pilot's frames: drawn when a test looks at the screen, not at every refresh.

A Pilot app is headless: Textual still renders each refresh's update
(``Compositor.render_update`` from ``Screen._compositor_refresh``) and then drops it,
since a headless app writes nothing (``App._display``). That rendering was a quarter of
the CPU of the app tests (a Pilot test of the setup or a Chase table: 18.0 and 10.2 s
where they take 14.2 and 7.1 s without it).

``unseen_frames`` makes the screen on top forget its dirty regions instead of rendering
them. The widgets' own line caches keep what is stale, so whatever reads the screen (a
snapshot, ``export_screenshot``, ``tests.support.chase.screen_text``) renders every line
it shows, as before. What a drawn frame would have caught (a widget that raises while
it renders) is still caught: every app run under ``run_test`` is drawn whole when its
test's body ends (``drawn_at_the_end``), and the snapshots draw every screen they show.

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
from textual.screen import Screen

EVERY_FRAME = "every_frame"
"""The marker of a test that needs each frame rendered as a terminal would get it."""


class _State:
    skipping = False


def _forget_unseen_frame(refresh: Callable[[Screen[Any]], None]) -> Callable[..., None]:
    def compositor_refresh(self: Screen[Any]) -> None:
        app = self.app
        if _State.skipping and app.is_headless and self is app.screen and not app.is_inline:
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
            return
        refresh(self)

    compositor_refresh.__wrapped__ = refresh  # type: ignore[attr-defined]
    return compositor_refresh


def _drawn_at_the_end(run_test: Callable[..., Any]) -> Callable[..., Any]:
    @asynccontextmanager
    async def drawn_at_the_end(self: App[Any], **kwargs: Any) -> AsyncIterator[Any]:
        async with run_test(self, **kwargs) as pilot:
            yield pilot
            if self.is_running and self.screen.is_attached:
                # The whole screen, as a terminal would get it: a widget that cannot
                # render fails the test here rather than never being asked.
                self.screen._compositor.render_update(
                    full=True, screen_stack=self._background_screens
                )

    drawn_at_the_end.__wrapped__ = run_test  # type: ignore[attr-defined]
    return drawn_at_the_end


def unseen_frames(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """For one test: frames nobody reads are not rendered, unless it is marked
    ``every_frame``; its apps are drawn whole when its body ends."""
    if request.node.get_closest_marker(EVERY_FRAME) is not None:
        return
    monkeypatch.setattr(
        Screen, "_compositor_refresh", _forget_unseen_frame(Screen._compositor_refresh)
    )
    monkeypatch.setattr(App, "run_test", _drawn_at_the_end(App.run_test))
    monkeypatch.setattr(_State, "skipping", True)


def assert_every_frame() -> None:
    """For what counts repaints: the test must render every frame."""
    assert not _State.skipping, (
        f"counting repaints needs every frame rendered: mark the test @pytest.mark.{EVERY_FRAME}"
    )

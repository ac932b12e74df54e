"""``pending_repaints``: a widget refreshed just before a frame is painted in that frame,
not once more in the next; what the screen shows is the same."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual._compositor import Compositor, CompositorUpdate
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from tests.support.repaints import counting_repaints
from tui.textual_compat import pending_repaints


@contextmanager
def textual_as_it_is(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    pending_repaints.apply()
    with monkeypatch.context() as patch:
        original: Any = Compositor.render_update
        patch.setattr(Compositor, "render_update", original.__wrapped__)
        yield


class Busy(Message):
    """Work that keeps a widget from idling (and so from telling the screen to repaint
    it) until after the next frame."""


class Still(Static):
    async def on_busy(self, message: Busy) -> None:
        await asyncio.sleep(0.4)


class Row(Static):
    async def on_busy(self, message: Busy) -> None:
        with self.app.batch_update():  # no frame comes between the changes and the layout
            self.app.query_one(Still).update("still, changed")  # it does not move
            self.update("changed")  # this row moves, below the one mounted above it
            await self.app.query_one("#rows").mount(Static("above"), before=self)
        await asyncio.sleep(0.2)  # the layout's frame comes meanwhile


class Rows(App[None]):
    def compose(self) -> ComposeResult:
        yield Still("still")
        with Vertical(id="rows"):
            yield Row("first", id="first")


async def _frames_painting() -> tuple[tuple[int, int], str]:
    """Updates that paint a row changed and moved in one handler and a line above it
    changed but not moved, both busy at the layout's frame; then the whole screen as the
    terminal would get it."""
    app = Rows()
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        first, still = app.query_one(Row), app.query_one(Still)
        with counting_repaints(app) as log:
            still.post_message(Busy())
            first.post_message(Busy())
            await asyncio.sleep(0.5)
            for _ in range(3):
                await pilot.pause()
            painted = (log.painted(first.region), log.painted(still.region))
        shown = app.screen._compositor.render_update(full=True)
        assert isinstance(shown, CompositorUpdate)
        return painted, shown.render_segments(app.console)


@pytest.mark.every_frame
async def test_a_widget_refreshed_before_a_layout_is_painted_in_it_not_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with textual_as_it_is(monkeypatch):
        twice, before = await _frames_painting()
    once, after = await _frames_painting()
    assert twice[0] >= 2, "Textual paints the moved row in the layout, then again"
    assert twice[1] >= 1
    assert once == (1, 1)
    assert "still, changed" in after and after == before

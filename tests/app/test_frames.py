"""The app tests' frames (``tests.support.frames``): not rendered when nobody reads them,
yet a widget that cannot render still fails its test."""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.widgets import Static


class Brittle(Static):
    broken = False

    def render(self) -> Any:
        if self.broken:
            raise RuntimeError("cannot draw")
        return super().render()


class BrittleApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Brittle("fine", id="brittle")


def _count_renders(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    calls: list[bool] = []
    original = Compositor.render_update

    def render_update(self: Compositor, full: bool = False, **kwargs: Any) -> Any:
        calls.append(full)
        return original(self, full, **kwargs)

    monkeypatch.setattr(Compositor, "render_update", render_update)
    return calls


async def test_a_refresh_nobody_reads_renders_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_renders(monkeypatch)
    async with BrittleApp().run_test() as pilot:
        await pilot.pause()
        calls.clear()
        pilot.app.query_one(Brittle).update("changed")
        await pilot.pause()
        await pilot.pause()
        assert calls == [], "a headless frame was rendered though no test read it"
    assert calls == [True], "the app is drawn whole once, when the test's body ends"


@pytest.mark.every_frame
async def test_every_frame_renders_each_refresh(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_renders(monkeypatch)
    async with BrittleApp().run_test() as pilot:
        await pilot.pause()
        calls.clear()
        pilot.app.query_one(Brittle).update("changed")
        await pilot.pause()
        assert calls, "a test marked every_frame renders each refresh"


async def test_a_widget_that_cannot_render_still_fails_its_test() -> None:
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with BrittleApp().run_test() as pilot:
            await pilot.pause()
            brittle = pilot.app.query_one(Brittle)
            brittle.broken = True
            brittle.refresh()
            await pilot.pause()


async def test_a_skipped_frame_still_shows_when_the_screen_is_read() -> None:
    async with BrittleApp().run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        pilot.app.query_one(Brittle).update("changed")
        await pilot.pause()
        assert "changed" in pilot.app.export_screenshot()

"""The app tests' frames (``tests.support.fast_pilot``): one drawn per Pilot step, not one
per refresh, and a widget that cannot render still fails its test."""

from __future__ import annotations

import asyncio
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


async def _three_changes_a_frame_apart(app: App[None]) -> None:
    """Three changes, each given time for the screen's refresh (a frame) to run."""
    for text in ("one", "two", "three"):
        app.query_one(Brittle).update(text)
        await asyncio.sleep(0.1)


async def test_the_frames_between_two_steps_are_drawn_once_when_the_step_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _count_renders(monkeypatch)
    async with BrittleApp().run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        calls.clear()
        await _three_changes_a_frame_apart(pilot.app)
        assert calls == [], "a frame was drawn while the test had not looked"
        await pilot.pause()
        assert calls == [False], "what changed is drawn as one update after the step"
        await pilot.pause()
        assert calls == [False], "nothing changed: nothing drawn"
        assert "three" in pilot.app.export_screenshot()


@pytest.mark.every_frame
async def test_every_frame_draws_each_refresh(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_renders(monkeypatch)
    async with BrittleApp().run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        calls.clear()
        await _three_changes_a_frame_apart(pilot.app)
        assert len(calls) >= 3, "a test marked every_frame draws each refresh"


async def test_a_widget_that_cannot_render_fails_at_the_next_step() -> None:
    async with BrittleApp().run_test() as pilot:
        await pilot.pause()
        brittle = pilot.app.query_one(Brittle)
        brittle.broken = True
        brittle.refresh()
        with pytest.raises(RuntimeError, match="cannot draw"):
            await pilot.press("x")
        brittle.broken = False


async def test_a_widget_that_cannot_render_fails_when_the_test_ends() -> None:
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with BrittleApp().run_test() as pilot:
            await pilot.pause()
            brittle = pilot.app.query_one(Brittle)
            brittle.broken = True
            brittle.refresh()

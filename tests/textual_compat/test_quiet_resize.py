"""``quiet_resize``: a resize to the size a screen is laid out at lays nothing out again."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Label

from tui.textual_compat.quiet_resize import QuietResize


def test_the_private_names_are_still_there() -> None:
    """Textual still lays out again on every resize (if it stops, the workaround can go)."""
    source = inspect.getsource(Screen._screen_resized)
    assert "self._refresh_layout(size)" in source
    assert "if" in source and "size ==" not in source
    assert list(inspect.signature(Screen._screen_resized).parameters) == ["self", "size"]
    assert isinstance(Screen()._compositor.size, Size)


class Plain(Screen[None]):
    def compose(self) -> ComposeResult:
        yield from (Label(f"line {n}") for n in range(10))


class Quiet(Plain, QuietResize):
    pass


async def layouts_per_resize(screen: Screen[None], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Layouts done for a resize to the same size, then for one to a new size (of the
    screen on top: the default screen below gets its own, unchanged, ones)."""
    app = App[None]()
    counts: list[int] = []
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        counts[-1] += self is screen
        refresh_layout(self, *args, **kwargs)

    async with app.run_test(size=(40, 12)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        for size in (Size(40, 12), Size(50, 14)):
            counts.append(0)
            screen.post_message(events.Resize(size, size))
            await pilot.pause()
        assert screen._compositor.size == Size(50, 14)  # laid out at the new size
    return counts


async def test_a_same_size_resize_lays_nothing_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual 8.2.8 lays the screen (and the one below) out again for a resize to the
    size it has; a ``QuietResize`` screen does not, and is laid out for a new size."""
    plain_same, plain_new = await layouts_per_resize(Plain(), monkeypatch)
    quiet_same, quiet_new = await layouts_per_resize(Quiet(), monkeypatch)
    assert plain_same > 0 and plain_new > 0
    assert quiet_same == 0 and quiet_new > 0

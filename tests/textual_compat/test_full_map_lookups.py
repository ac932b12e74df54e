"""``dirty_without_lookup`` and ``fresh_full_map``: after a mount, Textual arranges the
whole screen again to repaint a widget out of sight and repaints the whole screen on the
next scroll; with the workarounds it does neither, and the screen shows the same."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from tests.support.repaints import counting_repaints
from tui.textual_compat import dirty_without_lookup, fresh_full_map


def _original(cls: type[Any], name: str) -> Any:
    dirty_without_lookup.apply()
    fresh_full_map.apply()
    method = cls.__dict__[name]
    return method.__wrapped__


@contextmanager
def textual_as_it_is(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Textual without the two workarounds, for the length of the block."""
    with monkeypatch.context() as patch:
        patch.setattr(Widget, "_set_dirty", _original(Widget, "_set_dirty"))
        for name in ("reflow", "reflow_visible", "update_widgets"):
            patch.setattr(Compositor, name, _original(Compositor, name))
        yield


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Whole-screen arrangements made to answer a lookup (not a layout's own)."""
    seen: Counter[str] = Counter()
    full_map = Compositor.full_map

    def counting(self: Compositor) -> Any:
        if self.root is not None and self._full_map_invalidated:
            seen["arrangements"] += 1
        return full_map.__get__(self)

    monkeypatch.setattr(Compositor, "full_map", property(counting))
    return seen


class Listing(App[None]):
    """A heading, and a list longer than the rest of the screen with a line under it,
    as the setup's seats."""

    CSS = "VerticalScroll { height: 1fr; } Static { height: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("New game")
        with VerticalScroll():
            for n in range(30):
                yield Static(f"seat {n}")
            yield Static("30 seats", id="count")


async def _add_one(lookups: Counter[str]) -> tuple[int, list[bool], list[str]]:
    """As the setup adds a seat to a list scrolled to its end, with a line out of sight
    (the first) repainted before, between and after: mount a line above the count and
    rewrite the count; after the layout, look the first line up; scroll to the end.
    The arrangements of the whole screen made for lookups, which updates repainted the
    whole screen, and the screen's lines at the end."""
    app = Listing()
    async with app.run_test(size=(30, 8)) as pilot:
        scroll = app.query_one(VerticalScroll)
        first, count = scroll.query_one(Static), app.query_one("#count", Static)
        scroll.scroll_end(animate=False)
        await pilot.pause()
        await pilot.pause()
        with counting_repaints(app) as log:
            lookups.clear()
            first.update("seat 0 (first)", layout=False)  # just after a scroll
            await scroll.mount(Static("seat 30"), before=count)
            count.update("31 seats", layout=False)  # one line, whatever it says
            await pilot.pause()  # the layout that places the new line
            await pilot.pause()  # and the scroll bar's
            assert first.region.y < scroll.region.y  # out of sight, above
            first.update("seat 0 (still first)", layout=False)  # just after a layout
            await pilot.pause()
            scroll.scroll_end(animate=False)
            for _ in range(3):
                await pilot.pause()
            whole = [whole for whole, _ in log.updates]
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            return lookups["arrangements"], whole, lines  # before the app's exit arranges it


def test_the_private_names_are_still_there() -> None:
    set_dirty = inspect.getsource(_original(Widget, "_set_dirty"))
    # The one step left out, after the cache it marks was emptied.
    assert "self._styles_cache.clear()\n" in set_dirty
    assert "self._styles_cache.set_dirty(self.size.region)" in set_dirty
    assert "self._dirty_regions.add(outer_size.region)" in set_dirty
    reflow = inspect.getsource(_original(Compositor, "reflow"))
    assert "visible_only=False" in reflow and "_full_map_invalidated" not in reflow
    reflow_visible = inspect.getsource(_original(Compositor, "reflow_visible"))
    assert "old_map = self._visible_map or {}" in reflow_visible
    update_widgets = inspect.getsource(_original(Compositor, "update_widgets"))
    assert "self.visible_widgets.keys()" in update_widgets
    before = Compositor.reflow, Compositor.update_widgets, Widget._set_dirty
    dirty_without_lookup.apply()
    fresh_full_map.apply()
    assert (Compositor.reflow, Compositor.update_widgets, Widget._set_dirty) == before


async def test_a_mount_then_a_scroll_arranges_and_repaints_less_and_shows_the_same(
    lookups: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with textual_as_it_is(monkeypatch):
        textual, textual_whole, textual_lines = await _add_one(lookups)
    assert textual >= 1  # to repaint the count, and to draw after a layout
    assert any(textual_whole)  # the scroll repainted the whole screen
    none, whole, lines = await _add_one(lookups)
    assert none == 0 and whole and not any(whole)
    assert lines == textual_lines
    assert lines[-2].startswith("seat 30 ") and lines[-1].startswith("31 seats ")

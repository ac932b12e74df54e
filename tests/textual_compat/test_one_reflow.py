"""``one_reflow``: a full layout asks for a second one through ``virtual_size`` in
Textual, and does not with the workaround; what the second layout would have given
(sizes, scroll bars, one paint of a new box) is there after the first, and a screen
whose content scrolls has its scroll bar in its first frame."""

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
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Static

from tests.support.repaints import counting_repaints
from tui.table.covers.box import CoverLayer
from tui.textual_compat import one_reflow


def _original(cls: type[Any], name: str) -> Any:
    one_reflow.apply()
    method = cls.__dict__[name]
    return getattr(method, "__wrapped__", method)  # ScrollView's is not wrapped


@contextmanager
def textual_as_it_is(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Textual without the workaround, for the length of the block (nor
    ``pending_repaints``, which would paint the box's second repaint in its first frame)."""
    with monkeypatch.context() as patch:
        for name in ("_refresh_layout", "_compositor_refresh"):
            patch.setattr(Screen, name, _original(Screen, name))
        patch.setattr(Widget, "_refresh_scrollbars", _original(Widget, "_refresh_scrollbars"))
        for cls in (Widget, ScrollView):
            patch.setattr(cls, "_size_updated", _original(cls, "_size_updated"))
        patch.setattr(Compositor, "render_update", _original(Compositor, "render_update"))
        yield


class Listing(App[None]):
    CSS = "VerticalScroll { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield VerticalScroll()


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Full layouts (reflows of a whole screen) while the test runs."""
    seen: Counter[str] = Counter()
    reflow = Compositor.reflow

    def counting(self: Compositor, parent: Widget, size: Any) -> Any:
        seen["layouts"] += 1
        return reflow(self, parent, size)

    monkeypatch.setattr(Compositor, "reflow", counting)
    return seen


async def _mount_lines(layouts: Counter[str], lines: int) -> tuple[int, bool, float]:
    """Layouts a mount of ``lines`` lines into a scroll took, its scroll bar, its range."""
    app = Listing()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        layouts.clear()
        scroll = app.query_one(VerticalScroll)
        await scroll.mount(Static("\n".join(f"line {n}" for n in range(lines))))
        for _ in range(3):
            await pilot.pause()
        return layouts["layouts"], scroll.show_vertical_scrollbar, scroll.max_scroll_y


def test_the_private_names_are_still_there() -> None:
    one_reflow.apply()
    patched = Screen._refresh_layout
    one_reflow.apply()
    assert Screen._refresh_layout is patched  # idempotent
    refresh_layout = inspect.getsource(_original(Screen, "_refresh_layout"))
    assert list(inspect.signature(patched).parameters) == ["self", "size", "scroll"]
    # The full reflow's call, without layout=False: when Textual passes it, this can go.
    assert "widget._size_updated(region.size, virtual_size, container_size)\n" in refresh_layout
    for cls in (Widget, ScrollView):
        size_updated = _original(cls, "_size_updated")
        assert "layout: bool = True" in inspect.getsource(size_updated)
    assert "self.virtual_size = virtual_size" in inspect.getsource(
        _original(Widget, "_size_updated")
    )
    assert Widget.virtual_size._layout  # the reactive that asks for the second layout
    # The paint held until the scroll bars are settled: the last thing the layout does.
    assert refresh_layout.rstrip().endswith("self.app._dom_ready = True")
    assert refresh_layout.count("self._compositor_refresh()") == 1
    assert Widget.show_vertical_scrollbar._layout  # a bar shown asks for a layout
    assert "self.show_vertical_scrollbar = show_vertical" in inspect.getsource(
        _original(Widget, "_refresh_scrollbars")
    )
    assert Widget()._layout_required is False


async def test_a_mount_is_laid_out_once_where_textual_lays_it_out_twice(
    layouts: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with textual_as_it_is(monkeypatch):
        twice, bar, range_y = await _mount_lines(layouts, 30)
    assert twice >= 2
    once, bar_now, range_now = await _mount_lines(layouts, 30)
    assert once == twice - 1
    assert (bar_now, range_now) == (bar, range_y) == (True, 30 - 10)


async def test_a_scroll_bar_comes_and_goes_with_its_content(layouts: Counter[str]) -> None:
    _, bar, range_y = await _mount_lines(layouts, 5)
    assert (bar, range_y) == (False, 0)
    app = Listing()
    async with app.run_test(size=(40, 10)) as pilot:
        scroll = app.query_one(VerticalScroll)
        text = Static("short")
        await scroll.mount(text)
        await pilot.pause()
        text.update("\n".join("x" * 12))
        await pilot.pause()
        await pilot.pause()
        assert scroll.show_vertical_scrollbar and scroll.max_scroll_y == 2
        text.update("short again")
        await pilot.pause()
        await pilot.pause()
        assert not scroll.show_vertical_scrollbar and scroll.max_scroll_y == 0


class Table(App[None]):
    CSS = """
    Screen { layers: base cover; }
    #under { height: 1fr; }
    .box { width: 30; height: auto; border: round white; }
    """

    def compose(self) -> ComposeResult:
        yield Static("the table\n" * 20, id="under")
        yield CoverLayer()


async def _paints_of_a_box() -> tuple[int, tuple[int, int]]:
    """Updates that paint a box mounted over the table (on the table's ``CoverLayer``,
    which repaints only the cells of what it holds), and the box's size."""
    app = Table()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        box = Static("Pass to Ben\nEnter", classes="box")
        with counting_repaints(app) as log:
            await app.query_one(CoverLayer).mount(box)
            for _ in range(4):
                await pilot.pause()
            return log.painted(box.region), (box.size.width, box.size.height)


async def test_a_new_box_is_painted_once_where_textual_paints_it_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with textual_as_it_is(monkeypatch):
        twice, size = await _paints_of_a_box()
    assert twice >= 2
    assert await _paints_of_a_box() == (1, size) == (1, (28, 2))


class Page(Screen[None]):
    """More lines than the terminal has rows, in a scroll."""

    CSS = "VerticalScroll { height: 1fr; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("\n".join(f"line {n}" for n in range(30)))


class Pages(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.bars: list[bool] = []
        """For each frame of a ``Page``: was its scroll bar in it?"""

    def _display(self, screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None and isinstance(screen, Page):
            bar = screen.query_one(VerticalScroll)._vertical_scrollbar
            self.bars.append(bar is not None and bar in screen._compositor.visible_widgets)
        super()._display(screen, renderable)


async def _frames_of_a_page(layouts: Counter[str]) -> tuple[list[bool], int]:
    """Whether each frame of a page pushed over the app had its scroll bar, and the
    layouts before its first frame."""
    app = Pages()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        layouts.clear()
        first: list[int] = []
        display = app._display

        def counted(screen: Screen[Any], renderable: Any) -> None:
            if renderable is not None and isinstance(screen, Page) and not first:
                first.append(layouts["layouts"])
            display(screen, renderable)

        app._display = counted  # type: ignore[method-assign]
        app.push_screen(Page())
        for _ in range(4):
            await pilot.pause()
        return app.bars, first[0]


async def test_a_screen_comes_up_with_its_scroll_bar_where_textual_adds_it_a_frame_later(
    layouts: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with textual_as_it_is(monkeypatch):
        bars, _ = await _frames_of_a_page(layouts)
    assert bars[:2] == [False, True]
    bars, layouts_first = await _frames_of_a_page(layouts)
    assert bars and all(bars)
    assert layouts_first == 2  # laid out again at once, before anything was painted

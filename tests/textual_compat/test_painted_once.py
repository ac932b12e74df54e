"""``painted_once``: ``Widget._size_updated`` still asks for a repaint of a widget the
layout has just painted, and a ``PaintedOnce`` widget mounted over others is painted by
one update, where a plain one is painted by two (on the table's ``CoverLayer``, which
repaints only the cells of what it holds)."""

from __future__ import annotations

import inspect

from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from tests.support.repaints import counting_repaints
from tui.table.cover import CoverLayer
from tui.textual_compat.painted_once import PaintedOnce


class Box(Static, PaintedOnce):
    """A box painted once."""


class Table(App[None]):
    CSS = """
    Screen { layers: base cover; }
    #under { height: 1fr; }
    .box { width: 30; height: auto; border: round white; }
    """

    def compose(self) -> ComposeResult:
        yield Static("the table\n" * 20, id="under")
        yield CoverLayer()


async def paints(box: Widget) -> int:
    app = Table()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        with counting_repaints(app) as log:
            await app.query_one(CoverLayer).mount(box)
            for _ in range(4):
                await pilot.pause()
            return log.painted(box.region)


def test_the_private_names_are_still_there() -> None:
    source = inspect.getsource(Widget._size_updated)
    assert "self.virtual_size = virtual_size" in source
    assert "layout: bool = True" in source


async def test_a_new_box_is_painted_once_where_textual_paints_it_twice() -> None:
    assert await paints(Static("Pass to Ben\nEnter", classes="box")) >= 2
    assert await paints(Box("Pass to Ben\nEnter", classes="box")) == 1

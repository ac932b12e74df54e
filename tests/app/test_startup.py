"""Start-up paths kept cheap (issue 7): a table opened from the command line does not wait
for the title underneath it, and the title is whole whenever it is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import OptionList

from tui.cli import parse
from tui.screens.table import TableScreen
from tui.screens.title import TitleScreen
from tui.widgets.key_bar import KeyBar

MakeApp = Callable[..., Any]
PLAY = ["play", "aces", "--players", "Ann,Ben", "--seed", "3", "--first-seat", "1"]


def menu_ids(title: TitleScreen) -> list[str | None]:
    menu = title.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def test_the_title_under_a_play_table_is_built_after_the_table(make_app: MakeApp) -> None:
    """At the first frame the title under the table is empty (nothing composed, no saves
    read); it is built a moment later, unseen, and is whole when the table is left."""
    app = make_app(start=parse(PLAY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen_stack[0]
        assert isinstance(app.screen, TableScreen) and isinstance(title, TitleScreen)
        assert not title.query(OptionList)
        await pilot.pause(0.8)  # the build waits until the table has settled
        assert title.query(OptionList)
        assert title.query(KeyBar)
        app.screen.leave()  # as Escape does once confirmed: save, back to the title
        await pilot.pause()
        assert app.screen_stack == [title]
        assert app.focused is title.query_one("#menu", OptionList)
        assert "continue" in menu_ids(title)  # the game just left is saved


async def test_leaving_at_once_shows_a_whole_title(make_app: MakeApp) -> None:
    """Leaving before the title was built builds it on the spot, menu focused."""
    app = make_app(start=parse(PLAY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.leave()
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert menu_ids(title)[:3] == ["continue", "aces", "chase"]
        assert app.focused is title.query_one("#menu", OptionList)
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen)  # the keys work at once


async def test_resume_without_saves_shows_the_title(make_app: MakeApp) -> None:
    """``party-dice resume`` with nothing saved: the deferred title is built and shown."""
    app = make_app(start=parse(["resume"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert menu_ids(title)[:2] == ["aces", "chase"]
        assert app.focused is title.query_one("#menu", OptionList)

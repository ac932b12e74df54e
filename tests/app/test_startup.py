"""Start-up paths kept cheap (issue 7): a table opened from the command line does not wait
for the title underneath it, and the title is whole whenever it is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import OptionList

from tui.cli import parse
from tui.screens.title import TitleScreen
from tui.table.screen import TableScreen
from tui.widgets.key_bar import KeyBar

MakeApp = Callable[..., Any]
PLAY = ["play", "aces", "--names", "Ann,Ben", "--seed", "3", "--first-seat", "1"]


def menu_ids(title: TitleScreen) -> list[str | None]:
    menu = title.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def test_the_title_under_a_play_table_is_built_when_shown(make_app: MakeApp) -> None:
    """While the table is played the title under it stays empty (nothing composed, no
    saves read: mounting widgets under the table would repaint the table); leaving the
    table shows it whole, menu focused, the saved game offered."""
    app = make_app(start=parse(PLAY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen_stack[0]
        assert isinstance(app.screen, TableScreen) and isinstance(title, TitleScreen)
        await pilot.press("enter", "r")
        await pilot.pause(0.3)
        assert not title.children
        app.screen.leave()  # as Escape does once confirmed: save, back to the title
        await pilot.pause()
        assert app.screen_stack == [title]
        assert title.query(KeyBar)
        assert app.focused is title.query_one("#menu", OptionList)
        assert "continue" in menu_ids(title)  # the game just left is saved


async def test_leaving_at_once_shows_a_whole_title(make_app: MakeApp) -> None:
    """Leaving at once: the title is whole and its keys work straight away."""
    app = make_app(start=parse(PLAY))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.leave()
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        # Nobody moved, so the game was not saved (issue 16, item 5): no Continue; the
        # table is remembered for Play again (issue 38, item 13).
        assert menu_ids(title)[:4] == ["again", "aces", "chase", "host"]
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

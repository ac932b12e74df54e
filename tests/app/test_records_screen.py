"""The Records screen, reached from the title: per-name records read at 80x24."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import DataTable

from tests.support.app import AppDirs
from tests.support.chase import screen_lines
from tests.support.records import record_evening
from tui.gameconfig import BOT_NAMES

MakeApp = Callable[..., Any]


async def test_records_from_the_title_at_80_columns(make_app: MakeApp, app_dirs: AppDirs) -> None:
    from tui.screens.records import RecordsScreen
    from tui.screens.title import TitleScreen

    record_evening(extra_players=BOT_NAMES[:17])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        assert any("Records" in line for line in screen_lines(app))
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        table = app.screen.query_one("#records", DataTable)
        assert table.max_scroll_x == 0, "the records scroll sideways"
        lines = screen_lines(app)
        header = next(line for line in lines if "Name" in line)
        for title in ("Games", "Wins", "Win rate", "Best streak", "By game"):
            assert title in header, header
        ben = next(line for line in lines if "Ben" in line)
        assert ben.split()[1:5] == ["3", "2", "67%", "2"], ben
        assert "Chase 1/2 50%" in ben or "Aces 1/1 100%" in ben, ben
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_no_records_line_without_history(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not any("Records" in line for line in screen_lines(app))
        await pilot.press("w")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"

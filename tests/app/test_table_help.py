"""What F2 lists at a table is what works there (issue 38, items 15 and 17): F (finish)
only once no person is left, W (who sits) only at a shared table's host, O once, as
"o or O"; and O before the roll-off says when the odds will show."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.support.app import AppDirs
from tests.support.table import aces_config, table_of, write_settings
from tui.screens.help import HelpScreen
from tui.widgets.table_info import TableInfo

MakeApp = Callable[..., Any]


async def test_f2_lists_only_the_table_keys_that_work_now(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, bots=1))
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        title, rows = app.screen.sections()[0]
        assert title.startswith("At this table")
        keys = dict(rows)
        assert "Finish the game" not in keys.values(), "F does nothing while people play"
        assert not any(words.startswith("Who sits") for words in keys.values())
        odds = [key for key, words in rows if words.startswith("Odds")]
        assert odds == ["o or O"], rows


async def test_odds_turned_on_before_the_roll_off_say_when_they_come(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, bots=1))
        await pilot.pause()
        info = table_of(app).query_one(TableInfo)
        assert not any("Odds" in line for line in info.lines)
        await pilot.press("o")
        await pilot.pause()
        assert any(line.startswith("Odds on:") for line in info.lines), info.lines
        await pilot.press("o")
        await pilot.pause()
        assert not any("Odds" in line for line in info.lines)

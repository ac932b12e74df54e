"""The log read back: PgUp/PgDn and the wheel scroll it, the live turn stays in sight,
a resumed game brings its log back, and a person back from many computer turns gets a
recap of what they missed (at 80x24, twenty players)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.support.app import AppDirs
from tests.support.chase import chase_config, screen_lines
from tests.support.fast_pilot import settle
from tests.support.table import table_of, write_settings
from tui.gameconfig import BOT_NAMES
from tui.widgets.action_bar import ActionBar
from tui.widgets.game_log import GameLog

MakeApp = Callable[..., Any]


def twenty() -> Any:
    names = ["Ann", *BOT_NAMES[:4], "Fay", *BOT_NAMES[4:18]]
    return chase_config(names, [s for s in range(20) if s != 5], dealer=19, seed=20)


def log_rows(app: Any) -> list[str]:
    log = app.screen.query_one(GameLog)
    top = log.region.y
    return screen_lines(app)[top : top + log.region.height]


async def test_page_up_reads_back_and_the_live_turn_stays(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(twenty())
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        bar = app.screen.query_one(ActionBar)
        assert bar.prompt == "Fay:", "Fay's turn, the actions on screen"
        live = log_rows(app)
        assert not any("Chase the Ace. At the table" in row for row in live)
        await pilot.press("pageup", "pageup", "pageup", "pageup", "pageup")
        await pilot.pause()
        rows = log_rows(app)
        assert any("Chase the Ace. At the table" in row for row in rows), rows
        assert "End for the live game" in rows[-1]
        assert bar.prompt == "Fay:" and bar.actions, "the live turn is still offered"
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.back > 0
        await pilot.press("end")
        await pilot.pause()
        assert log.back == 0 and log_rows(app) == live
        await pilot.press("pageup")
        await pilot.pause()
        first = log_rows(app)
        log.write(["a new line while reading"])
        await pilot.pause()
        assert log_rows(app)[:-1] == first[:-1], "the reader's view stays put"
        assert "1 new below" in log_rows(app)[-1]


async def test_the_wheel_scrolls_the_log(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(twenty())
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        log.on_mouse_scroll_up(_Wheel())
        await pilot.pause()
        assert log.back == 3
        log.on_mouse_scroll_down(_Wheel())
        await pilot.pause()
        assert log.back == 0


class _Wheel:
    def stop(self) -> None:
        pass


async def test_a_person_back_from_many_computer_turns_gets_a_recap(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(twenty())
        await settle(pilot)
        text = "\n".join(log_rows(app))
        assert "While Fay waited:" in text, text
        assert "This round:" in text and "changed" in text
        log = app.screen.query_one(GameLog)
        assert ("While Fay waited:", "bold") in log.lines


async def test_the_log_comes_back_with_a_resumed_game(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(twenty())
        await settle(pilot)
        table = table_of(app)
        before = list(table.query_one(GameLog).lines)
        slot_id = table.session.slot.slot_id
        table.leave()
        await settle(pilot)
        assert app.resume_game(slot_id)
        await settle(pilot)
        lines = table_of(app).query_one(GameLog).lines
        assert lines[: len(before)] == before
        assert "the game goes on" in lines[len(before)][0]

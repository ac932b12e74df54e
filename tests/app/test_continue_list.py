"""Issue 16 item 5: the Continue list tells games apart (chips or lives too), discards
several at once, and offers the games older than the "old saves" setting for removal."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from textual.widgets import OptionList, Static

from tests.support.table import new_engine
from tui.engine.controller import Seat
from tui.games import controller as make_controller
from tui.screens.confirm import ConfirmScreen
from tui.screens.saves import MARK, SavesScreen
from tui.session import TableSession
from tui.storage.saves import SaveStore

MakeApp = Callable[..., Any]


def saved_games(app: Any, count: int) -> list[str]:
    """``count`` games saved after one move each (Aces, Chase, Aces...); their slot ids."""
    ids = []
    for index in range(count):
        game_id = ("aces", "chase")[index % 2]
        names = ["Ann", "Ben", "Cleo"]
        controller = make_controller(
            new_engine(game_id, names, random.Random(index)), [Seat(n) for n in names]
        )
        controller.apply(controller.actions()[0])
        slot = app.store.new_slot(game_id)
        TableSession(controller, slot=slot).autosave()
        slot.release()
        ids.append(slot.slot_id)
    return ids


def prompts(screen: SavesScreen) -> dict[str, str]:
    menu = screen.query_one("#saves", OptionList)
    return {save.slot_id: str(menu.get_option(save.slot_id).prompt) for save in screen.saves}


async def test_the_list_shows_each_seat_s_chips_or_lives(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        aces, chase = saved_games(app, 2)
        app.push_screen(SavesScreen(app.store.list()))
        await pilot.pause()
        shown = prompts(app.screen)
        counters = {s.slot_id: s.counters for s in app.store.list()}
        assert len(counters[aces]) == 3 and len(counters[chase]) == 3
        ann, ben, cleo = counters[aces]
        assert f"Chips: Ann {ann}, Ben {ben}, Cleo {cleo}" in shown[aces]
        assert "Lives: Ann 3, Ben 3, Cleo 3" in shown[chase]


async def test_space_marks_and_d_discards_the_marked_games_after_one_question(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        ids = saved_games(app, 3)
        newest_first = [save.slot_id for save in app.store.list()]
        app.push_screen(SavesScreen(app.store.list()))
        await pilot.pause()
        screen = app.screen
        await pilot.press("space", "down", "space")
        await pilot.pause()
        assert screen.marked == set(newest_first[:2])
        assert sum(prompt.startswith(MARK) for prompt in prompts(screen).values()) == 2
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "these 2 saved games" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert [save.slot_id for save in SaveStore(app.store.directory).list()] == [newest_first[2]]
        assert set(ids) == set(newest_first)


async def test_games_older_than_the_setting_are_offered_for_removal(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        saved_games(app, 2)
        later = datetime.now().astimezone() + timedelta(days=31)
        app.push_screen(SavesScreen(app.store.list(), now=later))
        await pilot.pause()
        note = str(app.screen.query_one("#saves-old", Static).render())
        assert "2 saved games are older than the Settings allow" in note
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert SaveStore(app.store.directory).list() == []
        assert not isinstance(app.screen, SavesScreen)


async def test_never_offers_nothing_and_a_month_keeps_recent_games(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        saved_games(app, 1)
        app.push_screen(SavesScreen(app.store.list()))
        await pilot.pause()
        assert app.screen.old() == []  # saved just now, the default is a month
        app.pop_screen()
        app.update_settings(old_saves="never")
        far = datetime.now().astimezone() + timedelta(days=400)
        app.push_screen(SavesScreen(app.store.list(), now=far))
        await pilot.pause()
        assert app.screen.old() == []
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)

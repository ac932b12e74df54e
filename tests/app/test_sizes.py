"""Any terminal size, from 1x1 up: no screen crashes, and the table says what it needs.

Every screen of the app goes through a sweep of sizes (tiny, lopsided, one short of
the table's minimum either way, the minimum, 80x24, odd and very large) with Pilot's
``resize_terminal``, including while a curtain, the dealer's cut, a round's end, a
roll animation or a computer's pause is on. Below the table's minimum the table shows
one notice with the current and the needed size; when the terminal grows again, play
goes on from where it was.

The sweeps are the thorough tier (``-m slow``, run by CI): the everyday run takes each
screen away from the table to 1x1 and back, and resizes a table over a roll, a
computer's pause, the curtains and the cut in ``test_table_pilot`` and
``test_chase_pilot``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs, resize
from tests.support.chase import chase_config, screen_lines
from tests.support.fast_pilot import settle
from tests.support.resilience import send_keys
from tests.support.table import (
    aces_config,
    engine_play_to_the_end,
    new_engine,
    on_top,
    table_of,
    write_settings,
)
from tui.engine.controller import Seat
from tui.gameconfig import BOT_NAMES, GameConfig
from tui.session import TableSession
from tui.table.layout import MIN_HEIGHT, MIN_WIDTH

MakeApp = Callable[..., Any]

SIZES = (
    (1, 1), (2, 1), (1, 3), (7, 3), (20, 6), (40, 12), (MIN_WIDTH - 1, 24),
    (80, MIN_HEIGHT - 1), (MIN_WIDTH, MIN_HEIGHT), (83, 27), (132, 43), (250, 70), (33, 90),
)  # fmt: skip
"""Tiny, lopsided, one short of the table's minimum either way, the minimum, odd,
large and very large sizes."""

SHORT = ((1, 1), (MIN_WIDTH - 1, MIN_HEIGHT - 1), (132, 43))
"""For the screens that sit over a table."""


async def sweep(pilot: Any, sizes: tuple[tuple[int, int], ...] = SIZES) -> None:
    """Resize through ``sizes`` and back to 80x24; the screen on top must not change."""
    app = pilot.app
    top = on_top(app)
    for width, height in sizes:
        await resize(pilot, width, height)
        assert on_top(app) is top, (width, height, app.screen_stack)
    await resize(pilot, 80, 24)
    await settle(pilot)
    assert on_top(app) is top
    assert len(screen_lines(app)) == 24


def game_with_saves(app: Any, count: int = 2) -> None:
    import random

    from tui.games import controller as make_controller

    for index in range(count):
        game_id = ("aces", "chase")[index % 2]
        names = ["Ann", "Ben", "Cleo"]
        controller = make_controller(
            new_engine(game_id, names, random.Random(index)), [Seat(n, "casual") for n in names]
        )
        slot = app.store.new_slot(game_id)
        app.autosave(TableSession(controller, slot=slot))
        slot.release()
        engine_play_to_the_end(controller)
        TableSession(controller).record_history()


# -- every screen away from the table ------------------------------------------------------


MENUS: tuple[tuple[list[str], str], ...] = (
    ([], "TitleScreen"),
    (["a"], "SetupScreen"),
    (["c"], "SetupScreen"),
    (["s"], "SettingsScreen"),
    (["f2"], "HelpScreen"),
    (["o"], "SavesScreen"),
    (["g"], "RecentScreen"),
    (["ctrl+p"], "CommandPalette"),
    (["r"], "RulesScreen"),
)
"""The keys that open each screen from the title, and the screen they open."""


@pytest.mark.parametrize(
    "swept",
    [
        pytest.param(False, id="1x1"),
        pytest.param(True, id="sweep", marks=[pytest.mark.slow, pytest.mark.long(18)]),
    ],
)
async def test_menus_and_lists_at_every_size(
    make_app: MakeApp, app_dirs: AppDirs, swept: bool
) -> None:
    """Each screen takes 1x1 and (swept) a quarter of the sweep: together they take it
    all."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        game_with_saves(app)
        app.screen.refresh_menu()
        for index, (keys, screen) in enumerate(MENUS):
            if keys == ["c"] and not swept:
                continue  # the setup at 1x1 once everyday (for Aces)
            await pilot.press(*keys)
            await pilot.pause()
            assert type(on_top(app)).__name__ == screen
            await sweep(pilot, ((1, 1), *(SIZES[1 + index % 4 :: 4] if swept else ())))
            if keys:
                await pilot.press("escape")
                await pilot.pause()
            assert type(on_top(app)).__name__ == "TitleScreen"


TINY = ((1, 1), (2, 1), (1, 3), (7, 3), (20, 6), (MIN_WIDTH - 1, MIN_HEIGHT - 1))
"""The sizes a screen is hardest pressed at: one cell, one line, one column, a few."""


@pytest.mark.slow
async def test_the_rules_at_every_size(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """The rules open, take every tiny size without closing, and at 80x24 again show
    their text, page down and switch games."""
    from tui.screens.rules import RulesScreen
    from tui.screens.rules_document import RulesDocument

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        rules = on_top(app)
        assert isinstance(rules, RulesScreen) and rules.game_id == "aces"
        await sweep(pilot, TINY)
        text = "\n".join(screen_lines(app))
        assert "Aces in the Pot" in text and "How to play" in text
        viewer = rules.query_one("#viewer-aces", RulesDocument)
        await pilot.press("pagedown")
        await pilot.pause()
        assert viewer.scroll_y > 0, "PgDn scrolls the rules"
        await pilot.press("c")
        await pilot.pause()
        assert rules.game_id == "chase"
        assert "A card game of luck and nerve" in "\n".join(screen_lines(app))
        await sweep(pilot, TINY[::2])
        assert on_top(app) is rules and "luck and nerve" in "\n".join(screen_lines(app))


# -- the table ----------------------------------------------------------------------------------


def notice(app: Any) -> str:
    from textual.widgets import Static

    return str(table_of(app).query_one("#too-small", Static).render())


@pytest.mark.slow
@pytest.mark.parametrize(
    "config",
    [
        aces_config(3, seed=4, first_seat=0),
        chase_config(["Ann", "Ben", "Cleo"], bots=[1, 2], dealer=0, seed=5),
        GameConfig("chase", tuple(Seat(n, "casual") for n in ("Ann", *BOT_NAMES[:19]))),
    ],
    ids=["aces", "chase", "chase-20"],
)
async def test_a_table_too_small_says_so_and_play_goes_on_when_it_grows(
    make_app: MakeApp, app_dirs: AppDirs, config: GameConfig
) -> None:
    config = GameConfig(
        config.game_id,
        (Seat("Ann"), *config.seats[1:]),
        variants=config.variants,
        first_seat=0,
        seed=6,
    )
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        table = table_of(app)
        before = table.controller.to_dict()
        for width, height in ((40, 12), (MIN_WIDTH - 1, 30), (100, MIN_HEIGHT - 1), (1, 1)):
            await resize(pilot, width, height)
            assert table.has_class("-too-small")
            words = notice(app)
            assert f"{width}x{height}" in words and f"{MIN_WIDTH}x{MIN_HEIGHT}" in words
        assert table.controller.to_dict() == before
        await resize(pilot, MIN_WIDTH, MIN_HEIGHT)
        assert not table.has_class("-too-small")
        await sweep(pilot, SIZES[::3])
        key = table.controller.actions()[0].key
        await pilot.press(key)
        await pilot.pause()
        assert table.moves >= 1 and table.controller.to_dict() != before


@pytest.mark.slow
async def test_resizing_over_a_curtain_the_cut_and_a_private_card(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.session.table_model import NumberChoice, PassCurtain, PrivateCard

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(seed=7))
        await pilot.pause()  # the deal is a person's move: no key before it is drawn
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain)
        await sweep(pilot, SIZES[::3])
        await pilot.press("enter", "c")
        await pilot.pause()
        assert isinstance(on_top(app), PrivateCard)
        await sweep(pilot, SHORT)
        await pilot.press("enter", "enter", "s", "enter", "c")
        await pilot.pause()
        assert isinstance(on_top(app), NumberChoice)
        await sweep(pilot, SHORT)
        await pilot.press("enter")
        await pilot.pause()


async def test_resizing_over_the_round_end_and_a_confirm(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.screens.confirm import ConfirmScreen
    from tui.session.table_model import RoundEnd

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=5, first_seat=0))
        await pilot.pause()
        table = table_of(app)
        await pilot.press("enter")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), ConfirmScreen)
        await sweep(pilot, SHORT)
        await pilot.press("n")
        while not isinstance(on_top(app), RoundEnd):
            await pilot.press(table.controller.actions()[0].key)
        await sweep(pilot, SHORT)
        await pilot.press("escape")  # look at the finished table
        await pilot.pause()
        await sweep(pilot, SHORT)


# -- while something moves ----------------------------------------------------------------------


@pytest.mark.slow
async def test_resizing_during_a_roll_and_a_computers_pause(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Animation on: resize while the dice tumble and while a computer "thinks"; the
    roll settles, the computer moves, and the state is what the moves made."""
    write_settings(app_dirs.settings, animation="normal")
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, bots=1, seed=9, first_seat=0))
        await pilot.pause()
        table = table_of(app)
        await send_keys(pilot, ["enter"])
        while table.busy:
            await pilot.pause(0.05)
        await send_keys(pilot, ["r"])
        assert table.busy, "the dice should be rolling"
        for width, height in SIZES[::3]:
            await pilot.resize_terminal(width, height)
        await pilot.resize_terminal(80, 24)
        for _ in range(100):  # until a computer is thinking
            if table._timer is not None:
                break
            if not table.busy and table.controller.actions():
                await send_keys(pilot, [table.controller.actions()[0].key])
            await pilot.pause(0.05)
        assert table._timer is not None, "no computer turn came"
        moves = table.moves
        for width, height in SIZES[1::3]:
            await pilot.resize_terminal(width, height)
        await pilot.resize_terminal(80, 24)
        for _ in range(100):
            if table.moves > moves and not table.busy:
                break
            await pilot.pause(0.05)
        assert table.moves > moves and not table.busy
        assert not table.has_class("-too-small")

"""A third game added from the test suite alone plays through the whole app.

``tests/support/third_game.py`` defines "Race" (engine, its view's detail, bots,
narrator, words with its own privacy rule, kit, rules and its ``GameSpec``);
registering it is the only step. Its key on the title opens its setup, which draws its
options; the table plays it with a curtain between people (Race's secret sprints); every
move is saved and Continue resumes it; the history records its length in its own unit;
the rules screen shows it; ``simulate`` runs it; a shared table carries its view's
detail over the socket: no module of ``tui/`` knows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import screen_lines
from tests.support.table import engine_play_to_the_end, on_top, table_of, write_settings
from tests.support.third_game import RACE
from tui import games
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen
from tui.session.table_model import PassCurtain
from tui.simulate import cli as simulate
from tui.simulate import play, report
from tui.storage.history import History
from tui.storage.saves import SaveStore
from tui.widgets.choice import Choice
from tui.widgets.table_info import TableInfo

MakeApp = Callable[..., Any]


@pytest.fixture(autouse=True)
def race() -> Iterator[None]:
    games.register(RACE)
    yield
    games.unregister(RACE.id)


def test_the_registry_knows_it_and_names_the_choices() -> None:
    assert games.get("race") is RACE
    assert "race" in games.ids()
    with pytest.raises(ValueError, match="choose aces, chase, race"):
        games.get("poker")
    assert RACE.menu_line == "step by step, 2 to 4 players"


def test_simulate_plays_it() -> None:
    options = simulate.parse(["race", "--games", "30", "--seed", "4", "--players", "3"])
    tally = play.run(options)
    assert sum(tally.wins) == 30 and len(tally.lengths) == 30
    text = report.to_text(options, tally)
    assert text.startswith("Race: 30 games, 3 players") and "steps on average" in text


async def run(pilot: Any, key: str) -> None:
    """A person's move at a table of two people: the keyboard passed behind the curtain
    first, when it is up (Race's own privacy rule asks for it), then ``key``."""
    if isinstance(on_top(pilot.app), PassCurtain):
        await pilot.press("enter")
        await pilot.pause()
    await pilot.press(key)
    await pilot.pause()


def info_text(app: Any) -> str:
    return "\n".join(table_of(app).query_one(TableInfo).lines)


async def test_setup_a_curtained_table_save_resume_and_history(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings, last_names=("Ann", "Ben"))
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press(RACE.menu_key)  # its key on the title, as a player would
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#goal", Choice).value = "long"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = table_of(app)
        assert table.controller.game_id == "race"
        assert table.controller.game.goal == "long"
        curtain = on_top(app)
        assert isinstance(curtain, PassCurtain) and curtain.name == "Ann"
        assert "Squares run: Ann 0, Ben 0" in curtain.lines
        assert "sprint" not in info_text(app), "a secret shown before the curtain was lifted"
        await pilot.press("enter")
        await pilot.pause()
        sprint = table.controller.game.sprints[0]
        assert f"Ann's sprint: {sprint} squares" in info_text(app)
        await pilot.press("s")
        await pilot.pause()
        curtain = on_top(app)
        assert isinstance(curtain, PassCurtain) and curtain.name == "Ben"
        assert "sprint" not in info_text(app), "Ann's sprint left on the table for Ben"
        await run(pilot, "p")  # Ben runs his sprint: it is no secret any more
        assert table.controller.game.used == [False, True]
        (summary,) = SaveStore(app_dirs.saves).list()
        assert summary.game == "race"
        before = table.controller.to_dict()
        table.leave()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    again = make_app(settings_path=app_dirs.settings)
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        table = table_of(again)
        assert table.controller.to_dict() == before
        assert isinstance(on_top(again), PassCurtain), "a resumed turn comes behind its curtain"
        for _ in range(40):
            if table.controller.over:
                break
            await run(pilot, "s")
        assert table.controller.over
        turns = table.controller.game.turns
    records, _ = History(again.history_path).recent(5)
    (record,) = records
    assert (record.game, record.unit, record.length) == ("race", "steps", turns)


def test_no_module_of_tui_names_it() -> None:
    """What the test suite added is found nowhere in ``tui/``: not as a string, not as
    an import (the architecture test's scan, with Race's id)."""
    from tests.test_architecture import ROOT, games_named, modules, tree

    found = [
        f"{path.relative_to(ROOT)}:{line} {what}"
        for name, path in modules().items()
        for line, what in games_named(tree(name), {RACE.id})
    ]
    assert not found, found


async def test_the_rules_and_a_config_with_computers(make_app: MakeApp, app_dirs: AppDirs) -> None:
    config = GameConfig("race", (Seat("Ann"), Seat("Bot", "casual")), seed=3)
    assert config.problem() is None
    controller = games.new_controller(config, random.Random(3))
    engine_play_to_the_end(controller)
    assert games.controller_from_dict(controller.to_dict()).to_dict() == controller.to_dict()
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("r")  # the title's rules, then the game's own key there
        await pilot.pause()
        await pilot.press(RACE.menu_key)
        await pilot.pause()
        assert app.screen.game_id == "race"
        assert any("secret sprint" in line for line in screen_lines(app)), screen_lines(app)

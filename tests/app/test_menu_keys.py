"""A game's menu key: refused when taken, and bound on the title and rules screens as
they are built, so a game registered after start-up gets its key too."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.binding import Binding

from tests.support.app import AppDirs
from tests.support.table import write_settings
from tests.support.third_game import RACE
from tui import games
from tui.games import SCREEN_KEYS, RegistryError
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen

MakeApp = Callable[..., Any]


@pytest.fixture(autouse=True)
def no_race_left() -> Iterator[None]:
    yield
    games.unregister(RACE.id)


def own_keys(screen: type[Any]) -> set[str]:
    return {binding.key for binding in screen.OWN_BINDINGS if isinstance(binding, Binding)}


def test_the_screens_own_keys_are_reserved_in_the_registry() -> None:
    """Adding a key to the title or the rules without reserving it fails here: the
    registry could not refuse a game that takes it."""
    assert own_keys(TitleScreen) | own_keys(RulesScreen) == set(SCREEN_KEYS)


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("p", "menu key 'p' is taken by Play again on the title or rules screen"),
        ("q", "menu key 'q' is taken by Quit"),
        ("t", "menu key 't' is taken by the rules' Contents"),
        ("a", "menu key 'a' is taken by Aces in the Pot; choose another"),
        ("c", "menu key 'c' is taken by Chase the Ace; choose another"),
        ("X", "menu key 'X' must be one lower-case letter or digit"),
        ("xy", "menu key 'xy' must be one lower-case letter or digit"),
        ("", "menu key '' must be one lower-case letter or digit"),
    ],
)
def test_register_refuses_a_menu_key_taken_or_malformed(key: str, words: str) -> None:
    before = games.all_games()
    with pytest.raises(RegistryError, match=words):
        games.register(dataclasses.replace(RACE, menu_key=key))
    assert games.all_games() == before


@pytest.mark.parametrize("game_id", ["Race", "a-b", "", "r" * 17, "1race"])
def test_register_refuses_an_id_that_cannot_name_a_save(game_id: str) -> None:
    with pytest.raises(RegistryError, match="a lower-case letter"):
        games.register(dataclasses.replace(RACE, id=game_id))
    assert game_id not in games.ids()


def test_a_game_may_be_registered_again_with_its_own_key() -> None:
    games.register(RACE)
    games.register(dataclasses.replace(RACE, title="Race again"))
    assert games.get("race").title == "Race again"
    assert games.ids()[-1] == "race"


def test_screens_built_after_a_registration_bind_its_key_first() -> None:
    before = TitleScreen.built()
    games.register(RACE)
    after = TitleScreen.built()
    assert after is not before and issubclass(after, TitleScreen)
    assert after.__name__ == "TitleScreen"  # its CSS type is the title's
    keys = [b.key for b in after.BINDINGS if isinstance(b, Binding)]
    assert keys[:3] == ["a", "c", "x"] and keys[3:] == [b.key for b in TitleScreen.OWN_BINDINGS]  # type: ignore[union-attr]
    assert TitleScreen.built() is after  # made once per set of games
    assert after.built() is after  # asked of the built screen: the same
    rules = [b.key for b in RulesScreen.built().BINDINGS if isinstance(b, Binding)]
    assert rules == ["a", "c", "x", "t"]
    games.unregister(RACE.id)
    assert TitleScreen.built() is before


async def test_a_game_registered_after_start_up_gets_its_key(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """The app is running when the game arrives: a title built afterwards opens its
    setup by its key, and the rules the app kept are built again with its tab and key."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)  # no such game yet: nothing happens
        await pilot.press("r")  # the rules, kept by the app for next time
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        games.register(RACE)
        await app.push_screen(TitleScreen.built()())
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.game_id == "race"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await pilot.press("x")
        await pilot.pause()
        assert rules.game_id == "race"

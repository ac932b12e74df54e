"""A game defined in the test suite alone (``tests/support/third_game.py``) gets a plain
table for free: its log heard as sentences, every question answered by the defaults of
``TableWords``, its setup asked in words from its spec."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.plain.test_plain_menus import plain_app
from tests.support.plain import PlainHarness
from tests.support.table import ScriptedDice
from tests.support.third_game import RACE
from tui import games
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.plain.dialog import Ended
from tui.plain.menus import Menus


@pytest.fixture(autouse=True)
def race() -> Iterator[None]:
    games.register(RACE)
    yield
    games.unregister(RACE.id)


def test_a_third_game_is_played_to_the_end_in_words(tmp_path: Path) -> None:
    config = GameConfig("race", (Seat("Ann"), Seat("Ben", "casual")), first_seat=0)
    dice = ScriptedDice([1, 2, 3, 3, 2])  # the secret sprints (1, 2), then the steps
    table = PlainHarness.of(games.new_controller(config, dice), config, tmp_path)
    assert table.prompt == "Ann, your move. s step, p sprint. > "
    table.type("s")
    for question in ("1", "2", "3", "4", "5", "8"):
        table.type(question)
    table.type("s")
    text = table.text
    assert "Ann steps 3." in text and "Ben steps 3." in text
    assert "Ann wins the race." in text
    assert "The pot holds 5." in text  # the middle of the table, as the game counts it
    assert "Ann: 3; Ben: 3." in text
    assert "Round 1: it is your turn, Ann." in text
    assert "Your sprint is 1 square." in text, "the third game's own secret, in its words"
    assert "The odds are off: o turns them on." in text
    assert table.text.endswith("The game is over: r rematch, t back to title. > ")


async def test_a_third_game_is_set_up_in_words(tmp_path: Path) -> None:
    number = str(1 + [spec.id for spec in games.all_games()].index("race"))
    answers = [number, "Ann, Ben", "", "", "2", "", "", ""]
    app, started = plain_app(tmp_path, answers)
    with pytest.raises(Ended):
        await Menus(app).title()
    assert started[0].options == {"goal": "long"}
    assert [seat.name for seat in started[0].seats] == ["Ann", "Ben"]

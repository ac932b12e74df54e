"""From launch to the first roll in a few keys (issue 16, item 1), counted by playing them.

Each test presses the keys a group would, one by one, and counts every key that is not
a letter of a name being typed (names are typed however long they are). The targets:
a new group's four-player Aces table with two computers reaches its first roll in at
most 5 such keys; the next evening, "Play again" and the roll are 2; one person and
nineteen computers at Chase are a handful.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tests.support.table import table_of
from tui.cli import parse
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen

MakeApp = Callable[..., Any]

Name = tuple[str]
"""A name typed: its letters are not counted."""


async def _play(pilot: Any, keys: Sequence[str | Name]) -> int:
    """Press ``keys`` (a 1-tuple is a name, typed letter by letter); the count of the
    other keys."""
    counted = 0
    for key in keys:
        if isinstance(key, tuple):
            await pilot.press(*key[0])
        else:
            await pilot.press(key)
            counted += 1
        await pilot.pause()
    return counted


def _seats(app: Any) -> list[tuple[str, bool]]:
    controller = table_of(app).controller
    return [(seat.name, seat.human) for seat in controller.seats]


async def test_a_new_group_reaches_the_first_roll_in_five_keys_then_two(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        keys: list[str | Name] = ["a", ("Ann",), "enter", ("Ben",), "enter", "enter", "r"]
        counted = await _play(pilot, keys)
        assert _seats(app) == [("Ann", True), ("Ben", True), ("Ada", False), ("Alan", False)]
        assert table_of(app).controller.view(None).phase != "start", "the roll-off was rolled"
        assert counted <= 5, counted
        assert counted == 5
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        assert isinstance(again.screen, TitleScreen)
        counted = await _play(pilot, ["p", "r"])
        assert _seats(again) == [("Ann", True), ("Ben", True), ("Ada", False), ("Alan", False)]
        assert table_of(again).controller.view(None).phase != "start"
        assert counted == 2


async def test_enter_plays_again_too_and_the_setup_opens_with_the_last_table(
    make_app: MakeApp,
) -> None:
    """Play again is the first line of the menu, so Enter starts it as well; the setup
    of that game opens with the same seats and computers, with Start focused."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _play(pilot, ["a", ("Ann",), "enter", ("Ben",), "enter", "1", "enter"])
        assert _seats(app) == [("Ann", True), ("Ben", True), ("Ada", False)]
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await _play(pilot, ["a"])
        setup = again.screen
        assert isinstance(setup, SetupScreen)
        assert [(row.clean, row.kind) for row in setup.rows()] == [
            ("Ann", "person"),
            ("Ben", "person"),
            ("Ada", "casual"),
        ]
        assert again.focused is setup.query_one("#start")
        await _play(pilot, ["escape", "enter"])
        assert _seats(again) == [("Ann", True), ("Ben", True), ("Ada", False)]


async def test_one_person_and_nineteen_computers_in_six_keys(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        keys: list[str | Name] = ["c", ("Ann",), "enter", "ctrl+r", "1", "9", "enter"]
        counted = await _play(pilot, keys)
        seats = _seats(app)
        assert len(seats) == 20 and seats[0] == ("Ann", True)
        assert not any(human for _, human in seats[1:])
        assert counted == 6


def test_the_play_again_line_fits_its_cells_with_wide_names() -> None:
    """Cut by cells, not characters: twenty-character names of wide characters wrapped
    the line and pushed the menu down a row."""
    from rich.cells import cell_len

    from tui.engine.controller import Seat
    from tui.gameconfig import GameConfig
    from tui.screens.title import TABLE_LINE_CELLS, _table_line

    wide = GameConfig("chase", (Seat("漢字" * 10), Seat("😀🎲漢字漢字"), Seat("Ada", "casual")))
    line = _table_line(wide)
    assert line.startswith("Chase: 漢字漢字") and line.endswith("…")
    assert cell_len(line) <= TABLE_LINE_CELLS < len(line) * 2
    short = _table_line(GameConfig("aces", (Seat("Ann"), Seat("Ben"), Seat("Ada", "casual"))))
    assert short == "Aces: Ann, Ben + 1 computer"


async def test_play_again_is_the_table_last_played_from_the_command_line(
    make_app: MakeApp,
) -> None:
    """Issue 38, item 13: ``party-dice play`` is remembered as the setup screen's tables
    are, so the next evening's "Play again" is that table, not an older one."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _play(pilot, ["a", ("Ann",), "enter", ("Ben",), "enter", "1", "enter"])
    played = make_app(start=parse(["play", "chase", "--names", "Cleo,Dan", "--computers", "2"]))
    async with played.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table_of(played).controller.game_id == "chase"
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await _play(pilot, ["p"])
        table = table_of(again)
        assert table.controller.game_id == "chase"
        assert [seat.name for seat in table.controller.seats][:2] == ["Cleo", "Dan"]

"""A real table process over a real socket: three terminals and a spectator play
whole games; nothing private reaches a terminal that does not hold its seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.share import (
    Robot,
    aces_config,
    chase_config,
    hidden_cards,
    leaks,
    messages,
    private_dirs,
)
from tui.gameconfig import GameConfig
from tui.share.client import open_tables
from tui.share.process import launch
from tui.share.transport import supported

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")


def play_whole_game(config: GameConfig) -> tuple[list[Robot], Robot]:
    name, code = launch(config, ["Ann"], idle=20)
    spectator = Robot(name, None, code)
    people = [Robot(name, seat, code) for seat in ("Ann", "Ben", "Cleo")]
    for robot in (spectator, *people):
        robot.connect()
    threads = [robot.thread() for robot in (spectator, *people)]
    for thread in threads:
        thread.join(60)
    for robot in (spectator, *people):
        assert robot.error is None, robot.error
        assert robot.outcome == "over", robot.outcome
    return people, spectator


def test_a_whole_chase_game_shows_each_terminal_only_its_own_cards(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    config = chase_config()
    people, spectator = play_whole_game(config)
    actions = [m["action"] for m in messages(spectator.lines) if m["t"] == "move"]
    truth = hidden_cards(config, actions)
    assert any(truth), "the game never hid a card: the test would prove nothing"
    for index, robot in enumerate(people):
        assert robot.moves > 0
        assert leaks(robot, truth, {index}) == []
    assert leaks(spectator, truth, set()) == []
    last = [m for m in messages(spectator.lines) if "snap" in m][-1]
    assert last["snap"]["over"] and last["snap"]["public"]["winners"]


@pytest.mark.slow
def test_a_whole_aces_game_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    people, spectator = play_whole_game(aces_config())
    assert all(robot.moves > 0 for robot in people)
    last = [m for m in messages(spectator.lines) if "snap" in m][-1]
    assert last["snap"]["over"] and last["snap"]["public"]["winners"]


def test_join_list_names_the_host_game_and_free_seats(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=3)
    listed = dict(open_tables())
    assert listed[name]["game"] == "chase"
    assert listed[name]["free"] == ["Ben", "Cleo"]
    assert code not in json.dumps(listed[name]) and code not in name

"""``party-dice odds``: the fairness table without a screen (Aces exact, Chase simulated)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.cli import parse as parse_command
from tui.engine.aces.odds import ChainSpec
from tui.engine.aces.odds_solve import solve_all
from tui.simulate.odds import main


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    found: dict[str, object] = json.loads(capsys.readouterr().out)
    return found


def test_the_command_line_routes_odds() -> None:
    command = parse_command(["odds", "aces", "--players", "3"])
    assert command.kind == "odds"
    assert command.rest == ("aces", "--players", "3")


def test_aces_odds_are_the_chains_by_turn_order(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(
        capsys, "aces", "--players", "3", "--variant", "right-pass", "--first-seat", "2"
    )
    seats = found["seats"]
    assert isinstance(seats, list)
    chances = [row["chance"] for row in seats]
    first, second, third = solve_all(ChainSpec(3, 6, step=-1)).chances((2, 2, 2))
    assert chances == pytest.approx([third, first, second])  # seat 2 rolls first
    assert [row["label"] for row in seats] == ["rolls 3rd", "rolls 1st", "rolls 2nd"]
    assert sum(chances) == pytest.approx(1)
    assert all(row["stderr"] == 0 for row in seats)


def test_aces_odds_come_from_the_cache_the_second_time(
    capsys: pytest.CaptureFixture[str], cache: Path
) -> None:
    one = run_json(capsys, "aces", "--players", "2")
    assert list((cache / "party-dice" / "odds").iterdir())
    assert run_json(capsys, "aces", "--players", "2") == one


def test_chase_odds_are_simulated_with_their_errors(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(capsys, "chase", "--players", "4", "--games", "200", "--seed", "5")
    seats = found["seats"]
    assert isinstance(seats, list)
    assert seats[0]["label"] == "deals first"
    assert all(0 < row["stderr"] < 0.05 for row in seats)
    # Someone loses a life in nearly every first round, so the chances add to about one.
    assert 0.9 < sum(row["chance"] for row in seats) < 1.6
    assert "simulated: 200 first rounds" in str(found["method"])
    assert run_json(capsys, "chase", "--players", "4", "--games", "200", "--seed", "5") == found


def test_text_output_names_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["aces", "--players", "2", "--variant", "single-die"]) == 0
    out = capsys.readouterr().out
    assert "Single-Die" in out and "Seat 1  rolls 1st" in out and "%" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [(["aces", "--players", "9"], "2 to 6"), (["dominoes"], "unknown game"), ([], "choose a game")],
)
def test_bad_requests_say_why_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("party-dice odds: ") and words in err and err.count("\n") == 1

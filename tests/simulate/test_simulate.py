"""``party-dice simulate``: reproducible, honest numbers, one-line errors, no Textual."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.scripted import ScriptedRandom
from tui.simulate import cli, play
from tui.simulate.cli import main, parse
from tui.simulate.play import Options, Table
from tui.simulate.report import Progress
from tui.simulate.stats import Spread, wilson_interval

ROOT = Path(__file__).resolve().parents[2]


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main([*args, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


TIMING_KEYS = frozenset({"seconds", "games_per_second", "turns_per_second", "rounds_per_second"})
"""The keys of the JSON report that depend on the machine rather than on the seed."""


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in TIMING_KEYS}


# Reproducible output ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["aces", "--players", "5", "--games", "200", "--seed", "7", "--first-seat", "2"],
        [
            "aces",
            "--games",
            "100",
            "--seed",
            "3",
            "--variant",
            "last-roll",
            "--bot-level",
            "casual",
        ],
        ["chase", "--players", "7", "--games", "30", "--seed", "11", "--first-seat", "4"],
        ["chase", "--games", "20", "--seed", "5", "--variant", "pairs-safe"],
    ],
)
def test_same_seed_and_first_seat_give_the_same_output(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_json(args, capsys)
    second = run_json(args, capsys)
    assert without_timing(first) == without_timing(second)
    other_seed = run_json([*args, "--seed", "999"], capsys)
    assert without_timing(other_seed) != without_timing(first)


def test_text_report_is_reproducible_apart_from_speed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["aces", "--players", "3", "--games", "50", "--seed", "1", "--first-seat", "1"]
    outputs = []
    for _ in range(2):
        assert main(args) == 0
        out, err = capsys.readouterr()
        assert err == ""
        outputs.append([line for line in out.splitlines() if not line.startswith("Speed:")])
    assert outputs[0] == outputs[1]
    assert "Aces in the Pot: 50 games, 3 players" in outputs[0][0]


# The numbers add up -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "games"), [("aces", 2, 300), ("aces", 6, 200), ("chase", 3, 40)]
)
def test_wins_add_up_to_games(
    game: str, players: int, games: int, capsys: pytest.CaptureFixture[str]
) -> None:
    data = run_json([game, "--players", str(players), "--games", str(games)], capsys)
    wins = data["wins_by_seat"]
    assert isinstance(wins, list) and len(wins) == players
    assert sum(wins) == games  # no shared wins: all out at once replays by default
    assert data["game"] == game and data["players"] == players and data["games"] == games
    unit = "turns" if game == "aces" else "rounds"
    assert isinstance(data[f"mean_{unit}"], float) and data[f"mean_{unit}"] >= 1
    assert data[f"min_{unit}"] <= data[f"mean_{unit}"] <= data[f"max_{unit}"]
    for rate, (lo, hi) in zip(data["win_rate_by_seat"], data["ci95_by_seat"], strict=True):
        assert 0 <= lo <= rate <= hi <= 1
    assert isinstance(data["seconds"], float) and data["seconds"] > 0


def test_json_names_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no settings: the first level
    args = ["aces", "--games", "5", "--seed", "2", "--variant", "single-die"]
    data = run_json([*args, "--variant", "three-chip", "--ace-six", "pass"], capsys)
    assert data["variants"] == ["three-chip", "single-die"]
    assert data["seed"] == 2 and data["first_seat"] is None
    assert data["ace_six"] == "pass" and data["bot"] == "casual"
    assert data["players"] == 4
    chase = run_json(["chase", "--games", "2", "--first-seat", "3"], capsys)
    assert chase["players"] == 6 and chase["first_seat"] == 3
    assert "mean_rounds" in chase and "rounds_per_second" in chase and "ace_six" not in chase


# The one-chip ace+six choice ----------------------------------------------------------

# Three players, seat 1 starts (no roll-off). Seat 1 rolls ace+3 (down to one chip), seat 2
# rolls two aces (down to zero), seat 3 rolls nothing, then seat 1 rolls ace+six with one
# chip. Into the pot: only seat 3 still holds chips and wins at once, after 4 turns.
# Passed: seat 2 is back in; seat 2 rolls nothing, seat 3 rolls two aces, seat 2 wins.
ACE_SIX_DICE = [1, 3, 1, 1, 2, 3, 1, 6, 2, 3, 1, 1]


@pytest.mark.parametrize(("ace_six", "winner", "turns"), [("pot", 2, 4), ("pass", 1, 6)])
def test_ace_six_pot_and_pass_resolve_the_choice(ace_six: str, winner: int, turns: int) -> None:
    options = Options("aces", 3, 1, seed=0, first_seat=1, force=ace_six)
    assert Table(options).play(ScriptedRandom(dice=ACE_SIX_DICE)) == ((winner,), turns)


SIX_ACE_DICE = [1, 3, 1, 1, 2, 3, 6, 1, 2, 3, 1, 1]
"""As ``ACE_SIX_DICE``, but seat 1's last roll shows the six first."""


@pytest.mark.parametrize(
    ("dice", "winner", "turns"),
    [(ACE_SIX_DICE, 2, 4), (SIX_ACE_DICE, 1, 6)],
    ids=["ace-first-pot", "six-first-pass"],
)
def test_ace_six_bot_lets_the_bot_choose(dice: list[int], winner: int, turns: int) -> None:
    """The casual computer reads the dice in order: ace first, the pot; six first, it
    passes. So "always pot", "always pass" or a simulation ignoring the bot each get one
    of the two games wrong."""
    options = Options("aces", 3, 1, seed=0, first_seat=1, force="bot", bot="casual")
    assert Table(options).play(ScriptedRandom(dice=dice)) == ((winner,), turns)


def test_force_and_its_aces_spelling_are_one_option() -> None:
    """``--force`` is the generic flag; a game's own spelling (``--ace-six``, from its
    registry entry) is the same option, so giving both is refused like any repeat."""
    assert parse(["aces", "--force", "pass"]).force == "pass"
    assert parse(["aces", "--ace-six", "pot"]).force == "pot"
    assert parse(["aces", "--ace-six", "pot", "--force", "pass"]).force == "pass"  # the last


def test_the_text_report_names_the_forced_choice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["aces", "--games", "3", "--seed", "1", "--force", "pass"]) == 0
    out, _ = capsys.readouterr()
    assert "; ace+six: pass" in out.splitlines()[1]
    assert main(["chase", "--games", "2", "--seed", "1"]) == 0
    out, _ = capsys.readouterr()
    assert "ace+six" not in out


def test_ace_six_pot_and_pass_change_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["aces", "--players", "6", "--games", "400", "--seed", "4", "--first-seat", "1"]
    pot = without_timing(run_json([*args, "--ace-six", "pot"], capsys))
    passed = without_timing(run_json([*args, "--ace-six", "pass"], capsys))
    del pot["ace_six"], passed["ace_six"]
    assert pot != passed


# Bad input: status 2, one line, no traceback -------------------------------------------

BAD_INPUT = [
    ([], "aces or chase"),
    (["poker"], "aces or chase"),
    (["aces", "--players", "1"], "2 to 6"),
    (["aces", "--players", "7"], "2 to 6"),
    (["aces", "--players", "four"], "2 to 6"),
    (["chase", "--players", "2"], "3 to 20"),
    (["chase", "--players", "21"], "3 to 20"),
    (["aces", "--games", "0"], "positive"),
    (["aces", "--games", "-3"], "positive"),
    (["aces", "--games", "lots"], "positive"),
    (["aces", "--first-seat", "0"], "1 to 4"),
    (["aces", "--players", "3", "--first-seat", "4"], "1 to 3"),
    (["chase", "--players", "20", "--first-seat", "21"], "1 to 20"),
    (["aces", "--variant", "no-such"], "three-chip, right-pass, last-roll, single-die"),
    (["aces", "--variant", "announce-low"], "three-chip, right-pass, last-roll, single-die"),
    (["chase", "--variant", "last-roll"], "announce-low, dealers-king, dealer-draws"),
    (["aces", "--bot-level", "genius"], "casual or sharp"),
    (["aces", "--ace-six", "both"], "pot, pass or bot"),
    (["chase", "--ace-six", "pot"], "chase has no choice to force: --force is for aces"),
    (["chase", "--force", "pot"], "chase has no choice to force: --force is for aces"),
    (
        ["aces", "--force", "both"],
        "unknown ace+six choice 'both' to force: choose pot, pass or bot",
    ),
    (["aces", "--seed", "x"], "whole number"),
    (["aces", "--no-such-option"], "--help"),
    (["aces", "--players"], "--help"),
]


@pytest.mark.parametrize(("args", "hint"), BAD_INPUT)
def test_bad_input_exits_2_with_one_line(
    args: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert err.startswith("party-dice simulate: ")
    assert hint in err
    assert "Traceback" not in err


def test_bad_input_from_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tui.simulate", "aces", "--variant", "kings-swap"],
        cwd=ROOT,
        capture_output=True,
        check=False,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        (
            "party-dice simulate: 'kings-swap' is a chase variant: aces variants are "
            "three-chip, right-pass, last-roll, single-die"
        )
    ]


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out, _ = capsys.readouterr()
    assert "--force" in out and "--ace-six" in out and "--first-seat" in out


def test_parse_defaults(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no settings: the first level
    options = parse(["chase", "--seed", "3"])
    assert (options.players, options.games, options.bot, options.force) == (
        6,
        1000,
        "casual",
        None,
    )
    options = parse(["aces", "--variant", "last-roll", "--variant", "last-roll"])
    assert options.players == 4 and options.force == "bot" and options.variants == ("last-roll",)
    assert isinstance(options.seed, int)


# The progress bar ----------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_draws_at_most_ten_times_a_second_then_clears() -> None:
    terminal, clock = FakeTerminal(), Clock()
    bar = Progress(terminal, 1000, "aces", clock=clock)
    for done in range(1, 1001):
        clock.now = done * 0.001  # one game per millisecond: one second in all
        bar.update(done)
    drawn = terminal.getvalue()
    assert 5 <= drawn.count("\r") <= 10
    assert "simulating aces [" in drawn and "games" in drawn
    bar.finish()
    wiped = terminal.getvalue()[len(drawn) :]
    assert wiped.startswith("\r") and wiped.endswith("\r") and wiped.strip() == ""


def test_progress_stays_silent_for_short_runs_and_off_a_terminal() -> None:
    terminal, clock = FakeTerminal(), Clock()
    bar = Progress(terminal, 10, "aces", clock=clock)
    for done in range(1, 11):
        bar.update(done)
    bar.finish()
    assert terminal.getvalue() == ""
    piped = io.StringIO()
    bar = Progress(piped, 10, "aces", clock=clock)
    for done in range(1, 11):
        clock.now += 1
        bar.update(done)
    bar.finish()
    assert piped.getvalue() == ""


def test_no_progress_bar_when_stderr_is_not_a_terminal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tui.simulate", "aces", "--games", "3000", "--seed", "1"],
        cwd=ROOT,
        capture_output=True,
        check=False,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert done.stderr == ""
    assert "Aces in the Pot: 3,000 games" in done.stdout


# No Textual on the simulate path ---------------------------------------------------------

CHECK_MODULES = """
import sys
{run}
loaded = sorted(name for name in sys.modules if name.split(".")[0] in ("textual", "rich"))
assert not loaded, loaded
print("clean")
"""


@pytest.mark.parametrize(
    "run",
    [
        "from tui.simulate.cli import main; assert main(['aces', '--games', '2']) == 0",
        "from tui.simulate.cli import main; assert main(['chase', '--games', '1', '--json']) == 0",
        "from tui.__main__ import main; assert main(['simulate', 'aces', '--games', '1']) == 0",
    ],
)
def test_simulate_never_imports_textual(run: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK_MODULES.format(run=run)],
        cwd=ROOT,
        capture_output=True,
        check=False,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "clean"


# Statistics ---------------------------------------------------------------------------------


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and 0.25 < hi < 0.35  # never a zero-width interval
    assert wilson_interval(10, 10)[1] == pytest.approx(1) and wilson_interval(10, 10)[0] < 0.8
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_spread() -> None:
    spread = Spread.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert spread.mean == 5 and spread.sd == pytest.approx(2.138, abs=1e-3)
    assert (spread.low, spread.high, spread.total) == (2, 9, 40)
    assert Spread.of([3]) == Spread(3.0, 0.0, 3, 3, 3)


def test_each_game_has_its_own_reproducible_random_source() -> None:
    assert play.game_rng(5, 2).random() == play.game_rng(5, 2).random()
    assert play.game_rng(5, 2).random() != play.game_rng(5, 3).random()
    assert play.game_rng(5, 2).random() != play.game_rng(6, 2).random()


def test_variant_names_and_player_counts_match_the_engines() -> None:
    from tui.engine.aces import rules as aces_rules
    from tui.engine.chase import rules as chase_rules

    assert set(cli.VARIANTS["aces"]) == set(aces_rules.VARIANTS)
    assert set(cli.VARIANTS["chase"]) == set(chase_rules.VARIANTS)
    assert cli.PLAYERS["aces"] == (aces_rules.MIN_PLAYERS, aces_rules.MAX_PLAYERS)
    assert cli.PLAYERS["chase"] == (chase_rules.MIN_PLAYERS, chase_rules.MAX_PLAYERS)

"""The command line: every bad value exits 2 with one line, never a traceback; the
paths that print (rules, version, simulate) never load Textual."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tui import __version__, games
from tui.__main__ import main
from tui.cli import UsageError, parse
from tui.commands import Command, PlayRequest
from tui.gameconfig import (
    GameConfig,
    bot_names,
    clean_name,
    count_problem,
    name_problems,
    table_problem,
)
from tui.rules import markdown, plain_text

BAD = [
    (["play", "poker", "--names", "Ann,Ben"], "choose from 'aces', 'chase'"),
    (["play", "aces", "--names", "Ann"], "2 to 6"),
    (["play", "aces", "--names", "A,B,C,D,E", "--computers", "2"], "2 to 6"),
    (["play", "chase", "--names", "Ann,Ben"], "3 to 20"),
    (["play", "chase", "--names", "Ann", "--computers", "20"], "3 to 20"),
    (["play", "aces", "--names", "Ann,,Ben"], "needs a name"),
    (["play", "aces", "--names", "Ann, ann"], "same name as seat 1"),
    (["play", "aces", "--names", "Ann," + "x" * 21], "at most 20"),
    (["play", "aces", "--names", "Ann,Ben", "--variant", "four-lives"], "three-chip"),
    (["play", "chase", "--names", "A,B,C", "--variant", "nope"], "announce-low"),
    (["play", "aces", "--names", "Ann,Ben", "--seed", "x"], "whole number"),
    (["play", "aces", "--names", "Ann,Ben", "--seed", "-1"], "at least 0"),
    (["play", "aces", "--names", "Ann,Ben", "--first-seat", "3"], "between 1 and 2"),
    (["play", "aces", "--names", "Ann,Ben", "--first-seat", "0"], "at least 1"),
    (["play", "aces", "--names", "Ann,Ben", "--computers", "-2"], "at least 0"),
    (["play", "aces", "--names", "Ann,Ben", "--bot-level", "genius"], "casual"),
    (["play", "aces", "--names", "Ann,Ben", "--match", "forever"], "bankroll"),
    (["play", "aces", "--names", "Ann,Ben", "--rounds", "2", "--bankroll", "5"], "--rounds"),
    (["play", "aces", "--names", "Ann,Ben", "--all-out", "share"], "chase only"),
    (["play", "chase", "--names", "A,B,C", "--rounds", "2"], "aces only"),
    (["play", "aces"], "--names"),
    (["rules", "chess"], "choose from 'aces', 'chase'"),
    (["dance"], "choose from 'play', 'host', 'join', 'resume', 'rules', 'simulate'"),
    (["--bogus"], "--help"),
]


@pytest.mark.parametrize(("argv", "hint"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_values_exit_2_with_one_line(
    argv: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith("party-dice")
    assert hint.lower() in err.lower()


def test_a_bad_value_from_a_real_process_is_one_line() -> None:
    """The console entry point itself: status 2, one line, nothing else."""
    result = subprocess.run(
        [sys.executable, "-m", "tui", "play", "aces", "--names", "[bold]Ann\x1b,[bold]ann"],
        check=False,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "\x1b" not in result.stderr
    assert "[bold]ann" in result.stderr


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"party-dice {__version__}"


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("play", "resume", "simulate", "rules", "--ascii", "--version"):
        assert command in out


@pytest.mark.parametrize("game_id", ["aces", "chase"])
def test_rules_print_as_plain_text(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game_id]) == 0
    out = capsys.readouterr().out
    assert out == plain_text(game_id)
    assert "**" not in out and "`" not in out and "\n#" not in out
    assert max(len(line) for line in out.splitlines()) <= 78
    rulings = ["A1", "A4", "A8"] if game_id == "aces" else ["C1", "C5", "C10"]
    for ruling in rulings:
        assert f"\n{ruling}. " in out


def test_rules_keep_every_ruling_and_variant() -> None:
    aces, chase = markdown("aces"), markdown("chase")
    for n in range(1, 9):
        assert f"### A{n}. " in aces
    for n in range(1, 11):
        assert f"### C{n}. " in chase
    for name in ("three-chip", "right-pass", "last-roll", "single-die"):
        assert f"`{name}`" in aces
    for name in ("announce-low", "dealers-king", "dealer-draws", "four-lives", "kings-swap"):
        assert f"`{name}`" in chase


def _fresh(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


PROBE = """
import sys, io, contextlib
from tui.__main__ import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    status = main(sys.argv[1:])
print(status, "textual" in sys.modules, "rich" in sys.modules)
"""


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["simulate", "aces", "--players", "3", "--games", "2", "--seed", "1"], 0),
        (["simulate", "chase", "--games", "1", "--json"], 0),
        (["rules", "aces"], 0),
        (["--version"], 0),
        (["play", "aces", "--names", "Ann"], 2),  # one player: a usage error
    ],
    ids=["simulate-aces", "simulate-chase", "rules", "version", "bad-play"],
)
def test_printing_paths_never_import_textual(argv: list[str], code: int) -> None:
    """Each command's own exit status, and neither Textual nor Rich loaded for it."""
    result = _fresh(PROBE, *argv)
    assert result.returncode == 0, result.stderr
    status, textual_loaded, rich_loaded = result.stdout.split()
    assert status == str(code)
    assert textual_loaded == "False"
    assert rich_loaded == "False"


def test_no_terminal_says_ssh_t_and_exits_2() -> None:
    """Without a tty on stdin and stdout (``ssh host party-dice``): one line, status 2."""
    for argv in ([], ["play", "aces", "--names", "Ann,Ben"], ["resume"]):
        result = subprocess.run(
            [sys.executable, "-m", "tui", *argv],
            stdin=subprocess.DEVNULL,
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
        assert "ssh -t" in result.stderr


def test_simulate_is_delegated_with_its_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    import tui.simulate.cli

    def fake_main(argv: list[str]) -> int:
        seen.append(argv)
        return 7

    monkeypatch.setattr(tui.simulate.cli, "main", fake_main)
    assert main(["simulate", "aces", "--players", "3"]) == 7
    assert seen == [["aces", "--players", "3"]]


# -- parsing into a game ---------------------------------------------------------------


def test_play_builds_the_table_people_first_then_computers() -> None:
    command = parse(
        [
            *("play", "chase", "--names", " Ann , Ben", "--computers", "2", "--bot-level", "sharp"),
            *("--variant", "four-lives", "--variant", "dealer-draws", "--seed", "9"),
            *("--first-seat", "2", "--all-out", "share"),
        ]
    )
    assert command.kind == "play" and command.play is not None
    config = command.play.config()
    assert config.names[:2] == ("Ann", "Ben")
    assert [seat.bot for seat in config.seats] == [None, None, "sharp", "sharp"]
    assert config.variants == {"four-lives", "dealer-draws"}
    assert config.seed == 9
    assert config.first_seat == 1
    assert games.engine_options(config) == {"first_dealer": 1, "all_out": "share"}
    assert config.problem() is None


def test_play_without_variants_takes_the_settings() -> None:
    command = parse(["play", "aces", "--names", "Ann,Ben", "--computers", "1"])
    assert command.play is not None and command.play.variants is None
    config = command.play.config(default_variants=frozenset({"last-roll"}), default_level="sharp")
    assert config.variants == {"last-roll"}
    assert config.seats[-1].bot == "sharp"


@pytest.mark.parametrize(
    ("extra", "match", "rounds", "bankroll"),
    [
        ([], "single", 3, 10),
        (["--rounds", "5"], "rounds", 5, 10),
        (["--bankroll", "20"], "bankroll", 3, 20),
        (["--match", "bankroll"], "bankroll", 3, 10),
        (["--match", "rounds", "--rounds", "2"], "rounds", 2, 10),
    ],
)
def test_aces_match_options(extra: list[str], match: str, rounds: int, bankroll: int) -> None:
    command = parse(["play", "aces", "--names", "Ann,Ben", *extra])
    assert command.play is not None
    options = command.play.options
    assert (options["match"], options["rounds"], options["bankroll"]) == (
        match,
        rounds,
        bankroll,
    )


def test_ascii_anywhere_and_plain_commands() -> None:
    assert parse([]) == Command("title")
    assert parse(["--ascii"]).ascii
    assert parse(["play", "aces", "--names", "A,B", "--ascii"]).ascii
    assert parse(["--ascii", "resume"]) == Command("resume", ascii=True)
    assert parse(["rules", "chase"]).game_id == "chase"
    assert parse(["simulate", "--help"]) == Command("simulate", rest=("--help",))


def test_plain_is_asked_for_anywhere_a_table_can_be() -> None:
    assert parse(["--plain"]) == Command("title", plain=True)
    assert parse(["play", "aces", "--names", "A,B", "--plain"]).plain
    assert parse(["resume", "--plain"]) == Command("resume", plain=True)
    assert parse(["join", "--plain", "--seat", "Ben"]).plain
    assert parse(["host", "chase", "--names", "A,B,C", "--plain"]).plain
    assert not parse(["play", "aces", "--names", "A,B"]).plain
    with pytest.raises(UsageError):
        parse(["rules", "aces", "--plain"])  # rules are plain text already


def test_plain_without_a_terminal_to_read_from_says_so() -> None:
    """The plain table reads lines from a terminal; its output may go anywhere."""
    for argv in (["--plain"], ["play", "aces", "--names", "Ann,Ben", "--plain"]):
        result = subprocess.run(
            [sys.executable, "-m", "tui", *argv],
            stdin=subprocess.DEVNULL,
            check=False,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and "ssh -t" in result.stderr


def test_usage_error_is_raised_not_printed() -> None:
    with pytest.raises(UsageError, match=r"^party-dice play: "):
        parse(["play", "aces", "--names", "Ann"])


# -- the shared checks -------------------------------------------------------------------


def test_clean_name_drops_control_and_invisible_characters() -> None:
    assert clean_name("  Ann\x1b[31m  Lee\u200b\u202e ") == "Ann[31m Lee"
    assert clean_name("[bold]Ben[/]") == "[bold]Ben[/]"
    assert clean_name("\t\n") == ""
    assert clean_name("Zoë 李") == "Zoë 李"


def test_name_problems_sit_at_the_seat_to_fix() -> None:
    problems = name_problems(["Ann", "", "ANN", "x" * 21, "Ben"])
    assert problems[0] is None
    assert problems[1] == "Needs a name."
    assert problems[2] == "Same name as seat 1."
    assert problems[3] is not None and "at most 20" in problems[3]
    assert problems[4] is None


def test_counts_and_tables() -> None:
    assert count_problem("aces", 2) is None and count_problem("aces", 6) is None
    assert count_problem("aces", 1) and count_problem("aces", 7)
    assert count_problem("chase", 3) is None and count_problem("chase", 20) is None
    assert count_problem("chase", 2) and count_problem("chase", 21)
    assert table_problem("aces", ["Ann", "Ben"]) is None
    assert table_problem("aces", ["Ann", ""]) == "Seat 2: needs a name."


def test_bot_names_never_clash() -> None:
    names = bot_names(["Ada", "alan"], 25)
    assert len({n.casefold() for n in names}) == 25
    assert "Ada" not in names and "Alan" not in names


def test_config_problem_and_engine_options() -> None:
    from tui.engine.controller import Seat

    seats = (Seat("Ann"), Seat("Ben", "casual"))
    config = GameConfig("aces", seats, first_seat=1, options={"match": "rounds", "rounds": 4})
    assert config.problem() is None
    assert games.engine_options(config) == {"first_seat": 1, "match": "rounds", "rounds": 4}
    assert GameConfig("aces", seats, variants=frozenset({"four-lives"})).problem()
    assert GameConfig("aces", seats, first_seat=2).problem()
    assert PlayRequest("aces", ("Ann", "Ben")).config().seats == (Seat("Ann"), Seat("Ben"))


ONE_COMMAND = [
    ["play", "aces", "--names", "Ann,Ben", "--seed", "3"],
    ["play", "--help"],
    ["play", "poker"],
    ["play"],
    ["play", "aces", "--names", "Ann,Ben", "--variant", "nope"],
    ["host", "--help"],
    ["host", "aces", "--idle", "0"],
    ["join", "--list"],
    ["resume", "extra"],
    ["rules", "x"],
]


@pytest.mark.parametrize("argv", ONE_COMMAND, ids=" ".join)
def test_the_parser_of_one_command_reads_as_the_whole_one(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``parse`` builds only the command it is given (cheaper at start-up): what it reads,
    prints and how it exits are the whole parser's."""
    from tui.cli import build_parser

    answers = []
    for only in (None, argv[0]):
        try:
            answer: object = vars(build_parser(only).parse_args(argv))
        except SystemExit as done:
            answer = ("exit", done.code)
        except UsageError as error:
            answer = ("usage", str(error))
        answers.append((answer, capsys.readouterr()))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("command", ["play", "host"])
def test_a_table_error_names_the_command_typed(command: str) -> None:
    """``host`` checks its table as ``play`` does, and says it was ``host``."""
    with pytest.raises(UsageError) as caught:
        parse([command, "chase", "--names", "Ann", "--computers", "1"])
    message = str(caught.value)
    assert message.startswith(f"party-dice {command}: Chase the Ace needs at least 3"), message


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--seed", "3"], "--seed goes after the command, as in `party-dice play aces --seed 3`"),
        (["--ascii", "--names=Ann,Ben"], "as in `party-dice play aces --names=Ann,Ben`"),
        (["--nope"], "unknown option --nope (`party-dice --help` lists"),
    ],
)
def test_a_commands_option_before_the_command_says_where_it_goes(
    argv: list[str], expected: str
) -> None:
    with pytest.raises(UsageError) as caught:
        parse(argv)
    assert expected in str(caught.value), caught.value


@pytest.mark.parametrize("command", ["rules", "resume"])
def test_every_command_help_has_a_description(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--help`` says what the command does between its usage and its options."""
    with pytest.raises(SystemExit):
        parse([command, "--help"])
    out = capsys.readouterr().out
    between = out.split("\n\n")[1]
    assert not between.startswith(("positional arguments", "options")), out

"""Issue 18 item 8: every count on the command line is checked before anything is built.

``--bots 99999999999`` once named that many computer players before the count was
checked, until the kernel killed the process. Now each count is refused at once with one
line, and the list of bot names is never asked for more seats than a table has.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import tui.cli
from tui.cli import UsageError, parse
from tui.gameconfig import bot_names

HUGE = "99999999999"


@pytest.fixture(autouse=True)
def no_big_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bot_names`` may only be asked for a table's worth of names."""

    def guarded(taken: Sequence[str], count: int) -> list[str]:
        assert count <= 20, f"bot_names asked for {count} names"
        return bot_names(taken, count)

    monkeypatch.setattr(tui.cli, "bot_names", guarded)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["play", "aces", "--names", "Ann", "--computers", HUGE],
            "--computers: must be at most 20",
        ),
        (["play", "aces", "--names", "Ann,Ben", "--computers", "19"], "at most 6 players"),
        (["play", "chase", "--names", "Ann", "--computers", "-1"], "at least 0"),
        (["play", "aces", "--names", "A,B", "--rounds", HUGE], "--rounds: must be at most 99"),
        (["play", "aces", "--names", "A,B", "--bankroll", HUGE], "must be at most 999"),
        (["play", "aces", "--names", "A,B", "--first-seat", HUGE], "must be at most 20"),
        (["play", "aces", "--names", "A,B", "--seed", "9" * 30], "--seed: must be at most"),
        (["play", "chase", "--names", ",".join(["x"] * 100_000)], "more than 20 people"),
        (["play", "aces", "--names", "A,B", "--computers", "9" * 5000], "a whole number, not"),
    ],
)
def test_a_count_out_of_range_is_refused_in_one_line(argv: list[str], said: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse(argv)
    message = str(caught.value)
    assert said in message and "\n" not in message and len(message) < 200, message


def test_counts_in_range_still_play() -> None:
    command = parse(["play", "chase", "--names", "Ann", "--computers", "19", "--seed", "7"])
    assert command.play is not None and command.play.bots == 19

"""The story of an Aces round (``tui.table.kits.aces_story``): the chart, the biggest
swing and the luckiest win, from the chances the table recorded."""

from __future__ import annotations

from tui.table.kits.aces_story import ASCII_RAMP, BLOCKS, RoundStory, sparkline

NAMES = ["Ann", "Ben", "Cleo"]


def story() -> RoundStory:
    told = RoundStory()
    told.record(1, 0, (0.3, 0.33, 0.37), 0)  # Ann to roll
    told.record(1, 1, (0.61, 0.2, 0.19), 1)  # after Ann's roll; Ben to roll
    told.record(1, 1, (0.61, 0.2, 0.19), 1)  # drawn again: the same moment
    told.record(1, 2, (0.09, 0.5, 0.41), 2)  # Ben's roll: Ann from 61 % to 9 %
    told.record(1, 3, (0.04, 0.92, 0.04), 0)
    return told


def test_the_biggest_swing_and_the_luckiest_win() -> None:
    lines = story().lines(2, NAMES, ascii_only=False)
    assert lines[0] == "Chances through the round:"
    assert [line.split()[0] for line in lines[1:4]] == NAMES
    assert "Biggest swing: Ann's roll took Cleo from 4 % to 100 %." in lines
    assert "Luckiest win: Cleo won from 4 %." in lines


def test_moments_are_counted_once_and_a_new_round_starts_afresh() -> None:
    told = story()
    assert len(told.moments) == 4
    told.record(2, 0, (0.5, 0.5, 0.0), 1)
    assert len(told.moments) == 1


def test_the_chart_reads_in_ascii_too() -> None:
    assert sparkline([0.0, 0.5, 1.0], ascii_only=False) == BLOCKS[0] + BLOCKS[4] + BLOCKS[-1]
    line = sparkline([0.0, 0.5, 1.0], ascii_only=True)
    assert line == ASCII_RAMP[0] + ASCII_RAMP[4] + ASCII_RAMP[-1] and line.isascii()
    assert all(line.isascii() for line in story().lines(2, NAMES, ascii_only=True))


def test_no_odds_seen_no_story() -> None:
    assert RoundStory().lines(0, NAMES, ascii_only=False) == []

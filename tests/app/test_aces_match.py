"""The standings across an Aces match (``tui.table.kits.aces_match``): a chart of every
seat's points or bank after each round, from the match's start."""

from __future__ import annotations

from tui.table.kits.aces_match import MatchStory
from tui.table.kits.aces_story import ASCII_RAMP, BLOCKS


def test_points_through_a_match_from_nothing() -> None:
    told = MatchStory()
    told.record(1, (0, 0, 2))
    told.record(2, (3, 0, 2))
    told.record(2, (3, 0, 2))  # the same round's end seen again
    told.record(3, (3, 4, 2))
    # Four moments (the start, then three rounds), scaled to the best score (4 points).
    assert told.trends(bankroll=False, ascii_only=False) == [
        BLOCKS[0] * 2 + BLOCKS[5] * 2,
        BLOCKS[0] * 3 + BLOCKS[7],
        BLOCKS[0] + BLOCKS[4] * 3,
    ]
    plain = told.trends(bankroll=False, ascii_only=True)
    assert plain[1] == ASCII_RAMP[0] * 3 + ASCII_RAMP[-1]
    assert all(ord(ch) < 128 for trend in plain for ch in trend)


def test_banks_start_from_an_equal_share_and_a_new_match_starts_afresh() -> None:
    told = MatchStory()
    told.record(1, (6, 3, 3))  # 12 chips on the table: 4 each at the start
    assert told.points(bankroll=True) == [(4, 4, 4), (6, 3, 3)]
    told.record(2, (8, 2, 2))
    told.record(1, (2, 5, 5))  # round 1 again: a rematch
    assert told.points(bankroll=True) == [(4, 4, 4), (2, 5, 5)]


def test_a_resumed_match_draws_only_the_rounds_seen() -> None:
    told = MatchStory()
    told.record(4, (5, 1, 0))
    told.record(5, (5, 1, 3))
    assert told.points(bankroll=False) == [(5, 1, 0), (5, 1, 3)]
    assert MatchStory().trends(bankroll=False, ascii_only=False) == []

"""Records by name, worked out from the history of finished games."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tui.storage.history import GameRecord, History
from tui.storage.records import name_records, read_records

START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def game(minute: int, players: str, winners: str, kind: str = "chase") -> GameRecord:
    return GameRecord(
        START + timedelta(minutes=minute),
        kind,
        (),
        tuple(players.split()),
        tuple(winners.split()),
        10,
        "rounds",
    )


def by_name(records: list) -> dict:  # type: ignore[type-arg]
    return {record.name: record for record in records}


def test_games_wins_and_rate_per_name_and_per_game() -> None:
    records = name_records(
        [
            game(0, "Ann Ben Cleo", "Ben"),
            game(1, "Ann Ben", "Ann", "aces"),
            game(2, "Ann Ben Cleo", "Ben"),
            game(3, "Ann Ben", "Ben", "aces"),
        ]
    )
    assert [r.name for r in records] == ["Ben", "Ann", "Cleo"]  # most wins first
    ben, ann, cleo = records
    assert (ben.games, ben.wins, round(ben.rate, 2)) == (4, 3, 0.75)
    assert (ann.games, ann.wins) == (4, 1)
    assert (cleo.games, cleo.wins, cleo.rate) == (2, 0, 0.0)
    assert [(t.game, t.games, t.wins) for t in ben.by_game] == [("chase", 2, 2), ("aces", 2, 1)]
    assert [(t.game, t.games, t.wins) for t in ann.by_game] == [("chase", 2, 0), ("aces", 2, 1)]


def test_best_streak_counts_wins_in_a_row_in_the_order_games_finished() -> None:
    # Given out of order: the streak follows the finishing times, not the list.
    games = [
        game(5, "Ann Ben", "Ann"),
        game(0, "Ann Ben", "Ann"),
        game(1, "Ann Ben", "Ann"),
        game(2, "Ann Ben", "Ben"),
        game(3, "Ann Ben", "Ann"),
        game(4, "Ben Cleo", "Cleo"),  # a game Ann did not play does not break her run
    ]
    records = by_name(name_records(games))
    assert records["Ann"].best_streak == 2
    assert records["Ben"].best_streak == 1
    assert records["Cleo"].best_streak == 1


def test_names_match_across_case_and_unicode_forms_shown_as_last_typed() -> None:
    composed, decomposed = "Zo\u00eb", "zoe\u0308"
    records = name_records(
        [game(0, f"{composed} Ben", composed), game(1, f"{decomposed} Ben", decomposed)]
    )
    zoe = by_name(records)[decomposed]
    assert (zoe.games, zoe.wins, zoe.best_streak) == (2, 2, 2)
    assert len(records) == 2


def test_a_shared_win_counts_for_each_and_a_repeated_name_once() -> None:
    records = by_name(name_records([game(0, "Ann Ann Ben", "Ann Ben")]))
    assert (records["Ann"].games, records["Ann"].wins) == (1, 1)
    assert (records["Ben"].games, records["Ben"].wins) == (1, 1)


def test_read_from_the_history_file(tmp_path: Path) -> None:
    path = tmp_path / "data" / "history.sqlite3"
    assert read_records(path) == ([], None)
    history = History(path)
    for minute, winner in enumerate(["Ann", "Ann", "Ben"]):
        history.record(
            game="aces",
            players=["Ann", "Ben"],
            winners=[winner],
            length=5,
            finished_at=START + timedelta(minutes=minute),
        )
    records, message = read_records(path)
    assert message is None
    assert [(r.name, r.games, r.wins, r.best_streak) for r in records] == [
        ("Ann", 3, 2, 2),
        ("Ben", 3, 1, 1),
    ]

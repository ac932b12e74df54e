"""A short evening of finished games in the history, for the Records screen's tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from tui.storage.history import History

EVENING = (
    ("chase", "Ben", ("Ann", "Ben", "Cleo")),
    ("aces", "Ben", ("Ann", "Ben")),
    ("chase", "Ann", ("Ann", "Ben", "Cleo")),
    ("aces", "Cleo", ("Ann", "Cleo")),
)
"""(game, winner, players) in the order they finished: Ben 2 of 3, Ann 1 of 4."""


def record_evening(extra_players: Sequence[str] = ()) -> None:
    """Record ``EVENING`` in the default history (the test's own data dir); the first
    game also seats ``extra_players`` (a big Chase table)."""
    history = History()
    start = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    for index, (game, winner, players) in enumerate(EVENING):
        seated = [*players, *(extra_players if index == 0 else ())]
        history.record(
            game=game,
            players=seated,
            winners=[winner],
            length=9,
            unit="rounds" if game == "chase" else "turns",
            finished_at=start + timedelta(minutes=20 * index),
        )

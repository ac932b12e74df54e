"""Issue 18 item 14: a locked history database never freezes the table.

Another session holds the history locked (a write transaction) when a game ends: the
last move must still be drawn at once, and the game is recorded once the lock is gone.
The history is written on a worker thread (``TableOpener.autosave``).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import Any

from tests.support.app import AppDirs
from tests.support.table import aces_config, table_of, write_settings
from tui.storage.history import History

MakeApp = Callable[..., Any]


async def test_a_locked_history_does_not_freeze_the_last_move(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    path = app_dirs.data / "party-dice" / "history.sqlite3"
    assert History(path).record(game="aces", players=["X", "Y"], winners=["X"], length=1) is None
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=5, first_seat=0))
        await pilot.pause()
        table = table_of(app)
        controller = table.controller
        moves = 0
        while True:
            probe = type(controller.game).from_dict(controller.game.to_dict())
            probe.apply(controller.actions()[0])
            if probe.over:
                break
            await pilot.press(controller.actions()[0].key)
            moves += 1
            assert moves < 500
        locker = sqlite3.connect(path, timeout=0)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            start = time.monotonic()
            await pilot.press(controller.actions()[0].key)
            await pilot.pause()
            elapsed = time.monotonic() - start
            assert controller.over
        finally:
            locker.rollback()
            locker.close()
        assert elapsed < 1.0, f"the table froze {elapsed:.1f} s on a locked history"
        await app.workers.wait_for_complete()
    found, problem = History(path).recent()
    assert problem is None and len(found) == 2

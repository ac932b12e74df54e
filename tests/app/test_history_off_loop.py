"""Issue 18 item 14: a locked history database never freezes the table.

Another session holds the history locked (a write transaction) when a game ends: the
last move must still be drawn at once, and the game is recorded once the lock is gone.
The history is written on a worker thread (``TableOpener.autosave``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.table import aces_config, on_top, table_of, write_settings
from tui.storage.history import History

MakeApp = Callable[..., Any]


async def test_a_locked_history_does_not_freeze_the_last_move(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While another session holds the history locked, the last move is made and the
    winner's screen drawn, the history's write still waiting on its thread; once the
    lock is gone the game is recorded. (No stopwatch: on a loaded machine drawing alone
    can take a second; what matters is that the table does not wait for the write.)"""
    from textual.worker import WorkerState

    from tui.session.table_model import RoundEnd

    write_settings(app_dirs.settings)
    path = app_dirs.data / "party-dice" / "history.sqlite3"
    assert History(path).record(game="aces", players=["X", "Y"], winners=["X"], length=1) is None
    locker = sqlite3.connect(path, timeout=0)
    connect = sqlite3.connect

    def patient(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        # The write waits for the lock far longer than this test holds it.
        connection: sqlite3.Connection = connect(*args, **{**kwargs, "timeout": WRITE_WAITS})
        return connection

    monkeypatch.setattr(sqlite3, "connect", patient)  # the history's own connections
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
        locker.execute("BEGIN EXCLUSIVE")
        try:
            await pilot.press(controller.actions()[0].key)
            await pilot.pause()
            assert controller.over
            final = on_top(app)
            assert isinstance(final, RoundEnd) and final.summary.final
            waiting = [w for w in app.workers if w.group == "history"]
            assert waiting and all(w.state is WorkerState.RUNNING for w in waiting)
        finally:
            locker.rollback()
            locker.close()
        await app.workers.wait_for_complete()
    found, problem = History(path).recent()
    assert problem is None and len(found) == 2


WRITE_WAITS = 20.0
"""Seconds the history's write waits for a lock in this test (SQLite's busy timeout)."""

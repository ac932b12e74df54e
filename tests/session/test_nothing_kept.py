"""A game left before its first move keeps nothing and says so (issue 38, item 11):
no save, no lock file left behind, and "nothing is kept" where it said "saved". A save
that holds every move is not marked stale, and its lock is dated as the save, not 1970."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.table import aces_config
from tui.session import Sessions
from tui.session.table_session import NOTHING_TO_KEEP, SAVED_HERE


def _sessions(tmp_path: Path) -> Sessions:
    return Sessions(saves_dir=tmp_path / "saves", history_path=tmp_path / "history.db")


def test_a_game_left_before_any_move_keeps_nothing(tmp_path: Path) -> None:
    session, _ = _sessions(tmp_path).start(aces_config(2, first_seat=0))
    assert session is not None
    assert session.comeback == NOTHING_TO_KEEP
    assert session.autosave() is None
    session.release()
    assert list((tmp_path / "saves").iterdir()) == [], "a lock file left for a game never saved"


def test_a_saved_games_lock_is_dated_as_its_save(tmp_path: Path) -> None:
    sessions = _sessions(tmp_path)
    session, _ = sessions.start(aces_config(2, first_seat=0))
    assert session is not None and session.slot is not None
    controller = session.controller
    controller.apply(controller.actions()[0])
    session.autosave()
    assert session.comeback == SAVED_HERE
    slot = session.slot
    session.release()
    saved = os.lstat(slot.path).st_mtime_ns
    locked = os.lstat(sessions.store.lock_path(slot.slot_id)).st_mtime_ns
    assert locked == saved, "the lock says 1970 (or later than the save: stale)"
    resumed = sessions.resume(slot.slot_id)
    assert resumed.opening_notice is None, "a save holding every move opened as stale"
    resumed.release()

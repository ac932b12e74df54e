"""Issue 18 item 12: a failed save is tried again on the next move, and a resume that
opens a position older than the game's last move says which position it opens.

A full disk used to turn saving off for the rest of the game, so it stayed off after
space was freed, and ``resume`` later reopened the stale position without a word.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.session import Sessions, TableSession
from tui.storage.saves import SaveSlot

SEATS = (Seat("Ann"), Seat("Ben"))


@pytest.fixture
def sessions(tmp_path: Path) -> Sessions:
    return Sessions(saves_dir=tmp_path / "saves", history_path=tmp_path / "h.sqlite3", seed=7)


def started(sessions: Sessions) -> tuple[TableSession, SaveSlot]:
    session, _ = sessions.start(GameConfig("aces", SEATS, first_seat=0, seed=3))
    assert session is not None and session.slot is not None
    return session, session.slot


def move(session: TableSession) -> None:
    session.controller.apply(session.controller.actions()[0])


class FullDisk:
    """``SaveSlot.write`` fails with ENOSPC while ``full``, as on a full disk."""

    def __init__(self, slot: SaveSlot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = True
        real = slot.write_encoded

        def write(data: bytes) -> None:
            if self.full:
                raise OSError(28, "No space left on device")
            real(data)

        monkeypatch.setattr(slot, "write_encoded", write)


def saved_state(sessions: Sessions, slot_id: str) -> dict[str, Any]:
    return sessions.store.load(slot_id)


def test_saving_comes_back_when_space_is_freed(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, slot = started(sessions)
    move(session)
    assert session.autosave() is None
    disk = FullDisk(slot, monkeypatch)
    move(session)
    first = session.autosave()
    assert first is not None and "Saving is off for now" in first.message
    move(session)
    assert session.autosave() is None  # told once
    disk.full = False
    move(session)
    back = session.autosave()
    assert back is not None and "Saving is back on" in back.message and session.saving
    assert saved_state(sessions, slot.slot_id) == session.controller.to_dict()


def test_a_resume_older_than_the_last_move_says_where_it_opens(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, slot = started(sessions)
    move(session)
    session.autosave()
    kept = session.controller.to_dict()
    FullDisk(slot, monkeypatch)
    move(session)
    session.autosave()  # fails: the save on disk is one move behind
    session.release()
    resumed = sessions.resume(slot.slot_id)
    assert resumed.controller.to_dict() == kept
    notice = resumed.opening_notice
    assert notice is not None, "the stale position was opened without a word"
    assert notice.message == (
        "The last moves of this game could not be saved: it opens in round 1, Ann to play."
    )


def test_a_resume_of_an_up_to_date_save_says_nothing(sessions: Sessions) -> None:
    session, slot = started(sessions)
    move(session)
    session.autosave()
    session.release()
    assert sessions.resume(slot.slot_id).opening_notice is None


def test_a_save_written_after_a_failure_is_up_to_date_again(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, slot = started(sessions)
    move(session)
    disk = FullDisk(slot, monkeypatch)
    session.autosave()
    disk.full = False
    move(session)
    session.autosave()
    session.release()
    assert sessions.resume(slot.slot_id).opening_notice is None


def test_a_lock_made_afresh_does_not_make_a_save_stale(sessions: Sessions) -> None:
    """A lock file removed and made again at resume is newer than the save: not a mark."""
    session, slot = started(sessions)
    move(session)
    session.autosave()
    session.release()
    slot.store.lock_path(slot.slot_id).unlink()
    sessions.resume(slot.slot_id).release()  # opened, no move, closed
    assert sessions.resume(slot.slot_id).opening_notice is None

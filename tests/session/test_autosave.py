"""Saves written off the table's thread (``tui.session.autosave``), in order, flushed.

The writer runs jobs in the order they came, a job still waiting is replaced by a newer
one, ``flush`` waits for what is queued, a failing job does not stop the writer, and an
idle writer's thread ends. A table session serialises once per move and never waits for
the disk: a write that takes half a second does not hold up the move after it.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.table import ScriptedDice, aces_config
from tui import games
from tui.session import Notice, Sessions
from tui.session import autosave as autosave_module
from tui.session.autosave import SaveWriter
from tui.storage.saves import SaveSlot, SaveStore

pytestmark = pytest.mark.threaded_saves


def test_jobs_run_in_order_and_a_waiting_job_gives_way_to_a_newer_one() -> None:
    writer = SaveWriter()
    gate, started = threading.Event(), threading.Event()
    ran: list[int] = []

    def first() -> None:
        started.set()
        gate.wait(5)
        ran.append(1)

    writer.submit(first)
    assert started.wait(5)
    for n in (2, 3, 4):  # queued behind the first, each replacing the last
        writer.submit(lambda n=n: ran.append(n))  # type: ignore[misc]
    gate.set()
    assert writer.flush(5)
    assert ran == [1, 4] and writer.skipped == 2


def test_flush_waits_for_the_write_and_says_when_it_gave_up() -> None:
    writer = SaveWriter()
    gate = threading.Event()

    def held() -> None:
        gate.wait(5)

    writer.submit(held)
    assert not writer.flush(0.05), "the write is still under way"
    gate.set()
    assert writer.flush(5) and writer.idle


def test_a_job_that_raises_does_not_stop_the_writer() -> None:
    writer = SaveWriter()
    ran: list[str] = []

    def broken() -> None:
        raise OSError("disk full")

    writer.submit(broken)
    assert writer.flush(5)
    writer.submit(lambda: ran.append("next"))
    assert writer.flush(5) and ran == ["next"]


def test_an_idle_writer_lets_its_thread_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave_module, "IDLE_END", 0.05)
    writer = SaveWriter()
    writer.submit(lambda: None)
    assert writer.flush(5)
    thread = writer._thread
    assert thread is not None
    thread.join(5)
    assert not thread.is_alive() and writer._thread is None, "the idle thread never ended"
    ran: list[int] = []
    writer.submit(lambda: ran.append(1))
    assert writer.flush(5) and ran == [1], "a new job starts a new thread"


def _session(tmp_path: Path) -> Any:
    sessions = Sessions(saves_dir=tmp_path / "saves", history_path=tmp_path / "history.db")
    config = aces_config(2, first_seat=0)
    session, notice = sessions.start(config)
    assert session is not None and notice is None
    session.controller = games.new_controller(config, ScriptedDice([3, 4, 2, 5, 3, 4]))
    return session


def test_a_slow_disk_never_holds_up_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session(tmp_path)
    write = SaveSlot.write_encoded
    started = threading.Event()

    def slow(slot: SaveSlot, data: bytes) -> None:
        started.set()
        time.sleep(0.5)
        write(slot, data)

    monkeypatch.setattr(SaveSlot, "write_encoded", slow)
    controller = session.controller
    controller.apply(controller.actions()[0])  # the round starts
    began = time.monotonic()
    assert session.autosave() is None
    assert started.wait(5)
    controller.apply(controller.actions()[0])  # Ann rolls while the save is written
    assert session.autosave() is None
    assert time.monotonic() - began < 0.4, "the table waited for the disk"
    assert session.flush(5)
    session.release()
    (saved,) = SaveStore(tmp_path / "saves").list()
    _, data = SaveStore(tmp_path / "saves").open(saved.slot_id)
    assert data == controller.to_dict(), "the newest move is what was saved"


def test_a_save_is_on_disk_before_its_rename_and_the_rename_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Durability, step by step, on the path a move's save takes (the table serialises,
    the writer's thread writes): the new file's bytes are fsynced while it still has its
    temporary name, then it is renamed over the save, then the folder is fsynced (so the
    rename survives a power cut). Without the first fsync a crash can leave a save of
    the right name and no content; nothing else could see that."""
    session = _session(tmp_path)
    controller = session.controller
    controller.apply(controller.actions()[0])  # the round starts: the first save
    assert session.autosave() is None and session.flush(5)
    steps: list[tuple[str, str, int, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        where = os.readlink(f"/proc/self/fd/{fd}")
        steps.append(("fsync", where, os.fstat(fd).st_size, threading.current_thread().name))
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        size = Path(src).stat().st_size
        steps.append(("replace", str(src), size, threading.current_thread().name))
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    controller.apply(controller.actions()[0])  # Ann rolls: the save is written again
    assert session.autosave() is None and session.flush(5)
    monkeypatch.undo()
    target = session.slot.path
    size = target.stat().st_size
    assert {step[3] for step in steps} == {autosave_module.THREAD_NAME}, steps
    renamed = [index for index, step in enumerate(steps) if step[0] == "replace"]
    assert len(renamed) == 1, steps
    at = renamed[0]
    temp = steps[at][1]
    assert ("fsync", temp, size) in [s[:3] for s in steps[:at]], f"no full fsync first: {steps}"
    folder = str(target.parent.resolve())
    assert any(step[:2] == ("fsync", folder) for step in steps[at + 1 :]), steps
    session.release()
    _, data = SaveStore(tmp_path / "saves").open(target.stem)
    assert data == controller.to_dict()


def test_a_write_that_fails_is_told_once_and_saving_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session(tmp_path)
    told: list[Notice] = []
    session.tell = told.append
    write = SaveSlot.write_encoded
    failing = [True]

    def flaky(slot: SaveSlot, data: bytes) -> None:
        if failing[0]:
            raise OSError("No space left on device")
        write(slot, data)

    monkeypatch.setattr(SaveSlot, "write_encoded", flaky)
    controller = session.controller
    for _ in range(2):
        controller.apply(controller.actions()[0])
        session.autosave()
        assert session.flush(5)
    assert [n.message.split(":")[0] for n in told] == ["Saving is off for now"]
    assert not session.saving
    failing[0] = False
    controller.apply(controller.actions()[0])
    session.autosave()
    assert session.flush(5)
    assert told[-1].message.startswith("Saving is back on") and session.saving
    session.release()

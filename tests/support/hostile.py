"""Helpers for the shared-server tests (issue 18): a guard against hangs, the per-user
folders under a test's own home, files and folders made by another user."""

from __future__ import annotations

import os
import pickle
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tui.storage.save_format import encode_save

T = TypeVar("T")
OTHER_UID = 65534
"""``nobody``: the other user on the server."""


def in_child(call: Callable[[], T], timeout: float = 10.0) -> T:
    """``call()`` in a forked child, failing the test if it has not returned within
    ``timeout`` seconds (a blocking ``open`` of a FIFO, even one inside SQLite's C code,
    never returns, and a signal in this process would not break it). The result, or the
    exception (raised here), comes back pickled; the child's file changes are on disk as usual."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_end)
        try:
            outcome: tuple[bool, Any] = (True, call())
        except BaseException as error:  # sent to the parent
            outcome = (False, error)
        try:
            data = pickle.dumps(outcome)
        except Exception:  # an exception that does not pickle
            data = pickle.dumps((False, AssertionError(repr(outcome[1]))))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write_end)
    deadline = time.monotonic() + timeout
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read_end)
            pytest.fail(f"still blocked after {timeout} s: it hangs")
        time.sleep(0.02)
    with os.fdopen(read_end, "rb") as pipe:
        ok, value = pickle.load(pipe)
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Home:
    """The XDG folders of a test (``XDG_*_HOME`` point here) and party-dice's own in them."""

    root: Path

    @property
    def config(self) -> Path:
        return self.root / "config" / "party-dice"

    @property
    def state(self) -> Path:
        return self.root / "state" / "party-dice"

    @property
    def saves(self) -> Path:
        return self.state / "saves"

    @property
    def data(self) -> Path:
        return self.root / "data" / "party-dice"


def loose_dir(path: Path, mode: int = 0o777) -> Path:
    """A folder pre-created with ``mode`` whatever the umask (and its parents 0700)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.mkdir(exist_ok=True)
    os.chmod(path, mode)
    return path


def mode_of(path: Path) -> int:
    return os.lstat(path).st_mode & 0o7777


def give_to_other_user(path: Path) -> None:
    """Make ``path`` another user's (``chown`` to nobody: the tests run as root here);
    skip, saying why, when this user cannot."""
    if os.geteuid() != 0:
        reason = f"only root can give {path.name} to uid {OTHER_UID} (running as {os.geteuid()})"
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)
    os.chown(path, OTHER_UID, OTHER_UID, follow_symlinks=False)


def made_by_other_user(path: Path, mode: int = 0o777) -> None:
    """``path`` created (``mode``) by another user: a forked child drops to nobody and
    makes it through a descriptor of its parent, opened before dropping, so the folders
    above need not let nobody in. The parent must be writable by all (a shared 0777
    folder, the attack in issue 18). Skips, saying why, when this user cannot setuid."""
    if os.geteuid() != 0:
        reason = f"only root can act as uid {OTHER_UID} (running as {os.geteuid()})"
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)
    parent = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 1
        try:
            os.setgid(OTHER_UID)
            os.setuid(OTHER_UID)
            os.mkdir(path.name, dir_fd=parent)
            os.chmod(path.name, mode, dir_fd=parent)
            status = 0
        finally:
            os._exit(status)
    os.close(parent)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, f"uid {OTHER_UID} could not make {path}"
    assert os.lstat(path).st_uid == OTHER_UID


def save_bytes() -> bytes:
    """A valid save file (the payload is a stand-in for ``Controller.to_dict()``)."""
    payload = {
        "format": 1,
        "game": "aces",
        "seats": [{"name": "Ann", "bot": None}, {"name": "Ben", "bot": None}],
        "state": {"round": 1, "variants": [], "chips": [3, 3]},
    }
    return encode_save(payload, saved_at=datetime.now().astimezone(), round=1)


def aged(path: Path, seconds: float) -> Path:
    """Set ``path``'s times ``seconds`` in the past."""
    when = time.time() - seconds
    os.utime(path, (when, when), follow_symlinks=False)
    return path

"""Advisory locks that say "this game is open in a session right now".

A lock is ``fcntl.flock(LOCK_EX | LOCK_NB)`` on a ``.lock`` file (0600, next to the
saves, never in /tmp) held open for as long as the game is open. The kernel drops it
when the process dies, however it dies (SIGKILL, a dropped SSH connection), so a
crashed session never leaves a game stuck as "in use". flock locks belong to an open
file description: a second ``os.open`` of the same file conflicts even inside one
process, which is what lets two ``SaveStore`` objects (or two sessions) see each other.

Lock files are opened through ``open_regular``: never following a symlink, never
blocking on a FIFO, and only when they are regular files of ours (``UnsafeFile``, an
``OSError``, otherwise), so a lock planted as a symlink never changes its target's mode.

Where ``fcntl`` does not exist (Windows) locking is skipped: every game looks free.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from tui.storage.files import set_private_mode
from tui.storage.guard import open_regular

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]


class LockBusy(Exception):
    """Another open file description (another session) holds the lock."""


_RETRIES = 3
_RETRY_PAUSE = 0.02
"""A listing probes locks briefly; a couple of short retries ride over that."""


def acquire(path: Path) -> int:
    """Create (0600) and lock ``path``; return the open descriptor that holds the lock.

    Raises ``LockBusy`` if another session holds it, ``OSError`` if it cannot be made.
    The lock file may be unlinked by its holder just before we lock it; then our lock
    would be on a dead inode, so we check the path still names our file and retry.
    """
    attempts = 0
    while True:
        fd = open_regular(path, os.O_RDWR | os.O_CREAT)
        try:
            set_private_mode(fd)
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            same = os.lstat(path).st_ino == os.fstat(fd).st_ino
        except (BlockingIOError, FileNotFoundError) as error:
            os.close(fd)
            if isinstance(error, FileNotFoundError):
                continue
            attempts += 1
            if attempts >= _RETRIES:
                raise LockBusy(str(path)) from error
            time.sleep(_RETRY_PAUSE)
            continue
        except BaseException:
            os.close(fd)
            raise
        if same:
            return fd
        os.close(fd)


def release(fd: int, path: Path | None = None) -> None:
    """Drop the lock; with ``path``, remove the lock file first (we still hold it)."""
    if path is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)
    os.close(fd)


def is_held(path: Path) -> bool:
    """True if some open file description holds a lock on ``path`` right now.

    Uses a shared lock so that two listings never make each other look busy.
    """
    if fcntl is None:
        return False
    try:
        fd = open_regular(path)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def remove_if_free(path: Path) -> bool:
    """Remove a leftover lock file nobody holds (its game is gone); True if removed."""
    try:
        fd = acquire_nowait(path)
    except (LockBusy, OSError):
        return False
    release(fd, path)
    return True


def acquire_nowait(path: Path) -> int:
    """Like ``acquire`` for an existing file, without creating it and without retries."""
    fd = open_regular(path, os.O_RDWR)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if os.lstat(path).st_ino != os.fstat(fd).st_ino:
            raise LockBusy(str(path))
    except BlockingIOError as error:
        os.close(fd)
        raise LockBusy(str(path)) from error
    except BaseException:
        os.close(fd)
        raise
    return fd

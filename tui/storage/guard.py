"""Before a file or folder of ours is used: is it ours, a regular file, not a link?

On a shared server another user, or an old mistake, may have put something else where
party-dice keeps its files: a FIFO (a blocking ``open`` would hang the start), a symlink
(``chmod`` through it changes someone else's file), a folder left 0777 (anyone could
swap ``saves/``), another user's folder. So files are opened with ``O_NONBLOCK |
O_NOFOLLOW`` and used only when they are regular files of ours (``open_regular``),
modes change only through a descriptor, every folder party-dice owns is tightened to
0700 or refused (``ensure_private_dir``, ``check_private_dir``), and temp files a
killed write left behind are swept away (``remove_stale_temps``).

``tui.storage.files`` builds the atomic writes and the tolerant reads on these, and
re-exports them. Pure standard library: no Textual, no Rich.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

from tui.storage.paths import app_dirs

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

DIR_MODE = 0o700
FILE_MODE = 0o600
STALE_TEMP_AGE = 60.0
"""Seconds: a temp file older than this, and not locked, was left by a killed write."""
_SAFE_OPEN = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
_SAFE_OPEN |= getattr(os, "O_CLOEXEC", 0)
_DIR_OPEN = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _SAFE_OPEN
TEMP_NAME = re.compile(r"\..+\.[0-9a-f]{12}\.tmp")
"""What ``tui.storage.files`` names a temp file: ``.<name>.<12 hex>.tmp``."""


class StorageError(Exception):
    """A directory or file that cannot be used; ``message`` is one sentence for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UnsafeFile(OSError):
    """Something other than a regular file of ours where one of our files should be.

    ``movable`` is True for a FIFO, socket, device or directory (renaming it never opens
    it, and moving it aside frees the name for our file, as for a damaged file), False
    for a symlink (the user may have made it; following it would read or chmod a file
    elsewhere) and for another user's file: those are refused and left as they are.
    """

    def __init__(self, reason: str, *, movable: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.movable = movable


def reason_of(error: BaseException) -> str:
    """A short phrase for an error: lower case for an OS error ("permission denied"),
    the error's own words otherwise (an SQLite error), its type's name at the least."""
    if isinstance(error, OSError) and error.errno is not None:
        return os.strerror(error.errno).lower()
    return str(error) or type(error).__name__


def _mine(info: os.stat_result) -> bool:
    return not hasattr(os, "geteuid") or info.st_uid == os.geteuid()


def _unsafe(info: os.stat_result) -> UnsafeFile | None:
    """Why ``info`` (from ``lstat`` or ``fstat``) is not a regular file of ours, if it is not."""
    mode = info.st_mode
    if stat.S_ISLNK(mode):
        return UnsafeFile("is a symbolic link", movable=False)
    if stat.S_ISDIR(mode):
        return UnsafeFile("is a directory", movable=True)
    if not stat.S_ISREG(mode):
        kinds = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))
        kind = next((name for test, name in kinds if test(mode)), "a device")
        return UnsafeFile(f"is {kind}, not a regular file", movable=True)
    if not _mine(info):
        return UnsafeFile("belongs to another user", movable=False)
    return None


def open_regular(path: Path, flags: int = os.O_RDONLY) -> int:
    """Open ``path`` only if it is a regular file of ours; return the descriptor.

    It is looked at first (``lstat``: a FIFO or a device is never opened, since opening
    one can block or act), then opened with ``O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC`` and
    checked again with ``fstat`` (it cannot have been swapped in between). ``flags`` may
    hold ``O_CREAT`` (mode 0600). Raises ``UnsafeFile`` or another ``OSError``.
    """
    try:
        before: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        if not flags & os.O_CREAT:
            raise
        before = None
    problem = _unsafe(before) if before is not None else None
    if problem is not None:
        raise problem
    fd = os.open(path, flags | _SAFE_OPEN, FILE_MODE)
    try:
        info = os.fstat(fd)
        problem = _unsafe(info)
        if before is not None and (info.st_dev, info.st_ino) != (before.st_dev, before.st_ino):
            problem = UnsafeFile("was replaced while it was opened", movable=False)
        if problem is not None:
            raise problem
    except BaseException:
        os.close(fd)
        raise
    return fd


def tighten_file(path: Path) -> None:
    """Take group and other rights off a regular file of ours, through a descriptor
    (``os.chmod`` on the path would follow a symlink to its target). Raises ``OSError``
    (``UnsafeFile`` for anything but a regular file of ours)."""
    fd = open_regular(path)
    try:
        mode = stat.S_IMODE(os.fstat(fd).st_mode)
        if mode & 0o077 and hasattr(os, "fchmod"):
            os.fchmod(fd, mode & 0o700)
    finally:
        os.close(fd)


def owned_dirs(path: Path) -> list[Path]:
    """``path`` and each parent up to the party-dice folder it lies in, outermost first.

    The config, state and data folders named party-dice (``paths.app_dirs``) and all
    below them are ours: another user who could rename ``state/party-dice`` could swap
    ``saves/`` under it. A folder outside them (a test's, ``--saves-dir``) is ours alone.
    """
    here = os.path.abspath(path)
    for root in map(os.path.abspath, app_dirs()):
        if here == root or here.startswith(root.rstrip(os.sep) + os.sep):
            chain = [path]
            while os.path.abspath(chain[-1]) != root:
                if chain[-1] == chain[-1].parent:  # ".." games: only ``path`` is sure
                    return [path]
                chain.append(chain[-1].parent)
            return chain[::-1]
    return [path]


def _check_dir(directory: Path, *, created: bool = False) -> None:
    """Refuse a symlink, a non-directory or another user's folder; take group and other
    rights off ours (a read-only 0500 folder stays read-only), exactly 0700 if ``created``."""
    info = os.lstat(directory)
    if stat.S_ISLNK(info.st_mode):
        raise StorageError(f"{directory} is a symbolic link, so party-dice will not use it.")
    if not stat.S_ISDIR(info.st_mode):
        raise StorageError(f"{directory} is not a directory.")
    if not _mine(info):
        raise StorageError(f"{directory} belongs to another user, so party-dice will not use it.")
    mode = DIR_MODE if created else stat.S_IMODE(info.st_mode) & 0o700
    if mode != stat.S_IMODE(info.st_mode) and hasattr(os, "fchmod"):
        fd = os.open(directory, _DIR_OPEN)
        try:
            if os.fstat(fd).st_ino == info.st_ino:
                os.fchmod(fd, mode)
        finally:
            os.close(fd)


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` and any missing parents 0700, then check every folder party-dice
    owns on the way (``owned_dirs``): tightened to at most 0700, or refused.

    Parents above them that already exist (``~/.config``) are the user's own arrangement
    and are left alone; parents we create are 0700 as the XDG spec asks. A symlink in a
    folder's place, or a folder owned by another user, is refused: that user could read
    or replace our files. Raises ``StorageError``.
    """
    try:
        chain = owned_dirs(path)
        missing: list[Path] = []  # above the folders we own: made 0700 (the XDG spec)
        probe = chain[0].parent
        while not os.path.lexists(probe) and probe != probe.parent:
            missing.append(probe)
            probe = probe.parent
        for directory in reversed(missing):
            with contextlib.suppress(FileExistsError):
                os.mkdir(directory, DIR_MODE)
            _check_dir(directory, created=True)
        for directory in chain:  # outermost first: never create inside a refused one
            created = not os.path.lexists(directory)
            if created:
                with contextlib.suppress(FileExistsError):  # another session, just now
                    os.mkdir(directory, DIR_MODE)
            _check_dir(directory, created=created)
    except OSError as error:
        raise StorageError(f"{path} cannot be used ({reason_of(error)}).") from error
    return path


def check_private_dir(path: Path) -> bool:
    """Like ``ensure_private_dir`` for reading: nothing is created (merely starting the
    app leaves no folders behind). False when ``path`` does not exist; raises
    ``StorageError`` for a folder that is refused (a file where a folder should be is
    left for the reader to report)."""
    try:
        for directory in owned_dirs(path):
            try:
                info = os.lstat(directory)
            except FileNotFoundError:
                return False
            if not stat.S_ISDIR(info.st_mode) and not stat.S_ISLNK(info.st_mode):
                return True  # a file in the folder's place: the reader says so, as ever
            _check_dir(directory)
    except OSError as error:
        raise StorageError(f"{path} cannot be used ({reason_of(error)}).") from error
    return True


def try_lock(fd: int) -> bool:
    """Lock ``fd`` (exclusive, without waiting); False when someone else holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def remove_stale_temps(directory: Path, *, now: float | None = None) -> int:
    """Remove the temp files of atomic writes a SIGKILL left in ``directory`` (each a
    full 0600 copy of a game or the settings); return how many.

    Only ``.<name>.<12 hex>.tmp`` files of ours, regular, older than a minute and not
    locked: a write in progress holds the lock on its temp file, however slow it is.
    """
    try:
        names = os.listdir(directory)
    except OSError:
        return 0
    cutoff = (time.time() if now is None else now) - STALE_TEMP_AGE
    removed = 0
    for name in filter(TEMP_NAME.fullmatch, names):
        path = directory / name
        try:
            if os.lstat(path).st_mtime > cutoff:
                continue
            fd = open_regular(path)
        except OSError:
            continue
        try:
            if try_lock(fd) and os.lstat(path).st_ino == os.fstat(fd).st_ino:
                os.unlink(path)
                removed += 1
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed

"""Private, atomic, corruption-tolerant files: the helpers every on-disk format shares.

A save, the settings and the history must survive a dropped SSH connection in the
middle of a write, a full disk, a hand-edited file and a newer version of the app.
So every write goes to a fresh temp file in the same directory (0600, ``O_EXCL``),
is fsynced and then ``os.replace``d over the old one (readers see the old file or the
new one, never half of either), and the directory is fsynced so the rename survives a
crash. A file that cannot be understood is never deleted: it is moved aside next to the
original (``name.corrupt-20261130T101500``) and the player is told in one sentence.

A newer party-dice's file is not damaged: it is left as it is (``Damaged.kept``), and
so is a symlink or another user's file where ours should be. Every read goes through
``tui.storage.guard`` (kept apart to keep each module small; its names are re-exported
here): only a regular file of ours is opened, never blocking and never through a
symlink, and every folder party-dice owns is tightened to 0700 or refused.

Pure standard library: no Textual, no Rich.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Literal, TypeGuard, TypeVar

from tui.storage.guard import (
    DIR_MODE,
    FILE_MODE,
    StorageError,
    UnsafeFile,
    check_private_dir,
    ensure_private_dir,
    open_regular,
    reason_of,
    remove_stale_temps,
    try_lock,
)

__all__ = [  # the guard's names are used through this module too
    "DIR_MODE",
    "FILE_MODE",
    "Damaged",
    "StorageError",
    "atomic_write_bytes",
    "atomic_write_text",
    "check_format",
    "check_private_dir",
    "create_private_file",
    "damage_of",
    "ensure_private_dir",
    "is_int",
    "is_str_list",
    "load_or_quarantine",
    "move_aside",
    "quarantine",
    "read_limited",
    "reason_of",
    "remove_stale_temps",
    "set_private_mode",
]

CORRUPT_MARK = ".corrupt-"

T = TypeVar("T")


DamageKind = Literal["damaged", "unreadable", "newer", "refused"]


class Damaged(Exception):
    """Raised by a parser: the file's content cannot be used.

    ``reason`` is a short phrase for people ("not valid JSON", "format 7"); ``kind``
    says whether the file is damaged, unreadable (moved aside, like damage), from a
    newer party-dice or refused (a symlink, another user's file): those two are ``kept``.
    """

    def __init__(self, reason: str, kind: DamageKind = "damaged") -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind

    @property
    def kept(self) -> bool:
        """True when the file is left where it is: a newer party-dice may still want it,
        and a symlink or another user's file is not ours to move."""
        return self.kind in ("newer", "refused")


def is_int(value: object) -> TypeGuard[int]:
    """A whole number as a parsed file gives it: JSON and TOML readers make ``true`` a
    ``bool``, which Python counts as an ``int``, and no field of ours means a flag by 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_str_list(value: object) -> TypeGuard[list[str]]:
    """A parsed list of strings (names, variants): a hand-edited file may hold anything."""
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def check_format(version: object, newest: int) -> int:
    """A file's format number, checked against the ``newest`` this party-dice writes.

    Raises ``Damaged`` when it is not a whole number from 1, and ``Damaged`` of kind
    "newer" when a later party-dice wrote the file (it is kept, moved aside, for that one).
    """
    if not is_int(version) or version < 1:
        raise Damaged(f"unknown format {version!r}")
    if version > newest:
        raise Damaged(f"format {version}", "newer")
    return version


def _fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable; best effort where the OS refuses."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def create_private_file(path: Path) -> int:
    """Open a new file ``path`` exclusively, mode exactly 0600 whatever the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, FILE_MODE)
    try:
        set_private_mode(fd)
    except BaseException:
        os.close(fd)
        raise
    return fd


def set_private_mode(fd: int) -> None:
    """Force mode 0600 on an open file: the umask may have cleared bits we want."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, FILE_MODE)


def _temp_name(path: Path) -> Path:
    # A leading dot and a .tmp suffix: listings of saves and settings skip it.
    return path.with_name(f".{path.name}.{os.urandom(6).hex()}.tmp")


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically and durably (file 0600).

    The directory must exist (see ``ensure_private_dir``). On any failure the temp file
    is removed, the old file is untouched, and ``StorageError`` is raised. A symlink in
    ``path``'s place is refused: replacing it would undo what the user linked. The temp
    file stays locked until it has its name, so ``remove_stale_temps`` leaves it alone.
    """
    directory = path.parent
    if os.path.islink(path):
        raise StorageError(f"{path} is a symbolic link, so party-dice will not replace it.")
    try:
        for _attempt in range(100):
            temp = _temp_name(path)
            try:
                fd = create_private_file(temp)
            except FileExistsError:
                continue
            break
        else:
            raise OSError(errno.EEXIST, os.strerror(errno.EEXIST))
    except OSError as error:
        raise StorageError(f"Could not write {path} ({reason_of(error)}).") from error
    try:
        with os.fdopen(fd, "wb") as handle:
            try_lock(fd)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.replace(temp, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(error, OSError):
            raise StorageError(f"Could not write {path} ({reason_of(error)}).") from error
        raise
    _fsync_dir(directory)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def read_limited(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path``, or ``None`` if there is no such file.

    Raises ``Damaged`` (kind "unreadable") when the file exists but cannot be read
    (permissions, a directory or a FIFO in its place, an I/O error), of kind "refused"
    for a symlink or another user's file (``open_regular``: nothing here blocks or
    follows a link), and ``Damaged`` when it is larger than ``limit`` bytes, which no
    file of ours ever is.
    """
    try:
        fd = open_regular(path)
    except FileNotFoundError:
        return None
    except UnsafeFile as error:
        raise damage_of(error) from error
    except OSError as error:
        raise Damaged(reason_of(error), "unreadable") from error
    try:
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise Damaged(reason_of(error), "unreadable") from error
    if len(data) > limit:
        raise Damaged(f"larger than {limit} bytes")
    return data


def damage_of(error: UnsafeFile) -> Damaged:
    """A FIFO, socket, device or directory is moved aside like damage; a symlink or
    another user's file is refused and kept (see ``UnsafeFile``)."""
    return Damaged(error.reason, "unreadable" if error.movable else "refused")


def move_aside(path: Path, when: datetime | None = None) -> Path:
    """Rename ``path`` to ``path.corrupt-<local time>`` (never over an existing file),
    private (0600) if it is a plain file: a settings file once readable by all stays
    the player's own copy, not everyone's (never through a link: its target is left).

    Returns the new path. Raises ``OSError`` if the rename is impossible.
    """
    stamp = (when or datetime.now()).strftime("%Y%m%dT%H%M%S")
    base = f"{path.name}{CORRUPT_MARK}{stamp}"
    for counter in range(1, 1000):
        name = base if counter == 1 else f"{base}-{counter}"
        target = path.with_name(name)
        if not os.path.lexists(target):
            os.rename(path, target)
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(target).st_mode):
                    os.chmod(target, 0o600)
            return target
    raise OSError(errno.EEXIST, f"too many damaged copies of {path.name}")


_PROBLEM = {
    "damaged": "was damaged",
    "unreadable": "could not be read",
}


def quarantine(path: Path, what: str, damage: Damaged, consequence: str) -> str:
    """Move a bad file aside and say so in one sentence (a ``kept`` one stays put).

    ``what`` names the file for people ("settings file", "saved game"), ``consequence``
    says what happens now ("defaults are in use"). Example: "Your settings file was
    damaged (not valid TOML); it was moved to ~/.config/party-dice/settings.toml.corrupt-
    20261130T101500, defaults are in use." A newer party-dice's file is not damaged: the
    player may run that version again ("Your settings file was written by a newer
    party-dice (format 2); left as it is, defaults are in use.").
    """
    if damage.kind == "newer":
        newer = f"was written by a newer party-dice ({damage.reason})"
        return f"Your {what} {newer}; left as it is, {consequence}."
    if damage.kind == "refused":
        return f"Your {what} {damage.reason} ({path}); left as it is, {consequence}."
    problem = _PROBLEM[damage.kind]
    try:
        moved = move_aside(path)
    except OSError as error:
        where = f"it could not be moved aside ({reason_of(error)})"
    else:
        where = f"it was moved to {moved}"
    return f"Your {what} {problem} ({damage.reason}); {where}, {consequence}."


def load_or_quarantine(
    path: Path,
    parse: Callable[[bytes], T],
    *,
    what: str,
    consequence: str,
    limit: int = 1 << 20,
) -> tuple[T | None, str | None]:
    """Read and parse ``path``; a bad file is moved aside.

    Returns ``(value, None)`` on success, ``(None, None)`` when there is no file, and
    ``(None, message)`` when the file could not be read or ``parse`` raised ``Damaged``,
    or its folder is refused. The folder is checked first (``check_private_dir``) and
    swept of stale temp files.
    """
    try:
        if not check_private_dir(path.parent):
            return None, None
    except StorageError as error:
        return None, f"Your {what} was not read, {consequence}: {error.message}"
    remove_stale_temps(path.parent)
    try:
        data = read_limited(path, limit)
        if data is None:
            return None, None
        return parse(data), None
    except Damaged as damage:
        return None, quarantine(path, what, damage, consequence)

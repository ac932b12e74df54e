"""Private, atomic, corruption-tolerant files: the helpers every on-disk format shares.

A save, the settings and the history must survive a dropped SSH connection in the
middle of a write, a full disk, a hand-edited file and a newer version of the app.
So every write goes to a fresh temp file in the same directory (0600, ``O_EXCL``),
is fsynced and then ``os.replace``d over the old one (readers see the old file or the
new one, never half of either), and the directory is fsynced so the rename survives a
crash. A file that cannot be understood is never deleted: it is moved aside next to the
original (``name.corrupt-20261130T101500``) and the player is told in one sentence.

Pure standard library: no Textual, no Rich.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Literal, TypeGuard, TypeVar

DIR_MODE = 0o700
FILE_MODE = 0o600
CORRUPT_MARK = ".corrupt-"

T = TypeVar("T")


class StorageError(Exception):
    """A directory or file that cannot be used; ``message`` is one sentence for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


DamageKind = Literal["damaged", "unreadable", "newer"]


class Damaged(Exception):
    """Raised by a parser: the file's content cannot be used.

    ``reason`` is a short phrase for people ("not valid JSON", "format 7"); ``kind``
    says whether the file is damaged, unreadable or from a newer party-dice.
    """

    def __init__(self, reason: str, kind: DamageKind = "damaged") -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind


def reason_of(error: BaseException) -> str:
    """A short phrase for an error: lower case for an OS error ("permission denied"),
    the error's own words otherwise (an SQLite error), its type's name at the least."""
    if isinstance(error, OSError) and error.errno is not None:
        return os.strerror(error.errno).lower()
    return str(error) or type(error).__name__


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


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` and any missing parents 0700; take group and other rights off
    ``path`` if it has any (a read-only 0500 directory stays read-only).

    Parents that already exist (``~/.config``) are the user's own arrangement and are
    left alone; parents we create are 0700 as the XDG spec asks. A directory owned by
    another user is refused, since that user could read or replace our files.
    Raises ``StorageError``.
    """
    try:
        missing: list[Path] = []
        probe = path
        while not os.path.lexists(probe) and probe != probe.parent:
            missing.append(probe)
            probe = probe.parent
        for directory in reversed(missing):
            try:
                os.mkdir(directory, DIR_MODE)
            except FileExistsError:
                pass
        info = os.stat(path)
        if not stat.S_ISDIR(info.st_mode):
            raise StorageError(f"{path} is not a directory.")
        if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            raise StorageError(f"{path} belongs to another user, so party-dice will not use it.")
        if stat.S_IMODE(info.st_mode) & 0o077:
            # Take away what others may do; never give the owner rights they removed.
            os.chmod(path, stat.S_IMODE(info.st_mode) & 0o700)
        for directory in missing[1:]:
            os.chmod(directory, DIR_MODE)
    except OSError as error:
        raise StorageError(f"{path} cannot be used ({reason_of(error)}).") from error
    return path


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
    is removed, the old file is untouched, and ``StorageError`` is raised.
    """
    directory = path.parent
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
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException as error:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise StorageError(f"Could not write {path} ({reason_of(error)}).") from error
        raise
    _fsync_dir(directory)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def read_limited(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path``, or ``None`` if there is no such file.

    Raises ``Damaged`` (kind "unreadable") when the file exists but cannot be read
    (permissions, a directory in its place, an I/O error) and ``Damaged`` when it is
    larger than ``limit`` bytes, which no file of ours ever is.
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise Damaged(reason_of(error), "unreadable") from error
    if len(data) > limit:
        raise Damaged(f"larger than {limit} bytes")
    return data


def move_aside(path: Path, when: datetime | None = None) -> Path:
    """Rename ``path`` to ``path.corrupt-<local time>`` (never over an existing file).

    Returns the new path. Raises ``OSError`` if the rename is impossible.
    """
    stamp = (when or datetime.now()).strftime("%Y%m%dT%H%M%S")
    base = f"{path.name}{CORRUPT_MARK}{stamp}"
    for counter in range(1, 1000):
        name = base if counter == 1 else f"{base}-{counter}"
        target = path.with_name(name)
        if not os.path.lexists(target):
            os.rename(path, target)
            return target
    raise OSError(errno.EEXIST, f"too many damaged copies of {path.name}")


_PROBLEM = {
    "damaged": "was damaged",
    "unreadable": "could not be read",
    "newer": "comes from a newer version of party-dice",
}


def quarantine(path: Path, what: str, damage: Damaged, consequence: str) -> str:
    """Move a bad file aside and say so in one sentence.

    ``what`` names the file for people ("settings file", "saved game"), ``consequence``
    says what happens now ("defaults are in use"). Example: "Your settings file was
    damaged (not valid TOML); it was moved to ~/.config/party-dice/settings.toml.corrupt-
    20261130T101500, defaults are in use."
    """
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
    ``(None, message)`` when the file could not be read or ``parse`` raised ``Damaged``.
    """
    try:
        data = read_limited(path, limit)
        if data is None:
            return None, None
        return parse(data), None
    except Damaged as damage:
        return None, quarantine(path, what, damage, consequence)

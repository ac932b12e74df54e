"""Saved games: one file per game, written atomically, locked while a session has it open.

A save is ``<saves>/<game>-<local time>-<8 random hex>.json``::

    {"kind": "party-dice-save", "version": 1,
     "summary": {"game": "aces", "players": ["Ann", "Ben"], "round": 2, "counters": [3, 1],
                 "variants": ["three-chip"], "saved_at": "2026-11-30T10:15:00+01:00"},
     "payload": <Controller.to_dict()>}

Every session writes only the slot it created or opened, and holds ``<slot>.lock``
(see ``tui.storage.locks``) while the game is open, so two SSH logins of one user never
overwrite each other's games and a game open in one session says so in the other.
The slot's random part comes from ``os.urandom`` (what ``secrets`` uses, without the
OpenSSL library ``secrets`` loads), never from the game's random source (drawing from
that would change the next roll).

A save that cannot be understood is moved aside (``.corrupt-<time>``), never deleted,
and reported in one sentence. A save a newer party-dice wrote (envelope or game format
above ours) is left as it is and not listed: that version may still continue it. So is
a symlink in a save's place. Temp files a killed autosave left are swept away by the
first ``scan``. Pure standard library: no Textual, no Rich.

Storage knows files, not games: it stores and returns the game as plain data (the
payload) and reads only the few fields of it a listing shows. Turning a payload into a
game, and setting aside one that does not make one, is the session's
(``tui.session.table_session.Sessions.resume``).
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Self

from tui.storage import locks
from tui.storage.files import (
    Damaged,
    StorageError,
    atomic_write_bytes,
    check_private_dir,
    ensure_private_dir,
    is_int,
    quarantine,
    read_limited,
    reason_of,
    remove_stale_temps,
)
from tui.storage.guard import owned_dirs
from tui.storage.paths import saves_dir
from tui.storage.save_format import (
    SAVE_FORMAT,
    SUFFIX,
    SaveSummary,
    TableNotes,
    encode_save,
    notes_of,
    parse_save,
)

__all__ = [
    "SAVE_FORMAT",
    "SaveDamaged",
    "SaveError",
    "SaveInUse",
    "SaveNotFound",
    "SaveScan",
    "SaveSlot",
    "SaveStore",
    "SaveSummary",
    "SaveUnavailable",
    "StorageError",
]

MAX_SAVE_BYTES = 4 << 20
LOCK_SUFFIX = ".lock"
_GAME_ID = re.compile(r"[a-z][a-z0-9]{0,15}")
_SLOT_ID = re.compile(r"[a-z][a-z0-9]{0,15}-\d{8}T\d{6}-[0-9a-f]{8}")
_CONSEQUENCE = "so it cannot be continued"


class SaveError(Exception):
    """A saved game that cannot be used now; ``message`` is one sentence for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SaveInUse(SaveError):
    """The game is open in another session (its lock is held)."""


class SaveNotFound(SaveError):
    """No such saved game (finished, discarded, or a bad id)."""


class SaveUnavailable(SaveError, StorageError):
    """The saves directory cannot be used (locking or removing failed): saving is off.

    Both a ``SaveError`` and a ``StorageError``, so either ``except`` catches it."""


class SaveDamaged(SaveError):
    """The save was unreadable or damaged (moved aside), or from a newer party-dice or
    a symlink (left as it is): the message says which."""


@dataclass(frozen=True)
class SaveScan:
    """What ``SaveStore.scan`` found: saves newest first, and one sentence per bad file."""

    saves: tuple[SaveSummary, ...]
    messages: tuple[str, ...]


class SaveSlot:
    """One game's save file, owned by this session while its lock is held.

    Write after every action; ``delete()`` when the game is over; ``release()`` (or
    leave the ``with`` block) to keep the save for later and let other sessions open it.
    """

    def __init__(self, store: SaveStore, slot_id: str, lock_fd: int) -> None:
        self.store = store
        self.slot_id = slot_id
        self._lock_fd: int | None = lock_fd
        self.opened_stale = False
        """Set by ``SaveStore.open`` when the save misses the game's last moves."""

    @property
    def path(self) -> Path:
        return self.store.save_path(self.slot_id)

    @property
    def held(self) -> bool:
        return self._lock_fd is not None

    def write(
        self,
        payload: dict[str, Any],
        *,
        round: int | None = None,
        notes: TableNotes | None = None,
        counters: tuple[int, ...] = (),
    ) -> None:
        """Save ``payload`` (``Controller.to_dict()``) atomically with its summary (the
        seats' ``counters`` too) and the table's ``notes`` (its log, the match so far).
        ``round`` overrides the round number read from the payload's state. Raises
        ``StorageError`` (saving is off: say so and play on), ``RuntimeError`` once the
        slot was released, and ``TypeError``/``ValueError`` if the payload is not JSON.
        """
        self.write_encoded(self.encode(payload, round=round, notes=notes, counters=counters))

    def encode(
        self,
        payload: dict[str, Any],
        *,
        round: int | None = None,
        notes: TableNotes | None = None,
        counters: tuple[int, ...] = (),
    ) -> bytes:
        """The bytes ``write`` would write now (``TypeError``/``ValueError`` if the
        payload is not JSON): a table serialises on its own thread and writes on another."""
        now = datetime.now().astimezone()
        return encode_save(payload, saved_at=now, round=round, notes=notes, counters=counters)

    def write_encoded(self, data: bytes) -> None:
        """Write a save made by ``encode``, atomically (errors as ``write``'s)."""
        if self._lock_fd is None:
            raise RuntimeError("this save slot was released; open it again to write")
        ensure_private_dir(self.store.directory)
        atomic_write_bytes(self.path, data)
        self._caught_up()  # the save holds every move: not stale

    def mark_stale(self) -> None:
        """Note that the game moved on after the save was written (a save failed).

        The mark is the lock file's time, which can be set with no free space: later
        than the save's while the save misses moves, 0 once a write catches up (see
        ``write``), so ``SaveStore.open`` can tell (``opened_stale``).
        """
        try:
            saved = os.lstat(self.path).st_mtime_ns
        except OSError:
            saved = 0
        when = max(time.time_ns(), saved + 1)
        self._set_lock_time(when)

    def _caught_up(self) -> None:
        """The save holds every move: the lock is dated as the save (not later)."""
        with contextlib.suppress(OSError):
            self._set_lock_time(os.lstat(self.path).st_mtime_ns)

    def _set_lock_time(self, ns: int) -> None:
        with contextlib.suppress(OSError):
            os.utime(self.store.lock_path(self.slot_id), ns=(ns, ns), follow_symlinks=False)

    def delete(self) -> None:
        """Remove the save and its lock (the game is finished); releases the slot."""
        if self._lock_fd is None:
            raise RuntimeError("this save slot was released; open it again to delete it")
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise SaveUnavailable(f"Could not remove {self.path} ({reason_of(error)}).") from error
        self._drop()

    def _drop(self) -> None:
        """Release and remove the lock file, leaving any save file where it is."""
        if self._lock_fd is not None:
            fd, self._lock_fd = self._lock_fd, None
            locks.release(fd, self.store.lock_path(self.slot_id))

    def set_aside(self, reason: str) -> SaveDamaged:
        """Move this save aside because its game cannot be played (``reason``: what is
        wrong with it, in a few words) and release it; the error to raise, whose message
        says where the file went (or why it could not be moved)."""
        damage = Damaged(reason)
        message = quarantine(self.path, _what(self.slot_id), damage, _CONSEQUENCE)
        self._drop()
        return SaveDamaged(message)

    def release(self) -> None:
        """Keep the save and let other sessions open it; safe to call twice. A slot
        never written to (a game left before anyone moved) leaves no lock file behind."""
        if self._lock_fd is not None:
            fd, self._lock_fd = self._lock_fd, None
            unsaved = not os.path.lexists(self.path)
            locks.release(fd, self.store.lock_path(self.slot_id) if unsaved else None)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"SaveSlot({self.slot_id!r}, held={self.held})"


class SaveStore:
    """All saved games of this user, in one directory (default: the XDG state dir).

    ``game_format`` is the newest format of game this party-dice reads (the payload's
    ``format``): a save whose game is newer is left as it is and not listed, for the
    party-dice that wrote it. ``None`` reads every format (no game is rebuilt here).
    """

    def __init__(self, directory: Path | None = None, *, game_format: int | None = None) -> None:
        self.directory = saves_dir() if directory is None else Path(directory)
        self.game_format = game_format
        self._swept = False

    def save_path(self, slot_id: str) -> Path:
        return self.directory / f"{slot_id}{SUFFIX}"

    def lock_path(self, slot_id: str) -> Path:
        return self.directory / f"{slot_id}{LOCK_SUFFIX}"

    def new_slot(self, game_id: str) -> SaveSlot:
        """A fresh slot for a new game, locked by this session (no file until a write).

        Raises ``StorageError`` when the directory cannot be used: saving is off.
        """
        if not _GAME_ID.fullmatch(game_id):
            raise ValueError(f"game id {game_id!r} cannot name a save")
        ensure_private_dir(self.directory)
        while True:
            stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
            slot_id = f"{game_id}-{stamp}-{os.urandom(4).hex()}"
            if os.path.lexists(self.save_path(slot_id)) or os.path.lexists(self.lock_path(slot_id)):
                continue
            return SaveSlot(self, slot_id, self._lock(slot_id))

    def scan(self) -> SaveScan:
        """Every save, newest first, with ``in_use`` set; bad ones are moved aside.

        A bad save that another session holds open is left alone and not listed.
        Leftover lock files of games that no longer exist are removed, and so are stale
        temp files (the first time) here and in the folders above that we write in. A
        refused folder lists nothing.
        """
        try:
            if not check_private_dir(self.directory):
                return SaveScan((), ())
        except StorageError:
            # Refused (another user's, a symlink): nothing is read from it, and the
            # player is told once, when a new game would be saved there (``new_slot``).
            return SaveScan((), ())
        if not self._swept:
            self._swept = True
            for directory in owned_dirs(self.directory):
                remove_stale_temps(directory)
        try:
            names = sorted(os.listdir(self.directory))
        except FileNotFoundError:
            return SaveScan((), ())
        except OSError as error:
            message = f"Saved games in {self.directory} cannot be read ({reason_of(error)})."
            return SaveScan((), (message,))
        present = set(names)
        saves: list[SaveSummary] = []
        messages: list[str] = []
        for name in names:
            slot_id = name.removesuffix(LOCK_SUFFIX)
            if name.endswith(LOCK_SUFFIX) and _SLOT_ID.fullmatch(slot_id):
                if f"{slot_id}{SUFFIX}" not in present:
                    locks.remove_if_free(self.directory / name)
                continue
            slot_id = name.removesuffix(SUFFIX)
            if not name.endswith(SUFFIX) or not _SLOT_ID.fullmatch(slot_id):
                continue
            in_use = locks.is_held(self.lock_path(slot_id))
            try:
                saves.append(self._read(slot_id, in_use)[0])
            except SaveDamaged as error:
                messages.append(error.message)
            except (SaveNotFound, SaveInUse):
                continue
        saves.sort(key=lambda s: (s.saved_at, s.slot_id), reverse=True)
        return SaveScan(tuple(saves), tuple(messages))

    def list(self) -> list[SaveSummary]:
        """Saves newest first (see ``scan`` for the messages about bad files)."""
        return list(self.scan().saves)

    def load(self, slot_id: str) -> dict[str, Any]:
        """The payload of a save, without opening it (no lock is taken).

        Raises ``SaveNotFound``, or ``SaveDamaged`` after moving a bad save aside
        (``SaveInUse`` instead when a bad save is open in another session: not ours to move).
        """
        self._check_id(slot_id)
        self._check_dir()
        return self._read(slot_id, locks.is_held(self.lock_path(slot_id)))[1]

    def open(self, slot_id: str) -> tuple[SaveSlot, dict[str, Any]]:
        """Lock a save for this session and return its slot and payload.

        Raises ``SaveInUse`` ("this game is open in another session"), ``SaveNotFound``,
        ``SaveDamaged`` (moved aside) or ``SaveUnavailable``: all are ``SaveError``.
        """
        self._check_id(slot_id)
        self._check_dir()
        if not os.path.lexists(self.save_path(slot_id)):
            raise SaveNotFound("That saved game no longer exists.")
        stale = self._is_stale(slot_id)  # before locking: a new lock file is "now"
        slot = SaveSlot(self, slot_id, self._lock(slot_id))
        slot.opened_stale = stale
        if not stale:
            slot._caught_up()
        try:
            payload = self._read(slot_id, in_use=False)[1]
        except SaveError:
            slot._drop()  # a bad save was moved aside; if it could not be, it stays
            raise
        return slot, payload

    def notes(self, slot_id: str) -> TableNotes:
        """The table's notes kept in a save (its log, the match so far), read tolerantly:
        none when the file cannot be read again, or its notes are not understood."""
        try:
            data = read_limited(self.save_path(slot_id), MAX_SAVE_BYTES)
        except Exception:  # the game itself was read: its log is not worth a failure
            return TableNotes()
        return TableNotes() if data is None else notes_of(data)

    def _is_stale(self, slot_id: str) -> bool:
        """True when the game moved on after this save was written (``mark_stale``)."""
        try:
            saved = os.lstat(self.save_path(slot_id)).st_mtime_ns
            moved = os.lstat(self.lock_path(slot_id)).st_mtime_ns
        except OSError:
            return False
        return moved > saved

    def discard(self, slot_id: str) -> None:
        """Delete a save the player gave up on (``SaveInUse`` if open elsewhere)."""
        self._check_id(slot_id)
        slot = SaveSlot(self, slot_id, self._lock(slot_id))
        slot.delete()

    def _check_id(self, slot_id: str) -> None:
        if not _SLOT_ID.fullmatch(slot_id):
            raise SaveNotFound("That saved game does not exist.")

    def _check_dir(self) -> None:
        """A saves folder that is refused (another user's, a symlink) is not read."""
        try:
            check_private_dir(self.directory)
        except StorageError as error:
            raise SaveUnavailable(error.message) from error

    def _lock(self, slot_id: str) -> int:
        try:
            return locks.acquire(self.lock_path(slot_id))
        except locks.LockBusy as error:
            raise SaveInUse("This game is open in another session.") from error
        except OSError as error:
            raise SaveUnavailable(
                f"Could not lock a save in {self.directory} ({reason_of(error)})."
            ) from error

    def _read(self, slot_id: str, in_use: bool) -> tuple[SaveSummary, dict[str, Any]]:
        path = self.save_path(slot_id)
        try:
            data = read_limited(path, MAX_SAVE_BYTES)
            if data is None:
                raise SaveNotFound("That saved game no longer exists.")
            summary, payload = parse_save(data, slot_id=slot_id, path=path)
            version = payload.get("format")
            newest = self.game_format
            if newest is not None and is_int(version) and version > newest:
                raise Damaged(f"format {version}", "newer")
        except Damaged as damage:
            if in_use:
                raise SaveInUse("This game is open in another session.") from damage
            raise SaveDamaged(quarantine(path, _what(slot_id), damage, _CONSEQUENCE)) from damage
        return replace(summary, in_use=in_use), payload


def _what(slot_id: str) -> str:
    return f"saved game {slot_id}"

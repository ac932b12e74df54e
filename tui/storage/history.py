"""The history of finished games: a small per-user SQLite database in the data dir.

Each call opens the database, does its one job and closes it again: two sessions of
the same user may finish games at the same moment, and a long-lived connection would
also outlive a dropped SSH session for no benefit. The file is 0600 and created by us
before SQLite sees it (SQLite would otherwise follow the umask). A file that is not
a party-dice history or is damaged is moved aside (never deleted) and the history
starts afresh, with one sentence for the player. One from a newer party-dice, or a
symlink in its place (SQLite would follow it, and so would ``chmod``), is left as it
is: finished games are then not recorded, and the player is told.

Pure standard library: no Textual, no Rich.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tui.storage.files import (
    Damaged,
    StorageError,
    check_private_dir,
    create_private_file,
    damage_of,
    ensure_private_dir,
    is_str_list,
    move_aside,
    quarantine,
    reason_of,
)
from tui.storage.guard import UnsafeFile, tighten_file
from tui.storage.paths import history_path

HISTORY_VERSION = 1
"""Stored in ``PRAGMA user_version``."""
_CONSEQUENCE = "the history starts afresh"
_KEPT_RECORDING = "so this game was not recorded"
_KEPT_READING = "so it cannot be shown"
_SIDE_FILES = ("-journal", "-wal", "-shm")
_DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_COLUMNS = ("id", "finished_at", "game", "variants", "players", "winners", "length", "unit")
_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    game TEXT NOT NULL,
    variants TEXT NOT NULL,
    players TEXT NOT NULL,
    winners TEXT NOT NULL,
    length INTEGER NOT NULL,
    unit TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the Recent games screen shows it."""

    finished_at: datetime
    """Timezone-aware."""
    game: str
    variants: tuple[str, ...]
    players: tuple[str, ...]
    winners: tuple[str, ...]
    """Several when a win is shared."""
    length: int
    unit: str = "turns"
    """What ``length`` counts: "turns" or "rounds"."""


class _Damaged(Exception):
    def __init__(self, damage: Damaged) -> None:
        super().__init__(damage.reason)
        self.damage = damage


class History:
    """The history database at ``path`` (default: the XDG data dir)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = history_path() if path is None else Path(path)

    def record(
        self,
        *,
        game: str,
        players: Sequence[str],
        winners: Sequence[str],
        length: int,
        unit: str = "turns",
        variants: Iterable[str] = (),
        finished_at: datetime | None = None,
    ) -> str | None:
        """Add a finished game. Returns ``None``, or one sentence for the player when
        the history had to be moved aside or could not be written (the game is over
        either way, so this never raises for a file problem)."""
        when = (finished_at or datetime.now()).astimezone().isoformat(timespec="seconds")
        row = (
            when,
            game,
            json.dumps(sorted(variants)),
            json.dumps(list(players)),
            json.dumps(list(winners)),
            int(length),
            unit,
        )
        try:
            ensure_private_dir(self.path.parent)
        except StorageError as error:
            return f"This game could not be added to the history: {error.message}"
        message = None
        for _attempt in range(2):
            try:
                self._create_if_missing()
                with closing(self._connect()) as connection, connection:
                    # One writer at a time, so two sessions never both create the table.
                    connection.execute("BEGIN IMMEDIATE")
                    self._prepare(connection, create=True)
                    connection.execute(
                        "INSERT INTO games (finished_at, game, variants, players, winners,"
                        " length, unit) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        row,
                    )
                return message
            except _Damaged as error:
                message = self._quarantine(error.damage, _KEPT_RECORDING)
                if error.damage.kept:
                    return message
            except (sqlite3.Error, OSError) as error:
                damage = _damage_of(error)
                if damage is None:
                    return f"This game could not be added to the history ({reason_of(error)})."
                message = self._quarantine(damage, _KEPT_RECORDING)
        return message

    def recent(self, limit: int = 20) -> tuple[list[GameRecord], str | None]:
        """The last ``limit`` finished games, newest first, and at most one sentence
        about a problem. Reading never creates the database."""
        try:
            if not check_private_dir(self.path.parent) or not os.path.lexists(self.path):
                return [], None
        except StorageError:
            return [], None  # a refused folder is told when a game would be recorded
        try:
            _check_file(self.path)
            with closing(self._connect()) as connection:
                if not self._prepare(connection, create=False):
                    return [], None
                rows = connection.execute(
                    f"SELECT {', '.join(_COLUMNS[1:])} FROM games ORDER BY id DESC LIMIT ?",
                    (max(0, limit),),
                ).fetchall()
        except _Damaged as error:
            return [], self._quarantine(error.damage, _KEPT_READING)
        except (sqlite3.Error, OSError) as error:
            damage = _damage_of(error)
            if damage is None:
                return [], f"The history of games cannot be read ({reason_of(error)})."
            return [], self._quarantine(damage, _KEPT_READING)
        return [record for record in map(_record, rows) if record is not None], None

    def _create_if_missing(self) -> None:
        try:
            os.close(create_private_file(self.path))
        except FileExistsError:
            _check_file(self.path)

    def _connect(self) -> sqlite3.Connection:
        uri = self.path.absolute().as_uri() + "?mode=rw"
        return sqlite3.connect(uri, uri=True, timeout=2.0)

    def _prepare(self, connection: sqlite3.Connection, *, create: bool) -> bool:
        """Check the file is our history (creating the table in a new file when asked);
        False when there is no table yet and ``create`` is off."""
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > HISTORY_VERSION:
            raise _Damaged(Damaged(f"format {version}", "newer"))
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise _Damaged(Damaged("it failed SQLite's integrity check"))
        tables = {
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if version == 0:
            if tables:
                raise _Damaged(Damaged("not a party-dice history"))
            if not create:
                return False
            connection.execute(_SCHEMA)
            connection.execute(f"PRAGMA user_version = {HISTORY_VERSION}")
            return True
        columns = tuple(row[1] for row in connection.execute("PRAGMA table_info(games)"))
        if columns != _COLUMNS:
            raise _Damaged(Damaged("not a party-dice history"))
        return True

    def _quarantine(self, damage: Damaged, kept: str = _KEPT_READING) -> str:
        """Move a bad database aside (``kept`` is the consequence when it stays put)."""
        consequence = kept if damage.kept else _CONSEQUENCE
        message = quarantine(self.path, "history of games", damage, consequence)
        for suffix in () if damage.kept else _SIDE_FILES:
            side = self.path.with_name(self.path.name + suffix)
            if os.path.lexists(side):
                with contextlib.suppress(OSError):
                    move_aside(side)  # a stale journal must not be replayed into a new file
        return message


def _check_file(path: Path) -> None:
    """The database must be a regular file of ours (SQLite would follow a symlink and
    block on a FIFO); take group and other rights off it, never through a symlink."""
    try:
        tighten_file(path)
    except UnsafeFile as error:
        raise _Damaged(damage_of(error)) from error


def _damage_of(error: BaseException) -> Damaged | None:
    """The damage an SQLite error reveals, or ``None`` for a passing or access problem."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(error, sqlite3.DatabaseError) and code in _DAMAGE_CODES:
        return Damaged(str(error))
    return None


def _names(text: Any) -> tuple[str, ...] | None:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None
    if is_str_list(value):
        return tuple(value)
    return None


def _record(row: tuple[Any, ...]) -> GameRecord | None:
    """A row as a record; ``None`` for a row someone edited into nonsense."""
    finished_at, game, variants, players, winners, length, unit = row
    lists = [_names(variants), _names(players), _names(winners)]
    if any(item is None for item in lists) or not isinstance(game, str):
        return None
    if not isinstance(length, int) or not isinstance(unit, str):
        return None
    try:
        when = datetime.fromisoformat(finished_at).astimezone()
    except (TypeError, ValueError, OverflowError, OSError):
        return None
    variants_t, players_t, winners_t = (item or () for item in lists)
    return GameRecord(when, game, variants_t, players_t, winners_t, length, unit)

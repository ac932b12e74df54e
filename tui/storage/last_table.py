"""The last table each game was set up with, so the next evening starts in one key.

A group plays with the same people, the same computers and the same rules night after
night: the setup screen opens with the table it last started (who sits where, who is a
person or a computer and at which level, the variants, the match mode), and the title's
"Play again with the same table" starts the last one played at once. One small JSON file
in the state dir holds one table per game and which game was played last.

Storage knows files, not games: each table is kept and returned as plain data (a dict,
as ``tui.gameconfig.table_dict`` makes it), and whether one still makes a table is for
``tui.gameconfig.config_from_table`` to say (``tui.kept_settings.KeptTables`` asks it).
Loading never fails: a damaged file is moved aside. Pure Python, no Textual.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.storage.files import (
    Damaged,
    atomic_write_text,
    check_format,
    ensure_private_dir,
    load_or_quarantine,
)
from tui.storage.paths import state_dir

TABLES_FORMAT = 1
TABLES_FILE = "last_tables.json"
MAX_TABLES_BYTES = 64 * 1024


def tables_path() -> Path:
    return state_dir() / TABLES_FILE


@dataclass(frozen=True)
class LastTables:
    """The last table of each game, by game id, as plain data, and the game last played
    (one of ``tables``, or ``None``)."""

    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    last_game: str | None = None

    @property
    def last(self) -> dict[str, Any] | None:
        """The table "Play again" starts, if one is remembered."""
        return self.tables.get(self.last_game) if self.last_game else None


def _parse(data: bytes) -> LastTables:
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Damaged("not valid JSON") from error
    if not isinstance(document, dict):
        raise Damaged("not a JSON object")
    check_format(document.get("format"), TABLES_FORMAT)
    raw = document.get("tables", {})
    tables = {
        game: table
        for game, table in (raw.items() if isinstance(raw, dict) else ())
        if isinstance(table, dict)
    }
    last = document.get("last_game")
    return LastTables(tables, last if isinstance(last, str) and last in tables else None)


def load_tables(path: Path | None = None) -> tuple[LastTables, str | None]:
    """The remembered tables (none when there is no file) and at most one sentence for
    the player when the file had to be moved aside."""
    path = tables_path() if path is None else path
    tables, message = load_or_quarantine(
        path,
        _parse,
        what="last table file",
        consequence="setup starts afresh",
        limit=MAX_TABLES_BYTES,
    )
    return tables or LastTables(), message


def save_tables(tables: LastTables, path: Path | None = None) -> None:
    """Write the tables atomically (file 0600, folder 0700); raises ``StorageError``
    when the state folder cannot be written, ``TypeError``/``ValueError`` for a table
    that is not JSON."""
    path = tables_path() if path is None else path
    ensure_private_dir(path.parent)
    document = {"format": TABLES_FORMAT, "last_game": tables.last_game, "tables": tables.tables}
    text = json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)
    atomic_write_text(path, text + "\n")

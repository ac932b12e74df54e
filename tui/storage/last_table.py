"""The last table each game was set up with, so the next evening starts in one key.

A group plays with the same people, the same computers and the same rules night after
night: the setup screen opens with the table it last started (who sits where, who is a
person or a computer and at which level, the variants, the match mode), and the title's
"Play again with the same table" starts the last one played at once. One small JSON file
in the state dir holds one table per game and which game was played last. Loading never
fails: a table that no longer passes the checks (a game removed, a variant renamed, a
name now refused) is forgotten, a damaged file is moved aside. Pure Python, no Textual.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui import games
from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.storage.files import (
    Damaged,
    atomic_write_text,
    check_format,
    ensure_private_dir,
    is_int,
    is_str_list,
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
    """The last table of each game (a ``GameConfig`` without a seed), and the game last
    played."""

    tables: dict[str, GameConfig] = field(default_factory=dict)
    last_game: str | None = None

    @property
    def last(self) -> GameConfig | None:
        """The table "Play again" starts, if one is remembered."""
        return self.tables.get(self.last_game) if self.last_game else None

    def remember(self, config: GameConfig) -> LastTables:
        """A copy with ``config`` as its game's table and the last one played."""
        kept = GameConfig(
            config.game_id,
            config.seats,
            variants=config.variants,
            first_seat=config.first_seat,
            options=dict(config.options),
        )
        return LastTables({**self.tables, config.game_id: kept}, config.game_id)


def _option_keys(game_id: str) -> set[str]:
    spec = games.get(game_id)
    return {o.key for o in spec.options} | {n.key for o in spec.options for n in o.numbers.values()}


def _table(game_id: str, data: object) -> GameConfig | None:
    """One remembered table, or ``None`` when anything in it no longer makes sense."""
    if game_id not in games.ids() or not isinstance(data, dict):
        return None
    seats_data, variants = data.get("seats"), data.get("variants", [])
    if not isinstance(seats_data, list) or not is_str_list(variants):
        return None
    seats = []
    for seat in seats_data:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            return None
        level = seat.get("level")
        if level is not None and level not in BOT_LEVELS:
            return None
        seats.append(Seat(seat["name"], level))
    first = data.get("first_seat")
    options = data.get("options", {})
    if not isinstance(options, dict):
        return None
    keys = _option_keys(game_id)
    kept = {
        key: value
        for key, value in options.items()
        if key in keys and (isinstance(value, str) or is_int(value))
    }
    config = GameConfig(
        game_id,
        tuple(seats),
        variants=frozenset(variants),
        first_seat=first if is_int(first) else None,
        options=kept,
    )
    return None if config.problem() else config


def _parse(data: bytes) -> LastTables:
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Damaged("not valid JSON") from error
    if not isinstance(document, dict):
        raise Damaged("not a JSON object")
    check_format(document.get("format"), TABLES_FORMAT)
    raw = document.get("tables", {})
    tables: dict[str, GameConfig] = {}
    if isinstance(raw, dict):
        for game_id, table in raw.items():
            config = _table(str(game_id), table)
            if config is not None:
                tables[config.game_id] = config
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


def _table_dict(config: GameConfig) -> dict[str, Any]:
    return {
        "seats": [{"name": seat.name, "level": seat.bot} for seat in config.seats],
        "variants": sorted(config.variants),
        "first_seat": config.first_seat,
        "options": dict(config.options),
    }


def save_tables(tables: LastTables, path: Path | None = None) -> None:
    """Write the tables atomically (file 0600, folder 0700); raises ``StorageError``
    when the state folder cannot be written."""
    path = tables_path() if path is None else path
    ensure_private_dir(path.parent)
    document = {
        "format": TABLES_FORMAT,
        "last_game": tables.last_game,
        "tables": {game: _table_dict(config) for game, config in tables.tables.items()},
    }
    atomic_write_text(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")

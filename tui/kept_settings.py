"""The settings in force, saved at once on every change, and the tables last set up.

A settings file that cannot be written does not stop the app: the change applies until
the player quits, and the reason is told once (not again for every later change).
No Textual here: the app applies the look and shows the ``Notice``. The last tables'
file holds plain data; here it becomes ``GameConfig`` values (``tui.gameconfig``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from dataclasses import replace
from pathlib import Path
from typing import Any

from tui.gameconfig import GameConfig, config_from_table, table_dict
from tui.session import Notice
from tui.storage.files import StorageError
from tui.storage.last_table import LastTables, load_tables, save_tables
from tui.storage.settings import load_settings, save_settings


class KeptSettings:
    """The settings loaded from ``path`` (default: the XDG config file), kept saved."""

    def __init__(self, path: Path | None = None) -> None:
        from tui.storage import paths

        self.path = path or paths.settings_path()
        self.settings, self.message = load_settings(self.path)
        """``message``: one sentence about a bad settings file, to tell at start."""
        self._unsaved = False

    def change(self, **changes: Any) -> Notice | None:
        """Change settings and save them; a failure to save is returned, once."""
        self.settings = replace(self.settings, **changes)
        try:
            save_settings(self.settings, self.path)
        except (StorageError, OSError) as error:
            told = self._unsaved
            self._unsaved = True
            if not told:
                reason = getattr(error, "message", None) or str(error)
                return Notice(f"{reason} Settings apply until you quit.", "warning")
        else:
            self._unsaved = False
        return None


class KeptTables:
    """The last table of each game (``tui.storage.last_table``), saved when one starts.

    A remembered table that no longer passes the checks is forgotten (and left out of
    the file at the next save). A folder that cannot be written costs only the memory:
    the table still starts."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        stored, self.message = load_tables(path)
        found = ((game, config_from_table(game, table)) for game, table in stored.tables.items())
        self.configs: dict[str, GameConfig] = {game: c for game, c in found if c is not None}
        self.last_game = stored.last_game if stored.last_game in self.configs else None

    def of(self, game_id: str) -> GameConfig | None:
        """The table ``game_id`` was last set up with, if any."""
        return self.configs.get(game_id)

    @property
    def last(self) -> GameConfig | None:
        """The last table started from a setup ("Play again with the same table")."""
        return self.configs.get(self.last_game) if self.last_game else None

    def remember(self, config: GameConfig) -> None:
        """Keep ``config`` (without its seed) as its game's table and the last one."""
        self.configs[config.game_id] = dataclasses.replace(config, seed=None)
        self.last_game = config.game_id
        tables = {game: table_dict(kept) for game, kept in self.configs.items()}
        with contextlib.suppress(StorageError, OSError, TypeError, ValueError):
            save_tables(LastTables(tables, self.last_game), self.path)

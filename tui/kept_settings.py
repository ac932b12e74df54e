"""The settings in force, saved at once on every change, and the tables last set up.

A settings file that cannot be written does not stop the app: the change applies until
the player quits, and the reason is told once (not again for every later change).
No Textual here: the app applies the look and shows the ``Notice``.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from tui.gameconfig import GameConfig
from tui.session import Notice
from tui.storage.files import StorageError
from tui.storage.last_table import load_tables, save_tables
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

    A folder that cannot be written costs only the memory: the table still starts."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.tables, self.message = load_tables(path)

    def of(self, game_id: str) -> GameConfig | None:
        """The table ``game_id`` was last set up with, if any."""
        return self.tables.tables.get(game_id)

    @property
    def last(self) -> GameConfig | None:
        """The last table started from a setup ("Play again with the same table")."""
        return self.tables.last

    def remember(self, config: GameConfig) -> None:
        self.tables = self.tables.remember(config)
        with contextlib.suppress(StorageError, OSError):
            save_tables(self.tables, self.path)

"""Where party-dice keeps its per-user files, and nothing else.

Settings go in the user config dir, saved games in the user state dir, the history of
finished games in the user data dir (``platformdirs``, which honours ``XDG_CONFIG_HOME``,
``XDG_STATE_HOME`` and ``XDG_DATA_HOME`` on Linux, so tests isolate everything with
``monkeypatch.setenv``). Nothing lives in /tmp: on a shared server it is everyone's.

These functions only compute paths; the writers create the directories (0700) when
they first write, so that merely starting the app never leaves empty folders behind.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "party-dice"

SETTINGS_FILE = "settings.toml"
SAVES_DIR = "saves"
HISTORY_FILE = "history.sqlite3"


def config_dir() -> Path:
    """The per-user configuration directory (``~/.config/party-dice`` on Linux)."""
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def state_dir() -> Path:
    """The per-user state directory (``~/.local/state/party-dice`` on Linux)."""
    return platformdirs.user_state_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    """The per-user data directory (``~/.local/share/party-dice`` on Linux)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def cache_dir() -> Path:
    """The per-user cache directory (``~/.cache/party-dice`` on Linux): files that can be
    rebuilt at any time, such as solved odds (``XDG_CACHE_HOME``)."""
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def saves_dir() -> Path:
    """One JSON file per saved game, plus one lock file per game open in a session."""
    return state_dir() / SAVES_DIR


def history_path() -> Path:
    return data_dir() / HISTORY_FILE


def app_dirs() -> tuple[Path, ...]:
    """The folders party-dice owns outright: each, and everything below it, is checked
    (ours, not a symlink) and kept 0700 (``tui.storage.files.ensure_private_dir``). The
    cache is one of them: a link in its place was followed into another account's
    folder."""
    return (config_dir(), state_dir(), data_dir(), cache_dir())

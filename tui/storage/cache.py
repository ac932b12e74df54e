"""The per-user cache: bytes kept between runs under names the games choose.

What a game works out slowly and can always work out again (Aces' solved odds: up to
seconds a chain, the same for the same rules) is kept here so the next table has it at
once. This module knows files, not games: a game hands it bytes and a name
(``tui.engine.aces.odds.shelf_name``) and reads them back, and decides itself whether
what it reads is sound. Nothing here is precious: a file that cannot be read is simply
not there, and one that cannot be written is not kept. Files are 0600 in a 0700 folder,
written atomically (``tui.storage.files``), like every file of ours.
"""

from __future__ import annotations

import re
from pathlib import Path

from tui.storage.files import Damaged, atomic_write_bytes, read_limited
from tui.storage.guard import StorageError, check_private_dir, ensure_private_dir
from tui.storage.paths import cache_dir

_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,126}")
"""A name is one file in the folder: no separator, no leading dot, nothing to escape."""


def odds_dir() -> Path:
    """Where the games' odds are kept (``~/.cache/party-dice/odds`` on Linux)."""
    return cache_dir() / "odds"


class FileShelf:
    """A ``tui.engine.fairness.Shelf`` on disk: one file per name in ``directory``
    (default: ``odds_dir()``, read when first used, so ``XDG_CACHE_HOME`` is honoured)."""

    def __init__(self, directory: Path | None = None) -> None:
        self._directory = directory

    @property
    def directory(self) -> Path:
        return odds_dir() if self._directory is None else self._directory

    def path(self, name: str) -> Path:
        """The file of ``name``; ``ValueError`` for a name that is not one plain file name."""
        if not _NAME.fullmatch(name) or ".." in name:
            raise ValueError(f"{name!r} cannot name a cache file")
        return self.directory / name

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes kept as ``name``, or ``None`` (none yet, unreadable, over ``limit``,
        or the folder refused: a link, another account's)."""
        try:
            path = self.path(name)
            if not check_private_dir(path.parent):
                return None
            return read_limited(path, limit)
        except (Damaged, StorageError):
            return None

    def write(self, name: str, data: bytes) -> bool:
        """Keep ``data`` as ``name``; False if the cache cannot be written (no matter)."""
        path = self.path(name)
        try:
            ensure_private_dir(path.parent)
            atomic_write_bytes(path, data)
        except StorageError:
            return False
        return True

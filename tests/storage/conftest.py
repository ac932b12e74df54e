"""Fixtures of the storage tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.hostile import Home


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Home:
    """A home of the test's own: ``XDG_CONFIG_HOME``, ``XDG_STATE_HOME`` and
    ``XDG_DATA_HOME`` point into it, so party-dice's folders are ``home.config`` etc."""
    home = Home(tmp_path / "home")
    for kind in ("config", "state", "data"):
        monkeypatch.setenv(f"XDG_{kind.upper()}_HOME", str(home.root / kind))
    return home

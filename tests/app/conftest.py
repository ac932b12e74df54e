"""Shared fixtures for app tests (Pilot and snapshots), for every screen's tests.

Every test gets its own per-user directories (XDG config, state and data under
``tmp_path``), no ``NO_COLOR``, ``TEXTUAL_THEME`` or ``TERM`` from the developer's shell,
and a ``make_app`` factory that builds a fresh, seeded ``PartyDiceApp``. Only fixtures live
here; what tests import (``AppDirs``, ``SEED``, ``open_setup``) is in ``tests.support.app``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.app import SEED, AppDirs


@pytest.fixture(autouse=True)
def app_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppDirs:
    """Isolate the per-user files and neutralise the environment that changes looks."""
    dirs = AppDirs(tmp_path / "config", tmp_path / "state", tmp_path / "data")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(dirs.config))
    monkeypatch.setenv("XDG_STATE_HOME", str(dirs.state))
    monkeypatch.setenv("XDG_DATA_HOME", str(dirs.data))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for name in ("NO_COLOR", "TEXTUAL_THEME", "COLORTERM", "TEXTUAL"):
        monkeypatch.delenv(name, raising=False)
    # A Linux console (TERM=linux) gets ASCII glyphs by itself: tests that want it say so.
    monkeypatch.setenv("TERM", "xterm-256color")
    return dirs


@pytest.fixture(autouse=True)
def patient_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot's keys arrive as a deliberate person's would, a second apart, so the key
    gate (``tui.table.gate``) lets them through; tests of the gate use their own times."""
    from tests.support.gate import PatientTimes
    from tui.table.screen import TableScreen

    monkeypatch.setattr(TableScreen, "default_times", PatientTimes)


@pytest.fixture(autouse=True)
def steady_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focused input's cursor stays drawn instead of blinking every half second.
    A snapshot taken more than half a second after a screen opened (as on a loaded
    machine) caught it hidden; setting ``cursor_blink`` off in a snapshot's
    ``run_before`` came too late for keys pressed after it (``snap_compare`` runs
    ``run_before`` first). ``tests.support.fast_pilot``, guarded like the rest."""
    from tests.support.fast_pilot import steady_cursors

    steady_cursors(monkeypatch)


@pytest.fixture(autouse=True)
def faster_pilot(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Pilot draws once per step, waits only for the nodes with work in hand and for what
    is due within a frame (``tests.support.fast_pilot``, each part only where the names
    it needs are there); a slow test runs with stock Pilot."""
    from tests.support.fast_pilot import speed_up

    return speed_up(request, monkeypatch)


@pytest.fixture
def make_app() -> Callable[..., Any]:
    """``make_app(**kwargs)``: a fresh ``PartyDiceApp`` (seeded; kwargs go to it)."""

    def build(**kwargs: Any) -> Any:
        from tui.app import PartyDiceApp

        kwargs.setdefault("seed", SEED)
        return PartyDiceApp(**kwargs)

    return build

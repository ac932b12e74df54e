"""Pacing for tests whose picture or keys catch a pause mid-way: a person's forced move,
or the round's end before it goes on by itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from tui.session import table_flow as flow

HELD = 600.0
"""A pause no test outlasts: the forced move waits for a key, whatever the load."""


def hold_forced_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's forced move (``Action.forced``) waits ``HELD`` seconds before it plays
    itself at every pace, so a snapshot taken in the pause never races its timer."""
    _hold(monkeypatch, lambda pace: replace(pace, forced=HELD))


def hold_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The round's end goes on by itself (a computer deals next) only after ``HELD``
    seconds at every pace, so a test that ends the pause itself never races its timer:
    on a loaded machine the 2.5 s went by while the test was still looking."""
    _hold(monkeypatch, lambda pace: replace(pace, reading=HELD))


def _hold(monkeypatch: pytest.MonkeyPatch, held: Callable[[flow.Pace], flow.Pace]) -> None:
    """Every pace replaced by ``held`` of it, for the test's length."""
    for name, pace in list(flow.PACES.items()):
        monkeypatch.setitem(flow.PACES, name, held(pace))

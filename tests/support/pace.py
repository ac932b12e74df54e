"""Pacing for tests whose picture or keys catch a person's forced move mid-pause."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tui.table import flow

HELD = 600.0
"""A pause no test outlasts: the forced move waits for a key, whatever the load."""


def hold_forced_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's forced move (``Action.forced``) waits ``HELD`` seconds before it plays
    itself at every pace, so a snapshot taken in the pause never races its timer."""
    for name, pace in list(flow.PACES.items()):
        monkeypatch.setitem(flow.PACES, name, replace(pace, forced=HELD))


def hold_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The round's end goes on by itself (a computer deals next) only after ``HELD``
    seconds at every pace, so a test that ends the pause itself never races its timer:
    on a loaded machine the 2.5 s went by while the test was still looking."""
    for name, pace in list(flow.PACES.items()):
        monkeypatch.setitem(flow.PACES, name, replace(pace, reading=HELD))

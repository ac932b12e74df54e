"""Snapshots of what keeps an evening flowing: the Records screen, showdowns that read
at a glance, the recap before a person's turn, the finishing order of Chase.

Update with ``pytest tests/app/test_snapshots_flow.py --snapshot-update``, then render
the SVGs to PNG and look at them before committing. Text in double quotes in a test's
docstring is quoted from its picture (``test_snapshot_docstrings.py`` checks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.records import record_evening
from tui.gameconfig import BOT_NAMES

MakeApp = Callable[..., Any]
SMALL = (80, 24)
LARGE = (160, 48)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x48"])
def test_records(
    snap_compare: Any, make_app: MakeApp, app_dirs: AppDirs, size: tuple[int, int]
) -> None:
    """Records from the title: "Name", "Games", "Wins", "Win rate", "Best streak" and
    "By game" columns; Ben first with 3 games, 2 wins, "67%", a best streak of 2, and
    "Chase 1/2 50%" over "Aces 1/1 100%"; the computer names of a big table below."""
    record_evening(extra_players=BOT_NAMES[:17])
    assert snap_compare(make_app(), press=["w"], terminal_size=size)

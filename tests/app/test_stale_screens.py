"""Keys typed ahead across a quit or a closing screen: handlers that run on a screen
that is gone (or not built yet) do nothing instead of ending the app (issue 17).

Each burst is posted at once, as a terminal hands over keys typed ahead; Pilot's
``run_test`` re-raises whatever reached the app's crash handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.resilience import send_keys
from tests.support.table import aces_config, write_settings

MakeApp = Callable[..., Any]


async def burst_at_a_table(
    make_app: MakeApp, app_dirs: AppDirs, keys: list[str], *, confirm_quit: bool
) -> Any:
    write_settings(app_dirs.settings, confirm_quit=confirm_quit)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=5, first_seat=0))
        await pilot.pause()
        await send_keys(pilot, keys, exact=False)
        for _ in range(5):
            await pilot.pause()
    return app


async def test_quit_yes_then_the_rules_twice_in_one_burst(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Was ``NoMatches '#viewer-aces'`` from ``RulesScreen.on_mount`` (3 in 3)."""
    await burst_at_a_table(
        make_app, app_dirs, ["ctrl+q", "y", "question_mark", "question_mark"], confirm_quit=True
    )


async def test_many_rolls_then_quit_in_one_burst(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """Was ``NoMatches '#seats-top' on TableScreen`` (4 in 4 with 150 rolls; 90 keep the
    burst under the quit lane's backlog, which would drop them)."""
    await burst_at_a_table(make_app, app_dirs, ["r", "enter"] * 90 + ["ctrl+q"], confirm_quit=False)


@pytest.mark.parametrize(
    "keys",
    [
        ["r", "a", "c", "t", "escape", "r", "a", "escape"],
        ["ctrl+p", "down", "down", "escape", "ctrl+p", "down"],
        ["a", "escape", "a", "tab", "down", "escape"],
        ["r", "escape", "r", "escape", "ctrl+q"],
    ],
)
async def test_bursts_over_closing_screens(
    make_app: MakeApp, app_dirs: AppDirs, keys: list[str]
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await send_keys(pilot, keys, exact=False)
        for _ in range(5):
            await pilot.pause()

"""What app tests share besides fixtures: the seed, the per-user folders, snapshot helpers.

The fixtures that build these (``app_dirs``, ``make_app``) stay in
``tests/app/conftest.py``; tests import the types and helpers from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.support.fast_pilot import screen_cells as screen_cells

if TYPE_CHECKING:
    from tui.screens.setup import SetupScreen

SEED = 20261130
"""The seed of every app a test makes unless it asks for another."""

SMALL = (80, 24)
"""The terminal every screen is pictured at everyday."""
LARGE = (160, 48)
"""A large terminal, where the table's layout changes."""
SNAPSHOT_SIZES = (
    pytest.param(SMALL, id="80x24"),
    pytest.param(LARGE, id="160x48", marks=pytest.mark.slow),
)
"""A snapshot at 80x24 in the everyday run; at 160x48, where the layout changes, in the
thorough tier (``-m slow``, which CI runs too)."""


@dataclass(frozen=True)
class AppDirs:
    """The isolated per-user directories of one test."""

    config: Path
    state: Path
    data: Path

    @property
    def settings(self) -> Path:
        return self.config / "party-dice" / "settings.toml"

    @property
    def saves(self) -> Path:
        return self.state / "party-dice" / "saves"


async def resize(pilot: Any, width: int, height: int) -> None:
    """Resize the terminal and wait until the screen on top has taken the new size and
    handled it. Pilot's ``resize_terminal`` posts the resize and pauses once, which on
    a loaded machine can return before the screen was resized (its ``on_resize`` not yet
    run): asserting then reads the old size."""
    await pilot.resize_terminal(width, height)
    app = pilot.app
    for _ in range(100):
        if tuple(app.size) == (width, height) and tuple(app.screen.size) == (width, height):
            break
        await pilot.pause()
    else:
        raise AssertionError(f"the screen never took {width}x{height}: {app.screen.size}")
    await pilot.pause()


async def drawn(pilot: Any) -> None:
    """Wait until the screen on top has been drawn: a screen just pushed is laid out on
    a later refresh, and read before that (on a loaded machine) it is blank."""
    from tests.support.chase import screen_lines

    for _ in range(100):
        if any(line.strip() for line in screen_lines(pilot.app)):
            return
        await pilot.pause()
    raise AssertionError(f"{pilot.app.screen} was never drawn")


async def open_setup(pilot: Any, key: str) -> SetupScreen:
    """Press ``key`` on the title and return the setup screen it opens (``a`` or ``c``)."""
    from tui.screens.setup import SetupScreen

    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen

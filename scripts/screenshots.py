"""Regenerate ``screenshots/*.svg`` for the README from the real app (``make screenshots``).

Each picture comes from a fresh ``PartyDiceApp`` run headless at 80x24 (the size people
get over SSH), driven by keys the way a person would, with fixed seeds so the dice and
the decks are the same on every run, and saved with ``App.export_screenshot``. The
output is byte-for-byte reproducible: Rich derives the SVG's ids from the picture
itself, the title is fixed, cursors do not blink and animations are off.

Nothing outside ``screenshots/`` is touched: the app's settings, saves and history go
to a temporary folder in the user cache directory (not /tmp), removed at the end, and
the environment variables that change looks (``NO_COLOR``, ``TEXTUAL_THEME``,
``COLORTERM``) are cleared before Textual is imported.

Usage: ``python scripts/screenshots.py [NAME ...]`` (default: every picture);
``--list`` prints each file with its caption.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "screenshots"
SIZE = (80, 24)
TITLE = "party-dice"
"""The window title drawn in every SVG (fixed, so the bytes never change)."""

for _name in ("NO_COLOR", "TEXTUAL_THEME", "COLORTERM", "TEXTUAL", "TEXTUAL_COLOR_SYSTEM"):
    os.environ.pop(_name, None)
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout even without an editable install

Steps = Callable[[Any, Any], Awaitable[None]]


@dataclass(frozen=True)
class Shot:
    """One picture: its file name (without ``.svg``), a caption, and how to get there."""

    name: str
    caption: str
    steps: Steps
    names: tuple[str, ...] = ("Ann", "Ben", "Cleo")
    """The people the setup screen remembers (settings ``last_names``)."""


async def settle(pilot: Any) -> None:
    """Let every message and refresh run, and stop cursors blinking."""
    from textual.widgets import Input

    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


async def press(pilot: Any, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def aces_config() -> Any:
    """Ann, Ben and Cleo with two computer players, named as setup names them."""
    from tui.engine.controller import Seat
    from tui.gameconfig import GameConfig, bot_names

    people = ["Ann", "Ben", "Cleo"]
    seats = [Seat(name) for name in people]
    seats += [Seat(name, "sharp") for name in bot_names(people, 2)]
    return GameConfig("aces", tuple(seats), first_seat=0, seed=7)


def chase_config(seed: int) -> Any:
    """Ann, Ben and Cleo at one keyboard, Ann dealing first."""
    from tui.engine.controller import Seat
    from tui.gameconfig import GameConfig

    seats = tuple(Seat(name) for name in ("Ann", "Ben", "Cleo"))
    return GameConfig("chase", seats, first_seat=0, seed=seed)


async def title(pilot: Any, app: Any) -> None:
    pass


async def setup_aces(pilot: Any, app: Any) -> None:
    await press(pilot, "a", "ctrl+n")
    rows = app.screen.rows()
    rows[-1].kind_select.value = "sharp"
    await pilot.pause()
    app.screen.query_one("#start").focus()


async def settings(pilot: Any, app: Any) -> None:
    await press(pilot, "s")


async def rules(pilot: Any, app: Any) -> None:
    await press(pilot, "r")


async def aces_table(pilot: Any, app: Any) -> None:
    app.start_game(aces_config())
    await pilot.pause()
    await press(pilot, "enter", "r", "r", "r")


async def chase_curtain(pilot: Any, app: Any) -> None:
    app.start_game(chase_config(seed=3))
    await pilot.pause()
    await press(pilot, "d")


async def chase_showdown(pilot: Any, app: Any) -> None:
    app.start_game(chase_config(seed=3))
    await pilot.pause()
    # Ann deals; Ben and Cleo each take the keyboard and stand; Ann, the dealer, stands.
    await press(pilot, "d", "enter", "s", "enter", "s", "enter", "s")


SHOTS: tuple[Shot, ...] = (
    Shot("title", "The title screen: a key for each game, the rules and the settings.", title),
    Shot(
        "setup-aces",
        "Setting up Aces in the Pot: three people and a computer player.",
        setup_aces,
    ),
    Shot("settings", "Settings: variants, animation, glyphs (with a check), theme.", settings),
    Shot(
        "aces-table",
        "Aces in the Pot after a few rolls, with two computer players at the table.",
        aces_table,
    ),
    Shot(
        "chase-curtain",
        "Chase the Ace: the curtain asks for the next player before their card shows.",
        chase_curtain,
    ),
    Shot(
        "chase-showdown",
        "Chase the Ace: the showdown at the end of a round, lowest card loses a life.",
        chase_showdown,
    ),
    Shot("rules", "The rules, with every variant, one key away (? or F1).", rules),
)


async def take(shot: Shot, home: Path) -> str:
    """The SVG of ``shot`` from a fresh app whose per-user files live in ``home``."""
    from tests.support.gate import PatientTimes  # each key a second after the last
    from tui.app import PartyDiceApp
    from tui.storage.settings import Settings, save_settings
    from tui.table.screen import TableScreen

    TableScreen.default_times = PatientTimes

    settings_path = home / "config" / "party-dice" / "settings.toml"
    save_settings(Settings(animation="off", last_names=shot.names), settings_path)
    app = PartyDiceApp(
        seed=20261130,
        settings_path=settings_path,
        saves_dir=home / "state" / "party-dice" / "saves",
        history_path=home / "data" / "party-dice" / "history.sqlite3",
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await shot.steps(pilot, app)
        await settle(pilot)
        svg: str = app.export_screenshot(title=TITLE, simplify=True)
    return svg


def scratch_home() -> Path:
    """A new private folder for the app's files, in the user cache dir (not /tmp)."""
    import platformdirs

    cache = platformdirs.user_cache_path("party-dice", appauthor=False)
    cache.mkdir(parents=True, exist_ok=True, mode=0o700)
    return Path(tempfile.mkdtemp(prefix="screenshots-", dir=cache))


def main(argv: list[str]) -> int:
    if "--list" in argv:
        for shot in SHOTS:
            print(f"screenshots/{shot.name}.svg  {shot.caption}")
        return 0
    wanted = [shot for shot in SHOTS if not argv or shot.name in argv]
    unknown = sorted(set(argv) - {shot.name for shot in SHOTS})
    if unknown:
        print(f"unknown screenshot {unknown[0]!r}; --list names them", file=sys.stderr)
        return 2
    base = scratch_home()
    os.environ["XDG_CONFIG_HOME"] = str(base / "xdg-config")
    os.environ["XDG_STATE_HOME"] = str(base / "xdg-state")
    os.environ["XDG_DATA_HOME"] = str(base / "xdg-data")
    OUT.mkdir(exist_ok=True)
    try:
        for shot in wanted:
            home = base / shot.name
            svg = asyncio.run(take(shot, home))
            target = OUT / f"{shot.name}.svg"
            target.write_bytes(svg.encode("utf-8"))
            print(f"{target.relative_to(ROOT)}  {shot.caption}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
        with contextlib.suppress(OSError):
            base.parent.rmdir()  # the cache folder too, when nothing else is in it
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""What start-up does, counted (issue 12: start-up within 1.2 times a bare Textual app).

The times are the benchmark's (``make bench``); these count what made them: which style
sheets are read before the first frame, and that what start-up loaded is frozen out
of the garbage collector's full passes.
"""

from __future__ import annotations

import gc
import importlib
import os
import pkgutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

import tui.screens
import tui.table
from tui import games, look
from tui.cli import parse

MakeApp = Callable[..., Any]
PLAY = ["play", "aces", "--names", "Ann,Ben,Cleo,Dan,Eve,Fay", "--seed", "7"]


def own_sheets(app: Any) -> set[str]:
    """The app's own ``.tcss`` sheets its style sheet holds so far (by name): each is read
    and parsed when a screen naming it is first shown."""
    names = set()
    for read_from in app.stylesheet.source:
        path = Path(read_from[0])
        if path.suffix == ".tcss" and path.parent == look.styles_dir():
            names.add(path.stem)
    return names


async def test_the_title_reads_only_its_own_sheets(make_app: MakeApp) -> None:
    """Up to the title's first frame only the app's sheet and the title's are read
    (every sheet of every screen was, a third of the CPU start-up took beyond a bare
    Textual app); another screen's sheet is read when it is first shown."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert own_sheets(app) == {"app", "title"}
        await pilot.press("s")
        await pilot.pause()
        assert own_sheets(app) == {"app", "title", "settings"}


@pytest.mark.parametrize(
    ("game_id", "sheets"), [("aces", set()), ("chase", {"chase"})], ids=["aces", "chase"]
)
async def test_a_table_reads_only_the_tables_sheets(
    make_app: MakeApp, game_id: str, sheets: set[str]
) -> None:
    """``party-dice play``: the app's, the (empty) title's and the table's sheets, and
    the game's own sheet if it has one: never another game's."""
    app = make_app(start=parse(["play", game_id, *PLAY[2:]]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert own_sheets(app) == {"app", "title", "table", *sheets}


def test_every_sheet_is_read_by_a_screen() -> None:
    """A sheet no screen names would never be read: its rules would silently go."""
    for package in (tui.screens, tui.table):
        for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    from tui.app import PartyDiceApp

    named = {Path(path).name for path in PartyDiceApp.CSS_PATH}
    stack: list[type[Any]] = [Screen]
    while stack:
        screen = stack.pop()
        stack += screen.__subclasses__()
        if screen.__module__.startswith("tui."):
            paths = screen.CSS_PATH if isinstance(screen.CSS_PATH, list) else [screen.CSS_PATH]
            named |= {Path(path).name for path in paths if path}
    for game_id in games.ids():
        named |= {Path(path).name for path in look.game_sheets(game_id)}
    assert named == {path.name for path in look.styles_dir().glob("*.tcss")}


def test_start_up_freezes_what_it_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """What is loaded before the app runs lives as long as the process: it is frozen,
    so no full collection walks it again (the first one, due while a table opened,
    took 60 ms of a 0.5 s start), and the collector is on again while the app runs."""
    from tui.__main__ import _run_app
    from tui.app import PartyDiceApp

    seen: list[tuple[int, bool]] = []

    def run(self: PartyDiceApp) -> None:
        seen.append((gc.get_freeze_count(), gc.isenabled()))

    monkeypatch.setattr(PartyDiceApp, "run", run)
    try:
        assert _run_app(parse([])) == 0
    finally:
        gc.unfreeze()
    assert seen and seen[0][0] > 10_000 and seen[0][1]


HEAVY = (
    "argparse",  # the command line's parser: a bare `party-dice` has nothing to parse
    "sqlite3",  # the history: read only when a history file exists
    "tomllib",  # a settings file: none at a first start
    "tomli_w",  # written only when a setting changes
    "importlib.resources",  # the rules' Markdown
    "tui.cli",
    "tui.storage.history",
    "tui.engine.fairness",  # `party-dice odds`
    "tui.table.screen",
    "tui.screens.setup",
    "tui.screens.rules",
    "tui.simulate",
    "textual.widgets._data_table",  # Recent games and Records
    "markdown_it",
)
"""What the title, for a first-time user, must not load before its first frame."""

TITLE_MODULES = """
import asyncio, sys
from tui.__main__ import _parse
from tui.app import PartyDiceApp

async def main():
    app = PartyDiceApp(start=_parse([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        print(" ".join(sorted(sys.modules)))

asyncio.run(main())
"""


def test_the_title_loads_nothing_it_does_not_show(tmp_path: Path) -> None:
    """``party-dice`` up to the title, in a fresh interpreter: none of ``HEAVY`` is
    loaded (each was a few milliseconds of a start-up measured against a bare app)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "TEXTUAL"))}
    env.update({f"XDG_{d}_HOME": str(tmp_path / d) for d in ("CONFIG", "STATE", "DATA", "CACHE")})
    done = subprocess.run(
        [sys.executable, "-c", TITLE_MODULES],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    loaded = set(done.stdout.split())
    assert "tui.screens.title" in loaded
    assert (
        sorted(m for m in loaded if m in HEAVY or m.startswith(tuple(f"{h}." for h in HEAVY))) == []
    )

"""Frames, layouts and repaints under Pilot, counted: part of ``make bench``.

    python -m tests.bench_frames

How many frames Textual draws, how many times it lays a screen out and how much of the
screen it repaints when a seat is added past the bottom of the setup screen, at each key
of a Chase person's turn with curtains, at each Aces roll and when the rules open the
first time. These were tests once (issue 12 pinned them); they count Textual's own
layout and frames, which a release of Textual may change without anything changing for
a player, so they are figures to watch here, not tests (issue 34). What a player does
feel stays in the suite: no screen pushed per curtain, and the bytes a turn sends over
a real pty (``tests/app/test_turn_bytes.py``).

Each figure is counted the way the tests counted it: Textual's updates are caught as
the compositor builds them (``Compositor.render_update``, private: a bench may look
inside Textual, the product and its tests may not) and rendered to the bytes they stand
for, and through the lean stream as an xterm gets them. The app runs under Pilot with
stock Textual waits, every frame drawn, in per-user folders of its own.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from textual._compositor import ChopsUpdate, Compositor, CompositorUpdate, LayoutUpdate
from textual.geometry import Region
from textual.screen import Screen

from tui.lean.stream import LeanStream


@dataclass
class RepaintLog:
    """Updates built since ``mark()``: whole screen or not, bytes, the regions repainted."""

    updates: list[tuple[bool, int]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    regions: list[list[Region]] = field(default_factory=list)
    lean: list[int] = field(default_factory=list)
    stream: LeanStream = field(default_factory=lambda: LeanStream(True, True))
    """One stream for every update since recording began, as an xterm gets them."""

    def mark(self) -> None:
        self.updates.clear()
        self.sent.clear()
        self.regions.clear()
        self.lean.clear()

    def record(self, whole: bool, sent: str, regions: list[Region]) -> None:
        self.updates.append((whole, len(sent.encode())))
        self.sent.append(sent)
        self.regions.append(regions)
        self.lean.append(len(self.stream.feed(sent).encode()))

    def painted(self, region: Region) -> int:
        """How many updates repainted a cell of ``region``."""
        return sum(any(region.overlaps(dirty) for dirty in update) for update in self.regions)

    @property
    def full(self) -> int:
        return sum(whole for whole, _ in self.updates)

    @property
    def bytes(self) -> int:
        return sum(size for _, size in self.updates)


def _painted(update: CompositorUpdate, screen: Region) -> tuple[bool, list[Region]]:
    if isinstance(update, LayoutUpdate):
        return update.region == screen, [update.region]
    assert isinstance(update, ChopsUpdate), type(update)
    return False, [Region(x1, y, x2 - x1, 1) for y, x1, x2 in update.spans]


@contextmanager
def counting_repaints(app: Any) -> Iterator[RepaintLog]:
    """Every update any screen of ``app`` builds, as the terminal would get it."""
    log = RepaintLog()
    log.stream.width, log.stream.height = app.size.width, app.size.height
    original = Compositor.render_update

    def render_update(self: Compositor, full: bool = False, **kwargs: Any) -> Any:
        update = original(self, full, **kwargs)
        if isinstance(update, CompositorUpdate):
            whole, regions = _painted(update, self.size.region)
            log.record(whole, update.render_segments(app.console), regions)
        return update

    Compositor.render_update = render_update  # type: ignore[method-assign,assignment]
    try:
        yield log
    finally:
        Compositor.render_update = original  # type: ignore[method-assign]


@contextmanager
def counting_layouts() -> Iterator[Counter[str]]:
    """Full layouts of a screen (``Screen._refresh_layout``), by the screen's class."""
    seen: Counter[str] = Counter()
    original = Screen._refresh_layout

    def counting(self: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        seen[type(self).__name__] += 1
        original(self, size, scroll)

    Screen._refresh_layout = counting  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        Screen._refresh_layout = original  # type: ignore[method-assign]


Figures = dict[str, str]


async def setup_seats() -> Figures:
    """Eight seats added by Ctrl+N on the Chase setup, past the bottom at 80x24."""
    from tests.support.app import open_setup
    from tui.app import PartyDiceApp

    app = PartyDiceApp(seed=1)
    frames: list[int] = []
    wholes: list[int] = []
    layouts: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "c")
        with counting_repaints(app) as log, counting_layouts() as laid:
            for _ in range(8):
                log.mark()
                laid.clear()
                await pilot.press("ctrl+n")
                for _ in range(3):
                    await pilot.pause()
                frames.append(len(log.updates))
                wholes.append(log.full)
                layouts.append(sum(laid.values()))
        assert setup.seats.scroll_y > 0, "the last seats are below the screen"
    return {
        "frames per seat added past the screen": " ".join(map(str, frames)),
        "  whole-screen repaints among them": " ".join(map(str, wholes)),
        "  full layouts per seat": " ".join(map(str, layouts)),
    }


async def chase_turn() -> Figures:
    """A Chase person's turn with curtains: Ben lifts his curtain, changes, covers."""
    from tests.support.chase import chase_config, deck, deck_factory
    from tests.support.table import write_settings
    from tui.app import PartyDiceApp

    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "party-dice" / "settings.toml"
    write_settings(settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D", "8D", "2S"])
    app = PartyDiceApp(seed=1, settings_path=settings, rng_factory=deck_factory([cards]))
    figures: Figures = {}
    async with app.run_test(size=(80, 24)) as pilot:
        with counting_repaints(app) as log:
            app.start_game(chase_config())
            await pilot.pause()
            await pilot.press("d")
            await pilot.pause()
            for key, what in (("enter", "curtain lifted"), ("c", "change"), ("enter", "covered")):
                log.mark()
                table: Any = app.screen
                going = table.cover.region if table.cover else None
                await pilot.press(key)
                await pilot.pause()
                coming = table.cover.region if table.cover else None
                paints = [log.painted(box) for box in (going, coming) if box is not None]
                figures[f"Chase turn, {what}: frames"] = str(len(log.updates))
                figures[f"  {what}: each box's paints, whole repaints"] = f"{paints}, {log.full}"
                figures[f"  {what}: bytes as Textual writes them / lean"] = (
                    f"{log.bytes} / {sum(log.lean)}"
                )
    return figures


async def aces_rolls() -> Figures:
    """Six rolls at a table of three people."""
    from tests.support.table import aces_config, write_settings
    from tui.app import PartyDiceApp

    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "party-dice" / "settings.toml"
    write_settings(settings)
    app = PartyDiceApp(seed=1, settings_path=settings)
    per_roll: list[int] = []
    wholes = 0
    async with app.run_test(size=(80, 24)) as pilot:
        with counting_repaints(app) as log:
            app.start_game(aces_config(first_seat=0, seed=5))
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            for _ in range(6):
                log.mark()
                await pilot.press("r")
                await pilot.pause()
                per_roll.append(sum(log.lean))
                wholes += log.full
    return {
        "Aces roll, lean bytes (six rolls)": " ".join(map(str, per_roll)),
        "  whole-screen repaints": str(wholes),
    }


async def rules_first() -> Figures:
    """The rules opened the first time: frames until they are up."""
    from tui.app import PartyDiceApp
    from tui.screens.rules import RulesScreen

    app = PartyDiceApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        with counting_repaints(app) as log:
            app.action_show_rules("chase")
            for _ in range(3):
                await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
        first = log.sent[0] if log.sent else ""
    return {
        "the rules opened the first time: frames": str(len(log.updates)),
        "  the keys in the first frame": "yes" if "Contents" in first else "no",
    }


MEASURES: tuple[Callable[[], Any], ...] = (setup_seats, chase_turn, aces_rolls, rules_first)


@contextmanager
def own_dirs() -> Iterator[None]:
    """Per-user folders of the bench's own (under the user's cache, never /tmp)."""
    base = Path(platformdirs.user_cache_dir("party-dice-bench", appauthor=False))
    base.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="frames-", dir=base))
    saved = {name: os.environ.get(name) for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    saved |= {name: os.environ.get(name) for name in ("XDG_DATA_HOME", "TERM")}
    os.environ.update(
        XDG_CONFIG_HOME=str(root / "config"),
        XDG_STATE_HOME=str(root / "state"),
        XDG_DATA_HOME=str(root / "data"),
        TERM="xterm-256color",
    )
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(root, ignore_errors=True)


def main() -> int:
    from tests.support.gate import PatientTimes
    from tui.table.screen import TableScreen

    TableScreen.default_times = PatientTimes
    figures: Figures = {}
    with own_dirs():
        for measure in MEASURES:
            figures |= asyncio.run(measure())
    width = max(map(len, figures))
    print("Frames and repaints under Pilot, 80x24 (Textual's own work; figures, not targets)")
    for label, value in figures.items():
        print(f"{label.ljust(width)}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

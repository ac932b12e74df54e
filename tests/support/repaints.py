"""What a table sends to the terminal, counted under Pilot (issue 12's guards).

Pilot runs headless and writes nothing, but every screen still builds the update it
would send (``Compositor.render_update``). ``RepaintLog`` wraps that method while a
test runs: each update is rendered to the terminal bytes it stands for and recorded
with whether it repainted the whole screen, so a test can count full-screen repaints
and bytes per turn without timing anything. ``counting_layouts`` counts the full
layouts of each screen the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual._compositor import ChopsUpdate, Compositor, CompositorUpdate, LayoutUpdate
from textual.geometry import Region

from tests.support.frames import assert_every_frame
from tui.textual_compat.lean_output import LeanStream


@dataclass
class RepaintLog:
    """Updates built since ``mark()``: (whole screen?, bytes), and what each would write."""

    updates: list[tuple[bool, int]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    regions: list[list[Region]] = field(default_factory=list)
    """The screen regions each update repainted."""

    def mark(self) -> None:
        self.updates.clear()
        self.sent.clear()
        self.regions.clear()
        self.lean.clear()
        self.lean_sent.clear()

    lean: list[int] = field(default_factory=list)
    """The bytes of each update as the terminal gets it (``lean_bytes``)."""
    lean_sent: list[str] = field(default_factory=list)
    """Each update as the terminal gets it."""
    stream: LeanStream = field(default_factory=lambda: LeanStream(True, True))
    """One stream for every update since recording began, as a terminal like xterm's
    gets them (it erases in the background colour and scrolls a
    band of rows): what it knows the terminal shows is not sent again, across
    ``mark()``."""

    def record(self, whole: bool, sent: str, regions: list[Region]) -> None:
        self.updates.append((whole, len(sent.encode())))
        self.sent.append(sent)
        self.regions.append(regions)
        lean = self.stream.feed(sent)
        self.lean.append(len(lean.encode()))
        self.lean_sent.append(lean)

    @property
    def lean_bytes(self) -> int:
        """The bytes the terminal gets, through ``tui.textual_compat.lean_output``."""
        return sum(self.lean)

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
    """Whether ``update`` repaints the whole screen, and the regions it repaints (read
    from the update itself, so whatever added to it on the way is counted)."""
    if isinstance(update, LayoutUpdate):
        return update.region == screen, [update.region]
    assert isinstance(update, ChopsUpdate), type(update)
    return False, [Region(x1, y, x2 - x1, 1) for y, x1, x2 in update.spans]


@contextmanager
def counting_repaints(app: Any) -> Iterator[RepaintLog]:
    """Record every update any screen of ``app`` builds, as the terminal would get it
    (the test is marked ``every_frame``: frames are otherwise not rendered)."""
    assert_every_frame()
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


def counting_layouts(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Full layouts of a screen (``Screen._refresh_layout``) from now to the end of the
    test, by the screen's class name."""
    from textual.screen import Screen

    seen: Counter[str] = Counter()
    refresh_layout = Screen._refresh_layout

    def counting(self: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        seen[type(self).__name__] += 1
        refresh_layout(self, size, scroll)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    return seen

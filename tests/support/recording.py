"""The app under Pilot, writing its frames as it would to a terminal, recorded.

Pilot's own driver is headless: Textual builds each frame and writes nothing. Given a
driver that says it is not headless (``Recording``), an app run with
``run_test(headless=False)`` writes every frame through ``Driver.write``, and a
``PartyDiceApp`` puts its own driver stack in between as in a terminal: the lean stream
(``tui.lean``) and the driver workarounds installed (``tui.textual_compat``). Both are
public seams of Textual's (``App.driver_class``, ``run_test``'s ``headless``), so what
the tests count here is what the app sends, whatever Textual does inside.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot

from tui.lean.driver import lean, lean_wanted
from tui.textual_compat.fixed_app import fixed_driver


class Recording(HeadlessDriver):
    """Pilot's driver, except that the app writes its frames to it; the app is given
    the list of writes as ``recorded_writes``."""

    def __init__(self, app: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(app, *args, **kwargs)
        self.written: list[str] = []
        app.recorded_writes = self.written

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.written.append(data)


class Terminal:
    """What an app wrote, since it started and since the last ``mark``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.since = 0

    @property
    def writes(self) -> list[str]:
        """Every write so far (the lean stream's, unless ``PARTY_DICE_LEAN=off``)."""
        writes: list[str] = self.app.recorded_writes
        return writes

    def mark(self) -> None:
        self.since = len(self.writes)

    @property
    def new(self) -> list[str]:
        """The writes since ``mark``."""
        return self.writes[self.since :]

    @property
    def new_bytes(self) -> int:
        return sum(len(write.encode()) for write in self.new)


@asynccontextmanager
async def recorded(
    app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[Pilot[Any], Terminal]]:
    """Run ``app`` under Pilot with its frames written through its own driver stack (no
    signal handlers: the test process keeps its own)."""
    monkeypatch.setattr(type(app), "_install_signal_handlers", lambda self: None)
    driver_class = fixed_driver(lean(Recording) if lean_wanted() else Recording)
    app.driver_class = driver_class
    async with app.run_test(headless=False, size=size) as pilot:
        yield pilot, Terminal(app)

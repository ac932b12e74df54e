"""The plain-text table in the test's own process: a clock the test moves, a transcript.

``FakeClock`` runs the table's waits when the test moves time on (nothing sleeps), and
``PlainHarness`` types lines a person would type, a second apart unless told otherwise,
into a ``PlainTable`` whose words go to a ``Transcript`` (typed lines echoed as a
terminal would). The transcript tests compare ``harness.text`` with checked-in files.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui import games
from tui.kept_settings import KeptSettings
from tui.plain.lines import Line, clean
from tui.plain.output import Transcript
from tui.plain.table import Ending, PlainTable
from tui.session.table_session import HeldTable, TableSession
from tui.storage.settings import Settings, save_settings


@dataclass(order=True)
class _Due:
    at: float
    order: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """``tui.plain.clock.Clock`` with time the test moves (``advance``)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.time = start
        self._due: list[_Due] = []
        self._soon: list[Callable[[], None]] = []
        self._threads: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def later(self, seconds: float, callback: Callable[[], None]) -> _Due:
        due = _Due(self.time + max(0.0, seconds), next(self._order), callback)
        heapq.heappush(self._due, due)
        return due

    def soon(self, callback: Callable[[], None]) -> None:
        self._soon.append(callback)

    def from_thread(self, callback: Callable[[], None]) -> None:
        with self._lock:
            self._threads.append(callback)

    def settle(self) -> None:
        """Run what is due now (soon calls, calls from threads, timers due)."""
        for _ in range(10_000):
            with self._lock:
                threads, self._threads = self._threads, []
            soon, self._soon = self._soon, []
            for callback in threads + soon:
                callback()
            if self._due and self._due[0].at <= self.time:
                due = heapq.heappop(self._due)
                if not due.cancelled:
                    due.callback()
                continue
            if not threads and not soon:
                return
        raise AssertionError("the table never settles")

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running every timer due on the way, in order."""
        end = self.time + seconds
        self.settle()
        while True:
            pending = [d for d in self._due if not d.cancelled]
            if not pending or min(pending).at > end:
                break
            self.time = max(self.time, min(pending).at)
            self.settle()
        self.time = end
        self.settle()


def plain_settings(home: Path, **changes: Any) -> KeptSettings:
    """Settings for a plain table under test: no animation, no "leave?" question."""
    changes.setdefault("animation", "off")
    changes.setdefault("confirm_quit", False)
    path = home / "settings.toml"
    save_settings(Settings(**changes), path)
    return KeptSettings(path)


class PlainHarness:
    """A plain table for ``session`` (or a controller, with ``config``), started."""

    def __init__(self, session: HeldTable, kept: KeptSettings) -> None:
        self.clock = FakeClock()
        self.out = Transcript()
        self.endings: list[Ending] = []
        words = games.get(session.controller.game_id).new_words()
        self.table = PlainTable(session, words, self.out, self.clock, kept, self.endings.append)
        self.table.start()
        self.clock.settle()

    @classmethod
    def of(cls, controller: Any, config: Any, home: Path, **settings: Any) -> PlainHarness:
        return cls(TableSession(controller, config), plain_settings(home, **settings))

    @property
    def text(self) -> str:
        return self.out.text

    def type(self, text: str, after: float = 1.0) -> None:
        """``text`` and Enter, ``after`` seconds from now (the table plays on meanwhile)."""
        self.clock.advance(after)
        self.out.typed(text)
        self.table.typed(Line(clean(text), self.clock.now()))
        self.clock.settle()

    def wait(self, seconds: float) -> None:
        self.clock.advance(seconds)

    @property
    def prompt(self) -> str:
        """The prompt waiting now ("" when none waits)."""
        if not self.out.waiting:
            return ""
        return self.out.text.rsplit("\n", 1)[-1]

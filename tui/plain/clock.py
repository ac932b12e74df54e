"""Time for the plain-text table: now, later, soon, and a call from another thread.

The table's waits (a computer player's pause, a round's result left to read) and the
key gate's times come from a ``Clock``: ``LoopClock`` is an asyncio loop's, and tests
use a clock of their own (``tests/support/plain.py``) so that no test sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic clock (key arrivals are stamped on it too)."""

    def later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` after ``seconds``."""

    def soon(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once what runs now has finished."""

    def from_thread(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` on the table's thread, soon (safe from any thread)."""


class LoopClock:
    """An asyncio loop's time and calls (``loop.time`` is ``time.monotonic``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def now(self) -> float:
        return self.loop.time()

    def later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        return self.loop.call_later(max(0.0, seconds), callback)

    def soon(self, callback: Callable[[], None]) -> None:
        self.loop.call_soon(callback)

    def from_thread(self, callback: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is left
            self.loop.call_soon_threadsafe(callback)

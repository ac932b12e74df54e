"""Ctrl+C before the app is up: kept, even where Python loses the KeyboardInterrupt.

Until the app runs (asyncio's runner then takes SIGINT over, and after it the hang-up
guard, ``tui.hangup``), Python's own handler raises ``KeyboardInterrupt`` wherever the
main thread happens to be, and ``main`` turns it into status 130, quietly. But inside a
callback Python runs for itself (a weak reference's, such as a module lock's during an
import, or the garbage collector's) the exception cannot propagate: Python hands it to
``sys.unraisablehook``, whose default prints "Exception ignored in ..." and a traceback
on the terminal, and the app then started as if nobody had pressed Ctrl+C (a CI run
here, under load). ``EarlyInterrupts`` is that hook for the start-up: a lost
``KeyboardInterrupt`` is remembered instead of printed (anything else goes to the hook
before it), and ``main`` returns 130 after the imports if one was lost.

Standard library only, and installed before anything else of the project is imported.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

Hook = Callable[[Any], object]


class EarlyInterrupts:
    """An unraisable hook that keeps a lost ``KeyboardInterrupt`` and passes the rest on."""

    def __init__(self, previous: Hook) -> None:
        self.previous = previous
        self.lost = False

    def __call__(self, unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.lost = True
        else:
            self.previous(unraisable)

    def release(self) -> None:
        """Put back the hook that was there before (if this one is still installed)."""
        if sys.unraisablehook is self:
            sys.unraisablehook = self.previous


def catch_lost_interrupts() -> EarlyInterrupts:
    """Install an ``EarlyInterrupts`` as ``sys.unraisablehook``."""
    hook = EarlyInterrupts(sys.unraisablehook)
    sys.unraisablehook = hook
    return hook


def interrupt_lost() -> bool:
    """Whether a ``KeyboardInterrupt`` was lost while an ``EarlyInterrupts`` was installed."""
    return bool(getattr(sys.unraisablehook, "lost", False))

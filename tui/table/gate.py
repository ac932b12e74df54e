"""When a key arrived and when a gate was drawn, for the table's key gate.

The rule is ``tui.session.keygate``'s and the table presenter applies it
(``tui.session.table_presenter``): a key passes a curtain or makes a person's move only
if it arrived ``settle`` seconds after what it answers was drawn and after ``quiet``
seconds without keys. The table screen gives it the two times, read here:

- a key's arrival, ``Key.time``: stamped when Textual built the message in the driver's
  input thread, not when the key was handled, so a burst typed ahead over a slow link
  carries the times it was typed at;
- a gate's drawing: the time read after the refresh that drew it
  (``call_after_refresh``), so a key that arrived while it was being built never passes.

Tests give a table ``GateTimes`` of their own (``TableScreen.default_times``), so the
times of keys and gates are exact and no test sleeps.
"""

from __future__ import annotations

import time
from typing import Protocol

from textual.events import Key


class GateTimes(Protocol):
    """Where the table reads the gate's times."""

    def now(self) -> float:
        """The time now, on the clock keys are stamped with (a gate was drawn)."""
        ...

    def arrival(self, event: Key) -> float:
        """When ``event`` arrived from the terminal."""
        ...


class TerminalTimes:
    """The real times: a key's own stamp, and the clock Textual stamps it with.

    ``Message.time`` is ``textual._time.get_time()``, which is ``time.monotonic`` on
    Linux and macOS (``perf_counter`` only on Windows; see textual/_time.py in Textual
    8.2.8). Private Textual imports belong in ``tui.textual_compat``; until it offers
    that clock, the same clock is read here directly.
    """

    def now(self) -> float:
        return time.monotonic()

    def arrival(self, event: Key) -> float:
        return event.time

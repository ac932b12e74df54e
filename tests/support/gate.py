"""Times for the table's key gate in tests (``tui.table.gate.GateTimes``).

Pilot presses keys within milliseconds of each other and of the screen they answer,
faster than any person. ``PatientTimes`` (every app test's default, see conftest) makes
each key arrive a second after the one before, as a deliberate person's would, so the
tests of everything else play as before; ``ScriptedTimes`` lets a test of the gate say
when each key arrives, exactly, without sleeping.
"""

from __future__ import annotations

from typing import Any


class PatientTimes:
    """Every key arrives a second after the last key, and so after every gate drawn
    (a gate is drawn "now", the time of the last key)."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def arrival(self, event: Any) -> float:
        self.t += 1.0
        return self.t


class ScriptedTimes:
    """The test moves the clock (``t``, or ``wait``); a key arrives at the time it is
    handled and a gate is drawn ``draw_lag`` seconds after the time it is stamped (a
    lag: keys that came in one burst all arrived before what the first one drew)."""

    def __init__(self, start: float = 100.0, draw_lag: float = 0.0) -> None:
        self.t = start
        self.draw_lag = draw_lag

    def wait(self, seconds: float) -> None:
        self.t += seconds

    def now(self) -> float:
        return self.t + self.draw_lag

    def arrival(self, event: Any) -> float:
        return self.t

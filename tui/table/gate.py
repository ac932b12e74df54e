"""The key gate at one table: which keys may lift a curtain or make a person's move.

The rule is ``tui.session.keygate``'s (a key passes a gate only if it arrived
``settle`` seconds after the gate was drawn and after ``quiet`` seconds without keys).
``TableGate`` applies it at one table: one ``KeyClock`` that the table screen and the
curtains over it feed every key they see, the times they read (``GateTimes``), and the
person's decision gate, opened when their actions are drawn (``open_decision``).

A gate's time is the time it was *drawn*: the screen asks after its first refresh
(``call_after_refresh``), so a key that arrived while it was still being built, or
before, never passes. A key's time is its arrival: ``Key.time``, stamped when Textual
built the message in the driver's input thread, not when the key was handled.

A box over the table that is a gate (a curtain, the round's end: ``tui.table.cover``)
mixes in ``DrawnGate``: it knows when it was drawn and asks the table's gate about each
key.

Tests give a table ``GateTimes`` of their own (``TableScreen.default_times``), so the
times of keys and gates are exact and no test sleeps.
"""

from __future__ import annotations

import time
from typing import ClassVar, Protocol

from textual.events import Key

from tui.session.keygate import CURTAIN, DECISION, GateRule, KeyClock


class GateTimes(Protocol):
    """Where the gate reads its times."""

    def now(self) -> float:
        """The time now, on the clock keys are stamped with (a gate is being drawn)."""
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


class TableGate:
    """One keyboard's gate: every key is fed to ``clock``, taken or not."""

    def __init__(self, times: GateTimes | None = None) -> None:
        self.times: GateTimes = times or TerminalTimes()
        self.clock = KeyClock()
        self.decision_at: float | None = None
        """When the person's actions were drawn (``None``: no decision is open)."""
        self._decision = 0
        """Counts decisions opened, so a late "drawn" stamp of an old one is ignored."""

    def record(self, event: Key) -> None:
        """A key that no gate is waiting for (it still counts for the quiet interval)."""
        self.clock.passes(self.times.arrival(event), None, CURTAIN)

    def passes(self, event: Key, opened_at: float | None, rule: GateRule) -> bool:
        """True if ``event`` may pass a gate drawn at ``opened_at`` (recorded either way)."""
        return self.clock.passes(self.times.arrival(event), opened_at, rule)

    def open_decision(self) -> int:
        """A person's actions are being drawn: their decision is closed until
        ``decision_drawn`` with the token returned here says they are on screen."""
        self._decision += 1
        self.decision_at = None
        return self._decision

    def decision_drawn(self, token: int) -> None:
        if token == self._decision:
            self.decision_at = self.times.now()

    def close_decision(self) -> None:
        """No person's decision is on screen (taken, covered, or not a person's turn)."""
        self._decision += 1
        self.decision_at = None

    def decides(self, event: Key) -> bool:
        """True if ``event`` may make the person's move now drawn."""
        return self.passes(event, self.decision_at, DECISION)


class DrawnGate:
    """Mixin for a box over the table that is a gate (``tui.table.cover.Cover``):
    drawn at ``opened_at`` (``None`` while it is not on screen), it takes a key only if
    the key passes ``gate_rule`` on the table's ``gate`` (``None``: no table, every key
    passes)."""

    gate: TableGate | None = None
    gate_rule: ClassVar[GateRule] = CURTAIN
    opened_at: float | None = None

    def gate_shown(self) -> None:
        """Shown (first, or again after the rules or keys screen on top closed): open
        once this refresh has drawn it."""
        self.opened_at = None
        self.call_after_refresh(self._drawn)  # type: ignore[attr-defined]

    def gate_hidden(self) -> None:
        """Covered by another screen: not seen, so closed until shown again."""
        self.opened_at = None

    def _drawn(self) -> None:
        if self.gate is None or not self.is_attached:  # type: ignore[attr-defined]
            return
        if self.screen.is_current and not getattr(self, "closed", False):  # type: ignore[attr-defined]
            self.opened_at = self.gate.times.now()

    def record_key(self, event: Key) -> None:
        """A key this box does not act on (it still counts for the quiet interval)."""
        if self.gate is not None:
            self.gate.record(event)

    def key_passes(self, event: Key) -> bool:
        """Feed ``event`` to the clock; True if it may act on this box."""
        if self.gate is None:
            return True
        return self.gate.passes(event, self.opened_at, self.gate_rule)

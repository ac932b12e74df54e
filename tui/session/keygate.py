"""The rule that keeps keys typed ahead from lifting a curtain or deciding for a person.

At one keyboard, keys arrive in bursts: a key held down repeats thirty times a second,
people press Enter twice out of habit or to hurry the computer players, and a slow SSH
link delivers a second of typing at once. Everywhere else in the app such keys act in
order, as typed. Two places must not take them:

- a **privacy gate** (the "Pass to Ben" curtain, the private card after a swap): lifting
  it shows a hidden card, so it must be lifted by the person behind it, on purpose;
- a **person's decision** (stand or change, roll, the ace+six choice): a commitment,
  so it must be made by a key pressed after that person's turn was on the screen.

The rule (``KeyGate.accepts``), with the key's arrival time (Textual stamps every
message with the time it was built, in the input thread, so a key carries the time it
came from the terminal, not the time it was handled):

1. the key arrived at least ``settle`` seconds after the gate was drawn, and
2. no other key arrived in the ``quiet`` seconds before it.

A held key never passes (its repeats are a few hundredths of a second apart), nor does
a double press or a burst (they arrive before the gate has settled). The first key
pressed on purpose, after a moment's stillness, does. Ignored keys are dropped, never
queued for later. The times are the same on a fast and a slow machine, because they
are arrival times, not handling times.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GateRule:
    """How long a gate must have been on screen, and how long the keyboard must have
    been still, before a key may pass it."""

    settle: float
    quiet: float


CURTAIN = GateRule(settle=0.8, quiet=0.5)
"""A privacy gate: long enough for a double press, a held key or a hurried Enter at the
computer players to die away; short against the time it takes to hand over a keyboard."""

DECISION = GateRule(settle=0.5, quiet=0.5)
"""A person's move: a key pressed to hurry the computer players does not carry into the
decision that follows them."""


@dataclass
class KeyClock:
    """When the last key arrived: one per keyboard (per table), fed every key."""

    last_key_at: float | None = None

    def passes(self, at: float, opened_at: float | None, rule: GateRule) -> bool:
        """True if a key that arrived at ``at`` may pass a gate drawn at ``opened_at``
        (``None``: not drawn yet). Records the key either way, so the next key's quiet
        interval counts from this one, taken or not."""
        previous = self.last_key_at
        if previous is None or at > previous:
            self.last_key_at = at
        if opened_at is None or at < opened_at + rule.settle:
            return False
        return previous is None or at - previous >= rule.quiet


class TableGate:
    """One keyboard's gate at one table: what is open to keys now (a person's decision,
    a curtain, a round's end: its ``rule``) and since when it has been on the screen.

    The table opens the gate as it draws what the keys answer (``open``: a new
    ``token``), and the front end says when that drawing reached the screen
    (``drawn``, with the token it drew): only then does the gate count. Every key is fed
    to one ``KeyClock``, taken or not, so the quiet interval spans the table and its
    boxes. Times are arrival times on the front end's clock."""

    def __init__(self) -> None:
        self.clock = KeyClock()
        self.token = 0
        """Counts gates opened, so a late ``drawn`` of an older drawing is ignored."""
        self.rule: GateRule | None = None
        self.opened_at: float | None = None
        """When what is open was drawn (``None``: not on the screen yet, or shut)."""

    def open(self, rule: GateRule) -> None:
        """``rule``'s gate is being drawn: it counts once ``drawn`` says it is shown."""
        self.token += 1
        self.rule = rule
        self.opened_at = None

    def shut(self) -> None:
        """Nothing is open to keys (a move taken, a computer's turn, a box closed)."""
        self.token += 1
        self.rule = None
        self.opened_at = None

    def hide(self) -> None:
        """Covered by another screen: not seen, so shut until drawn again (``reopen``)."""
        self.opened_at = None

    def reopen(self) -> None:
        """Seen again: what was open is drawn anew and counts from then."""
        if self.rule is not None:
            self.open(self.rule)

    def drawn(self, token: int, at: float) -> None:
        """The drawing with ``token`` reached the screen at ``at``: what it opened counts
        from then (drawn again unchanged, as news of who is here redraws the table, it
        still counts from its first drawing)."""
        if token == self.token and self.rule is not None and self.opened_at is None:
            self.opened_at = at

    def passes(self, at: float, rule: GateRule) -> bool:
        """Feed the key that arrived ``at`` to the clock; True if it may pass the gate
        now open under ``rule``."""
        opened = self.opened_at if self.rule is rule else None
        return self.clock.passes(at, opened, rule)

    def record(self, at: float) -> None:
        """A key that no gate waits for (it still counts for the quiet interval)."""
        self.clock.passes(at, None, CURTAIN)

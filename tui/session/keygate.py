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

"""``party-dice odds aces``: each seat's exact chance of winning a round, by turn order.

With the roll-off every seat's chance is the same before it, so the table says what the
roll-off decides: the chance of whoever rolls first, second, and so on (``--first-seat``
names the seat that rolls first; seat 1 by default). Exact, from the round's chain
(``tui.engine.aces.odds``), with every later ace+six choice made as the sharp computer
player makes it.
"""

from __future__ import annotations

from tui.engine.aces.odds import ChainSpec
from tui.engine.aces.odds_solve import solved
from tui.engine.fairness import Fairness, FairnessAsk, FairnessRow


def ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th ... (k from 1)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(k if k < 20 else k % 10, "th")
    return f"{k}{suffix}"


def fairness(ask: FairnessAsk) -> Fairness:
    n = ask.players
    spec = ChainSpec.for_table(ask.variants, n)
    chain = solved(spec, ask.shelf)
    chances = chain.chances((spec.total // n,) * n)
    rows = sorted(
        (
            FairnessRow((ask.first + k) % n, f"rolls {ordinal(k + 1)}", chance)
            for k, chance in enumerate(chances)
        ),
        key=lambda row: row.seat,
    )
    return Fairness(
        "chance of winning the round",
        "exact (the round's Markov chain; ace+six choices as the sharp computer player makes them)",
        tuple(rows),
    )

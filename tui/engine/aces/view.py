"""What an Aces view adds to every game's table: the dice, the match, the round's count.

``AcesView`` is the ``TableView.detail`` of Aces in the Pot (``tui.engine.core.
ViewDetail``): the same for every viewer (Aces has no secrets), and sent as it is to a
shared table's terminals.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.engine.core import ViewDetail


@dataclass(frozen=True)
class AcesView(ViewDetail):
    """The dice of the last roll; the match (``match``: "single", "rounds" or
    "bankroll"), its points or bankrolls by seat (``scores``, empty in a single round) and
    its length (``rounds_total``); the turns and rounds played; the round's winner once
    there is one; the neighbour a pass would reach during a pot-or-pass choice
    (``pass_to``); and before the first round the chips each seat will start with
    (``stakes``)."""

    dice: tuple[int, ...] = ()
    match: str = "single"
    scores: tuple[int, ...] = ()
    rounds_total: int = 0
    turns: int = 0
    rounds_played: int = 0
    round_winner: int | None = None
    pass_to: int | None = None
    stakes: tuple[int, ...] | None = None

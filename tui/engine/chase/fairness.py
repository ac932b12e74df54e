"""``party-dice odds chase``: each seat's chance of losing a life in the first round.

Chase has no exact answer that fits in a table (every seat's choice depends on a card
only it sees), so the first round is played ``games`` times between computer players of
``bot`` level (sharp by default) and counted; each chance comes with its standard error.
The question that matters is the first dealer's: the dealer acts last, with the most to
go on, and may cut the stock.
"""

from __future__ import annotations

import math
import random

from tui.engine.chase.bots import make
from tui.engine.chase.game import ChaseGame
from tui.engine.controller import Controller, Seat
from tui.engine.fairness import Fairness, FairnessAsk, FairnessRow


def first_round_losers(game: ChaseGame, controller: Controller) -> set[int]:
    """Play the first round to its end; the seats that lost a life in it."""
    lost: set[int] = set()
    while not game.over:
        if controller.whose_turn() is None:
            events = game.apply(game.legal_actions()[0])
        else:
            _, events = controller.play_bot()
        lost |= {e.seat for e in events if e.kind == "life_lost" and e.seat is not None}
        if any(e.kind in ("next_dealer", "game_won") for e in events):
            break
    return lost


def fairness(ask: FairnessAsk) -> Fairness:
    n = ask.players
    names = [f"Seat {k + 1}" for k in range(n)]
    losses = [0] * n
    for index in range(ask.games):
        game = ChaseGame(
            names, random.Random(f"{ask.seed}-{index}"), ask.variants, first_dealer=ask.first
        )
        controller = Controller(game, [Seat(name, ask.bot) for name in names], make)
        for seat in first_round_losers(game, controller):
            losses[seat] += 1
    rows = []
    for seat in range(n):
        chance = losses[seat] / ask.games
        after = (seat - ask.first) % n
        label = "deals first" if after == 0 else f"{after} after the dealer"
        rows.append(FairnessRow(seat, label, chance, math.sqrt(chance * (1 - chance) / ask.games)))
    return Fairness(
        "chance of losing a life in the first round",
        f"simulated: {ask.games} first rounds between {ask.bot} computer players",
        tuple(rows),
    )

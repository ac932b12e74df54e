"""The least a dice or card game loop costs in plain Python: the simulator's yardstick.

    python -m tests.bench_simloop [--seconds 3]

Games per second depend on the machine and on what else it runs; the simulator's speed
is kept (issue 12) as a ratio to these loops, measured in the same bench run, so the
machine's speed cancels out. Each loop plays the game's rules in their barest form,
with the simulator's ``random.Random`` per game and none of its engine, views, bots or
tallies: six players of Aces in the Pot (two chips each, two dice a turn, an ace into
the pot, a six to the left, until one player holds chips), and ten players of Chase the
Ace (a shuffled deck, one card each, change with the left when below a 7 unless the left
holds a King, the dealer cuts when below a 7, the lowest loses one of three lives, until
one player is left). Prints one JSON object: ``loop.aces`` games a second and
``loop.chase`` rounds a second, each over ``--seconds``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence


def aces_game(rng: random.Random, players: int = 6) -> int:
    """One game of Aces in the Pot; its number of turns."""
    chips = [2] * players
    randint = rng.randint
    seat = turns = 0
    holders = players
    while holders > 1:
        turns += 1
        for _ in range(2):
            die = randint(1, 6)
            if chips[seat] and die in (1, 6):
                chips[seat] -= 1
                if die == 6:
                    chips[(seat + 1) % players] += 1
        holders = sum(1 for held in chips if held)
        seat = (seat + 1) % players
    return turns


def chase_game(rng: random.Random, players: int = 10) -> int:
    """One game of Chase the Ace; its number of rounds."""
    lives = [3] * players
    deck = list(range(52))
    dealer = rounds = 0
    while sum(1 for left in lives if left) > 1:
        rounds += 1
        rng.shuffle(deck)
        seats = [(dealer + 1 + n) % players for n in range(players)]
        seats = [seat for seat in seats if lives[seat]]
        ranks = [deck[n] // 4 for n in range(len(seats))]  # 0 the ace, 12 the king
        for n in range(len(seats) - 1):
            if ranks[n] < 6 and ranks[n + 1] != 12:
                ranks[n], ranks[n + 1] = ranks[n + 1], ranks[n]
        if ranks[-1] < 6:
            ranks[-1] = deck[len(seats)] // 4
        lowest = min(ranks)
        for seat, rank in zip(seats, ranks, strict=True):
            if rank == lowest:
                lives[seat] -= 1
        dealer = seats[0]
    return rounds


def rate(play: Callable[[random.Random], int], seconds: float, per_unit: bool) -> float:
    """Games a second (or, with ``per_unit``, what ``play`` counts a second) over one
    spell of ``seconds``, each game with its own seeded ``random.Random`` as the
    simulator gives it. One long spell, as the simulator's run is: on a shared machine
    the best of several short ones would favour the loop."""
    done = units = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            units += play(random.Random(f"loop-{done}"))
            done += 1
    return (units if per_unit else done) / elapsed


def measure(seconds: float = 3.0) -> dict[str, float]:
    return {
        "loop.aces": rate(aces_game, seconds, per_unit=False),
        "loop.chase": rate(chase_game, seconds, per_unit=True),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_simloop", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per loop")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.seconds)))


if __name__ == "__main__":
    main()

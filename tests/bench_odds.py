"""Bench rows for the exact Aces odds (issue 14): time to the first odds of a new table,
per update, from the cache, and the memory a solved chain adds.

    python -m tests.bench_odds            # every case once, and the worst of each kind

"First odds" is a solve from nothing (no cache), the worst over each variant combination
(one or two dice, left or right, with or without Last Roll) at 2 and 3 chips a seat:
``odds.first_5`` over 2 to 5 players, ``odds.first_6_3`` six players with three chips.
An update is one ``seat_chances`` on a table view (a lookup), the median of many.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tui.engine.aces import AcesGame
from tui.engine.aces.odds import AcesChain, ChainSpec, seat_chances
from tui.engine.aces.odds_solve import solve_all

Numbers = dict[str, float]

RULES = [
    frozenset(
        v for v, on in zip(("single-die", "right-pass", "last-roll"), bits, strict=True) if on
    )
    for bits in itertools.product((False, True), repeat=3)
]


def first_odds(players: int, chips: int, rules: frozenset[str]) -> tuple[float, float, object]:
    """Seconds to solve the table's chain from nothing, MiB it holds, the chain."""
    variants = rules | ({"three-chip"} if chips == 3 else set())
    began = time.perf_counter()
    chain: AcesChain | None = solve_all(ChainSpec.for_table(frozenset(variants), players))
    solved = chain
    seconds = time.perf_counter() - began
    size, found = 0, chain
    while found is not None:  # the chain and the smaller Last Roll ones it leans on
        size += found.values.nbytes + found.states.nbytes + found.keys.nbytes
        found = found.smaller
    return seconds, size / 2**20, solved


def per_update(chain: object, players: int, rules: frozenset[str], moves: int = 400) -> float:
    """Median seconds of one ``seat_chances`` over the views of a real game."""
    times: list[float] = []
    game = AcesGame([f"P{k}" for k in range(players)], random.Random(1), rules, first_seat=0)
    game.apply(game.legal_actions()[0])
    while len(times) < moves:
        if game.over:
            game = AcesGame(
                [f"P{k}" for k in range(players)], random.Random(len(times)), rules, first_seat=0
            )
            game.apply(game.legal_actions()[0])
        view = game.view(None)
        began = time.perf_counter()
        seat_chances(chain, view)  # type: ignore[arg-type]
        times.append(time.perf_counter() - began)
        game.apply(game.legal_actions()[0])
    return statistics.median(times)


def from_cache(players: int, chips: int) -> float:
    """Seconds to read a solved chain back from the per-user cache (a second table)."""
    import os

    from tui.engine.aces.odds_solve import solved
    from tui.storage.cache import FileShelf

    spec = ChainSpec.for_table(frozenset({"three-chip"} if chips == 3 else ()), players)
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("XDG_CACHE_HOME")
        os.environ["XDG_CACHE_HOME"] = str(Path(home))
        try:
            solved(spec, FileShelf())
            began = time.perf_counter()
            solved(spec, FileShelf())
            return time.perf_counter() - began
        finally:
            if old is None:
                os.environ.pop("XDG_CACHE_HOME", None)
            else:
                os.environ["XDG_CACHE_HOME"] = old


def measure(verbose: bool = False) -> Numbers:
    first_5 = first_6_3 = update = memory = 0.0
    for players, chips, rules in itertools.product(range(2, 7), (2, 3), RULES):
        seconds, mib, chain = first_odds(players, chips, rules)
        each = per_update(chain, players, rules, 100)
        if verbose:
            name = "+".join(sorted(rules)) or "plain"
            print(
                f"{players} players, {chips} chips, {name}: first {seconds:.3f} s, "
                f"update {1000 * each:.3f} ms, {mib:.1f} MiB",
                file=sys.stderr,
                flush=True,
            )
        if players <= 5:
            first_5 = max(first_5, seconds)
        elif chips == 3:
            first_6_3 = max(first_6_3, seconds)
        update, memory = max(update, each), max(memory, mib)
    return {
        "odds.first_5": first_5,
        "odds.first_6_3": first_6_3,
        "odds.update": update,
        "odds.cached_6_3": from_cache(6, 3),
        "odds.memory": memory,
    }


def main(argv: Sequence[str] | None = None) -> int:
    for key, value in measure(verbose=True).items():
        print(f"{key}: {value:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

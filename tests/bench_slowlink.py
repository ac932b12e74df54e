"""One Chase round over a 100 kbit/s link: seconds from each key to the screen drawn.

    python -m tests.bench_slowlink [--size 80x24] [--seed 1] [--rate 12500]

party-dice is played over SSH, often on slow links, and what it writes is what the
players wait for (issue 12). This runs the real app on a pseudo-terminal whose reader
drains it no faster than ``--rate`` bytes a second (12,500: 100 kbit/s), as sshd's
socket would on such a link, and plays one round of Chase the Ace between four people
at one keyboard: the deal, a curtain before every turn, the moves (a stand or a change,
its private card, the dealer's cut), the round's end put away. A key's screen is drawn
when the throttled reader has taken the last byte of its repaint and the link has
carried it: the time of that byte, not of the quiet that follows it
(``tests.bench_play.Driver``, whose keys wait for each curtain to be on the far screen
before pressing Enter, as a person would). Prints one JSON object: the median and the
worst over the round's keys, how many there were and the bytes they cost.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence

from tests.bench_latency import parse_size
from tests.bench_play import CHASE_DEAL, Press, chase_people_argv, table
from tests.bench_session import Sandbox, Session

RATE = 12_500
"""Bytes a second: 100 kbit/s."""
CHUNK = 500
"""The most one read takes: 40 ms of the link, so a repaint's end is timed to that."""


class SlowLink(Session):
    """A session whose reader takes what the program wrote no faster than ``rate``
    bytes a second: each read waits until the link would have carried it."""

    rate: float = RATE
    read_size = CHUNK
    clock: Callable[[], float] = staticmethod(time.monotonic)
    sleep: Callable[[float], None] = staticmethod(time.sleep)

    def __init__(
        self, argv: Sequence[str], env: dict[str, str], size: tuple[int, int] = (80, 24)
    ) -> None:
        super().__init__(argv, env, size)
        self.free_at = self.clock()
        """When the link has carried everything read so far."""

    def delivered(self, size: int) -> float:
        self.free_at = max(self.free_at, self.clock()) + size / self.rate
        self.sleep(max(0.0, self.free_at - self.clock()))
        return self.free_at


def one_round(
    sandbox: Sandbox, seed: int, size: tuple[int, int], rate: float, max_keys: int = 60
) -> tuple[list[Press], int]:
    """Every key of one Chase round of four people over the link, the last one the
    Escape that puts the round's end away; and the keys pressed again (dropped)."""

    class Link(SlowLink):
        pass

    Link.rate = rate
    with table(sandbox, chase_people_argv(seed), CHASE_DEAL, size, Link) as driver:
        keys = 0
        while not driver.round_over and keys < max_keys:
            driver.step(choose_second=keys % 3 == 1)
            keys += 1
        if not driver.round_over:
            raise RuntimeError(f"no round's end after {keys} keys")
        driver.step(choose_second=False)  # "Look at the table"
        return driver.presses, driver.dropped


def summary(presses: Sequence[Press]) -> dict[str, float]:
    """``slow.key`` (median seconds), ``slow.key_worst``, ``slow.keys``, ``slow.bytes``
    and ``slow.person_turn``: the seconds a person's turn (curtain, move, anything up to
    the next curtain or the round's end) spent waiting for the screen."""
    seconds = [press.seconds for press in presses]
    curtains = sum(press.what == "curtain" for press in presses)
    return {
        "slow.key": statistics.median(seconds),
        "slow.key_worst": max(seconds),
        "slow.keys": len(seconds),
        "slow.bytes": sum(press.bytes for press in presses),
        "slow.person_turn": sum(seconds) / max(1, curtains),
    }


def measure(
    sandbox: Sandbox, seed: int = 1, size: tuple[int, int] = (80, 24), rate: float = RATE
) -> dict[str, float]:
    presses, dropped = one_round(sandbox, seed, size, rate)
    return {**summary(presses), "slow.dropped": dropped}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_slowlink", description=__doc__)
    parser.add_argument("--size", default="80x24", help="the terminal, COLUMNSxROWS")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--rate", type=float, default=RATE, help="bytes a second")
    parser.add_argument("--keys", action="store_true", help="print every key too")
    args = parser.parse_args(argv)
    sandbox = Sandbox()
    try:
        presses, dropped = one_round(sandbox, args.seed, parse_size(args.size), args.rate)
    finally:
        sandbox.close()
    if args.keys:
        for press in presses:
            print(f"{press.what:>12} {press.bytes:7,d} B {press.seconds:6.3f} s")
    print(json.dumps({**summary(presses), "slow.dropped": dropped}))


if __name__ == "__main__":
    main()

"""The story of an Aces round, told at its end when the table shows odds: each seat's
chance over the round's turns as a small chart, the biggest swing and the luckiest win.

The table records every seat's chance each time it draws a new state of the round
(``record``); nothing is recomputed at the end. The chart is text, eight heights of block
(``▁▂▃▄▅▆▇█``) or, with ASCII glyphs (``--ascii``, ``TERM=linux``), ten characters from
``.`` to ``@``, so it reads without colour and costs a few bytes a line.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tui.narrate.words import percent

BLOCKS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"
ASCII_RAMP = ".:-=+*#%@"
POINTS = 30
"""The chart shows at most this many moments (the last ones)."""


def sparkline(values: Sequence[float], ascii_only: bool) -> str:
    ramp = ASCII_RAMP if ascii_only else BLOCKS
    top = len(ramp) - 1
    return "".join(ramp[min(top, round(v * top))] for v in values[-POINTS:])


class RoundStory:
    """Chances through one round: ``(chances by seat, who was to roll)`` per moment."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.moments: list[tuple[tuple[float, ...], int | None]] = []

    def record(
        self, round_: int, turns: int, chances: tuple[float, ...], roller: int | None
    ) -> None:
        if self.key is not None and self.key[0] != round_:
            self.moments = []
        if self.key == (round_, turns) and self.moments:
            self.moments[-1] = (chances, roller)
        else:
            self.moments.append((chances, roller))
        self.key = (round_, turns)

    def lines(self, winner: int, names: Sequence[str], ascii_only: bool) -> list[str]:
        """The story in a few lines, or none when no odds were seen this round."""
        if not self.moments:
            return []
        final = tuple(1.0 if seat == winner else 0.0 for seat in range(len(names)))
        moments = [*self.moments, (final, self.moments[-1][1])]
        width = max(len(name) for name in names)
        lines = ["Chances through the round:"]
        for seat, name in enumerate(names):
            line = sparkline([chances[seat] for chances, _ in moments], ascii_only)
            lines.append(f"  {name:<{width}}  {line}")
        swing = max(
            (
                (abs(after[s] - before[s]), s, before[s], after[s], roller)
                for (before, roller), (after, _) in itertools.pairwise(moments)
                for s in range(len(names))
            ),
            default=None,
        )
        if swing is not None and swing[0] > 0 and swing[4] is not None:
            _, seat, was, now, roller = swing
            assert roller is not None
            whose = "roll" if roller != seat else "own roll"
            lines.append(
                f"Biggest swing: {names[roller]}'s {whose} took {names[seat]} "
                f"from {percent(was)} to {percent(now)}."
            )
        low = min(chances[winner] for chances, _ in moments)
        lines.append(f"Luckiest win: {names[winner]} won from {percent(low)}.")
        return lines

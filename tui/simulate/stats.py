"""Small statistics for the simulator: win rates with honest intervals, and game lengths.

Kept apart from the rest of ``tui.simulate`` so the arithmetic can be tested on its own, and free of
any import beyond the standard library so ``party-dice simulate`` starts fast.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``games``.

    Wilson rather than the textbook ``p ± z·sqrt(p(1-p)/n)``: that one collapses to a
    zero-width interval when a seat never (or always) wins, which is exactly when a reader
    most needs to know how little a short run says.
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Spread:
    """Mean, sample standard deviation, minimum and maximum of some game lengths."""

    mean: float
    sd: float
    low: int
    high: int
    total: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        """The spread of ``values``; sd is 0 for fewer than two values (nothing to spread)."""
        if not values:
            return cls(0.0, 0.0, 0, 0, 0)
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(statistics.fmean(values), sd, min(values), max(values), sum(values))

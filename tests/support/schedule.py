"""The longest tests start first, each on a worker of its own.

pytest-xdist's ``worksteal`` scheduler (``addopts``) hands each of its ``k`` workers one
contiguous share of the collection, in order, and lets an idle worker steal the tail of
another's queue. A test already running cannot be stolen, so two long tests in one share
run one after the other while the other workers go idle: the slow tier's two monkey soaks
(a minute and more each) did so at the end of its run. ``spread_long_tests`` reorders the
collection so that each share begins with its long tests, dealt longest first to the
share with the least long work so far (a longest-first schedule).

A test asks for this with ``@pytest.mark.long(seconds)``, its rough cost on this machine;
the number only orders the long tests among themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from pytest import Mark

LONG = "long"


class Marked(Protocol):
    """What a collected test is here: something that may carry a marker."""

    def get_closest_marker(self, name: str) -> Mark | None: ...


Item = TypeVar("Item", bound=Marked)


def weight(item: Marked) -> float:
    """A long test's declared cost (0 for the others)."""
    marker = item.get_closest_marker(LONG)
    if marker is None:
        return 0.0
    return float(marker.args[0]) if marker.args else 1.0


def share_sizes(count: int, workers: int) -> list[int]:
    """How worksteal splits ``count`` tests among ``workers`` idle workers: each in turn
    takes the pending tests divided by the workers still to serve."""
    sizes = []
    left = count
    for served in range(workers):
        size = left // (workers - served)
        sizes.append(size)
        left -= size
    return sizes


def spread_long_tests(items: Sequence[Item], workers: int) -> list[Item]:
    """``items`` with the long ones dealt out, longest first, to the starts of the
    ``workers`` shares; every other test keeps its order (and its share, near enough)."""
    long = sorted((item for item in items if weight(item)), key=weight, reverse=True)
    if not long or workers < 1:
        return list(items)
    rest = [item for item in items if not weight(item)]
    lanes: list[list[Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for item in long:  # each to the lightest lane so far
        lightest = loads.index(min(loads))
        lanes[lightest].append(item)
        loads[lightest] += weight(item)
    ordered: list[Item] = []
    for lane, size in zip(lanes, share_sizes(len(items), workers), strict=True):
        filler = max(0, size - len(lane))
        ordered += lane + rest[:filler]
        del rest[:filler]
    return ordered + rest

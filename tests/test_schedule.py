"""``tests.support.schedule``: the long tests begin the workers' shares, longest first."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from pytest import Mark

from tests.support.schedule import share_sizes, spread_long_tests


@dataclass(frozen=True)
class Collected:
    name: str
    seconds: float = 0.0

    def get_closest_marker(self, name: str) -> Mark | None:
        if name != "long" or not self.seconds:
            return None
        return pytest.mark.long(self.seconds).mark


def shares(items: list[Collected], workers: int) -> list[list[str]]:
    """The contiguous shares worksteal hands out at the start."""
    out, start = [], 0
    for size in share_sizes(len(items), workers):
        out.append([item.name for item in items[start : start + size]])
        start += size
    return out


def test_worksteal_shares_cover_the_collection_in_order() -> None:
    assert share_sizes(10, 4) == [2, 2, 3, 3]
    assert share_sizes(145, 4) == [36, 36, 36, 37]
    assert sum(share_sizes(7, 3)) == 7


def test_each_worker_starts_with_a_long_test_the_longest_spread_first() -> None:
    quick = [Collected(f"q{n}") for n in range(20)]
    items = [*quick[:15], Collected("soak6", 77), Collected("soak3", 67), *quick[15:]]
    items += [Collected("privacy", 57), Collected("nineteen", 35), Collected("gate", 27)]
    ordered = spread_long_tests(items, 4)
    assert sorted(item.name for item in ordered) == sorted(item.name for item in items)
    starts = [share[0] for share in shares(ordered, 4)]
    assert starts == ["soak6", "soak3", "privacy", "nineteen"]
    last_share = shares(ordered, 4)[3]
    assert last_share[:3] == ["nineteen", "gate", "q15"]  # the fifth joins the lightest
    quick_order = [item.name for item in ordered if item.name.startswith("q")]
    assert quick_order == [item.name for item in quick]


@pytest.mark.parametrize("workers", [1, 4])
def test_without_long_tests_the_order_is_kept(workers: int) -> None:
    items = [Collected(f"q{n}") for n in range(9)]
    assert spread_long_tests(items, workers) == items

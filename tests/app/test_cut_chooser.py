"""The dealer's cut chooser (issue 15, bug 8): digits build the number typed, the
bar's ends are labelled at the ends, and typing never moves the layout."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

from tests.support.cover import show_cut
from tui.table.covers.cut import CutChooser, StockBar, typed_depth

MakeApp = Callable[..., Any]


def _typed(keys: str, high: int) -> list[str]:
    typed, seen = "", []
    for key in keys:
        typed = typed_depth(typed, key, high)
        seen.append(typed)
    return seen


@pytest.mark.parametrize(
    ("keys", "high", "seen"),
    [
        ("7990", 49, ["7", "9", "9", "9"]),
        ("7990", 51, ["7", "9", "9", "9"]),
        ("79", 51, ["7", "9"]),
        ("427", 49, ["4", "42", "7"]),
        ("10", 49, ["1", "10"]),
        ("05", 49, ["", "5"]),
        ("49", 49, ["4", "49"]),
        ("500", 500, ["5", "50", "500"]),
        ("5", 3, [""]),
    ],
)
def test_digits_build_the_number_and_a_digit_past_the_bottom_starts_anew(
    keys: str, high: int, seen: list[str]
) -> None:
    assert _typed(keys, high) == seen


async def _cut(pilot: Any, high: int = 49) -> CutChooser:
    host = await show_cut(pilot, "Ann", high)
    return host.chooser


async def test_typing_7_9_9_0_ends_at_9_and_the_screen_says_so(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        cut = await _cut(pilot, 51)
        await pilot.press("7", "9", "9", "0")
        await pilot.pause()
        assert cut.depth == 9
        typed = str(cut.query_one("#cut-typed", Static).render())
        assert "Typed: 9" in typed and "a digit past 51 starts a new number" in typed
        await pilot.press("backspace")
        assert cut.depth == 9 and cut.typed == ""


async def test_typing_never_moves_the_stock_or_the_keys(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        cut = await _cut(pilot)

        def where() -> tuple[int, int, int]:
            stock = cut.query_one(StockBar).region.y
            keys = cut.query_one("#cut-keys", Static).region.y
            return stock, keys, cut.region.height

        before = where()
        for key in ("4", "2", "right", "7", "home"):
            await pilot.press(key)
            await pilot.pause()
            assert where() == before, f"the layout moved after {key}"


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("depth", [1, 25, 49])
async def test_the_bars_ends_carry_their_depths(
    make_app: MakeApp, ascii_only: bool, depth: int
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        cut = (await show_cut(pilot, "Ann", 49, ascii_only=ascii_only)).chooser
        cut.set_depth(depth)
        await pilot.pause()
        bar = cut.query_one(StockBar)
        lines = bar.render().plain.split("\n")
        cells = "=-" if ascii_only else "\u2588\u2591"
        found = re.fullmatch(rf"top 1 ([{cells}]+) 49 bottom", lines[0])
        assert found, lines[0]
        assert len(lines[0]) == bar.content_region.width, "the bar fills its line"
        mark = lines[1].index("^" if ascii_only else "\u25b2")
        lifted = found.group(1).count(cells[0])
        assert mark == found.start(1) + lifted - 1, "the mark sits under the last card lifted"
        assert lines[1][mark:].strip().endswith(str(depth))

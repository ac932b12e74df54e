"""``tests.support.fast_pilot`` is guarded: a name it needs that is gone leaves stock
Pilot in its place, never a failing test; and the slow tier runs with stock Pilot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import textual.pilot
from textual.pilot import Pilot

from tests.support import fast_pilot
from tests.support.fast_pilot import NEEDS, pretend_gone, screen_cells, screen_lines, usable

MakeApp = Callable[..., Any]


def test_every_part_finds_what_it_needs_in_the_pinned_textual() -> None:
    assert all(usable(part) for part in NEEDS), [part for part in NEEDS if not usable(part)]


def test_a_name_gone_leaves_stock_pilot(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.css.stylesheet import Stylesheet

    stock_wait = Pilot.__dict__["_wait_for_screen"]
    for name in ("_wait_for_screen", "_compositor_refresh", "_scheduled", "_parse_rules"):
        pretend_gone(monkeypatch, name)
    with monkeypatch.context() as fresh:  # this test's own accelerators set aside
        fresh.setattr(Pilot, "_wait_for_screen", stock_wait)
        idle_wait = vars(textual.pilot)["wait_for_idle"]
        parse = vars(Stylesheet)["_parse_rules"]
        assert fast_pilot.speed_up(request, fresh) == []
        assert Pilot.__dict__["_wait_for_screen"] is stock_wait
        assert vars(textual.pilot)["wait_for_idle"] is idle_wait
        assert vars(Stylesheet)["_parse_rules"] is parse


@pytest.mark.parametrize("gone", ["", "_compositor"])
async def test_the_screen_reads_the_same_with_or_without_the_compositor(
    gone: str, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    if gone:
        pretend_gone(monkeypatch, gone)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert len(lines) == 24 and any("Chase the Ace" in line for line in lines)
        assert any("Chase the Ace" in text for text, _ in screen_cells(app))


async def test_settle_and_the_burst_wait_work_from_public_counts_alone(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.app import open_setup
    from tests.support.resilience import send_keys

    for name in ("_next_callbacks", "_wait_for_screen"):
        pretend_gone(monkeypatch, name)
    assert not usable("pending") and not usable("wait_for_screen")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "c")
        await send_keys(pilot, ["ctrl+n", *"Zed"])
        await fast_pilot.settle(pilot)
        assert setup.rows()[-1].name_input.value == "Zed"


@pytest.mark.slow
def test_a_slow_test_runs_with_stock_pilot(faster_pilot: list[str]) -> None:
    assert faster_pilot == []
    assert vars(textual.pilot)["wait_for_idle"] is not fast_pilot.wait_until_nothing_due


def test_an_everyday_test_runs_with_them(faster_pilot: list[str]) -> None:
    assert faster_pilot == ["frames", "busy_wait", "idle_wait", "css_once"]


async def test_sheets_parsed_once_draw_what_textual_parsed_and_follow_the_theme(
    make_app: MakeApp, faster_pilot: list[str]
) -> None:
    """The first app parses every sheet (Textual's own parsing, kept); a second app with
    the same theme parses none and draws the same cells; another theme's variables are
    other sheets to parse, and draw other colours."""
    assert "css_once" in faster_pilot
    fast_pilot._PARSED.clear()

    async def cells(theme: str) -> tuple[int, list[tuple[str, Any]]]:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.theme = theme
            await pilot.pause()
            return len(fast_pilot._PARSED), screen_cells(app)

    parsed, first = await cells("textual-light")
    again, second = await cells("textual-light")
    assert parsed > 0 and again == parsed
    assert second == first
    more, dark = await cells("nord")
    assert more > parsed and dark != first
    assert [text for text, _ in dark] == [text for text, _ in first]

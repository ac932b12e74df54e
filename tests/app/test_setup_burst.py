"""Keys typed ahead on the setup screen, in one burst (a fast typist, or a slow SSH
link that delivers a second of typing at once), land where they would have landed
typed one by one: names in their own seats, one seat removed per Ctrl+R."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.support.resilience import send_keys
from tui.screens.setup import SetupScreen

MakeApp = Callable[..., Any]


async def _setup(app: Any, pilot: Any) -> SetupScreen:
    await pilot.pause()
    app.action_new_game("chase")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    return screen


def _names(screen: SetupScreen) -> list[str]:
    return [row.name_input.value for row in screen.rows()]


async def test_names_typed_ahead_with_enter_fill_one_seat_each(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(app, pilot)
        before = _names(screen)
        await send_keys(pilot, [*"Ann", "enter", *"Ben", "enter"])
        await pilot.pause()
        assert _names(screen)[:2] == ["Ann", "Ben"] and _names(screen)[2:] == before[2:]


async def test_a_seat_added_then_named_in_one_burst(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(app, pilot)
        before = _names(screen)
        await send_keys(pilot, ["ctrl+n", *"Zed"])
        await pilot.pause()
        assert _names(screen) == [*before, "Zed"]


async def test_each_ctrl_r_in_a_burst_removes_a_seat(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(app, pilot)
        await send_keys(pilot, ["ctrl+n"] * 4)
        await pilot.pause()
        added = len(screen.rows())
        await send_keys(pilot, ["ctrl+r"] * 3)
        await pilot.pause()
        assert len(screen.rows()) == added - 3

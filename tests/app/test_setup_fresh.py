"""The setup screen tells what will be played and remembers only what people typed
(issue 15, bugs 3 and 7).

Settings can be opened from the setup screen (the command palette); what it shows on
coming back must be what Start plays. The names a setup remembers for next time are
the names people typed: the placeholders it fills in itself ("Player 4") are not, or
every later table would open with every seat ever added.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Static, Switch

from tests.support.app import open_setup
from tests.support.fast_pilot import settle
from tests.support.resilience import send_keys
from tui.screens.seat_row import SeatRow
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen

MakeApp = Callable[..., Any]


def _variants(screen: SetupScreen) -> str:
    return str(screen.query_one("#setup-variants", Static).render())


async def test_setup_shows_the_variants_changed_in_settings_meanwhile(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "a")
        assert "none" in _variants(setup)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await send_keys(pilot, "Settings")  # typed as one burst
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        switch = settings.query_one("#variant-three-chip", Switch)
        switch.focus()
        await pilot.press("space")
        await pilot.pause()
        assert switch.value
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup
        shown = _variants(setup)
        assert "Three-Chip" in shown and "none" not in shown, shown
        assert setup.config().variants == {"three-chip"}, "what is shown is what is played"


async def test_only_typed_names_are_remembered_not_the_placeholders(make_app: MakeApp) -> None:
    """Ann, Ben and Cleo typed, seventeen seats added and left as "Player 4" ... "Player
    20": the next Chase setup opens with the three people, not twenty seats (its last
    table is remembered without the seats nobody named)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "c")
        await setup.seats.set_computers(0)
        for _ in range(18):  # the setup's own Add seat (Ctrl+N), one by one
            await setup.action_add_seat()
        await settle(pilot)
        for row, name in zip(setup.rows(), ["Ann", "Ben", "Cleo"], strict=False):
            row.name_input.value = name
        await pilot.pause()
        names = [row.clean for row in setup.rows()]
        assert names[3:] == [f"Player {n}" for n in range(4, 21)]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.last_names == ("Ann", "Ben", "Cleo")
        app.pop_screen()
        await pilot.pause()
        again = await open_setup(pilot, "c")
        assert [(row.clean, row.kind) for row in again.rows()] == [
            ("Ann", "person"),
            ("Ben", "person"),
            ("Cleo", "person"),
        ]


async def test_placeholders_remembered_by_an_older_version_are_dropped(
    make_app: MakeApp,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.update_settings(last_names=("Ann", *(f"Player {n}" for n in range(2, 21))))
        setup = await open_setup(pilot, "c")
        rows = [(row.clean, row.kind == "person") for row in setup.rows()]
        assert len(rows) == 3, "Chase's smallest table: Ann and two computers"
        assert rows[0] == ("Ann", True) and not rows[1][1] and not rows[2][1]


async def test_a_name_typed_over_a_placeholder_is_remembered(make_app: MakeApp) -> None:
    """A person may keep some placeholders and name the rest: the typed ones stay, in
    seat order; a name that merely contains "Player" is a person's."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "a")
        await pilot.press("ctrl+n")
        await pilot.pause()
        rows = setup.rows()
        rows[1].name_input.value = "Player Two"
        rows[-1].name_input.value = "Cleo"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.last_names == ("Player Two", "Cleo")
        assert all(isinstance(row, SeatRow) for row in rows)

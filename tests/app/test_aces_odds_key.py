"""O at an Aces table: odds on (kept as a setting), solved off the UI thread, and no move
ever waits for them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.table import aces_config, scripted_factory, table_of, write_settings
from tui.engine.aces.odds import ChainSpec, forget, known
from tui.engine.aces.view import AcesView
from tui.storage.settings import load_settings
from tui.widgets.player_panel import PlayerPanel

MakeApp = Callable[..., Any]


def shown_odds(app: Any) -> list[float | None]:
    return [panel.model.odds for panel in app.screen.query(PlayerPanel) if panel.model]


async def test_o_turns_odds_on_and_a_move_never_waits(make_app: MakeApp, app_dirs: AppDirs) -> None:
    forget()
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([2, 3] * 20))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(4, first_seat=0))
        await pilot.pause()
        await pilot.press("enter")  # the round starts
        await pilot.pause()
        assert shown_odds(app) == [None] * 4  # off at a first launch
        controller = table_of(app).controller
        await pilot.press("o")
        await pilot.press("r")  # at once, whether or not the odds are there yet
        await pilot.pause()
        assert AcesView.of(controller.view(None)).turns == 1
        assert load_settings(app_dirs.settings)[0].show_odds
        for _ in range(200):  # the worker solves a four-player chain in well under a second
            if known(ChainSpec.for_table(frozenset(), 4)) is not None:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        odds = shown_odds(app)
        assert all(o is not None for o in odds)
        assert sum(o or 0 for o in odds) == pytest.approx(1)
        await pilot.press("o")
        await pilot.pause()
        assert shown_odds(app) == [None] * 4
        assert not load_settings(app_dirs.settings)[0].show_odds
        await pilot.press("O")  # as Settings writes it: Shift+O does the same
        await pilot.pause()
        assert load_settings(app_dirs.settings)[0].show_odds
    forget()

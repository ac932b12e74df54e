"""An Aces table before the roll-off (issue 15, bugs 6 and 8): the panels show the
chips everyone starts with, and R rolls off as Enter does (R is "roll" at every other
moment of the game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.table import aces_config, scripted_factory, table_of, write_settings
from tui.widgets.player_panel import PlayerPanel

MakeApp = Callable[..., Any]


async def _table(make_app: MakeApp, app_dirs: AppDirs, **config: Any) -> tuple[Any, Any]:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([5, 3, 2]))
    return app, aces_config(3, **config)


@pytest.mark.parametrize(
    ("config", "shown"),
    [
        ({}, "2 chips"),
        ({"variants": ["three-chip"]}, "3 chips"),
        ({"variants": ["three-chip"], "match": "bankroll", "bankroll": 2}, "2 chips"),
    ],
    ids=["two", "three-chip", "bankroll-of-two"],
)
async def test_panels_show_the_starting_chips_before_the_roll_off(
    make_app: MakeApp, app_dirs: AppDirs, config: dict[str, Any], shown: str
) -> None:
    app, game = await _table(make_app, app_dirs, **config)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        assert table_of(app).controller.view(None).phase == "start"
        panels = list(app.screen.query(PlayerPanel))
        assert len(panels) == 3
        for panel in panels:
            assert panel.model is not None
            assert panel.model.counter_text == shown
            assert shown in "\n".join(line.plain for line in panel.content_lines(24, 3))


@pytest.mark.parametrize("key", ["r", "R", "enter"])
async def test_r_rolls_off_as_enter_does(make_app: MakeApp, app_dirs: AppDirs, key: str) -> None:
    app, game = await _table(make_app, app_dirs)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        controller = table_of(app).controller
        assert controller.view(None).phase == "start"
        await pilot.press(key)
        await pilot.pause()
        view = controller.view(None)
        assert view.phase == "turn", f"{key} did not roll off"
        assert view.current == 0, "Ann rolled the scripted 5, the highest"

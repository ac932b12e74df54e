"""Keys typed ahead across a quit or a closing screen: handlers that run on a screen
that is gone (or not built yet) do nothing instead of ending the app (issue 17).

Each burst is posted at once, as a terminal hands over keys typed ahead; Pilot's
``run_test`` re-raises whatever reached the app's crash handler. Not crashing is not
enough (issue 37): after each burst the app is where the keys lead (the title with
nothing left open, or gone with exit code 0), and the game the burst played is not
lost: saved as it stands if it was played and is not over, in the history once if it
ended, and nothing saved if nobody moved.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.fast_pilot import settle
from tests.support.resilience import send_keys
from tests.support.table import aces_config, table_of, write_settings
from tui.engine.controller import Controller
from tui.storage.history import History

MakeApp = Callable[..., Any]


def screens(app: Any) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


async def burst_at_a_table(
    make_app: MakeApp, app_dirs: AppDirs, keys: list[str], *, confirm_quit: bool
) -> tuple[Any, Controller, list[str], int]:
    """The app once the burst has ended it, the game at its table then, the screens
    open when it ended, and how many games the burst finished (rematches follow a
    finished game: ``r`` on its round-end box)."""
    write_settings(app_dirs.settings, confirm_quit=confirm_quit)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=5, first_seat=0))
        await pilot.pause()
        await send_keys(pilot, keys, exact=False)
        for _ in range(5):
            await pilot.pause()
        assert app._exit, f"the burst's quit did not end the app: {screens(app)}"
        table = table_of(app)
        controller = table.controller
        played = table.session.match.games + controller.over
        left_open = screens(app)
    assert app.return_code == 0
    return app, controller, left_open, played


def saved_games(app_dirs: AppDirs) -> list[dict[str, Any]]:
    found = sorted(app_dirs.saves.glob("*.json")) if app_dirs.saves.is_dir() else []
    return [json.loads(path.read_text())["payload"] for path in found]


def nothing_lost(app_dirs: AppDirs, controller: Controller, finished: int) -> None:
    """The game at the table when the app ended is saved as it stood, unless it is over
    or nobody moved; ``finished`` games are in the history, once each."""
    state = controller.to_dict()
    untouched = state["state"]["phase"] == "start"
    if controller.over or untouched:
        assert saved_games(app_dirs) == []
    else:
        assert saved_games(app_dirs) == [state]
    records, problem = History().recent()
    assert problem is None and len(records) == finished
    assert all(r.game == "aces" and r.players == ("Ann", "Ben") for r in records)
    assert all(len(r.winners) == 1 and r.winners[0] in ("Ann", "Ben") for r in records)


async def test_quit_yes_then_the_rules_twice_in_one_burst(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Was ``NoMatches '#viewer-aces'`` from ``RulesScreen.on_mount`` (3 in 3). The
    question is answered and the app ends cleanly; nobody had moved, so nothing is
    saved. On a loaded machine a ``?`` can be handled while the app is ending (Textual
    takes each key as its own task), so the rules may be on the stack as it closes:
    never on the screen, and never the question's answer."""
    _, controller, left_open, played = await burst_at_a_table(
        make_app, app_dirs, ["ctrl+q", "y", "question_mark", "question_mark"], confirm_quit=True
    )
    assert played == 0
    assert left_open[:2] == ["TitleScreen", "TableScreen"]
    assert set(left_open[2:]) <= {"RulesScreen"}, left_open
    assert controller.to_dict()["state"]["turns"] == 0
    nothing_lost(app_dirs, controller, finished=0)


async def test_many_rolls_then_quit_in_one_burst(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """Was ``NoMatches '#seats-top' on TableScreen`` (4 in 4 with 150 rolls; 90 keep the
    burst under the quit lane's backlog, which would drop them). However many of the
    keys were handled before the quit (that depends on the machine), every game they
    finished is in the history once and the one at the table is saved as it stands.
    Ctrl+Q overtakes the keys still queued (the quit lane), so on a loaded machine it
    may come before any roll: then nothing is saved, which ``nothing_lost`` checks too."""
    _, controller, left_open, played = await burst_at_a_table(
        make_app, app_dirs, ["r", "enter"] * 90 + ["ctrl+q"], confirm_quit=False
    )
    assert left_open[:2] == ["TitleScreen", "TableScreen"]
    assert "RulesScreen" not in left_open
    nothing_lost(app_dirs, controller, finished=played)


@pytest.mark.parametrize(
    "keys",
    [
        ["r", "a", "c", "t", "escape", "r", "a", "escape"],
        pytest.param(
            ["ctrl+p", "down", "down", "escape", "ctrl+p", "down"], marks=pytest.mark.slow
        ),
        # A seat's kind list open as the setup closes: no everyday equivalent elsewhere.
        ["a", "escape", "a", "tab", "down", "escape", "escape"],
        ["r", "escape", "r", "escape", "ctrl+q"],
    ],
)
async def test_bursts_over_closing_screens(
    make_app: MakeApp, app_dirs: AppDirs, keys: list[str]
) -> None:
    """Each screen the burst opens, it closes again (Down on a seat's kind opens its
    list, which the first Escape closes): the title is left, alone, and
    takes the next key; a burst that ends in Ctrl+Q ends the app (no game: no
    question). A Ctrl+P typed as the palette closes should open it again; it is
    dropped when handled before the closing palette has left (``CommandPalette.is_open``,
    told to the lead), so there the palette may be open or not, and nothing else."""
    write_settings(app_dirs.settings)
    before = app_dirs.settings.read_bytes()
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await send_keys(pilot, keys, exact=False)
        for _ in range(5):
            await pilot.pause()
        if keys[-1] == "ctrl+q":
            assert app._exit
        else:
            await settle(pilot)
            if keys[-2:] == ["ctrl+p", "down"]:  # typed as the palette closed: see below
                assert screens(app) in (["TitleScreen"], ["TitleScreen", "CommandPalette"])
                await pilot.press("escape")
                await settle(pilot)
            assert screens(app) == ["TitleScreen"]
            await pilot.press("s")  # the title still answers: Settings
            await settle(pilot)
            assert screens(app) == ["TitleScreen", "SettingsScreen"]
    assert app.return_code in (None, 0)
    assert app_dirs.settings.read_bytes() == before and saved_games(app_dirs) == []

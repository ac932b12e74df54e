"""Snapshots of what keeps an evening flowing: the Records screen, showdowns that read
at a glance, the recap before a person's turn, the finishing order of Chase.

Update with ``pytest tests/app/test_snapshots_flow.py --snapshot-update``, then render
the SVGs to PNG and look at them before committing. Text in double quotes in a test's
docstring is quoted from its picture (``test_snapshot_docstrings.py`` checks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import SNAPSHOT_SIZES, AppDirs
from tests.support.records import record_evening
from tui.gameconfig import BOT_NAMES

MakeApp = Callable[..., Any]


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_records(
    snap_compare: Any, make_app: MakeApp, app_dirs: AppDirs, size: tuple[int, int]
) -> None:
    """Records from the title: "Name", "Games", "Wins", "Win rate", "Best streak" and
    "By game" columns; Ben first with 3 games, 2 wins, "67%", a best streak of 2, and
    "Chase 1/2 50%" over "Aces 1/1 100%"; the computer names of a big table below."""
    record_evening(extra_players=BOT_NAMES[:17])
    assert snap_compare(make_app(), press=["w"], terminal_size=size)


def _showdown_app(make_app: MakeApp, final: bool) -> tuple[Any, Any]:
    """A table of twenty computers played ahead to the end of a round (or of the game),
    and the round-end box the table draws over itself for it."""
    from tests.support.chase import chase_config, controller_for
    from tui.session import TableSession
    from tui.session.table_flow import FlowState
    from tui.session.table_model import GO_ON, LOOK, TITLE, RoundEnd

    names = ["Fay", *BOT_NAMES[:19]]
    config = chase_config(names, range(20), variants=["pairs-safe"], dealer=19, seed=21)
    controller = controller_for(config)
    events: list[Any] = []
    while not controller.over:
        events = controller.play_bot()[1]
        if not final and any(event.kind == "life_lost" for event in events):
            break
    app = make_app()

    async def before(pilot: Any) -> None:
        app.open_table(TableSession(controller, config))
        await pilot.pause()
        table = app.screen
        summary = table.kit.words.round_summary(
            controller.view(None), events, table.log_names, False
        )
        choices = (TITLE, LOOK) if final else (GO_ON, LOOK)
        presenter = table.presenter
        presenter._stop_wait()  # the computers' next move waits: the box is the picture
        if presenter.flow.state is not FlowState.READY:
            presenter.flow.to(FlowState.READY)
        box = RoundEnd(summary, choices, goes_on=not final)
        presenter._step(lambda: presenter._open_cover(box))
        await pilot.pause()

    return app, before


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_showdown_of_twenty(
    snap_compare: Any, make_app: MakeApp, app_dirs: AppDirs, size: tuple[int, int]
) -> None:
    """A showdown at a table of twenty under Pairs are safe: "Cards, lowest first:"
    several to a line, the loser marked ✗ in red, every paired card marked = in green, the
    reason for the lost life ("lowest unpaired"), and, a computer dealing next, "The
    game goes on by itself in a moment." with "Enter Go on"."""
    app, before = _showdown_app(make_app, final=False)
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_finishing_order_of_twenty(
    snap_compare: Any, make_app: MakeApp, app_dirs: AppDirs, size: tuple[int, int]
) -> None:
    """The end of a game of twenty: the winner, the last showdown, and the finishing
    order as one line, the last out first with the round each went out in
    ("Then, by the round each went out in: ...")."""
    app, before = _showdown_app(make_app, final=True)
    assert snap_compare(app, terminal_size=size, run_before=before)

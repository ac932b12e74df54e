"""Issue 18 items 1 and 2 through the real app: Continue opens an edited save.

A sample of ``tests.support.save_edits`` (every case the attack found by hand, a few
edits the rules allow, and every tenth of the rest): the app either says in one sentence
that the save was moved aside and stays on the title screen, able to start a new game,
or opens the table and plays on. It never crashes and never hangs (Pilot's own timeout,
and the screen must answer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.save_edits import NAMED, Edit, edited, edits, save_file
from tests.support.table import table_of, write_settings
from tui.screens.title import TitleScreen

MakeApp = Callable[..., Any]
KEPT = {"aces:first_seat=null", "chase:gave[0]=null"}
EVERYDAY = {"pot-infinity", "card-twice", "name-100k", "name-escapes-only"}
"""The everyday run's share of the cases found by hand: a refused save of each game and
two refused for a name. Every edit is refused or played on by the loader itself
everyday (``tests/storage/test_save_invariants.py``); a refused save takes one path
through the app whatever made the loader refuse it."""
SAMPLE = [
    *(e if e[0] in EVERYDAY else pytest.param(e, id=e[0], marks=pytest.mark.slow) for e in NAMED),
    *(e for e in edits() if e[0] in KEPT),
    *(pytest.param(e, id=e[0], marks=pytest.mark.slow) for e in edits()[len(NAMED) :: 10]),
]
"""A few cases found by hand and two edits the rules allow in the everyday run; the rest
of the cases found by hand and every tenth of the other edits in the thorough tier."""


@pytest.mark.timeout(60)  # a save that hangs the app fails here, not the whole run
@pytest.mark.parametrize("edit", SAMPLE, ids=lambda edit: edit[0])
async def test_continue_on_an_edited_save_never_crashes(
    edit: Edit, make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    slot_id = f"{edit[1]}-20260101T120000-0badc0de"
    path = app_dirs.saves / f"{slot_id}.json"
    path.parent.mkdir(parents=True, mode=0o700)
    path.write_bytes(save_file(edited(edit)))
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        told = [n.message for n in app._notifications if slot_id in n.message]
        if told:
            (message,) = told
            assert "moved to" in message and message.endswith(".") and "\n" not in message
            assert isinstance(app.screen, TitleScreen) and not path.exists()
            await pilot.press("a")  # the app goes on: a new game of Aces can be set up
            await pilot.pause()
            assert not isinstance(app.screen, TitleScreen)
            return
        assert edit[0] in KEPT, f"{edit[0]} opened a table"
        table = table_of(app)
        for _ in range(6):
            await pilot.press("enter", "r", "s", "d")
            await pilot.pause()
        assert table.is_attached or app.screen is not None
    assert app.return_code in (None, 0)


def test_the_everyday_cases_are_cases_found_by_hand() -> None:
    assert {edit[0] for edit in NAMED} >= EVERYDAY

"""The middle of a finished Chase table (issue 15, bug 8): the winner's name and
"wins" stay on one line at 80x24, whatever the name's length, and several winners
read as one phrase when it fits."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from rich.cells import cell_len

from tests.support.app import AppDirs
from tests.support.chase import (
    chase_config,
    controller_for,
    deck,
    deck_factory,
    play,
    screen_lines,
)
from tests.support.table import write_settings
from tui.session import TableSession
from tui.table.kits.chase_centre import centre_picture

BEN_AND_CLEO_GO_OUT = [
    deck(3, 0, {1: "2C", 2: "2D", 0: "QS"}),
    deck(3, 1, {2: "3D", 0: "QH", 1: "3C"}),
    deck(3, 2, {0: "JD", 1: "4S", 2: "4C"}),
]
"""Ben and Cleo tie for lowest three rounds running: both go out, the first seat wins."""

MIDDLE_CELLS = 24
"""The words' room in the middle of a Chase table at 80 columns."""


def _last_stand(names: tuple[str, ...]) -> Any:
    """The game two rounds and two stands in: the dealer's stand ends it."""
    config = chase_config(names)
    controller = controller_for(config, BEN_AND_CLEO_GO_OUT)
    play(controller, "deal", "stand", "stand", "stand")
    play(controller, "deal", "stand", "stand", "stand")
    play(controller, "deal", "stand", "stand")
    return config, controller


@pytest.mark.parametrize("winner", ["Ann", "Alexandra Konstantin"])
async def test_the_winner_and_wins_share_a_line_at_80x24(
    make_app: Any, app_dirs: AppDirs, winner: str
) -> None:
    config, controller = _last_stand((winner, "Ben", "Cleo"))
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableSession(controller, config))
        await pilot.pause()
        await pilot.press("enter", "s")  # the dealer takes the keyboard and stands
        await pilot.pause()
        assert controller.over and controller.view(None).winners == (0,)
        await pilot.press("escape")  # close the round-end box: look at the table
        await pilot.pause()
        lines = screen_lines(app)
        start = next(i for i, line in enumerate(lines) if "Game over ─" in line)
        column = lines[start].index("Game over") - 3
        box = [line[column:].split("│")[1].strip() for line in lines[start + 1 : start + 5]]
        assert box[0].endswith(" wins"), box
        assert box[0].startswith(winner[:10]), box
        assert box[1] == "", "nothing left over for a second line"


def test_several_winners_read_as_one_phrase_when_it_fits() -> None:
    _, controller = _last_stand(("Ann", "Ben", "Cleo"))
    play(controller, "stand")
    view = controller.view(None)
    two = centre_picture(replace(view, winners=(1, 2)), ["Ann", "Bo", "Cy"], None)
    assert two.caption == ("Bo and Cy share the win",)
    three = centre_picture(replace(view, winners=(0, 1, 2)), ["Ann", "Ben", "Cleo"], None)
    assert three.caption == ("Ann, Ben and Cleo", "share the win")
    assert all(cell_len(line) <= MIDDLE_CELLS for line in two.caption + three.caption)

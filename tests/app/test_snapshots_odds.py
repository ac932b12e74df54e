"""Snapshots of live odds on the Aces table: the bars per seat and the ace+six's odds.

The chain is solved before the app starts (``remember``), as the odds worker would have
it after its first second, so the picture does not depend on when the worker ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.test_snapshots_aces import (
    ACE_SIX_CHOICE,
    CLEO_WINS,
    THREE_ROLLS,
    table_app,
)
from tests.support.app import LARGE, SMALL, SNAPSHOT_SIZES, AppDirs
from tests.support.pace import hold_forced_moves
from tests.support.table import aces_config
from tui.engine.aces.odds import ChainSpec, forget, remember
from tui.engine.aces.odds_solve import solve_all


@pytest.fixture
def odds_known() -> Iterator[None]:
    remember(solve_all(ChainSpec.for_table(frozenset(), 3)))
    yield
    forget()


# Both sizes everyday: the odds bar of the large panels is drawn nowhere else.
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x48"])
def test_aces_odds_bars(
    snap_compare: Any,
    make_app: Any,
    app_dirs: AppDirs,
    size: Any,
    odds_known: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Odds on, after three rolls: each panel's counter line ends with its chance
    ("0 chips, 9 %", "2 chips, 16 %", "3 chips, 75 %": they add up to 100), and tall
    panels (160x48) show a bar of the same chance on their last line. Ann, at zero,
    "has no choice" (her roll waits, held, to play itself)."""
    hold_forced_moves(monkeypatch)
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, first_seat=0),
        THREE_ROLLS,
        ["enter", "r", "r", "r"],
        show_odds=True,
    )
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_ace_six_choice_with_odds(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any, odds_known: None
) -> None:
    """Ann's ace+six on her last chip with odds on: the info box leads with Ann's exact
    chance after each option ("Ann to win: pot 9.5%, pass 10.3%"); the panels show
    the odds of the option the sharp player would take."""
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, first_seat=0),
        ACE_SIX_CHOICE,
        ["enter", "r", "r", "r", "r"],
        show_odds=True,
    )
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_round_story(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any, odds_known: None
) -> None:
    """Cleo wins with odds on: the round-end box tells the story under "Cleo wins!":
    "Chances through the round:" with a chart line for each of Ann, Ben and Cleo, the
    "Biggest swing:" (whose roll took whom from what to what) and "Luckiest win: Cleo
    won from"."""
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, first_seat=0),
        CLEO_WINS,
        ["enter", "r", "r"],
        show_odds=True,
    )
    assert snap_compare(app, terminal_size=size, run_before=before)


def test_aces_round_story_ascii(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, odds_known: None
) -> None:
    """The same story with ASCII glyphs (as --ascii and TERM=linux get): the chart is
    drawn with ASCII characters ("Chances through the round:", "Luckiest win:")."""
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, first_seat=0),
        CLEO_WINS,
        ["enter", "r", "r"],
        show_odds=True,
        glyphs="ascii",
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_chase_private_view_with_odds(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """Odds on, Ben took the keyboard on his turn: his own view leads the info box with
    his chance of losing a life from what he knows, if nobody else changes, by keeping
    his 4 against two unseen cards and by changing with Cleo ("keep 58 %", "change 32 %":
    the numbers the sharp computer decides by); Ann's and Cleo's cards stay face down."""
    from tests.app.test_snapshots_chase import FIRST, chase_app
    from tests.support.chase import chase_config

    app, before = chase_app(
        make_app, app_dirs, chase_config(), [FIRST], ["d", "enter"], show_odds=True
    )
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("glyphs", ["unicode", "ascii"])
def test_aces_match_story(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, glyphs: str, odds_known: None
) -> None:
    """A three-round match after round 1 with odds on, at 80x24: under the round's story
    (a chart line each, the swing, "Luckiest win: Cleo won from") the standings (Cleo 2
    points, Ann and Ben 0 points) each end in a chart of their points through the match
    (from the start, no points, to now), in blocks or, with ASCII glyphs, in ASCII; the
    choices "Next round" and "Look at the table" still fit below."""
    config = aces_config(3, first_seat=0, match="rounds", rounds=3)
    app, before = table_app(
        make_app, app_dirs, config, CLEO_WINS, ["enter", "r", "r"], show_odds=True, glyphs=glyphs
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)

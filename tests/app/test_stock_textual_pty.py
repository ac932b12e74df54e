"""The real app on a pty as stock Textual runs it (``PARTY_DICE_TEXTUAL_FIXES=off``): the
title, a hot-seat Chase round with its curtains, and Ctrl+Q. CI runs this first, on its
own (``.ci/run``): an app that only works thanks to its workarounds would show here,
as would a workaround that has become the only thing holding a screen up.

The round is played by ``tests.bench_play``'s driver, which keeps a replica of the game
and so knows each key to press; the screen is read only for the curtains and the
round's end.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.bench_measure import TITLE_READY
from tests.bench_play import PASS_CURTAIN, Driver, replica
from tests.bench_session import SETTINGS_OFF, Session
from tests.support.pty_driver import app_env

pytestmark = pytest.mark.slow

CHASE = ["play", "chase", "--names", "Ann,Ben,Cleo", "--seed", "5", "--first-seat", "3"]
"""Three people at one keyboard, Cleo dealing: a curtain before every turn."""


def stock_env(home: Path) -> dict[str, str]:
    env = app_env(home)
    env["PARTY_DICE_TEXTUAL_FIXES"] = "off"
    settings = home / "config" / "party-dice" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(SETTINGS_OFF)
    return env


def argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "tui", *args]


def test_the_title_comes_up_and_ctrl_q_quits(tmp_path: Path) -> None:
    with Session(argv(), stock_env(tmp_path)) as session:
        session.first_frame(TITLE_READY)
        session.send("\x11")
        assert session.app.wait(15) == 0, session.screen.text()
    assert b"\x1b[?1049l" in session.app.output, "the terminal given back"
    assert b"Traceback" not in session.app.output


def test_a_hot_seat_chase_round_with_curtains_then_quit(tmp_path: Path) -> None:
    with Session(argv(*CHASE), stock_env(tmp_path)) as session:
        session.first_frame(["Deal", "f2 Keys"])
        session.pump(0.3)
        driver = Driver(session, replica(CHASE))
        curtains = 0
        for _ in range(40):
            curtains += PASS_CURTAIN in session.screen
            driver.step(choose_second=False)
            if driver.round_over:
                break
        assert driver.round_over and curtains >= 2, session.screen.text()
        session.send("\x11")
        assert session.app.wait(15) == 0, session.screen.text()
    assert b"Traceback" not in session.app.output

"""The bench's own arithmetic, checked without starting anything (``make bench`` times;
these only count): how a key's repaint is timed and summed, how the slow link paces its
reads, and that the bare loops the simulator is compared with play whole games."""

from __future__ import annotations

import random
import time

import pytest

from tests import bench_latency, bench_simloop, bench_slowlink
from tests.bench_play import Desync, Driver, Press
from tests.bench_screen import Screen
from tui.engine.controller import Controller
from tui.session.keygate import DECISION


class ScriptedSession:
    """What ``Driver.press`` reads: each key answered by ``answer`` bytes 10 ms after it
    is sent; ``late`` bytes waiting (at ``late_at``) before the next key."""

    def __init__(self) -> None:
        self.screen = Screen()
        self.last_byte = 0.0
        self.answer = 100
        self.dropped = 0
        """Keys that go unanswered (a gate that was not open yet) before one is."""
        self.late = 0
        self.late_at = 0.0
        self.sent = 0.0

    def send(self, keys: str) -> None:
        self.sent = time.monotonic()

    def read_chunk(self, timeout: float) -> int:
        if self.dropped:
            self.dropped -= 1
            return 0
        self.last_byte = self.sent + 0.01
        return self.answer

    def pump(self, gap: float, limit: float = 60.0) -> int:
        if gap or not self.late:
            return 0
        late, self.late = self.late, 0
        self.last_byte = self.late_at
        return late


def scripted_driver() -> tuple[Driver, ScriptedSession]:
    session = ScriptedSession()
    driver = Driver(session, Controller.__new__(Controller))  # type: ignore[arg-type]
    return driver, session


def test_a_press_is_timed_to_the_last_byte_of_its_answer() -> None:
    driver, _session = scripted_driver()
    driver.press("r", None, "roll")
    [press] = driver.presses
    assert (press.what, press.bytes) == ("roll", 100)
    assert press.seconds == pytest.approx(0.01, abs=0.005)


def test_bytes_after_the_quiet_window_belong_to_the_key_before() -> None:
    driver, session = scripted_driver()
    driver.press("r", None, "roll")
    session.late, session.late_at = 40, driver.sent_at + 0.25
    driver.press("s", None, "stand")
    first, second = driver.presses
    assert (first.bytes, second.bytes) == (140, 100)
    assert first.seconds == pytest.approx(0.25)


def test_a_gated_key_left_unanswered_is_pressed_again() -> None:
    driver, session = scripted_driver()
    driver.sent_at = driver.drawn_at = -10.0  # the gate's wait long over
    session.dropped = 1
    driver.press("r", DECISION, "roll")
    assert (driver.dropped, len(driver.presses), driver.presses[0].bytes) == (1, 1, 100)
    session.dropped = 1
    with pytest.raises(Desync):  # a key no gate holds is never pressed twice
        driver.press("escape", None, "leave")


def test_latency_summary_names_the_rows() -> None:
    presses = [
        Press("roll", 1, 0.01),
        Press("roll", 1, 0.03),
        Press("roll", 1, 0.02),
        Press("change", 1, 0.05),
        Press("stand", 1, 0.07),
        Press("curtain", 1, 0.2),
        Press("start_round", 1, 9.0),
        Press("rules_first", 1, 0.2),
        Press("rules_again", 1, 0.02),
        Press("rules_again", 1, 0.01),
        Press("settings", 1, 0.2),
        Press("settings", 1, 0.1),
    ]
    out = bench_latency.summary(presses)
    assert out["latency.roll"] == pytest.approx(0.02)
    assert out["latency.roll_worst"] == pytest.approx(0.03)
    assert out["latency.stand"] == pytest.approx(0.06)
    assert (out["latency.stand_n"], out["latency.curtain_lift_n"]) == (2, 1)
    assert not any("start_round" in key for key in out)
    assert out["latency.rules_n"] == 3
    assert out["latency.rules"] == pytest.approx(0.02)
    assert out["latency.rules_first"] == pytest.approx(0.2)
    assert out["latency.rules_again"] == pytest.approx(0.015)
    assert (out["latency.settings"], out["latency.settings_worst"]) == pytest.approx((0.15, 0.2))
    assert "latency.setup" not in out  # no row for a screen never opened
    assert bench_latency.parse_size("160x48") == (160, 48)


def test_slow_link_summary_counts_a_turn_from_curtain_to_curtain() -> None:
    presses = [Press("curtain", 4000, 0.4), Press("stand", 5000, 0.5), Press("curtain", 10, 1.0)]
    out = bench_slowlink.summary(presses)
    assert (out["slow.key"], out["slow.key_worst"], out["slow.bytes"]) == (0.5, 1.0, 9010)
    assert out["slow.person_turn"] == pytest.approx(0.95)


def test_the_slow_link_carries_reads_one_after_another() -> None:
    clock = [100.0]

    def sleep(seconds: float) -> None:
        clock[0] += max(0.0, seconds)

    link = bench_slowlink.SlowLink.__new__(bench_slowlink.SlowLink)
    link.clock = lambda: clock[0]
    link.sleep = sleep
    link.free_at = clock[0]
    assert link.delivered(12_500) == pytest.approx(101.0)  # a second of the link
    assert link.delivered(1_250) == pytest.approx(101.1)  # right after: queued behind it
    clock[0] += 5.0  # the link idle a while: the next read starts when it is read
    assert link.delivered(1_250) == pytest.approx(106.2)
    assert clock[0] == pytest.approx(106.2)  # the reader waited for the link each time


@pytest.mark.parametrize("seed", range(20))
def test_the_bare_loops_play_whole_games(seed: int) -> None:
    assert bench_simloop.aces_game(random.Random(seed)) >= 2
    # Ten players, three lives each: one life at least goes every round, and all but
    # one player lose all three.
    assert 1 <= bench_simloop.chase_game(random.Random(seed)) <= 29

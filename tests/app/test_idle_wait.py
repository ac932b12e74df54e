"""Pilot's idle wait in the app tests (``tests.support.fast_pilot``): it still waits for
what is due within a frame (a short timer, the next refresh, a thread of the app's at
work), and no longer than that."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from tests.support.fast_pilot import GRANULARITY, due_soon
from tui.session.odds_warmup import THREAD_NAME as ODDS_THREAD


class Plain(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("plain")


async def test_a_key_waits_for_a_timer_due_within_a_frame_and_not_for_a_later_one() -> None:
    fired: list[str] = []
    async with Plain().run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        pilot.app.set_timer(GRANULARITY / 2, lambda: fired.append("soon"))
        pilot.app.set_timer(0.8, lambda: fired.append("later"))
        await pilot.press("x")
        assert fired == ["soon"]


async def test_a_refresh_asked_for_is_drawn_before_the_wait_ends() -> None:
    drawn: list[str] = []
    async with Plain().run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        static = pilot.app.query_one(Static)
        static.update("changed")
        pilot.app.screen.call_after_refresh(lambda: drawn.append(str(static.render())))
        await pilot.press("x")
        assert drawn == ["changed"]


@pytest.mark.parametrize("how", ["worker", "odds"])
async def test_the_wait_lasts_while_a_thread_of_the_app_s_is_at_work(how: str) -> None:
    done = threading.Event()

    def work() -> None:
        time.sleep(0.05)
        done.set()

    async with Plain().run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        if how == "worker":
            pilot.app.run_worker(work, thread=True)
        else:
            threading.Thread(target=work, name=ODDS_THREAD, daemon=True).start()
        await pilot.press("x")
        assert done.is_set()


async def test_an_exiting_app_s_timers_are_not_waited_for() -> None:
    async with Plain().run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        pilot.app.set_interval(GRANULARITY / 4, lambda: None)
        loop = asyncio.get_running_loop()
        await asyncio.sleep(0)
        assert due_soon(loop, pilot.app)[0] is not None, "a running timer is due within a frame"
        pilot.app._exit = True  # what App.exit sets first: timers then run nothing
        assert due_soon(loop, pilot.app) == (None, None)
        pilot.app._exit = False

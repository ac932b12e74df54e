"""``stray_continue``: Textual starts application mode again on any SIGCONT; the app's
driver only on one after its own SIGTSTP. Textual stops for a SIGTSTP inside the signal
handler, in the middle of whatever frame it interrupted; the app's driver at the loop's
next turn."""

from __future__ import annotations

import asyncio
import inspect
import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from textual.drivers import linux_driver

from tui.lean.driver import lean
from tui.textual_compat.fixed_app import fixed_driver


@pytest.fixture(autouse=True)
def _signals_kept() -> Iterator[None]:
    """Building a Linux driver installs its SIGTSTP and SIGCONT handlers: put them back."""
    kept = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}
    yield
    for number, handler in kept.items():
        signal.signal(number, handler)


def resumes(driver: Any) -> list[str]:
    """What ``driver`` starts again, recorded instead of done."""
    started: list[str] = []
    driver.resume_application_mode = lambda: started.append("application mode")
    return started


def test_the_private_names_are_still_there() -> None:
    source = inspect.getsource(linux_driver.LinuxDriver)
    assert "signal.signal(signal.SIGCONT, self._sigcont_application)" in source
    assert "self._must_signal_resume = True" in inspect.getsource(
        linux_driver.LinuxDriver._sigtstp_application
    )
    assert "self._must_signal_resume = False" in inspect.getsource(
        linux_driver.LinuxDriver.start_application_mode
    )


async def test_textual_starts_again_on_a_sigcont_it_never_stopped_for() -> None:
    driver: Any = linux_driver.LinuxDriver(object())  # type: ignore[arg-type]
    started = resumes(driver)
    driver._sigcont_application(signal.SIGCONT, None)
    assert started == ["application mode"]  # a second writer and input thread


async def test_the_apps_driver_does_not_and_its_handler_is_the_one_installed() -> None:
    driver: Any = fixed_driver(lean(linux_driver.LinuxDriver))(object())  # type: ignore[arg-type]
    started = resumes(driver)
    assert signal.getsignal(signal.SIGCONT) == driver._sigcont_application
    driver._sigcont_application(signal.SIGCONT, None)  # as with a hang-up's SIGHUP
    assert started == []


def stops_recorded(driver: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What ``driver`` does to stop for a SIGTSTP, recorded instead of done."""
    done: list[str] = []
    driver.suspend_application_mode = lambda: done.append("left application mode")
    monkeypatch.setattr(os, "kill", lambda pid, number: done.append(signal.Signals(number).name))
    return done


async def test_textual_stops_inside_the_signal_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a frame being written (the stream's lock held) this is a deadlock: the first
    write of ``suspend_application_mode`` waits for the lock for good."""
    driver: Any = linux_driver.LinuxDriver(object())  # type: ignore[arg-type]
    done = stops_recorded(driver, monkeypatch)
    driver._sigtstp_application(signal.SIGTSTP, None)
    assert done == ["left application mode", "SIGSTOP"]


async def test_the_apps_driver_stops_after_the_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    driver: Any = fixed_driver(lean(linux_driver.LinuxDriver))(object())  # type: ignore[arg-type]
    done = stops_recorded(driver, monkeypatch)
    assert signal.getsignal(signal.SIGTSTP) == driver._sigtstp_application
    with driver.lean_lock:  # the signal lands inside a frame being written
        driver._sigtstp_application(signal.SIGTSTP, None)
        assert done == []
    await asyncio.sleep(0)  # the loop's next turn
    assert done == ["left application mode", "SIGSTOP"]


async def test_after_its_own_stop_it_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+Z (SIGTSTP), then ``fg`` (SIGCONT): back to the app, as before."""
    driver: Any = fixed_driver(lean(linux_driver.LinuxDriver))(object())  # type: ignore[arg-type]
    started = resumes(driver)
    done = stops_recorded(driver, monkeypatch)
    driver._sigtstp_application(signal.SIGTSTP, None)
    await asyncio.sleep(0)
    assert done[-1] == "SIGSTOP"
    driver._sigcont_application(signal.SIGCONT, None)
    assert started == ["application mode"]

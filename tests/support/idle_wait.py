"""Pilot's wait for idle, ending when nothing is left to run soon instead of after a
fixed sleep.

What Textual does: ``wait_for_idle`` (``textual._wait``, run twice by every Pilot
``press`` and once by every ``pause``) sleeps 20 ms, and sleeps 20 ms more while the
process used more than 1 ms of CPU in the last 20 ms. So every key costs at least 40 ms
and every pause at least 20 ms of wall time in which the test does nothing. An app test
that starts, pauses, presses one key and ends took 143 ms for 45 ms of CPU, and it took
eight workers to keep two cores busy, each paying about 1.5 s of CPU to start and
collect.

What this does: the same question, "has the app done what it would do by itself in the
next moment?", asked of the event loop rather than of the clock. It returns as soon as
no callback is ready to run, nothing is scheduled within the same 20 ms (a timer, a
computer's short pause) and no thread the app started is at work (a worker writing the
history, the odds being solved). The screen on top's next refresh, due within a frame,
is run at once rather than waited for, as ``Pilot.pause`` already does at its end; so is
a refresh that a screen's ``call_after_refresh`` callbacks wait on. A timer that is
paused (a screen's refresh timer once it has drawn) only parks when it wakes, and an
exiting app's timers run nothing: neither is waited for. As before, it gives up after
``max_sleep`` seconds, so a chain of short timers cannot hold it. The same test now
takes 26 ms for 23 ms of CPU, and the everyday run needs four workers, not eight.

Private: the running loop's ``_ready`` and ``_scheduled`` (CPython's
``asyncio.BaseEventLoop``) and a sleeping task's future callbacks; of Textual, a
``Timer``'s ``_active`` and ``_callback`` (found from its task's frame), ``App._exit``,
``Screen._callbacks`` and ``Screen._on_timer_update``. ``tests/app/test_idle_wait.py``
fails when a change to either hides what is due. Test support only; the app never
waits this way.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from textual._context import active_app

from tui.session.odds_warmup import THREAD_NAME as ODDS_THREAD

GRANULARITY = 1 / 50
"""What is due within this many seconds is waited for (``textual._wait``'s sleep)."""
THREADS_SLICE = 0.001
"""How often a thread at work is looked at again."""


def _sleeping_timer(handle: asyncio.TimerHandle) -> Any:
    """The Textual ``Timer`` whose task sleeps on ``handle``, or ``None``."""
    future = handle._args[0] if handle._args else None
    for callback, _context in getattr(future, "_callbacks", None) or ():
        task = getattr(callback, "__self__", None)
        if isinstance(task, asyncio.Task):
            frame = getattr(task.get_coro(), "cr_frame", None)
            return None if frame is None else frame.f_locals.get("self")
    return None


def _app() -> Any:
    """The app this wait runs for (Pilot's context), or ``None``."""
    try:
        return active_app.get()
    except LookupError:
        return None


def _top_screen(app: Any) -> Any:
    try:
        return app.screen
    except Exception:  # no app, or no screen yet
        return None


def _due_soon(loop: Any, app: Any) -> tuple[float | None, Any]:
    """What is scheduled to run within ``GRANULARITY``: when the first of it is due,
    except the top screen's refresh, which is returned instead (to be run now), and
    timers that run nothing when they wake (paused, or their app is exiting)."""
    horizon = loop.time() + GRANULARITY
    exiting = bool(getattr(app, "_exit", False))
    top = _top_screen(app)
    first: float | None = None
    refresh = None
    for handle in loop._scheduled:
        if handle._cancelled or handle._when > horizon:
            continue
        timer = _sleeping_timer(handle)
        active = getattr(timer, "_active", None)
        if isinstance(active, asyncio.Event) and (not active.is_set() or exiting):
            continue  # a paused timer parks when it wakes; an exiting app's run nothing
        if (
            timer is not None
            and timer.name == "screen_update"
            and top is not None
            and (getattr(timer._callback, "__self__", None) is top)
        ):
            refresh = top  # the top screen's next frame
        elif first is None or handle._when < first:
            first = handle._when
    return first, refresh


def _threads_at_work(app: Any) -> bool:
    """A worker of the app's still running (a history being written, a join), or the
    odds being solved: threads whose end the app waits for by itself."""
    if app is not None and any(not worker.is_finished for worker in app.workers):
        return True
    return any(thread.name == ODDS_THREAD and thread.is_alive() for thread in threading.enumerate())


async def wait_until_nothing_due(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """Return once nothing is ready, due within ``GRANULARITY`` or running in another
    thread; at the latest after ``max_sleep`` seconds (Textual's ``wait_for_idle``'s
    arguments and bound)."""
    loop: Any = asyncio.get_running_loop()
    app = _app()
    deadline = loop.time() + max_sleep
    if min_sleep > 0:
        await asyncio.sleep(min_sleep)
    while loop.time() < deadline:
        await asyncio.sleep(0)
        if loop._ready:
            continue
        first, refresh = _due_soon(loop, app)
        if first is not None:
            await asyncio.sleep(max(first - loop.time(), 0))
            continue
        screen = _top_screen(app)
        if refresh is not None or (screen is not None and screen._callbacks):
            # The next frame now rather than in up to 1/60 s; and a screen with
            # callbacks waiting for a refresh that nothing else may bring soon (one
            # uncovered with nothing to repaint) gets it, as ``Pilot.pause`` does.
            screen._on_timer_update()
            continue
        if _threads_at_work(app):
            await asyncio.sleep(THREADS_SLICE)
            continue
        return


def waiting_until_nothing_due(monkeypatch: pytest.MonkeyPatch) -> None:
    """For one test: Pilot's idle waits end when nothing is due (``wait_until_nothing_due``)."""
    import textual.app
    import textual.pilot

    monkeypatch.setattr(textual.pilot, "wait_for_idle", wait_until_nothing_due)
    monkeypatch.setattr(textual.app, "wait_for_idle", wait_until_nothing_due)

"""Pilot made faster for the everyday tests, and the screen read as drawn: the tests' one
use of Textual's and asyncio's private names, each part guarded.

Stock Pilot is slow where the app is not: it draws every frame of a headless app and
throws it away, waits for the screen by a round trip through every node, and sleeps a
fixed 20 ms (while the process used CPU, again) to decide the app is idle. Each part
here does the same job by looking inside instead:

- ``frames``: each app draws once per Pilot step and when the test's body ends, not at
  every refresh (what changed stays in the compositor's dirty regions until then); a
  widget that cannot render still fails its test. Tests marked ``every_frame`` draw
  every frame.
- ``busy_wait``: Pilot's wait for the screen asks only the app and the nodes with work in
  hand (a message queued or being handled, a callback waiting), not every node.
- ``idle_wait``: Pilot's idle wait ends when nothing is ready, due within a frame
  (``GRANULARITY``) or running in one of the app's threads: asked of the event loop, not
  of the clock. The top screen's next refresh is run at once.
- ``pending``: what ``settle`` waits for (messages queued on any node, callbacks after a
  refresh, workers, a table's computer turn).
- ``screen``: the screen's cells as the compositor draws them (``screen_lines``,
  ``screen_cells``).
- ``wait_for_screen``: Pilot's own wait for the screen's messages, without its idle wait.
- ``cursor``: a focused input's cursor does not blink (a snapshot taken on a loaded
  machine caught it hidden).
- ``css_once``: each style sheet is parsed once per test worker, not once per app and
  again at every screen that brings a sheet of its own (Textual then parses every sheet
  anew into a fresh stylesheet, its cache empty). The tests make hundreds of apps; this
  was a tenth of their CPU (43.5-43.7 s against 47.6-49.6 s for three app test files).
  The parsed rules are kept by sheet and by the theme's variables, as Textual's own
  cache keeps them for one stylesheet.

Each part names what it needs (``NEEDS``, checked with the app's own installer's
``find``). A part whose names are gone in the installed Textual or Python is not used:
the tests run with stock Pilot (``frames``, ``busy_wait``, ``idle_wait``, ``wait_for_screen``:
Pilot's own steps; ``pending``: public counts only; ``screen``: read from
``App.export_screenshot``; ``cursor``: blinking; ``css_once``: Textual's parsing),
slower, never failing for it. The slow tier (``-m slow``) runs with stock Pilot
throughout (``tests/app/conftest.py``), so what the parts skip is exercised there.
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot, WaitForScreenTimeout
from textual.screen import Screen
from textual.widget import Widget

from tui.session.odds_warmup import THREAD_NAME as ODDS_THREAD
from tui.textual_compat.install import Need, find

EVERY_FRAME = "every_frame"
"""The marker of a test that needs each frame rendered as a terminal would get it."""

_SCREEN = "textual.screen:Screen"
NEEDS: dict[str, tuple[Need, ...]] = {
    "frames": (
        Need(f"{_SCREEN}._compositor_refresh"),
        Need(f"{_SCREEN}._on_timer_update"),
        Need(f"{_SCREEN}.__init__", "_dirty_widgets"),
        Need(f"{_SCREEN}.__init__", "_compositor"),
        Need("textual._compositor:Compositor.__init__", "_dirty_regions"),
        Need("textual.widget:Widget.__init__", "_repaint_required"),
        Need("textual.app:App._background_screens"),
    ),
    "busy_wait": (
        Need("textual.pilot:Pilot._wait_for_screen"),
        Need("textual.message_pump:MessagePump._message_queue"),
        Need("textual.message_pump:MessagePump.__init__", "_next_callbacks"),
        Need("textual.message_pump:MessagePump.__init__", "_running"),
        Need("textual.app:App._exception_event"),
    ),
    "idle_wait": (
        Need("textual.pilot:wait_for_idle"),
        Need("textual.app:wait_for_idle"),
        Need("textual._context:active_app"),
        Need("asyncio.base_events:BaseEventLoop.__init__", "_ready"),
        Need("asyncio.base_events:BaseEventLoop.__init__", "_scheduled"),
        Need("asyncio.events:TimerHandle.__init__", "_when"),
        Need("asyncio.events:Handle.__init__", "_cancelled"),
        Need("asyncio.events:Handle.__init__", "_args"),
        Need("textual.timer:Timer._active"),
        Need("textual.timer:Timer.__init__", "_callback"),
        Need("textual.app:App.__init__", "_exit"),
        Need(f"{_SCREEN}.__init__", "_callbacks"),
        Need(f"{_SCREEN}._on_timer_update"),
    ),
    "pending": (
        Need(f"{_SCREEN}.__init__", "_callbacks"),
        Need("textual.message_pump:MessagePump._message_queue"),
        Need("textual.message_pump:MessagePump.__init__", "_next_callbacks"),
    ),
    "screen": (
        Need(f"{_SCREEN}.__init__", "_compositor"),
        Need("textual._compositor:Compositor.render_update"),
        Need("textual._compositor:Compositor.render_strips"),
        Need("textual.app:App._background_screens"),
    ),
    "wait_for_screen": (Need("textual.pilot:Pilot._wait_for_screen"),),
    "cursor": (Need("textual.widgets:Input._toggle_cursor"),),
    "css_once": (
        Need("textual.css.stylesheet:Stylesheet._parse_rules"),
        Need("textual.css.stylesheet:Stylesheet.__init__", "_variables"),
    ),
}
"""What each part needs of Textual and asyncio."""

_gone: set[str] = set()
"""Names taken away by ``pretend_gone`` (the test of the fallbacks)."""


@cache
def _found(part: str, gone: frozenset[str]) -> bool:
    for need in NEEDS[part]:
        if gone & set(need.names):
            return False
        try:
            find(need)
        except LookupError:
            return False
    return True


def usable(part: str) -> bool:
    """True when every name ``part`` needs is there: else stock Pilot does its job."""
    return _found(part, frozenset(_gone))


def pretend_gone(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """For one test: act as if the installed Textual had no ``name``."""
    monkeypatch.setattr(f"{__name__}._gone", {*_gone, name})


# -- frames ------------------------------------------------------------------------


class _State:
    refresh: Callable[[Screen[Any]], None] | None = None
    """Textual's ``Screen._compositor_refresh`` while frames are held, else ``None``."""


def _held_frame(self: Screen[Any]) -> None:
    app = self.app
    if app.is_headless and self is app.screen and not app.is_inline:
        # What changed stays in the compositor's dirty regions, drawn at once when the
        # test next gets control (``draw_held``).
        self._dirty_widgets.clear()
        return
    assert _State.refresh is not None
    _State.refresh(self)


def draw_held(app: App[Any], *, at_the_end: bool = False) -> None:
    """Draw now what the screen on top would draw at its next refresh, and what it held
    undrawn since the last step, as one update. ``at_the_end``: a widget changed since
    the last step (its repaint not yet asked of the screen) draws the whole screen."""
    if _State.refresh is None or not (app.is_running and app.is_headless and not app.is_inline):
        return
    screen = app.screen
    if not screen.is_attached:
        return
    screen._on_timer_update()  # a pending layout or repaint, held like any other
    if at_the_end and any(widget._repaint_required for widget in screen.walk_children(Widget)):
        screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    elif screen._compositor._dirty_regions:
        _State.refresh(screen)


def _drawn_after(step: Callable[..., Any]) -> Callable[..., Any]:
    async def drawn_after(self: Pilot[Any], *args: Any, **kwargs: Any) -> Any:
        result = await step(self, *args, **kwargs)
        draw_held(self.app)
        return result

    drawn_after.__wrapped__ = step  # type: ignore[attr-defined]
    return drawn_after


def _drawn_at_the_end(run_test: Callable[..., Any]) -> Callable[..., Any]:
    @asynccontextmanager
    async def drawn_at_the_end(self: App[Any], **kwargs: Any) -> AsyncIterator[Any]:
        async with run_test(self, **kwargs) as pilot:
            yield pilot
            # A widget that cannot render fails the test here rather than never
            # being asked.
            draw_held(self, at_the_end=True)

    drawn_at_the_end.__wrapped__ = run_test  # type: ignore[attr-defined]
    return drawn_at_the_end


def held_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """For one test: each app draws once per Pilot step and when the test's body ends."""
    monkeypatch.setattr(_State, "refresh", Screen._compositor_refresh)
    monkeypatch.setattr(Screen, "_compositor_refresh", _held_frame)
    for step in ("press", "pause", "click", "hover", "mouse_down", "mouse_up"):
        monkeypatch.setattr(Pilot, step, _drawn_after(getattr(Pilot, step)))
    monkeypatch.setattr(App, "run_test", _drawn_at_the_end(App.run_test))


# -- busy_wait ---------------------------------------------------------------------


def _busy(node: Any) -> bool:
    """False when the node is parked waiting for its next message: nothing queued,
    nothing in hand (a node handling a message is not waiting on its queue), no
    callback for after it."""
    queue: Any = node._message_queue
    parked = node._running and queue.empty() and queue.ready_event._waiters
    return not parked or bool(node._next_callbacks)


async def wait_for_busy_nodes(self: Pilot[Any], timeout: float = 30.0) -> bool:
    """``Pilot._wait_for_screen``, asking only the app and the screen's busy nodes (on
    the setup with twelve seats a pause with nothing to do cost 5.6-6.6 ms of CPU in
    round trips through 137 nodes)."""
    try:
        screen = self.app.screen
    except Exception:
        return False
    app = self.app
    nodes = [app, *(node for node in screen.walk_children(with_self=True) if _busy(node))]
    count = 0
    done = asyncio.Event()

    def decrement() -> None:
        nonlocal count
        count -= 1
        if count == 0:
            done.set()

    for node in nodes:
        if node.call_later(decrement):
            count += 1
    if count:
        waits = [
            asyncio.create_task(done.wait()),
            asyncio.create_task(app._exception_event.wait()),
        ]
        _, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if len(waits) == len(pending):
            raise WaitForScreenTimeout(
                "Timed out while waiting for widgets to process pending messages."
            )
        if count > 0:
            return False
    return True


# -- idle_wait ---------------------------------------------------------------------

GRANULARITY = 1 / 50
"""What is due within this many seconds is waited for (``textual._wait``'s sleep)."""
THREADS_SLICE = 0.001
"""How often a thread at work is looked at again."""


def _sleeping_timer(handle: asyncio.TimerHandle) -> Any:
    """The Textual ``Timer`` whose task sleeps on ``handle``, or ``None``."""
    args: Any = getattr(handle, "_args", None)
    future = args[0] if args else None
    for callback, _context in getattr(future, "_callbacks", None) or ():
        task = getattr(callback, "__self__", None)
        if isinstance(task, asyncio.Task):
            frame = getattr(task.get_coro(), "cr_frame", None)
            return None if frame is None else frame.f_locals.get("self")
    return None


def _app() -> Any:
    """The app this wait runs for (Pilot's context), or ``None``."""
    from textual._context import active_app

    try:
        return active_app.get()
    except LookupError:
        return None


def _top_screen(app: Any) -> Any:
    try:
        return app.screen
    except Exception:  # no app, or no screen yet
        return None


def due_soon(loop: Any, app: Any) -> tuple[float | None, Any]:
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
    arguments and bound). Stock, every key costs at least 40 ms and every pause 20 ms of
    wall time in which the test does nothing."""
    loop: Any = asyncio.get_running_loop()
    app = _app()
    deadline = loop.time() + max_sleep
    if min_sleep > 0:
        await asyncio.sleep(min_sleep)
    while loop.time() < deadline:
        await asyncio.sleep(0)
        if loop._ready:
            continue
        first, refresh = due_soon(loop, app)
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


# -- installing them for one test --------------------------------------------------


def speed_up(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Install the usable accelerators for one test (none for a slow test, and no held
    frames for one marked ``every_frame``); returns the parts installed."""
    if request.node.get_closest_marker("slow") is not None:
        return []
    import textual.app
    import textual.pilot

    installed = []
    if usable("frames") and request.node.get_closest_marker(EVERY_FRAME) is None:
        held_frames(monkeypatch)
        installed.append("frames")
    if usable("busy_wait"):
        monkeypatch.setattr(Pilot, "_wait_for_screen", wait_for_busy_nodes)
        installed.append("busy_wait")
    if usable("idle_wait"):
        monkeypatch.setattr(textual.pilot, "wait_for_idle", wait_until_nothing_due)
        monkeypatch.setattr(textual.app, "wait_for_idle", wait_until_nothing_due)
        installed.append("idle_wait")
    if usable("css_once"):
        parse_sheets_once(monkeypatch)
        installed.append("css_once")
    return installed


_PARSED: dict[tuple[object, ...], list[Any]] = {}
"""The rules of each style sheet this worker has parsed, by sheet and theme variables."""
_PARSED_KEPT = 1024
"""Sheets kept at most (every sheet under a few themes); the rest are parsed again."""


def parse_sheets_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's ``Stylesheet._parse_rules``, its result kept for the worker's next apps."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules

    def parsed_once(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, *self._variables.items())
        rules = _PARSED.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_PARSED) >= _PARSED_KEPT:
                _PARSED.clear()
            _PARSED[key] = rules
        return rules

    monkeypatch.setattr(Stylesheet, "_parse_rules", parsed_once)


def steady_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focused input's cursor stays drawn instead of blinking every half second."""
    if usable("cursor"):
        from textual.widgets import Input

        monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


# -- waiting for the app -----------------------------------------------------------


SCREEN_WAIT = 120.0
"""Seconds a burst may take to be handled before the wait gives up (Pilot's own is 30 s:
a monkey's burst under stock Pilot, on a machine at load 12, took longer)."""


async def wait_for_screen(pilot: Any) -> None:
    """Wait until the screen's nodes have handled the messages queued so far."""
    if usable("wait_for_screen"):
        await pilot._wait_for_screen(timeout=SCREEN_WAIT)
    else:
        await pilot.pause()


ROUNDS = 2000
"""Rounds at most before the app is taken to be stuck (each round is a pause, and a
hundredth of a second when a computer's turn waits on a timer)."""


def _pending(app: Any) -> list[str]:
    """What the app still has to do by itself, named (empty when it has settled)."""
    looks_inside = usable("pending")
    pending: list[str] = []
    for screen in app.screen_stack:
        if getattr(screen, "busy", False):
            pending.append(f"{type(screen).__name__} busy")
        if looks_inside and (
            screen._callbacks and (screen is app.screen or screen._message_queue.qsize())
        ):
            # A screen under the top one runs these when it next idles, which only a
            # message of its own brings: with none queued, they are not waiting on time.
            pending.append(f"{type(screen).__name__} callbacks after refresh")
        for node in (screen, *screen.walk_children()):
            if node.message_queue_size or (looks_inside and node._next_callbacks):
                pending.append(f"{type(node).__name__} messages")
    if app.message_queue_size or (looks_inside and app._next_callbacks):
        pending.append("app messages")
    if any(not worker.is_finished for worker in app.workers):
        pending.append("workers")
    return pending


async def settle(pilot: Any) -> None:
    """Return once the app has handled every key and message, has drawn, has run what
    its screens asked to run after drawing, and has no worker or computer turn left:
    the same keys then meet the same screens on a quiet and a loaded machine (the
    monkey test passed or failed with the load before). In rounds, never for a time."""
    app = pilot.app
    for _ in range(ROUNDS):
        await pilot.pause()
        await app.workers.wait_for_complete()
        pending = _pending(app)
        if not pending:
            return
        if any(entry.endswith("busy") for entry in pending):
            await asyncio.sleep(0.01)  # a timer, not a guess: the turn ends by itself
    raise AssertionError(f"the app did not settle: {_pending(app)}")


async def press_settled(pilot: Any, *keys: str) -> None:
    """Press ``keys`` one at a time, each once the app has settled from the one before,
    as a person who waits for each screen would (a burst can meet a curtain not counted
    as drawn yet, which rightly holds the key back)."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


# -- reading the screen ------------------------------------------------------------


def screen_lines(app: Any) -> list[str]:
    """The screen as a person sees it: every cell of every visible layer, as text
    lines (what ``App.export_screenshot`` draws, without the SVG)."""
    if not usable("screen"):
        from tests.support.svg_text import screen_lines as svg_lines

        lines = svg_lines(app.export_screenshot())
        return lines + [""] * (app.size.height - len(lines))
    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False).splitlines()


def screen_cells(app: Any) -> list[tuple[str, Any]]:
    """Every cell of the screen as drawn, (text, style) run by run: what two screens
    must share to look the same to a player, colours and attributes included (not the
    mouse data Textual keeps in a style's meta). Without the compositor: the text
    only, from the screenshot."""
    if not usable("screen"):
        return [(line, None) for line in screen_lines(app)]
    from rich.segment import Segment
    from rich.style import Style

    cells: list[tuple[str, Any]] = []
    for strip in app.screen._compositor.render_strips():
        plain = [Segment(s.text, Style.from_color(s.style.color, s.style.bgcolor)) for s in strip]
        attrs = [s.style.without_color if s.style else None for s in strip]
        runs = list(Segment.simplify(plain))
        cells += [(s.text, s.style) for s in runs]
        cells.append(("\n", tuple(str(a) for a in attrs)))
    return cells

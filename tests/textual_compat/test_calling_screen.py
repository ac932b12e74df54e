"""``calling_screen``: ``textual._context.active_message_pump`` and ``DOMNode._parent``."""

from __future__ import annotations

import inspect
from contextvars import ContextVar
from typing import Any

from textual import _context
from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Static

from tui.textual_compat.calling_screen import calling_screen, parent_of, stale_caller


def test_the_private_names_are_still_there() -> None:
    assert isinstance(_context.active_message_pump, ContextVar)
    assert DOMNode()._parent is None
    # The public ``parent`` still reads the same attribute the walk uses.
    assert "self._parent" in inspect.getsource(DOMNode.parent.fget)  # type: ignore[attr-defined]


class Probe(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("probe", id="probe")


class ProbeApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Any] = []

    def record(self) -> None:
        self.seen.append(calling_screen())


async def test_it_finds_the_screen_a_widget_runs_for() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = Probe()
        await app.push_screen(screen)
        widget = screen.query_one("#probe", Static)
        assert parent_of(widget) is screen
        for where in (widget, screen, app):  # the widget's, the screen's, the app's loop
            where.call_later(app.record)
            await pilot.pause()
        assert app.seen == [screen, screen, None]
        token = _context.active_message_pump.set(screen)
        try:
            assert not stale_caller(app.screen_stack)
            assert stale_caller(app.screen_stack[:1])
        finally:
            _context.active_message_pump.reset(token)

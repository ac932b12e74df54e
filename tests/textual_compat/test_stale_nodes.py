"""``stale_nodes``: ``MessagePump._dispatch_message``, ``App._dispatch_action``,
``App._handle_exception`` and ``active_message_pump``, and the rule's effect: on a
screen's handlers, actions and callbacks, on the command palette's search worker and
watchers (which ``safe_palette`` overrode one by one), and on ``stale_caller``."""

from __future__ import annotations

import asyncio
import inspect
from typing import ClassVar

import pytest
from textual._context import active_message_pump
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker

from tui.textual_compat.stale_nodes import (
    StaleNodesApp,
    calling_screen,
    is_live,
    stale_caller,
)


def test_the_private_names_are_still_there() -> None:
    assert list(inspect.signature(App._dispatch_action).parameters) == [
        "self",
        "namespace",
        "action_name",
        "params",
    ]
    assert "await self._dispatch_message(message)" in inspect.getsource(
        MessagePump._process_messages_loop
    )
    assert "self.app._handle_exception(error)" in inspect.getsource(
        MessagePump._flush_next_callbacks
    )
    assert active_message_pump.get(None) is None
    # ``calling_screen`` walks up with the public ``parent``, over the same attribute.
    assert "self._parent" in inspect.getsource(DOMNode.parent.fget)  # type: ignore[attr-defined]
    # A worker's failure is reported from inside it, so its node is the one running.
    assert "app._handle_exception(worker_failed)" in inspect.getsource(Worker._run)


class Viewer(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("v", "look", "Look")]

    def compose(self) -> ComposeResult:
        yield Static(id="x")

    def on_mount(self) -> None:
        self.query_one("#x")

    def action_look(self) -> None:
        self.query_one("#x")


class Host(StaleNodesApp[None]):
    pass


async def test_a_screen_popped_before_its_handlers_run_does_nothing() -> None:
    app = Host()
    async with app.run_test() as pilot:
        viewer = Viewer()
        app.push_screen(viewer)
        app.pop_screen()  # before its Mount is handled
        await pilot.pause()
        assert not is_live(viewer)
        assert await app._dispatch_action(viewer, "look", ()) is True
        await pilot.pause()


async def test_a_live_screen_s_no_matches_still_ends_the_app() -> None:
    app = Host()
    with pytest.raises(NoMatches):
        async with app.run_test() as pilot:
            viewer = Viewer()
            await app.push_screen(viewer)
            assert is_live(viewer)
            await viewer.query_one("#x").remove()
            await pilot.press("v")
            await pilot.pause()


class Probe(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("probe", id="probe")


class ProbeApp(StaleNodesApp[None]):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Screen[None] | None] = []

    def record(self) -> None:
        self.seen.append(calling_screen())


async def test_the_screen_a_widget_runs_for_and_a_caller_gone() -> None:
    app = ProbeApp()
    async with app.run_test() as pilot:
        screen = Probe()
        await app.push_screen(screen)
        widget = screen.query_one("#probe", Static)
        for where in (widget, screen, app):  # the widget's, the screen's, the app's loop
            where.call_later(app.record)
            await pilot.pause()
        assert app.seen == [screen, screen, None]
        token = active_message_pump.set(screen)
        try:
            assert not stale_caller(app.screen_stack)
            assert stale_caller(app.screen_stack[:1])
        finally:
            active_message_pump.reset(token)


async def test_a_palette_closed_with_its_list_gone_stays_quiet() -> None:
    """Keys in one burst (Ctrl+P, a letter, Escape) close the palette while its search
    worker still runs: when it goes on to look for the list, Textual 8.2.8 ends the app
    (``WorkerFailed``); a key's action still queued for it would do the same."""
    app = Host()
    async with app.run_test() as pilot:
        palette = CommandPalette()
        await app.push_screen(palette)
        await pilot.pause()
        closed = asyncio.Event()

        async def search() -> None:
            await closed.wait()
            palette.query_one(CommandList)

        palette.run_worker(search(), exclusive=True)
        await palette.query_one(CommandList).remove()
        with pytest.raises(NoMatches):  # what Textual's watchers meet meanwhile
            palette._watch__list_visible()
        app.pop_screen()
        closed.set()  # the search goes on while the palette is being taken away
        assert not is_live(palette)
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert await app._dispatch_action(palette, "command_list", ("cursor_down",))
        await pilot.pause()
        assert app.is_running and app.return_code is None

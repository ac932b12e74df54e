"""``stale_nodes``: ``MessagePump._dispatch_message``, ``App._dispatch_action``,
``App._handle_exception`` and ``active_message_pump``, and the rule's effect."""

from __future__ import annotations

import inspect
from typing import ClassVar

import pytest
from textual._context import active_message_pump
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Static

from tui.textual_compat import stale_nodes
from tui.textual_compat.stale_nodes import StaleNodesApp, is_live


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
    stale_nodes.apply()
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
    stale_nodes.apply()
    app = Host()
    with pytest.raises(NoMatches):
        async with app.run_test() as pilot:
            viewer = Viewer()
            await app.push_screen(viewer)
            assert is_live(viewer)
            await viewer.query_one("#x").remove()
            await pilot.press("v")
            await pilot.pause()

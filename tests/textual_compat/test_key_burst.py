"""``key_burst``: ``App._on_key`` and the key routing it waits for."""

from __future__ import annotations

import inspect
from typing import ClassVar

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Input

from tui.textual_compat.key_burst import KeyBurstApp


def test_the_private_names_are_still_there() -> None:
    assert "def _settle" not in inspect.getsource(App)  # no clash with a Textual name
    # A key back up at the app runs the bindings of whatever screen is on top; the
    # handlers of the classes below ours are skipped once the default is prevented.
    assert "self._check_bindings(event.key)" in inspect.getsource(App._on_key)
    assert "message._no_default_action" in inspect.getsource(MessagePump._get_dispatch_methods)


class Named(Screen[str]):
    def __init__(self, name: str) -> None:
        super().__init__(name=name)
        self.keys: list[str] = []

    def on_key(self, event: events.Key) -> None:
        self.keys.append(event.key)


class Opener(Named):
    """Opens ``then`` on "o", in its key handler (as the table opens the dealer's cut)."""

    def __init__(self, name: str, then: Named) -> None:
        super().__init__(name)
        self.then = then

    def on_key(self, event: events.Key) -> None:
        super().on_key(event)
        if event.key == "o":
            self.app.push_screen(self.then)


class BurstApp(KeyBurstApp[None]):
    pass


async def test_a_key_typed_ahead_goes_to_the_screen_the_key_before_opened() -> None:
    app = BurstApp()
    async with app.run_test() as pilot:
        second = Named("second")
        first = Opener("first", second)
        await app.push_screen(first)
        await pilot.pause()
        for key in ("o", "x"):  # one burst: nothing handled in between
            app.post_message(events.Key(key, key))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is second
        assert second.keys == ["x"] and "x" not in first.keys


class Asker(Screen[bool]):
    """A question with a binding for "n", as ``ConfirmScreen`` has."""

    BINDINGS: ClassVar[list[BindingType]] = [("n", "answer(False)")]

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


async def test_a_key_left_on_a_screen_since_covered_does_not_act_on_the_cover() -> None:
    """A key forwarded to a screen, then covered before it got there (a quit question
    that overtook the keys of a storm, a box a timer opened), bubbles up to the app
    with the cover on top: Textual would run the cover's binding for it, so keys typed
    before a question was asked answered it. It is dropped; a key pressed after the
    question was asked still answers it."""
    app = BurstApp()
    answers: list[bool | None] = []
    async with app.run_test() as pilot:
        below = Named("below")
        await app.push_screen(below)
        await pilot.pause()
        await app.on_event(events.Key("n", "n"))  # forwarded to "below", not yet handled
        app.push_screen(Asker(), answers.append)
        await pilot.pause()
        assert answers == [] and isinstance(app.screen, Asker)
        assert below.keys == ["n"]  # it reached the screen it was typed for
        await pilot.press("n")
        assert answers == [False]


class TwoFields(Screen[None]):
    """Two inputs; Ctrl+N (a binding of the screen, reached when the key comes back up
    to the app) moves to the second, as Enter in a seat's name does on the setup."""

    BINDINGS: ClassVar[list[BindingType]] = [("ctrl+n", "next_field")]

    def compose(self) -> ComposeResult:
        yield Input(id="first")
        yield Input(id="second")

    def action_next_field(self) -> None:
        self.set_focus(self.query_one("#second", Input))


@pytest.mark.parametrize("age", [0.0, 2.0], ids=["typed just now", "looked at late"])
async def test_keys_typed_after_a_bound_key_wait_for_its_binding(age: float) -> None:
    """A key the focused input does not take reaches its binding only when it comes
    back up to the app: at the back of the app's queue, behind the keys typed after
    it, which went to the old focus meanwhile ("Ann", Enter, "Ben" gave "AnnBen").
    They now wait for it, and go where it left the focus. On a loaded server a burst
    may be looked at long after it was typed (``age``): they wait all the same, since
    how long a key may be held back is counted from when it was first held, not from
    when it was typed (keys let through for their age overtook the key before them:
    the rules left open by "r", "a", Escape)."""
    app = BurstApp()
    async with app.run_test() as pilot:
        await app.push_screen(TwoFields())
        await pilot.pause()
        for key, character in (("a", "a"), ("ctrl+n", None), ("b", "b"), ("c", "c")):
            event = events.Key(key, character)
            event.time -= age
            app.post_message(event)  # one burst
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#first", Input).value == "a"
        assert app.screen.query_one("#second", Input).value == "bc"

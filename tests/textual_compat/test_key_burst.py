"""``key_burst``: ``App._screen_stack``, ``App._replace_screen``,
``Screen._pop_result_callback`` and the key routing it waits for."""

from __future__ import annotations

import inspect
from typing import Any

from textual import _context, events
from textual.app import App
from textual.screen import Screen

from tui.textual_compat.key_burst import KeyBurstApp


def test_the_private_names_are_still_there() -> None:
    assert App()._screen_stack == []
    assert inspect.iscoroutinefunction(App._replace_screen)
    assert list(inspect.signature(App._replace_screen).parameters) == ["self", "screen"]
    assert list(inspect.signature(Screen._pop_result_callback).parameters) == ["self"]
    # KeyBurstApp pops a covered screen with the steps Textual's own pop takes.
    source = inspect.getsource(App.pop_screen)
    for step in ("self._screen_stack", "._pop_result_callback()", "self._replace_screen("):
        assert step in source, step
    assert "def _settle" not in inspect.getsource(App)  # no clash with a Textual name


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


async def test_a_covered_screen_that_closes_closes_itself() -> None:
    app = BurstApp()
    results: list[Any] = []
    async with app.run_test() as pilot:
        covered, cover = Named("covered"), Named("cover")
        await app.push_screen(covered, results.append)
        await app.push_screen(cover)

        def close_covered() -> None:
            covered.dismiss("mine")

        covered.call_later(close_covered)
        await pilot.pause()
        assert app.screen_stack[1:] == [cover] and results == ["mine"]
        # A screen already gone closes nothing.
        token = _context.active_message_pump.set(covered)
        try:
            app.pop_screen()
        finally:
            _context.active_message_pump.reset(token)
        await pilot.pause()
        assert app.screen is cover


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

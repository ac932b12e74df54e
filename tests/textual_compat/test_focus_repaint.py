"""``focus_repaint``: Textual repaints the whole screen for every focus change; with the
workaround a Tab repaints only what it changes, and the terminal shows the same screen
(the focused field's ``:focus`` style, its row's ``:focus-within``, the field left)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual._compositor import CompositorUpdate
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from tests.support.repaints import counting_repaints
from tests.support.terminal_model import ModelTerminal
from tui.textual_compat import focus_repaint

SIZE = (40, 16)


@contextmanager
def textual_as_it_is(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Textual's declaration of ``Screen.focused`` for the length of the block."""
    with monkeypatch.context() as patch:
        patch.setattr(Screen.focused, "_repaint", True)
        yield


class Form(App[None]):
    CSS = """
    .row { height: 3; }
    .row:focus-within { background: darkblue; }
    .row Label { width: 8; }
    Input { width: 20; }
    Input:focus { border: tall yellow; }
    """

    def compose(self) -> ComposeResult:
        for n in range(3):
            with Horizontal(classes="row"):
                yield Label(f"name {n}")
                yield Input(f"Player {n}")
        for n in range(6):
            yield Static(f"line {n}")


def _shown(writes: list[str]) -> list[list[object]]:
    terminal = ModelTerminal(*SIZE)
    for data in writes:
        terminal.feed(data)
    return terminal.cells


async def _tabs() -> tuple[list[bool], list[list[object]], list[list[object]], Any]:
    """Press Tab twice: which updates repainted the whole screen, what the terminal
    shows after them, what a whole repaint of the screen shows, the widget focused."""
    app = Form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        with counting_repaints(app) as log:
            app.screen.refresh()  # the terminal starts from one whole screen
            await pilot.pause()
            log.updates.pop(0)
            for _ in range(2):
                await pilot.press("tab")
                await pilot.pause()
            shown = _shown(log.sent)
        whole = app.screen._compositor.render_update(full=True)
        assert isinstance(whole, CompositorUpdate)
        expected = _shown([whole.render_segments(app.console)])
        return [flag for flag, _ in log.updates], shown, expected, app.focused


def test_the_private_name_is_still_there() -> None:
    focus_repaint.apply()
    focus_repaint.apply()  # idempotent
    assert Screen.focused._repaint is False
    assert hasattr(Screen.focused, "_layout")  # the other flags the declaration sets


async def test_a_tab_repaints_what_it_changes_and_the_terminal_shows_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with textual_as_it_is(monkeypatch):
        textual, textual_shown, textual_expected, textual_focused = await _tabs()
    assert any(textual), "Textual repaints the whole screen on a focus change"
    assert textual_shown == textual_expected
    focus_repaint.apply()
    wholes, shown, expected, focused = await _tabs()
    assert wholes and not any(wholes)
    assert shown == expected == textual_expected
    assert isinstance(focused, Input) and focused.value == "Player 2"
    assert str(textual_focused) == str(focused)

"""``whole_glyphs``: a wide character over the edge of a widget beneath is drawn whole,
in a full frame and in a partial update, where Textual draws two spaces."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from rich.console import Console
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.widgets import Static

from tests.bench_screen import Screen as ModelTerminal
from tui.textual_compat.installed import on

TEXT = "a漢字漢字 end"
"""On a layer above a widget two cells wide: the cut at column 2 falls inside 漢."""


class Layered(App[None]):
    CSS = """
    Screen { layers: base top; }
    #under { layer: base; width: 2; height: 1; }
    #over { layer: top; width: 20; height: 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static("xx", id="under")
        yield Static(TEXT, id="over")


def _original() -> Any:
    """Textual's own ``_render_chops``."""
    assert on("whole_glyphs")
    return Compositor.__dict__["_render_chops"].__wrapped__


@contextmanager
def textual_as_it_is(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as patch:
        patch.setattr(Compositor, "_render_chops", _original())
        yield


def test_textual_divides_each_line_at_every_cut() -> None:
    source = inspect.getsource(_original())
    for line in (
        "final_cuts = [cut for cut in cuts[y] if (last_cut >= cut >= first_cut)]",
        "cut_strips = strip.divide([cut - render_x for cut in final_cuts[1:]])",
        "if get_chops_line(cut) is None:",
        "chops_line[cut] = strip",
        "for region, clip, strips in renders:",
    ):
        assert line in source, line
    assert "for cut_set in cuts" in source and "def cuts" in inspect.getsource(Compositor)


class Recorded(Layered):
    """Every frame's update, as the driver would get it."""

    def __init__(self) -> None:
        super().__init__()
        self.updates: list[Any] = []

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None:
            self.updates.append(renderable)
        super()._display(screen, renderable)


async def _first_line(text: str | None = None) -> str:
    """The first line of a model terminal fed every frame (the first full, then, with
    ``text`` given to the top widget, a partial update)."""
    app = Recorded()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
        if text is not None:
            app.query_one("#over", Static).update(text)
            await pilot.pause()
        console = Console(width=30, legacy_windows=False, force_terminal=True)
        terminal = ModelTerminal(30, 3)
        for update in app.updates:
            terminal.feed(update.render_segments(console).encode())
        kinds = {type(update).__name__ for update in app.updates}
        assert text is None or "ChopsUpdate" in kinds, kinds
        return terminal.lines()[0].rstrip()


async def test_a_wide_character_over_an_edge_beneath_is_drawn_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with textual_as_it_is(monkeypatch):
        drawn = await _first_line()
    assert drawn.startswith("a  字漢字"), "Textual: two spaces for 漢"
    assert await _first_line() == TEXT
    drawn = await _first_line("b漢字漢字 again")
    assert drawn == "b漢字漢字 again", "a partial update draws it whole too"

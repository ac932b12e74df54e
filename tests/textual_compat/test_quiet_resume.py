"""``quiet_resume``: a screen pushed again is restyled only when its styles may be stale."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Label

from tui.textual_compat.quiet_resume import QuietResume


class Plain(Screen[None]):
    def compose(self) -> ComposeResult:
        yield from (Label(f"line {n}", classes="line") for n in range(20))


class Quiet(Plain, QuietResume):
    pass


class Kept(App[None]):
    """Installs ``screen`` as "kept"; counts the nodes styled from then on."""

    CSS = ".line { color: $accent; }"

    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self.kept = screen
        self.styled = 0

    def on_mount(self) -> None:
        self.install_screen(self.kept, "kept")


async def styled_per_push(screen: Screen[None], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many nodes were styled by each of three pushes; a theme change before the
    third. The label's colour after it is checked against the theme's accent."""
    app = Kept(screen)
    apply = Stylesheet.apply

    def counted(self: Stylesheet, node: Any, **kwargs: Any) -> None:
        app.styled += 1
        apply(self, node, **kwargs)

    counts = []
    async with app.run_test() as pilot:
        await pilot.pause()
        monkeypatch.setattr(Stylesheet, "apply", counted)
        for push in range(3):
            if push == 2:
                app.theme = "textual-light"
                await pilot.pause()
            app.styled = 0
            await app.push_screen("kept")
            await pilot.pause()
            counts.append(app.styled)
            label = screen.query_one(".line", Label)
            assert label.styles.color == Color.parse(app.get_css_variables()["accent"])
            app.pop_screen()
            await pilot.pause()
    return counts


def test_the_private_names_are_there() -> None:
    assert callable(getattr(Screen, "_on_screen_resume", None))
    assert events.ScreenResume().refresh_styles is True


async def test_textual_still_restyles_a_screen_on_every_push(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """If this fails, Textual no longer restyles an unchanged screen pushed again:
    ``QuietResume`` can go."""
    counts = await styled_per_push(Plain(), monkeypatch)
    assert counts[1] >= 20, counts


async def test_a_quiet_screen_is_restyled_only_when_the_theme_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = await styled_per_push(Quiet(), monkeypatch)
    assert counts[1] < 5 and counts[2] >= 20, counts

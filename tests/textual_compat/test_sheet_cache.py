"""``sheet_cache``: a screen's own style sheet, read on its first push, is parsed alone."""

from __future__ import annotations

import inspect
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import textual.css.stylesheet as stylesheet_module
from textual.app import App, ComposeResult
from textual.color import Color
from textual.css.parse import parse as parse_css
from textual.css.stylesheet import Stylesheet, StylesheetParseError
from textual.screen import Screen
from textual.widgets import Label

from tui.textual_compat import sheet_cache


def test_the_private_names_are_still_there() -> None:
    """Textual's own ``reparse`` still starts from a fresh sheet (if it stops, the
    workaround can go), and the names the workaround reads still exist."""
    sheet_cache.apply()
    assert Stylesheet.reparse is sheet_cache.reparse
    sheet_cache.apply()
    assert Stylesheet.reparse is sheet_cache.reparse  # idempotent
    original = inspect.getsource(Stylesheet.parse.__globals__["Stylesheet"])
    assert "stylesheet = Stylesheet(variables=self._variables)" in original
    sheet = Stylesheet()
    assert isinstance(sheet._invalid_css, set)
    assert "self._parse_cache[cache_key]" in inspect.getsource(Stylesheet._parse_rules)


class First(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Label("first")


class Second(Screen[None]):
    """As deep below ``Screen`` as ``First``: Textual reads ``Screen.DEFAULT_CSS`` again,
    with another priority, for a screen class at another depth."""

    def compose(self) -> ComposeResult:
        yield Label("second", id="second-label")


class TwoScreens(App[None]):
    CSS = "Label { color: $accent; }"

    def get_default_screen(self) -> Screen[None]:
        return First()


def parsed(monkeypatch: pytest.MonkeyPatch) -> Counter[object]:
    """How often each source is parsed from now on."""
    counts: Counter[object] = Counter()

    def counted(scope: str, css: str, read_from: Any, **kwargs: Any) -> Any:
        counts[read_from] += 1
        return parse_css(scope, css, read_from, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counted)
    return counts


async def test_a_screens_sheet_is_parsed_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pushing a screen with a sheet of its own parses that sheet, not every source of
    the app again (Textual 8.2.8 parsed them all); the sheet's rules apply, and a theme
    change still parses everything again with the new colours."""
    sheet_cache.apply()
    sheet = tmp_path / "second.tcss"
    sheet.write_text("Second #second-label { background: $error; }")
    Second.CSS_PATH = [sheet]
    counts = parsed(monkeypatch)
    app = TwoScreens()
    async with app.run_test() as pilot:
        await pilot.pause()
        before = Counter(counts)
        assert before
        await app.push_screen(Second())
        await pilot.pause()
        new = counts - before
        assert set(new) == {(str(sheet), "")}, new
        label = app.screen.query_one("#second-label", Label)
        assert label.styles.background == Color.parse(app.theme_variables["error"])
        app.theme = "textual-light"
        await pilot.pause()
        assert counts[(str(sheet), "")] == 2  # new variables: parsed again
        assert label.styles.background == Color.parse(app.theme_variables["error"])


def test_a_bad_source_raises_and_keeps_the_rules() -> None:
    """A source that fails raises, as Textual's ``reparse`` does, and the rules in force
    stay; it is tried again on the next ``reparse``, as a fresh sheet would."""
    sheet_cache.apply()
    sheet = Stylesheet()
    sheet.add_source("Label { color: red; }", read_from=("good", ""))
    sheet.reparse()
    rules = sheet.rules
    sheet.add_source("Label { color: not-a-colour; }", read_from=("bad", ""))
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            sheet.reparse()
        assert sheet.rules == rules

"""``shared_css``: ``Stylesheet._parse_rules`` and ``Stylesheet._variables``."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.css import stylesheet as stylesheet_module
from textual.css.parse import parse as textual_parse
from textual.css.stylesheet import Stylesheet

from tui.textual_compat import shared_css

CSS = "Label { color: $accent; } .seat-row { height: 2; }"
"""Distinct from every style sheet of the app, so no other test has parsed it here."""


def _original() -> Callable[..., Any]:
    shared_css.apply()
    patched = Stylesheet._parse_rules
    original: Callable[..., Any] = inspect.getclosurevars(patched).nonlocals["parse_rules"]
    return original


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The sources Textual's parser is run on, while the test runs."""
    seen: list[str] = []
    parse = textual_parse  # the name Stylesheet calls

    def counting(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counting)
    yield seen


def _sheet(css: str, accent: str = "#ff0000") -> Stylesheet:
    sheet = Stylesheet(variables={"accent": accent})
    sheet.add_source(css, read_from=("test_shared_css", "CSS"))
    return sheet


def test_the_private_names_are_still_there() -> None:
    shared_css.apply()
    patched = Stylesheet._parse_rules
    shared_css.apply()
    assert Stylesheet._parse_rules is patched  # idempotent
    names = list(inspect.signature(_original()).parameters)
    assert names == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    assert isinstance(Stylesheet()._variables, dict)


def test_textual_alone_parses_the_same_source_again_in_every_sheet(
    parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Still needed: without the workaround a second sheet, and a reparse, parse the
    same text once more (when this fails, Textual shares parses and it can go)."""
    monkeypatch.setattr(Stylesheet, "_parse_rules", _original())
    css = CSS + " /* alone */"
    first = _sheet(css)
    first.parse()
    _sheet(css).parse()
    first.reparse()
    assert parses.count(css) == 3


def test_a_source_is_parsed_once_in_the_process(parses: list[str]) -> None:
    shared_css.apply()
    css = CSS + " /* shared */"
    first = _sheet(css)
    first.parse()
    second = _sheet(css)
    second.parse()
    first.reparse()
    assert parses.count(css) == 1
    assert first.rules == second.rules
    assert [rule.selectors for rule in second.rules] == ["Label", ".seat-row"]


def test_other_variables_are_parsed_apart_and_give_their_own_rules(parses: list[str]) -> None:
    shared_css.apply()
    css = CSS + " /* themes */"
    red = _sheet(css, "#ff0000")
    red.parse()
    blue = _sheet(css, "#0000ff")
    blue.parse()
    assert parses.count(css) == 2
    red_colour = red.rules[0].styles.color
    blue_colour = blue.rules[0].styles.color
    assert red_colour is not None and blue_colour is not None
    assert (red_colour.r, red_colour.b) == (255, 0)
    assert (blue_colour.r, blue_colour.b) == (0, 255)
    red.set_variables({"accent": "#0000ff"})  # a theme switched to: the blue parse is kept
    red.reparse()
    assert parses.count(css) == 2
    assert red.rules[0].styles.color == blue_colour

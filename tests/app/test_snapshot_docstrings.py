"""A snapshot test's docstring says what its picture shows: its quotes must be in it.

The convention, for every test that takes ``snap_compare``: text in double quotes in
its docstring is quoted from the screen, and must be found in the test's SVG (in every
picture of a parametrized test). Everything else in the docstring is description and
is not checked, so say in words, without quotes, what the picture does not show.

- Spaces are loose: a run of spaces, or a docstring's line break, matches any run of
  spaces on the screen ("S Stand" matches the bar's "S  Stand").
- A quote may wrap on the screen as the text in a box wraps: its words continue on the
  next line, starting in the same column.
- A quote ending in " ..." (a space and three dots) stands for any text that starts
  with the words before the dots; "…" is only ever the screen's own character.

Backticks are not quotes of the screen (``start_game``, ``ScriptedDeck`` name code).
The SVG's text is read by ``tests.support.svg_text.screen_lines``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.support.svg_text import screen_lines

APP_TESTS = Path(__file__).parent
SNAPSHOTS = APP_TESTS / "__snapshots__"
QUOTE = re.compile(r'"([^"]+)"')
ELISION = " ..."
WRAP_END = r"(?=\s{2,}|\s*$|\s?[│┃█▌▐])"
"""Where a wrapped quote's line may end: before a gap, the line's end or a border."""

PENDING: dict[str, dict[str, str]] = {}
"""Quotes known not to match yet, with why (reported as an expected failure)."""


def snapshot_tests() -> list[tuple[str, str, str]]:
    """(module, test name, docstring) of every test taking ``snap_compare``."""
    found = []
    for module in sorted(APP_TESTS.glob("test_*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if any(arg.arg == "snap_compare" for arg in node.args.args):
                found.append((module.stem, node.name, ast.get_docstring(node) or ""))
    return found


def pictures(module: str, test: str) -> list[Path]:
    folder = SNAPSHOTS / module
    return sorted(folder.glob(f"{test}.svg")) + sorted(folder.glob(f"{test}[[]*].svg"))


def quotes(docstring: str) -> list[str]:
    return [" ".join(quote.split()) for quote in QUOTE.findall(docstring)]


def _pattern(words: Sequence[str]) -> str:
    return r"\s+".join(re.escape(word) for word in words)


def _from_cell(line: str, cell: int) -> str | None:
    """The part of ``line`` from terminal column ``cell`` (``None``: inside a wide
    character, or past the end)."""
    width = 0
    for index, char in enumerate(line):
        if width == cell:
            return line[index:]
        width += cell_len(char)
        if width > cell:
            return None
    return None


def _wrapped_at(lines: Sequence[str], row: int, cell: int, words: Sequence[str]) -> bool:
    """True if ``words`` start at column ``cell`` of line ``row``, wrapping onto the
    following lines at that column if need be."""
    rest = _from_cell(lines[row], cell)
    if rest is None:
        return False
    if re.match(_pattern(words), rest):
        return True
    for split in range(1, len(words)):
        if (
            row + 1 < len(lines)
            and re.match(_pattern(words[:split]) + WRAP_END, rest)
            and _wrapped_at(lines, row + 1, cell, words[split:])
        ):
            return True
    return False


def on_screen(quote: str, lines: Sequence[str]) -> bool:
    """True if the screen ``lines`` show ``quote``, by the conventions above."""
    if quote.endswith(ELISION):
        quote = quote.removesuffix(ELISION)
    words = quote.split()
    if not words:
        return True
    if any(re.search(_pattern(words), line) for line in lines):
        return True
    for row, line in enumerate(lines):
        cell = 0
        for index, char in enumerate(line):
            if line.startswith(words[0], index) and _wrapped_at(lines, row, cell, words):
                return True
            cell += cell_len(char)
    return False


SNAPSHOT_TESTS = snapshot_tests()


@pytest.mark.parametrize(
    ("module", "test", "docstring"),
    SNAPSHOT_TESTS,
    ids=[f"{module}::{test}" for module, test, _ in SNAPSHOT_TESTS],
)
def test_every_quote_in_a_snapshot_docstring_is_in_its_picture(
    module: str, test: str, docstring: str
) -> None:
    svgs = pictures(module, test)
    assert svgs, f"{module}::{test} has no picture in {SNAPSHOTS / module}"
    assert docstring, f"{module}::{test} does not say what its picture shows"
    missing = sorted(
        {
            (quote, svg.name)
            for svg in svgs
            for quote in quotes(docstring)
            if not on_screen(quote, screen_lines(svg))
        }
    )
    pending = PENDING.get(f"{module}::{test}", {})
    unexpected = [(quote, svg) for quote, svg in missing if quote not in pending]
    assert not unexpected, f"quoted in the docstring, not in the picture: {unexpected}"
    if missing:
        pytest.xfail(
            "; ".join(f'"{quote}" not in {svg}: {pending[quote]}' for quote, svg in missing)
        )


def test_the_snapshot_tests_are_all_found() -> None:
    """The check reads every snapshot module (a renamed fixture would empty it)."""
    modules = {module for module, _test, _doc in SNAPSHOT_TESTS}
    assert {"test_snapshots_aces", "test_snapshots_chase", "test_snapshots_screens"} <= modules
    assert len(SNAPSHOT_TESTS) >= 40


SCREEN = [
    "╭─ King shown ─────────────╮╭─ Chase ──────────╮",
    "│ ┏━━━━━┓ Cleo's King      ││ Round 1 · Ann    │",
    "│ ┃K    ┃ blocks Ben       ││ deals            │",
    " Ben:  S  Stand    C  Change with Cleo",
    " 张伟张… is looking.",
]


@pytest.mark.parametrize(
    "quote",
    [
        "Cleo's King blocks Ben",  # wrapped in its column
        "S Stand",  # loose spaces
        "C Change with Cleo",
        "Change with ...",  # elision: the words before the dots
        "King shown",
        "张伟张… is looking.",  # wide characters
    ],
)
def test_a_quote_on_the_screen_is_found(quote: str) -> None:
    assert on_screen(quote, SCREEN)


@pytest.mark.parametrize(
    "quote",
    [
        "Cleo's King blocks Cleo",
        "Change with Ann ...",
        "Round 1 · Ann blocks Ben",  # a wrap must stay in its column
        "blocks Ben deals",  # the next line's text in another box
        "Ben, only for you",
    ],
)
def test_a_quote_not_on_the_screen_is_not_found(quote: str) -> None:
    assert not on_screen(quote, SCREEN)

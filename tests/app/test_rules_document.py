"""The rules widget loses no word of the rule files and fits every width."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult

from tui import games
from tui.screens.rules import document
from tui.screens.rules_document import RulesDocument, parse


class OneDocument(App[None]):
    """Only the widget, at the size of the test."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source

    def compose(self) -> ComposeResult:
        yield RulesDocument(self.source, id="doc")


def words(markdown: str) -> list[str]:
    """The words a reader should see: Markdown marks dropped."""
    text = re.sub(r"^#+ |^\s*[-*] |^> ", "", markdown, flags=re.M)
    return text.replace("**", "").replace("`", "").split()


def test_parse_keeps_every_heading_and_joins_wrapped_lines() -> None:
    source = "# Title\n\nOne\ntwo **three**.\n\n- a\n  b\n- c\n\n> note\n\n### C1. Cards\n"
    blocks = parse(source)
    assert [(b.kind, b.text) for b in blocks] == [
        ("h1", "Title"),
        ("paragraph", "One two **three**."),
        ("bullet", "a b"),
        ("bullet", "c"),
        ("quote", "note"),
        ("h3", "C1. Cards"),
    ]


@pytest.mark.parametrize("width", [24, 80, 160])
@pytest.mark.parametrize("game_id", games.ids())
async def test_every_word_is_shown_and_no_line_is_wider_than_the_screen(
    game_id: str, width: int
) -> None:
    source = document(game_id, frozenset())
    app = OneDocument(source)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        doc = app.query_one(RulesDocument)
        shown = [line.text.strip() for line in doc._lines]
        assert all(len(line) <= width - 2 for line in shown), "a gutter each side"
        marks = ("• ", "▌ ")
        text = [next((line[2:] for m in marks if line.startswith(m)), line) for line in shown]
        assert " ".join(text).split() == words(source)

"""Issue 18 item 10: names that look the same at the table are refused with a sentence.

"Pass to Eve" must mean one person: names are compared as the screen shows them
(``tui.lookalike.name_key``), NFC-normalized, case-folded, without invisible characters,
and with the common Cyrillic and Greek look-alikes of Latin letters read as Latin.
"""

from __future__ import annotations

import pytest

from tui.cli import UsageError, parse
from tui.gameconfig import bot_names, clean_name, name_problems, table_problem
from tui.lookalike import name_key

LOOKALIKES = [
    ("Eve", "Ev\u00ade", "soft hyphen"),
    ("Eve", "Eve\U000e0041\U000e007f", "tag characters"),
    ("Eve", "Ev\u034fe", "combining grapheme joiner"),
    ("Eve", "Eve\ufe0f", "variation selector"),
    ("Eve", "E\u2063ve", "invisible separator"),
    ("José", "Jose\u0301", "NFC against NFD"),
    ("Ann", "\u0410nn", "Cyrillic A"),
    ("Ann", "\u0430nn", "Cyrillic a, any case"),
    ("Tom", "\u03a4\u03bfm", "Greek Tau and omicron"),
    ("Eve", "EVE", "case"),
    ("Kim", "\u041a\u0456m", "Cyrillic Ka and i"),
]


@pytest.mark.parametrize(("first", "second", "why"), LOOKALIKES, ids=[c[2] for c in LOOKALIKES])
def test_a_lookalike_is_refused_at_its_seat(first: str, second: str, why: str) -> None:
    names = [clean_name(first), clean_name(second)]
    problems = name_problems(names)
    assert problems[0] is None
    assert problems[1] is not None and "seat 1" in problems[1], why
    assert problems[1].endswith(".") and "\n" not in problems[1]


def test_the_command_line_refuses_them_in_one_line() -> None:
    with pytest.raises(UsageError, match=r"Seat 2 .*: looks the same as the name of seat 1"):
        parse(["play", "aces", "--names", "Ann,\u0410nn"])


@pytest.mark.parametrize(
    ("first", "second"), [("Eve", "Eva"), ("José", "Jose"), ("Ann", "Anna"), ("Lee", "Li")]
)
def test_names_that_differ_on_screen_are_kept(first: str, second: str) -> None:
    assert name_key(first) != name_key(second)
    assert name_problems([first, second]) == [None, None]


def test_bot_names_avoid_lookalikes_of_the_people() -> None:
    assert "Ada" not in bot_names(["\u0410da"], 3)


@pytest.mark.parametrize(
    "blank",
    ["\u3164", "\u2800", "\u115f\u1160", "\u0301", " \u0301\u0302 ", "\u034f", "\uffa0"],
    ids=["hangul-filler", "braille-blank", "jamo-fillers", "accent", "accents", "cgj", "half"],
)
def test_a_name_drawn_as_nothing_needs_a_name(blank: str) -> None:
    """Letters and marks a terminal draws as nothing (or as a lone accent) made a seat
    whose name looked empty, and a box border that lost a cell."""
    shown = clean_name(blank)
    said = f" ({shown})" if shown else ""
    assert table_problem("aces", ["Ann", shown]) == f"Seat 2{said}: needs a name."
    assert table_problem("aces", ["Ann", clean_name(f"Ben{blank}")]) is None, "with a letter"

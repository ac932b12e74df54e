"""Transcripts: scripted games on the plain-text table, compared with checked-in text.

The plain equivalent of a snapshot: what a person at the terminal would read (and a
screen reader would say), the lines they typed echoed after each prompt. Each file in
``tests/plain/transcripts/`` was read aloud with ``espeak-ng`` before it was checked in;
the checks below catch what would sound wrong without a listener: a glyph, markup, a
number without the word for what it counts, a line said twice running.

After a deliberate change of words: ``PARTY_DICE_WRITE_TRANSCRIPTS=1 python -m pytest
tests/plain/test_transcripts.py``, then read the diff (and listen to it) before committing.
"""

from __future__ import annotations

import difflib
import itertools
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.support.chase import chase_config, controller_for, deck
from tests.support.plain import PlainHarness
from tests.support.table import ScriptedDice, aces_config
from tui import games

FOLDER = Path(__file__).parent / "transcripts"
WRITE = os.environ.get("PARTY_DICE_WRITE_TRANSCRIPTS") == "1"

Play = Callable[[Path], PlainHarness]


def typed(table: PlainHarness, keys: Sequence[str]) -> PlainHarness:
    for key in keys:
        table.type(key)
    table.wait(10.0)  # what comes by itself (a round that goes on, a forced move)
    return table


def aces_four_seats(home: Path) -> PlainHarness:
    """Ann and Ben at one keyboard against Ada and Alan, one round, with questions."""
    config = aces_config(4, 2, names=("Ann", "Ben", "Ada", "Alan"), first_seat=None)
    dice = [3, 5, 5, 2, 4, 6]  # the roll-off: Ada and Alan... Ben highest after a tie
    dice += [1, 6, 2, 2, 6, 3, 1, 1, 4, 5, 1, 6, 2, 2, 1, 3, 6, 6, 1, 1, 5, 5, 3, 3]
    dice += [4, 4, 1, 2, 2, 3, 5, 6, 1, 1, 6, 6, 2, 4, 3, 4]
    table = PlainHarness.of(games.new_controller(config, ScriptedDice(dice)), config, home)
    keys = ["", "1", "r", "2", "zz", "r", "3", "6", "r", "r", "t"]
    return typed(table, keys)


def aces_two_rounds(home: Path) -> PlainHarness:
    """Two people, a match of two rounds: points said with their word."""
    config = aces_config(2, 0, first_seat=0, match="rounds", rounds=2)
    dice = [1, 1, 3, 4, 6, 6, 2, 3, 1, 1, 4, 4, 1, 2]  # round 1, then round 2
    table = PlainHarness.of(games.new_controller(config, ScriptedDice(dice)), config, home)
    return typed(table, ["", "r", "r", "2", "", "r", "r", "t"])


def aces_brief(home: Path) -> PlainHarness:
    """A regular's table: brief words."""
    config = aces_config(3, 1, first_seat=0)
    dice = [1, 6, 2, 2, 6, 3, 1, 1, 4, 5, 1, 6, 6, 6, 1, 1, 2, 3, 4, 5, 1, 1]
    table = PlainHarness.of(
        games.new_controller(config, ScriptedDice(dice)), config, home, brief=True
    )
    return typed(table, ["", "r", "r", "r", "r", "t"])


def chase_one_person(home: Path) -> PlainHarness:
    """Ann against three computers, two rounds: a swap, a King shown, a cut."""
    config = chase_config(("Ann", "Ben", "Cleo", "Dan"), [1, 2, 3], dealer=3)
    first = deck(4, 3, {0: "5H", 1: "KC", 2: "2D", 3: "9S"}, ["QD", "3C"])
    second = deck(4, 0, {1: "7C", 2: "AH", 3: "JD", 0: "4S"}, ["8H", "KD", "6C"])
    table = PlainHarness.of(controller_for(config, [first, second]), config, home)
    keys = ["", "3", "4", "c", "2", "5", "", "d", "4", "c", "x", "2", "", "s"]
    return typed(table, keys)


GAMES: dict[str, Play] = {
    "aces_four_seats": aces_four_seats,
    "aces_two_rounds": aces_two_rounds,
    "aces_brief": aces_brief,
    "chase_one_person": chase_one_person,
}


@pytest.mark.parametrize("name", GAMES)
def test_a_scripted_game_reads_as_its_transcript(name: str, tmp_path: Path) -> None:
    text = GAMES[name](tmp_path).text
    path = FOLDER / f"{name}.txt"
    if WRITE:
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "checked in", "now", lineterm=""
        )
        pytest.fail(f"{name} reads differently:\n" + "\n".join(diff))


# -- what would sound wrong -----------------------------------------------------------------

GLYPHS = re.compile("[\u2680-\u2685\u2660-\u2667\u2581-\u2588\u00b7\u2026\u2500-\u257f]")
MARKUP = re.compile(r"[\[\]`*_{}<]|\\")
COUNTED = r"chips?|points?|lives|life|players?|turns?|rounds?|percent|%|to \d+|\."
NUMBER = re.compile(r"(?<![\w])(\d+)(?![\w])")
SAID_BEFORE = re.compile(r"(Round|round|card|at|from|to|of|type|,) $")


def bare_numbers(line: str) -> list[str]:
    """Numbers in ``line`` said without what they count ("Ann 3")."""
    bare = []
    for found in NUMBER.finditer(line):
        before = line[: found.start()]
        after = line[found.end() :]
        if SAID_BEFORE.search(before) or re.match(rf" ?({COUNTED})", after):
            continue
        if before == "" and after.startswith("."):  # a numbered choice
            continue
        if re.search(r"\d+ to $", before):  # "1 to 48"
            continue
        bare.append(found.group(1))
    return bare


@pytest.mark.parametrize("name", GAMES)
def test_a_transcript_sounds_right(name: str) -> None:
    text = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    said = [line.split(" > ")[0] for line in text.splitlines()]
    for line in said:
        assert not GLYPHS.search(line), f"a glyph in {line!r}"
        assert not MARKUP.search(line), f"markup in {line!r}"
        assert not bare_numbers(line), f"a number without its word in {line!r}"
        assert line == line.strip(), f"spaces around {line!r}"
    for before, after in itertools.pairwise(said):
        assert before != after, f"said twice running: {before!r}"


def test_the_checks_catch_what_they_are_for() -> None:
    assert bare_numbers("Ann 3, Ben 2 chips") == ["3"]
    assert bare_numbers("Questions, at any time: type 1 for the pot, 9 to leave.") == []
    assert bare_numbers("Round 2: 3 turns left, a number from 1 to 49.") == []
    assert bare_numbers("1. New game") == []
    assert GLYPHS.search("Ann rolls \u2680") and MARKUP.search("[bold]Ann[/]")

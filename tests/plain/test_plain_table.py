"""The plain-text table in this process (``tests/support/plain.py``): what it says, what a
typed line does, questions at any time, bad input, typed-ahead lines, leaving, saving,
and the privacy promise checked line by line against the game's own state."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.chase import chase_config, controller_for, deck
from tests.support.plain import PlainHarness, plain_settings
from tests.support.table import ScriptedDice, aces_config
from tui import games
from tui.engine.chase.view import ChaseView
from tui.glyphs import card_words
from tui.plain.lines import Line
from tui.session.table_model import PassCurtain, PrivateCard
from tui.session.table_session import TableSession

ESCAPE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def aces(
    home: Path, dice: list[int], people: int = 2, computers: int = 2, **kw: Any
) -> PlainHarness:
    config = aces_config(people + computers, computers, first_seat=0)
    return PlainHarness.of(games.new_controller(config, ScriptedDice(dice)), config, home, **kw)


def chase_alone(home: Path, decks: list[list[str]], **kw: Any) -> PlainHarness:
    """Ann against two computer players (Ben, Cleo); Ann deals first."""
    config = chase_config(("Ann", "Ben", "Cleo"), [1, 2], dealer=0)
    return PlainHarness.of(controller_for(config, decks), config, home, **kw)


def lines_after(harness: PlainHarness, mark: int) -> list[str]:
    return harness.text[mark:].splitlines()


def test_every_line_ends_with_a_newline_but_the_prompt_it_waits_at(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6, 2, 3, 6, 6, 1, 1, 4, 4])
    for key in ("", "r", "2", "r"):
        table.type(key)
        table.wait(1.0)  # a forced move plays itself after a moment
        text = table.text
        assert text.endswith(" > "), text[-80:]
        prompt = text.rsplit("\n", 1)[-1]
        assert prompt.startswith("Ann, your move.") or prompt.startswith("Ben, your move."), prompt
        assert not ESCAPE.search(text) and "\r" not in text


def test_a_move_is_said_to_everyone_and_the_prompt_names_whose_it_is(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6, 2, 3])
    assert table.prompt == "Next: Enter for start: Ann rolls first. > "
    table.type("")
    assert table.prompt == "Ann, your move. r roll (or Enter). > "
    mark = len(table.text)
    table.type("r")
    assert lines_after(table, mark)[1] == (
        "Ann rolls a one and a six: one chip to the pot, one to Ben. Ann has none left."
    )
    assert table.prompt == "Ben, your move. r roll (or Enter). > "


def test_bad_input_gets_one_sentence_and_the_prompt_again(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6])
    table.type("")
    for typed, said in (
        ("x", "x is not a move now: type 8 for the keys."),
        ("roll please", "roll please is not a move or a question here: type 8 for the keys."),
        ("[bold]", "[bold] is not a move or a question here: type 8 for the keys."),
    ):
        mark = len(table.text)
        table.type(typed)
        assert lines_after(table, mark) == [
            typed,  # echoed after the prompt, as the terminal does
            said,
            "Ann, your move. r roll (or Enter). > ",
        ]


def test_a_line_typed_ahead_of_the_question_never_makes_the_move(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6])
    table.type("")  # the round starts: Ann's roll is asked now
    asked = table.clock.now()
    table.table.typed(Line("r", asked - 0.2))  # typed before the question was written
    table.clock.settle()
    assert table.table.controller.view(None).seats[0].counters == 2, "the typed-ahead r rolled"
    assert "Too soon after the question: wait a moment and type it again." in table.text
    assert table.text.endswith("Ann, your move. r roll (or Enter). > ")
    table.type("r")
    assert table.table.controller.view(None).seats[0].counters == 0


def test_questions_are_answered_at_any_time_and_the_prompt_comes_again(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6, 2, 3])
    table.type("")
    table.type("r")
    answers = {
        "1": "The pot holds 1 chip.",
        "pot": "The pot holds 1 chip.",
        "2": "Ann: no chips; Ben: 3 chips; Cleo: 2 chips; Dan: 2 chips.",
        "chips": "Ann: no chips; Ben: 3 chips; Cleo: 2 chips; Dan: 2 chips.",
        "3": "Round 1: it is Ben's turn. Aces go to the pot, sixes to the left.",
        "4": "Nothing is hidden in this game.",
        "5": "The odds are off: o turns them on.",
        "6": "Ann rolls a one and a six: one chip to the pot, one to Ben. Ann has none left.",
    }
    for typed, said in answers.items():
        mark = len(table.text)
        table.type(typed)
        assert lines_after(table, mark)[1:] == [said, "Ben, your move. r roll (or Enter). > "]
    mark = len(table.text)
    table.type("8")
    keys = lines_after(table, mark)[1:-1]
    assert keys[0] == "Now: r roll (or Enter)."
    assert keys[1].startswith("Questions, at any time: type 1 for the pot, 2 for everyone's chips,")
    mark = len(table.text)
    table.type("rules")
    rules = lines_after(table, mark)[1:-1]
    assert rules[0] == "Aces in the Pot" and rules[-1] == "End of the rules."
    assert "At this table: the standard rules, no variants." in rules
    assert not any(set(line) <= set("=- ") for line in rules), "a heading's underline"


def test_the_own_card_is_said_to_its_holder_and_asked_again(tmp_path: Path) -> None:
    table = chase_alone(tmp_path, [deck(3, 0, {1: "9H", 2: "KS", 0: "4C"}, ["7D"])])
    table.type("d")  # Ann deals; Ben and Cleo (computers) play; Ann is last
    assert "Your card is the four of clubs." in table.text
    assert "Cleo puts the King of spades face up." in table.text
    mark = len(table.text)
    table.type("4")
    assert lines_after(table, mark)[1] == "Your card is the four of clubs."
    table.type("card")
    assert table.text.rstrip().endswith("Ann, your move. s stand, c cut the deck. >")


def test_the_cut_asks_a_number_and_takes_only_one_in_its_range(tmp_path: Path) -> None:
    table = chase_alone(tmp_path, [deck(3, 0, {1: "9H", 2: "KS", 0: "4C"}, ["7D", "2S"])])
    table.type("d")
    table.type("c")
    assert table.prompt == "Ann, cut the deck: a number from 1 to 49, or b to go back. > "
    assert "A King found is shown and refused: you keep your card." in table.text
    for bad in ("0", "50", "x"):
        mark = len(table.text)
        table.type(bad)
        said = lines_after(table, mark)[1]
        assert said in (
            "Type a number from 1 to 49.",
            "Type a number from 1 to 49, or b to go back.",
        )
        assert table.prompt.startswith("Ann, cut the deck")
    table.type("b")
    assert table.prompt == "Ann, your move. s stand, c cut the deck. > "
    table.type("c")
    table.type("2")
    assert "You cut the deck at card 2 and take that card." in table.text
    assert "Showdown: you have the two of spades," in table.text


def test_leaving_asks_first_then_saves_and_closes(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6], confirm_quit=True)
    table.type("")
    table.type("q")
    assert table.prompt.startswith("Leave this game?") and table.prompt.endswith(
        "y leaves, n keeps playing. > "
    )
    table.type("maybe")
    assert "Type y to leave or n to keep playing." in table.text
    table.type("n")
    assert table.prompt == "Ann, your move. r roll (or Enter). > "
    table.type("9")
    table.type("y")
    assert [ending.kind for ending in table.endings] == ["title"]


def test_end_of_input_leaves_the_table(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6], confirm_quit=True)
    table.type("")
    table.table.typed(None)
    table.clock.settle()
    assert table.text.endswith("Input has ended: leaving the table.\n")
    assert [ending.kind for ending in table.endings] == ["title"]


def test_a_hang_up_saves_as_the_full_table_does(tmp_path: Path) -> None:
    from tui.storage.saves import SaveStore

    config = aces_config(2, 0, first_seat=0)
    store = SaveStore(tmp_path / "saves")
    session = TableSession(
        games.new_controller(config, ScriptedDice([3, 4, 2, 5])), config, store.new_slot("aces")
    )
    table = PlainHarness(session, plain_settings(tmp_path))
    table.type("")
    table.type("r")
    table.table.hang_up()
    session.release()  # the program ends after a hang-up: its lock goes with it
    saves = store.list()
    assert len(saves) == 1
    _slot, payload = store.open(saves[0].slot_id)
    assert payload["state"]["turns"] == 1, "the save holds Ann's roll"
    assert "Ann rolls a three and a four: nothing happens." in [
        line for line, _ in store.notes(saves[0].slot_id).log
    ]


def test_a_rematch_ends_the_table_with_its_config(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 1, 1, 1], people=2, computers=0)
    table.type("")
    table.type("r")  # Ann's two aces: only Ben holds chips, the round and the game end
    assert "Ben wins!" in table.text
    assert table.prompt == "The game is over: r rematch (or Enter), t back to title. > "
    table.type("r")
    assert [e.kind for e in table.endings] == ["rematch"] and table.endings[0].config is not None


def test_brief_words_drop_what_a_regular_knows(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6, 2, 3], brief=True)
    table.type("")
    assert table.prompt == "Ann: r roll. > "
    mark = len(table.text)
    table.type("r")
    assert lines_after(table, mark)[1] == "Ann: a one and a six: one chip to the pot, one to Ben."
    table.type("brief")
    assert "Brief words off." in table.text
    assert table.prompt == "Ben, your move. r roll (or Enter). > "


def test_odds_on_are_said_when_asked(tmp_path: Path) -> None:
    table = aces(tmp_path, [1, 6], people=2, computers=0)
    table.type("")
    table.type("o")
    assert "Odds on: type 5 to hear them." in table.text
    for _ in range(300):  # solved on a thread of its own: wait for it
        time.sleep(0.05)
        table.wait(0.05)
        if table.table.presenter.words.chances(table.table.controller.view(None)) is not None:
            break
    table.type("5")
    assert "Chances this round: Ann " in table.text and " %" in table.text


def test_a_curtain_is_a_sentence_and_only_enter_lifts_it(tmp_path: Path) -> None:
    """The plain program never seats two people of a hidden-card game at one terminal
    (``tests/plain/test_plain_menus.py``); the table on its own still words a curtain."""
    config = chase_config(("Ann", "Ben", "Cleo"), [2], dealer=0)
    controller = controller_for(config, [deck(3, 0, {1: "9H", 2: "5S", 0: "4C"}, [])])
    table = PlainHarness.of(controller, config, tmp_path)
    table.type("d")
    assert isinstance(table.table.presenter.cover, PassCurtain)
    assert table.prompt == "Pass to Ben. Ben, press Enter when only you are listening. > "
    assert "the nine of hearts" not in table.text
    table.type("x", after=2.0)
    assert "Only Enter goes on from here." in table.text
    table.type("", after=2.0)
    assert "Your card is the nine of hearts." in table.text
    table.type("c", after=2.0)
    assert isinstance(table.table.presenter.cover, PrivateCard)
    said = "You changed with Cleo: you gave the nine of hearts and got the five of spades."
    assert said in table.text
    assert table.prompt == "Ben, press Enter when you are done. > "


# -- the promise: no line names a face-down card the terminal's seats do not know ------------


class Witness:
    """Checks every line as it is written against the game at that moment."""

    def __init__(self, harness: PlainHarness) -> None:
        self.harness = harness
        self.checked = 0
        self.hidden_seen = 0
        out = harness.out
        said = out.say

        def say(text: str) -> None:
            self.check(text)
            said(text)

        out.say = say  # type: ignore[method-assign]

    def check(self, line: str) -> None:
        controller = self.harness.table.controller
        public = controller.view(None)
        known: set[str] = set()
        for seat in controller.humans:
            own = controller.view(seat)
            if own.seats[seat].card:
                known.add(own.seats[seat].card or "")
            detail = ChaseView.of(own)
            for pair in (detail.gave, detail.received):
                if pair:
                    known.add(pair[1])
        for seat, view in enumerate(public.seats):
            if seat in controller.humans or view.card is not None:
                continue
            card = controller.view(seat).seats[seat].card
            if card and card not in known:
                self.hidden_seen += 1
                assert card_words(card) not in line, f"seat {seat}'s {card} in {line!r}"
        self.checked += 1


@pytest.mark.parametrize("seed", range(6))
def test_one_person_against_computers_hears_no_face_down_card_but_their_own(
    tmp_path: Path, seed: int
) -> None:
    config = chase_config(("Ann", "Ben", "Cleo", "Dan"), [1, 2, 3], dealer=seed % 4, seed=seed)
    table = PlainHarness.of(games.new_controller(config), config, tmp_path / str(seed))
    witness = Witness(table)
    for _ in range(400):
        if table.table.controller.over:
            break
        prompt = table.prompt
        if "c cut the deck" in prompt:
            table.type("c")
            table.type(str(1 + seed))
        elif "c change" in prompt and seed % 2:
            table.type("c")
        elif "s stand" in prompt:
            table.type("s")
        elif "d deal" in prompt:
            table.type("d")
        else:
            table.type("")
    assert table.table.controller.over, table.text[-400:]
    assert witness.hidden_seen > 0, "no card was ever face down: the test would prove nothing"
    assert "Your card is" in table.text

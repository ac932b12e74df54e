"""Lines made to be heard (a ``Voice``: the plain-text table): dice and cards in words,
every line a sentence, personal to the one person at the terminal, and names when
several share it; the drawn lines do not change."""

from __future__ import annotations

import re

import pytest

from tests.support.aces import NAMES, new_game, roll
from tests.support.scripted import ScriptedRandom
from tui.engine.chase import ChaseGame
from tui.engine.core import Action, Event
from tui.glyphs import card_words, dice_words, spoken
from tui.narrate import aces, chase
from tui.narrate.words import Voice, sentence

N3 = list(NAMES[:3])
GLYPHS = re.compile("[\u2680-\u2685\u2660-\u2667]")


def test_dice_and_cards_in_words() -> None:
    assert dice_words((1, 6)) == "a one and a six"
    assert dice_words((6, 6)) == "two sixes"
    assert dice_words((4,)) == "a four"
    assert card_words("QS") == "the Queen of spades"
    assert card_words("TH") == "the ten of hearts"
    assert card_words("AC") == "the Ace of clubs"


def test_any_glyph_left_in_a_line_is_said_in_words() -> None:
    said = spoken("Showdown: Ann Q♠, Ben 10♥; Cleo rolls ⚀ ⚅, then ⚃")
    assert said == (
        "Showdown: Ann the Queen of spades, Ben the ten of hearts; Cleo rolls a one and a six,"
        " then a four"
    )
    assert spoken("Ann5♠ and Q♠x") == "Ann5♠ and the Queen of spadesx"  # not inside a word


def test_a_sentence_ends_with_its_stop() -> None:
    assert sentence("ann rolls") == "Ann rolls."
    assert sentence("Who deals?") == "Who deals?"
    assert sentence("Standings:") == "Standings:"


def test_an_aces_roll_said_to_the_roller_and_about_them() -> None:
    game, rng = new_game(3)
    events = roll(game, rng, 1, 6)
    held = tuple(seat.counters for seat in game.view(None).seats)
    alone = Voice(frozenset({0}))
    assert aces.describe(events, N3, voice=alone, held=held) == [
        "You roll a one and a six: one chip to the pot, one to Ben. You have none left."
    ]
    ben = Voice(frozenset({1}))
    assert aces.describe(events, N3, voice=ben, held=held) == [
        "Ann rolls a one and a six: one chip to the pot, one to you."
    ]
    shared = Voice(frozenset({0, 1}))  # two people at one keyboard: names, never "you"
    assert aces.describe(events, N3, voice=shared, held=held) == [
        "Ann rolls a one and a six: one chip to the pot, one to Ben. Ann has none left."
    ]
    brief = Voice(frozenset({0}), brief=True)
    assert aces.describe(events, N3, voice=brief, held=held) == [
        "You: a one and a six: one chip to the pot, one to Ben."
    ]
    assert aces.describe(events, N3) == ["Ann rolls ⚀ ⚅: one chip to the pot, one to Ben"]


def test_the_aces_round_is_heard_without_glyphs() -> None:
    game, rng = new_game(3)
    voice = Voice(frozenset({2}))
    heard: list[str] = []
    for dice in ((1, 1), (2, 2), (6, 6), (1, 6), (1, 1)):
        heard += aces.describe(roll(game, rng, *dice), N3, voice=voice)
        if game.over:
            break
    assert heard, "nothing was said"
    for line in heard:
        assert not GLYPHS.search(line), line
        assert line[0].isupper() and line[-1] in ".!?", line


def test_a_roll_off_and_a_final_roll_heard() -> None:
    events = [Event("rolloff", 0, None, 4), Event("rolloff", 1, None, 6), Event("first_player", 1)]
    assert aces.describe(events, ["Ann", "Ben"], voice=Voice(frozenset({0}))) == [
        "Roll-off: you roll a four, Ben a six.",
        "Ben rolls first.",
    ]
    final = [Event("final_roll", 0, None, (2, 3)), Event("player_out", 0)]
    assert aces.describe(final, ["Ann", "Ben"], voice=Voice(frozenset({0}))) == [
        "Your final roll: a two and a three. No six: you are out of the round."
    ]


def _chase_round() -> tuple[list[Event], list[str]]:
    names = ["Ann", "Ben", "Cleo"]
    rng = ScriptedRandom(decks=[["4C", "KH", "QS"]], dice=[3])
    game = ChaseGame(names, rng, frozenset())
    events = game.apply(Action("deal", "", ""))
    events += game.apply(Action("change", "", ""))  # Ann asks Ben: Ben's King blocks
    events += game.apply(Action("stand", "", ""))
    events += game.apply(Action("stand", "", ""))
    return events, names


def test_a_chase_round_heard_by_one_person_names_no_other_hidden_card() -> None:
    events, names = _chase_round()
    lines = chase.describe(events, names, voice=Voice(frozenset({0})))
    assert lines[:3] == [
        "Cleo deals first (drawn at random).",
        "Cleo deals one card to each of 3 players.",
        "You ask to change, but Ben shows the King of hearts: no swap.",
    ]
    assert "Showdown: you have the four of clubs, Ben the King of hearts," in lines[-3]
    assert "You lose a life with the four of clubs: 2 lives left." in lines
    for line in lines:
        assert not GLYPHS.search(line), line
    dealt = chase.describe(events, names, viewer=1, voice=Voice(frozenset({1})))
    assert "You are dealt the King of hearts." in dealt


@pytest.mark.parametrize("you", [frozenset({0}), frozenset({1, 2}), frozenset()])
def test_the_public_log_heard_never_tells_a_private_event(you: frozenset[int]) -> None:
    names = ["Ann", "Ben", "Cleo"]
    game = ChaseGame(names, ScriptedRandom(decks=[["4C", "9H", "QS"]], dice=[3]), frozenset())
    deal = game.apply(Action("deal", "", ""))
    change = game.apply(Action("change", "", ""))  # Ann and Ben swap: both are private
    private = [e for e in deal + change if e.private_to is not None]
    assert len(private) == 5, "the test would prove nothing"
    heard = chase.describe(deal + change, names, voice=Voice(you))
    for card in ("4C", "9H", "QS"):
        assert not any(card_words(card) in line for line in heard), heard

"""Chase the Ace log lines: plain words, and private cards only for their owner."""

from __future__ import annotations

from tests.support.scripted import ScriptedRandom
from tui.engine.chase import ChaseGame
from tui.engine.core import Action, Event
from tui.narrate.chase import describe
from tui.narrate.words import join_names

NAMES = ["Ann", "Ben", "Cleo", "Dan", "[bold]Eva[/]"]


def test_a_round_in_words_public_and_private() -> None:
    rng = ScriptedRandom(decks=[["3C", "9D", "KH", "5S", "4H"], []], dice=[5])
    game = ChaseGame(NAMES, rng, frozenset({"dealers-king"}))
    deal = game.apply(Action("deal", "", ""))
    assert describe(deal, NAMES) == [
        "[bold]Eva[/] deals first (drawn at random)",
        "[bold]Eva[/] deals one card to each of 5 players",
    ]
    assert describe(deal, NAMES, viewer=0)[-1] == "Ann is dealt 3♣"
    assert describe(deal, NAMES, ascii_only=True, viewer=0)[-1] == "Ann is dealt 3c"
    change = game.apply(Action("change", "", ""))
    assert describe(change, NAMES) == ["Ann changes with Ben"]
    assert describe(change, NAMES, viewer=1) == ["Ann changes with Ben", "Ben gets 3♣ from Ann"]
    blocked = game.apply(Action("change", "", ""))
    assert describe(blocked, NAMES) == ["Ben asks to change, Cleo shows a King (K♥): no swap"]
    assert describe(game.apply(Action("stand", "", "")), NAMES) == ["Cleo stands"]
    assert describe(game.apply(Action("stand", "", "")), NAMES) == ["Dan stands"]


def cut_events(found: str, king: bool) -> list[Event]:
    second = (
        Event("cut_king", 4, value=found)
        if king
        else Event("dealer_takes", 4, value=found, private_to=4)
    )
    return [Event("cut", 4, value=12), second]


def test_the_cut_and_what_it_found_make_one_line() -> None:
    names = ["Ann", "Ben", "Cleo", "Dan", "Eva"]
    assert describe(cut_events("KS", True), names) == [
        "Eva cuts the deck at 12 and finds K♠: keeps the old card"
    ]
    assert describe(cut_events("8S", False), names) == [
        "Eva cuts the deck at 12 and takes that card"
    ]
    assert describe(cut_events("8S", False), names, viewer=4) == [
        "Eva cuts the deck at 12 and takes 8♠"
    ]
    assert describe([Event("draw", 4), Event("cut_king", 4, value="KD")], names, True) == [
        "Eva draws the top card and finds Kd: keeps the old card"
    ]


def test_showdown_losses_and_the_end() -> None:
    names = ["Ann", "Ben", "Cleo"]
    events = [
        Event("showdown", value=((1, "AD"), (2, "TC"), (0, "7H"))),
        Event("life_lost", 1, value=0),
        Event("player_out", 1),
        Event("game_won", 2),
    ]
    assert describe(events, names) == [
        "Showdown: Ann 7♥, Ben A♦, Cleo 10♣",
        "Ben loses a life with A♦ (0 lives left)",
        "Ben is out",
        "Cleo wins the game",
    ]
    assert describe([Event("life_lost", 0, value=1)], names) == [
        "Ann loses a life for finding a King (1 life left)"
    ]
    assert describe([Event("all_out_replay", value=(0, 1))], names) == [
        "Ann and Ben would all go out: they keep their last life and play again"
    ]
    assert describe([Event("shared_win", value=(0, 1, 2))], names) == [
        "Ann, Ben and Cleo share the win"
    ]
    assert describe([Event("nobody_loses", value="pairs")], names) == [
        "Every card is paired: nobody loses a life"
    ]
    assert describe([Event("next_dealer", 1), Event("play_stopped", 0)], names) == [
        "The deal passes to Ben",
        "A King stops play: straight to the showdown",
    ]
    announced = [Event("card_announced", 1, 0, "2S"), Event("king_shown", 2, value="KC")]
    assert describe(announced, names) == [
        "Announced: Ann hands 2♠ to Ben",
        "Cleo puts a King face up (K♣)",
    ]


def test_private_events_of_other_seats_are_never_told() -> None:
    events = [Event("card_received", 1, 0, "4S", private_to=1)]
    assert describe(events, ["A", "B", "C"]) == []
    assert describe(events, ["A", "B", "C"], viewer=0) == []
    assert describe(events, ["A", "B", "C"], viewer=1) == ["B gets 4♠ from A"]


def test_join_names() -> None:
    assert join_names([]) == "" and join_names(["A"]) == "A"
    assert join_names(["A", "B"]) == "A and B"

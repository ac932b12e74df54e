"""The recap a person gets after many computer turns: public, short, and complete."""

from __future__ import annotations

import re

from tests.support.chase import chase_config, controller_for, deck
from tui.engine.core import Event
from tui.gameconfig import BOT_NAMES
from tui.narrate.chase_recap import recap
from tui.session.recap import MIN_AWAY, AwayRecap

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]
CARD = re.compile(r"\b(?:[2-9]|10|[AJQK])[♠♥♦♣]")


def test_kings_changes_stands_and_announced_cards_of_this_round() -> None:
    events = [
        Event("dealt", 4, value=5),
        Event("card_dealt", 0, value="7S", private_to=0),
        Event("swap", 0, 1),
        Event("card_received", 0, 1, "2H", private_to=0),
        Event("card_received", 1, 0, "7S", private_to=1),
        Event("card_announced", 0, 1, "2H"),
        Event("swap_blocked", 1, 2, "KD"),
        Event("stand", 2),
    ]
    assert recap(events, NAMES, "Dan") == [
        "While Dan waited:",
        "Kings up: Cleo K♦.",
        "This round: Ann changed, 1 stood.",
        "Announced: Ben handed 2♥ to Ann.",
    ]


def test_rounds_that_ended_meanwhile_say_who_lost_a_life_with_what() -> None:
    events = [
        Event("dealt", 0, value=3),
        Event("cut", 0, value=3),
        Event("dealer_takes", 0, value="9C", private_to=0),
        Event("showdown", value=((0, "9C"), (1, "3S"), (2, "QH"))),
        Event("life_lost", 1, value=0),
        Event("player_out", 1),
        Event("next_dealer", 2),
        Event("dealt", 2, value=2),
        Event("stand", 0),
    ]
    lines = recap(events, NAMES, "Cleo", ascii_only=True)
    assert lines == [
        "While Cleo waited:",
        "Earlier: Ben lost a life with 3s, Ben is out.",
        "This round: 1 stood.",
    ]


def test_a_long_list_of_names_is_cut_short() -> None:
    names = list(BOT_NAMES[:20])
    events = [Event("dealt", 19, value=20), *(Event("swap", s, s + 1) for s in range(10))]
    line = recap(events, names, "Ada")[1]
    assert line == "This round: Ada, Alan, Grace, Edsger, Barbara, Donald and 4 more changed."


def test_a_recap_never_shows_a_face_down_card() -> None:
    """A whole twenty-player game played by computers: every recap line names only
    cards that were public when it was told (Kings up, announced, the showdown)."""
    names = ["Fay", *BOT_NAMES[:19]]
    config = chase_config(names, range(1, 20), variants=["announce-low"], dealer=19, seed=5)
    controller = controller_for(config, [deck(20, 19, {})])
    away = AwayRecap([0])
    public: set[str] = set()
    told = 0
    while not controller.over:
        if controller.whose_turn() == 0 and controller.view(None).phase == "turn":
            missed = away.turn(0)
            for line in recap(missed or [], names, "Fay"):
                for card in CARD.findall(line):
                    assert card in public, (card, line)
                told += 1
        seat = controller.whose_turn()
        events = controller.play_bot()[1] if controller.is_bot_turn() else None
        if events is None:
            events = controller.apply(controller.actions()[0])
        away.moved(events, seat != 0)
        for event in events:
            if event.private_to is None and isinstance(event.value, str) and len(event.value) == 2:
                public.add(_glyph(event.value))
            if event.kind == "showdown":
                public |= {_glyph(code) for _, code in event.value}
    assert told, "Fay never got a recap"


def _glyph(code: str) -> str:
    from tui.glyphs import card

    return card(code, False)


def test_a_recap_comes_only_after_many_computer_moves() -> None:
    away = AwayRecap([2])
    away.moved([Event("stand", 0)], by_computer=True)
    assert away.turn(2) is None, "one computer move: the log shows it"
    for seat in range(MIN_AWAY):
        away.moved(
            [Event("stand", seat), Event("card_dealt", seat, value="KS", private_to=seat)], True
        )
    missed = away.turn(2)
    assert missed is not None and len(missed) == MIN_AWAY
    assert all(event.private_to is None for event in missed)
    assert away.turn(2) is None, "told once"
    assert away.turn(3) is None, "not a person at this table"

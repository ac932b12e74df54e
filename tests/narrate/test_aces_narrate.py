"""The Aces log in words, from real scripted games."""

from __future__ import annotations

import random

from tests.support.aces import NAMES, choose, ev, new_game, roll
from tui.engine.aces import AcesGame
from tui.narrate.aces import describe

N3 = list(NAMES[:3])


def test_a_roll_is_one_line_in_words() -> None:
    game, rng = new_game(3)
    assert describe(roll(game, rng, 1, 6), N3) == ["Ann rolls ⚀ ⚅: one chip to the pot, one to Ben"]
    assert describe(roll(game, rng, 3, 4), N3) == ["Ben rolls ⚂ ⚃: nothing happens"]
    assert describe(roll(game, rng, 6, 6), N3) == ["Cleo rolls ⚅ ⚅: two chips to Ann"]
    assert describe(roll(game, rng, 6, 1), N3) == [
        "Ann rolls ⚅ ⚀: one chip to Ben, one to the pot",
        "Ben wins the round and the pot of 2 chips",
    ]


def test_ascii_dice() -> None:
    game, rng = new_game(3)
    assert describe(roll(game, rng, 1, 5), N3, ascii_only=True) == [
        "Ann rolls [1] [5]: one chip to the pot"
    ]


def test_no_chips_and_the_end_of_a_round() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 1)
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    assert describe(roll(game, rng, 1, 6), N3) == ["Ann rolls ⚀ ⚅ with no chips: nothing moves"]
    roll(game, rng, 1, 1)  # Ben 0: Cleo alone
    game, rng = new_game(3)
    roll(game, rng, 1, 1)
    assert describe(roll(game, rng, 6, 1), N3) == [
        "Ben rolls ⚅ ⚀: one chip to Cleo, one to the pot",
        "Cleo wins the round and the pot of 3 chips",
    ]


def test_the_choice_and_its_outcomes() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 3)
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    assert describe(roll(game, rng, 1, 6), N3) == [
        "Ann rolls ⚀ ⚅ with one chip left: pot, or pass to Ben?"
    ]
    assert describe(choose(game, "pass"), N3) == ["Ann passes the last chip to Ben"]
    assert describe([ev("chip_to_pot", 0)], N3) == ["Ann puts the last chip into the pot"]


def test_start_roll_off_and_ties() -> None:
    game, _ = new_game(4, first=None, start=False, dice=[3, 5, 5, 2, 6, 4])
    lines = describe(game.apply(game.legal_actions()[0]), NAMES[:4])
    assert lines == [
        "Round 1: everyone starts with two chips",
        "Roll-off: Ann ⚂, Ben ⚄, Cleo ⚄, Dan ⚁",
        "Ben and Cleo tie and roll again: Ben ⚅, Cleo ⚃",
        "Ben rolls first",
    ]


def test_final_rolls() -> None:
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 1)
    roll(game, rng, 1, 1)
    roll(game, rng, 2, 3)
    assert describe(roll(game, rng, 6, 2), N3) == [
        "Ann's final roll ⚅ ⚁: a six! Cleo hands over a chip"
    ]
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 1)
    roll(game, rng, 1, 1)
    roll(game, rng, 2, 3)
    roll(game, rng, 2, 3)
    assert describe(roll(game, rng, 4, 5), N3) == [
        "Ben's final roll ⚃ ⚄: no six, Ben is out of the round",
        "Cleo wins the round and the pot of 4 chips",
    ]


def test_match_lines() -> None:
    game, rng = new_game(2, match="rounds", rounds=2)
    roll(game, rng, 1, 6)
    lines = describe(game.apply(game.legal_actions()[0]), N3)
    assert lines == ["Round 2: everyone starts with two chips", "Ann rolls first"]
    roll(game, rng, 3, 3)
    assert describe(roll(game, rng, 1, 6), N3) == [
        "Ben rolls ⚀ ⚅: one chip to the pot, one to Ann",
        "Ann wins the round and the pot of 1 chip",
        "Standings: Ann 1, Ben 1",
        "Ann and Ben share the match!",
    ]
    game, rng = new_game(3, match="bankroll", bankroll=2)
    roll(game, rng, 1, 1)
    roll(game, rng, 6, 3)
    roll(game, rng, 6, 3)
    roll(game, rng, 1, 3)
    assert describe(roll(game, rng, 1, 2), N3)[1:] == [
        "Cleo wins the round and the pot of 4 chips",
        "Cleo takes every chip on the table: 6 chips",
        "Ann's bankroll is empty: out of the match",
        "Ben's bankroll is empty: out of the match",
        "Standings: Ann 0, Ben 0, Cleo 6",
        "Cleo wins the match!",
    ]


def test_names_are_kept_verbatim_and_never_marked_up() -> None:
    names = ["[bold]Ann[/]", "Bé\x1b[31m"]
    game, rng = new_game(2)
    assert describe(roll(game, rng, 6, 2), names) == [
        "[bold]Ann[/] rolls ⚅ ⚁: one chip to Bé\x1b[31m"
    ]


def test_every_event_of_many_games_reads_as_words() -> None:
    chooser = random.Random(4)
    for seed in range(150):
        variants = frozenset(v for v in ("last-roll", "single-die") if chooser.random() < 0.5)
        game = AcesGame(N3, random.Random(seed), variants=variants, match="bankroll", bankroll=3)
        while not game.over:
            events = game.apply(chooser.choice(game.legal_actions()))
            lines = describe(events, N3)
            assert lines and all(isinstance(line, str) and line for line in lines)
            assert len(lines) <= len(events)

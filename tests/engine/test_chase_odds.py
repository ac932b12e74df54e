"""A Chase seat's own chance of losing a life (``tui.engine.chase.odds``): counted by hand,
and never more than the seat knows (property test over random games)."""

from __future__ import annotations

import random
from math import comb

import pytest

from tui.engine.chase import ChaseGame
from tui.engine.chase.bots import make
from tui.engine.chase.odds import loss_chance
from tui.engine.controller import Controller, Seat
from tui.table.kits.chase import ChaseWords

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]


def dealt(players: int, seed: int, variants: frozenset[str] = frozenset()) -> ChaseGame:
    game = ChaseGame(NAMES[:players], random.Random(seed), variants, first_dealer=0)
    game.apply(game.legal_actions()[0])  # the deal
    return game


def test_counted_by_hand() -> None:
    game = dealt(3, 1)
    table = game.table
    table.hands[:] = ["KS", "5H", "9C"]
    # Ann holds a King: she loses only if both hands she cannot see are Kings too.
    assert loss_chance(game.view(0)) == pytest.approx(comb(3, 2) / comb(51, 2))
    table.hands[0] = "AS"  # an Ace: every other card ranks at least as high
    assert loss_chance(game.view(0)) == 1.0
    table.hands[0] = "7S"  # sevens and up: 7 sevens..kings of each suit, less her own
    higher = 4 * 7 - 1
    assert loss_chance(game.view(0)) == pytest.approx(comb(higher, 2) / comb(51, 2))
    assert loss_chance(game.view(None)) is None  # no private view, no chance


def test_a_known_lower_card_is_safety() -> None:
    game = dealt(3, 2, frozenset({"announce-low"}))
    table = game.table
    table.hands[:] = ["7S", "2H", "9C"]
    table.announced[1] = True
    assert loss_chance(game.view(0)) == 0.0


def test_pairs_are_safe_has_no_simple_answer() -> None:
    assert loss_chance(dealt(3, 3, frozenset({"pairs-safe"})).view(1)) is None


def hidden_from(game: ChaseGame, viewer: int) -> list[int]:
    view = game.view(viewer)
    hands = game.table.hands
    return [
        s.seat
        for s in view.seats
        if s.seat != viewer and s.card is None and not s.out and hands[s.seat] is not None
    ]


@pytest.mark.parametrize("seed", range(12))
def test_no_odds_view_knows_another_seats_card(seed: int) -> None:
    """Over random games: shuffling the cards a seat cannot see changes neither its view
    nor its chance, and its odds line names no other seat's hidden card."""
    chooser = random.Random(seed)
    players = chooser.randint(3, 5)
    variants = frozenset(v for v in ("announce-low", "king-stops") if chooser.random() < 0.5)
    game = ChaseGame(NAMES[:players], random.Random(seed), variants, first_dealer=0)
    controller = Controller(game, [Seat(n, "sharp") for n in NAMES[:players]], make)
    words = ChaseWords({})
    words.odds_on = True
    checked = 0
    while not game.over and checked < 60:
        if controller.whose_turn() is None or game.view(None).phase != "turn":
            game.apply(game.legal_actions()[0])
            continue
        for viewer in range(players):
            view = game.view(viewer)
            chance = loss_chance(view)
            hidden = hidden_from(game, viewer)
            cards = [game.table.hands[s] for s in hidden]
            lines = words.info_lines(view, NAMES[:players], ascii_only=True)
            for card in cards:
                assert card is not None and all(card not in line for line in lines)
            shuffled = cards[:]
            chooser.shuffle(shuffled)
            for seat, card in zip(hidden, shuffled, strict=True):
                game.table.hands[seat] = card
            assert loss_chance(game.view(viewer)) == chance
            for seat, card in zip(hidden, cards, strict=True):
                game.table.hands[seat] = card
            if chance is not None:
                checked += 1
                assert 0.0 <= chance <= 1.0
        controller.play_bot()
    assert checked

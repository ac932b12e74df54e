"""A Chase seat's own chance of losing a life (``tui.engine.chase.odds``): counted by hand,
and never more than the seat knows (property test over random games)."""

from __future__ import annotations

import random
import re
from itertools import combinations, permutations
from math import comb

import pytest

from tui import games
from tui.engine.cards import FRESH_DECK
from tui.engine.chase import ChaseGame
from tui.engine.chase.bots import make
from tui.engine.chase.odds import loss_chance, move_chances
from tui.engine.chase.rules import losing_seats
from tui.engine.controller import Controller, Seat
from tui.engine.core import Action

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
    choices = ("announce-low", "king-stops", "pairs-safe", "kings-swap")
    variants = frozenset(v for v in choices if chooser.random() < 0.5)
    game = ChaseGame(NAMES[:players], random.Random(seed), variants, first_dealer=0)
    controller = Controller(game, [Seat(n, "sharp") for n in NAMES[:players]], make)
    words = games.get("chase").new_words()
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


def test_pairs_are_safe_counted_by_hand() -> None:
    game = dealt(3, 3, frozenset({"pairs-safe", "announce-low"}))
    table = game.table
    table.hands[:] = ["5S", "9H", "JC"]
    # Ann's 5 loses only if nobody else has a 5 and no lower card is single: both unseen
    # cards above 5 (32 of them) or a pair of Aces, 2s, 3s or 4s (4 ranks, 6 pairs each).
    assert loss_chance(game.view(0)) == pytest.approx((comb(32, 2) + 4 * 6) / comb(51, 2))
    table.hands[1] = "2D"
    table.announced[1] = True
    # Ben's 2 is known: Ann loses only if Cleo pairs it (three 2s of the 50 unseen).
    assert loss_chance(game.view(0)) == pytest.approx(3 / 50)
    table.hands[1] = "5D"  # seen by nobody but Ben: Ann cannot count on the pair
    table.announced[1] = False
    assert loss_chance(game.view(0)) == pytest.approx((comb(32, 2) + 4 * 6) / comb(51, 2))


def enumerated(game: ChaseGame, seat: int, move: str) -> float:
    """The chance of losing after ``move`` with nobody changing after, by dealing every
    way the unseen cards could lie and applying the rules to each (no odds code)."""
    table = game.table
    pairs = "pairs-safe" in game.variants
    view = game.view(seat)
    unseen_seats = [s.seat for s in view.seats if s.seat != seat and s.card is None]
    seen = {s.card for s in view.seats if s.card is not None}
    pool = [card for card in FRESH_DECK if card not in seen]
    lost = total = 0
    draws = len(unseen_seats) + (move == "cut")
    for cards in permutations(pool, draws):
        hands = list(table.hands)
        for other, card in zip(unseen_seats, cards, strict=False):
            hands[other] = card
        lose_now = False
        if move == "change":
            left = (seat + 1) % len(hands)
            theirs = hands[left]
            assert theirs is not None
            if theirs[0] != "K":
                hands[seat], hands[left] = hands[left], hands[seat]
        elif move == "cut":
            found = cards[-1]
            if found[0] == "K":
                lose_now = "dealers-king" in game.variants
            else:
                hands[seat] = found
        showdown = losing_seats([(s, c) for s, c in enumerate(hands) if c], pairs)
        lost += lose_now or seat in showdown
        total += 1
    return lost / total


@pytest.mark.parametrize("variants", [(), ("pairs-safe",), ("dealers-king",)])
@pytest.mark.parametrize("mine", ["3S", "6S", "9S"])
def test_the_chances_of_each_move_match_every_deal_counted(
    variants: tuple[str, ...], mine: str
) -> None:
    # Three players, dealer Ann (seat 0); Ben shows a King so one card stays unseen.
    game = dealt(3, 4, frozenset(variants))
    table = game.table
    table.hands[:] = ["QH", "KD", mine]
    game.apply(Action("show_king", "", ""))  # Ben's turn
    chances = move_chances(game.view(2))  # Cleo's turn: change with Ann
    assert chances is not None and chances.move == "change"
    assert chances.keep == pytest.approx(enumerated(game, 2, "stand"))
    assert chances.other == pytest.approx(enumerated(game, 2, "change"))
    game.apply(Action("stand", "", ""))
    table.hands[0] = mine.replace("S", "C")  # Ann the dealer holds the same rank
    dealer = move_chances(game.view(0))
    assert dealer is not None and dealer.move == "cut"
    assert dealer.keep == pytest.approx(enumerated(game, 0, "stand"))
    assert dealer.other == pytest.approx(enumerated(game, 0, "cut"))


def test_the_card_handed_over_is_followed_along_the_changes() -> None:
    game = dealt(5, 5)
    table = game.table
    table.hands[:] = ["QS", "3C", "5D", "9H", "JC"]
    game.apply(Action("change", "", ""))  # Ben's 3 to Cleo, her 5 to him
    game.apply(Action("change", "", ""))  # Cleo passes the 3 on to Dan
    # Ben knows Dan now holds his 3 (Dan has not played): his 5 is safe if nobody changes.
    assert loss_chance(game.view(1)) == 0.0
    game.apply(Action("change", "", ""))  # Dan passes it to Eve
    assert loss_chance(game.view(1)) == 0.0


RANK_ORDER = "A23456789TJQK"


def counted(mine: str, deduced: dict[int, str], unknown: int) -> float:
    """The chance that ``mine`` loses the plain showdown (the lowest rank loses, ties
    too), every hand the seat cannot place being any of the cards it has not seen: every
    set of ``unknown`` such cards is dealt once and looked at (no odds code)."""
    seen = {mine, *deduced.values()}
    pool = [card for card in FRESH_DECK if card not in seen]
    rank = RANK_ORDER.index(mine[0])
    placed = [RANK_ORDER.index(card[0]) for card in deduced.values()]
    lost = total = 0
    for cards in combinations(pool, unknown):
        others = placed + [RANK_ORDER.index(card[0]) for card in cards]
        lost += rank <= min(others)
        total += 1
    return lost / total


@pytest.mark.parametrize("cleo", ["stand", "change"])
def test_a_handed_over_card_is_followed_under_announce_low_cards(cleo: str) -> None:
    """Ben hands his 9 to Cleo and gets her 2 (announced: everyone sees Ben's card).
    If Cleo stands she holds the 9; if she changes with Dan for his 3 (announced on
    her), Dan holds it. Either way Ben places the 9 and every announced card; only the
    rest of the hands are unknown to him, and his chance is counted over every deal."""
    game = dealt(5, 6, frozenset({"announce-low"}))
    game.table.hands[:] = ["JC", "9H", "2S", "3D", "QS"]
    game.apply(Action("change", "", ""))  # Ben: 2S (announced) for his 9H
    game.apply(Action(cleo, "", ""))
    # Cleo kept what Ben gave her; or her 3 is announced and Ben's 9 went on to Dan.
    deduced = {2: "9H"} if cleo == "stand" else {2: "3D", 3: "9H"}
    assert all(game.hands[seat] == card for seat, card in deduced.items())
    unknown = 4 - len(deduced)  # Ann, Cleo, Dan and Eve, less those Ben can place
    expected = counted("2S", deduced, unknown)
    # Ben loses unless someone he cannot place holds an Ace: 77.4 % if Cleo stands (Dan's
    # 3 is not known then), 84.2 % if she changes.
    assert expected == pytest.approx(
        comb(46, 3) / comb(50, 3) if cleo == "stand" else comb(45, 2) / comb(49, 2)
    )
    view = game.view(1)
    assert loss_chance(view) == pytest.approx(expected)
    words = games.get("chase").new_words()
    words.odds_on = True
    shown = words.info_lines(view, NAMES, ascii_only=True)[0]
    assert re.search(rf"\b{round(expected * 100)}\W?%", shown), shown

"""Chase the Ace: one scripted test (or a few) per ruling C1-C9, with exact decks.

Decks are scripted by seat (``deal``): the helper puts each seat's card where the deal
order (left of the dealer first, the dealer last) will hand it out, then the stock cards
the test cares about; ScriptedRandom fills the rest of the 52 cards.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from tests.support.scripted import ScriptedRandom
from tui.engine.cards import FRESH_DECK
from tui.engine.chase import ChaseGame
from tui.engine.chase.rules import losing_seats, turn_order
from tui.engine.chase.view import ChaseView
from tui.engine.core import Action, Event, IllegalAction

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eva", "Fay"]


def new(
    n: int = 4, variants: tuple[str, ...] = (), dealer: int = 0, all_out: str = "replay"
) -> tuple[ChaseGame, ScriptedRandom]:
    rng = ScriptedRandom()
    game = ChaseGame(NAMES[:n], rng, frozenset(variants), first_dealer=dealer, all_out=all_out)
    return game, rng


def deal(
    game: ChaseGame, rng: ScriptedRandom, cards: dict[int, str], stock: tuple[str, ...] = ()
) -> list[Event]:
    """Deal ``cards`` (seat -> card) to the players still in, ``stock`` on top of the rest."""
    order = turn_order(game.dealer, game.lives)
    assert sorted(order) == sorted(cards), "script a card for every player still in"
    rng.decks.append([cards[seat] for seat in order] + list(stock))
    return game.apply(Action("deal", "", ""))


def act(game: ChaseGame, kind: str, arg: int | None = None) -> list[Event]:
    return game.apply(Action(kind, "", "", arg))


def kinds(actions: list[Action]) -> list[str]:
    return [action.kind for action in actions]


def named(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


def stand_rest(game: ChaseGame) -> list[Event]:
    """Everyone still to play stands (a King holder shows it); the events of all turns."""
    events: list[Event] = []
    while game.legal_actions() and game.legal_actions()[0].kind != "deal":
        legal = kinds(game.legal_actions())
        events += act(game, "show_king" if legal == ["show_king"] else "stand")
    return events


def lose_round(game: ChaseGame, rng: ScriptedRandom, losers: set[int]) -> list[Event]:
    """A round where ``losers`` hold 2s, everyone else a Queen or Jack, all stand."""
    order = turn_order(game.dealer, game.lives)
    high = iter(["QC", "QD", "QH", "QS", "JC", "JD", "JH", "JS"] * 3)
    low = iter(["2C", "2D", "2H", "2S"])
    cards = {seat: next(low) if seat in losers else next(high) for seat in order}
    return deal(game, rng, cards) + stand_rest(game)


# -- C1: ranks, a fresh 52-card deck every round ---------------------------------------


def test_c1_ranks_king_high_ace_low_and_suits_do_not_matter() -> None:
    ladder = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
    for higher, lower in itertools.pairwise(ladder):
        assert losing_seats([(0, higher), (1, lower)], pairs_safe=False) == (1,)
    assert losing_seats([(0, "7S"), (1, "7H"), (2, "9C")], pairs_safe=False) == (0, 1)


class RecordingRandom(random.Random):
    """A real random source that remembers the deck it was given to shuffle."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.given: list[list[str]] = []

    def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
        self.given.append(list(x))
        super().shuffle(x)


def test_c1_every_round_shuffles_one_fresh_deck_and_the_rest_is_the_stock() -> None:
    rng = RecordingRandom(7)
    game = ChaseGame(NAMES[:5], rng, first_dealer=0)
    for _ in range(3):
        act(game, "deal")
        assert len(game.stock) == 52 - 5
        assert sorted([c for c in game.hands if c] + list(game.stock)) == sorted(FRESH_DECK)
        stand_rest(game)
    assert rng.given == [list(FRESH_DECK)] * 3


def test_c1_deal_order_left_of_the_dealer_first_dealer_last_from_the_top() -> None:
    game, rng = new(4, dealer=1)
    rng.decks.append(["2C", "3C", "4C", "5C"])
    events = act(game, "deal")
    assert game.hands == ("4C", "5C", "2C", "3C")  # seats 2, 3, 0 then the dealer (1)
    assert game.stock[:2] == ("AC", "6C") and len(game.stock) == 48
    dealt = named(events, "card_dealt")
    assert [(e.seat, e.value, e.private_to) for e in dealt] == [
        (2, "2C", 2),
        (3, "3C", 3),
        (0, "4C", 0),
        (1, "5C", 1),
    ]
    assert named(events, "dealt") == [Event("dealt", 1, value=4)]
    assert game.current_seat() == 2 and game.view(None).phase == "turn"


# -- C2: lives and the pot --------------------------------------------------------------


def test_c2_three_lives_and_a_lost_life_goes_to_the_pot() -> None:
    game, rng = new(3)
    assert game.lives == (3, 3, 3) and game.pot == 0
    events = lose_round(game, rng, {2})
    assert named(events, "life_lost") == [Event("life_lost", 2, value=2)]
    assert game.lives == (3, 3, 2) and game.pot == 1
    assert game.view(None).seats[2].counters == 2 and game.view(None).pot == 1


def test_c2_c9_four_lives() -> None:
    game, rng = new(3, ("four-lives",))
    assert game.lives == (4, 4, 4)
    for _ in range(3):
        lose_round(game, rng, {1})
    assert game.lives == (4, 1, 4) and not game.view(None).seats[1].out
    events = lose_round(game, rng, {1})
    assert named(events, "player_out") == [Event("player_out", 1)]
    assert game.lives == (4, 0, 4) and game.pot == 4


# -- C3: the first dealer and the deal passing left -------------------------------------


def test_c3_random_first_dealer_is_one_randint_call_and_is_announced() -> None:
    rng = ScriptedRandom(dice=[3], decks=[[]])
    game = ChaseGame(NAMES[:5], rng)
    assert rng.randint_calls == [(1, 5)]
    assert game.dealer == 2 and game.current_seat() == 2
    events = act(game, "deal")
    assert events[0] == Event("dealer_chosen", 2, value="random")
    assert not named(act(game, "stand"), "dealer_chosen")


def test_c3_chosen_first_dealer_draws_nothing() -> None:
    rng = ScriptedRandom(decks=[[]])
    game = ChaseGame(NAMES[:3], rng, first_dealer=1)
    assert rng.randint_calls == [] and game.dealer == 1
    assert act(game, "deal")[0] == Event("dealer_chosen", 1, value="chosen")


def test_c3_the_deal_passes_left_past_players_who_are_out() -> None:
    game, rng = new(4, dealer=3)
    for _ in range(3):
        lose_round(game, rng, {1})  # Ben loses three times and is out
    assert game.lives[1] == 0
    assert game.dealer == 2  # dealers so far: Dan, Ann, Ben; then Cleo
    events = lose_round(game, rng, {0})
    assert named(events, "next_dealer") == [Event("next_dealer", 3)]
    lose_round(game, rng, {3})
    assert game.dealer == 0
    events = lose_round(game, rng, {3})
    assert named(events, "next_dealer") == [Event("next_dealer", 2)]  # past Ben, who is out


def test_c3_the_deal_passes_left_when_the_dealer_goes_out() -> None:
    game, rng = new(4, dealer=0)
    lose_round(game, rng, {0})  # dealers: Ann, then Ben, Cleo, Dan
    lose_round(game, rng, {0})
    lose_round(game, rng, {3})
    assert game.dealer == 3
    lose_round(game, rng, {3})
    assert game.dealer == 0
    events = lose_round(game, rng, {0})  # Ann, the dealer, goes out
    assert named(events, "player_out") == [Event("player_out", 0)]
    assert game.dealer == 1


# -- C4: one turn each, left of the dealer first, the dealer last ----------------------


def test_c4_turn_order_and_one_turn_each() -> None:
    game, rng = new(5, dealer=2)
    deal(game, rng, {0: "5C", 1: "6C", 2: "7C", 3: "8C", 4: "9C"})
    seen = []
    while game.view(None).phase == "turn":
        seen.append(game.current_seat())
        view = game.view(None)
        assert ChaseView.of(view).turns_left == 5 - len(seen) + 1
        act(game, "stand")
    assert seen == [3, 4, 0, 1, 2]
    assert game.view(None).phase == "deal" and game.rounds_played == 1


# -- C5: stand, change, Kings block ---------------------------------------------------


def test_c5_stand_keeps_and_change_swaps_with_the_left_neighbour() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "3C", 2: "9D", 3: "5H", 0: "8S"})
    assert kinds(game.legal_actions()) == ["stand", "change"]
    assert game.legal_actions()[1].label == "Change with Cleo"
    events = act(game, "change")
    assert game.hands[1:3] == ("9D", "3C")
    assert events == [
        Event("swap", 1, 2),
        Event("card_received", 1, 2, "9D", private_to=1),
        Event("card_received", 2, 1, "3C", private_to=2),
    ]
    ben, cleo = ChaseView.of(game.view(1)), ChaseView.of(game.view(2))
    assert ben.received == (2, "9D") and ben.gave == (2, "3C")
    assert cleo.received == (1, "3C") and cleo.gave == (1, "9D")
    assert ChaseView.of(game.view(None)).received is None
    assert ChaseView.of(game.view(3)).received is None
    assert act(game, "stand") == [Event("stand", 2)]
    assert game.hands[2] == "3C"


def test_c5_the_player_right_of_the_dealer_may_change_with_the_dealer() -> None:
    game, rng = new(3, dealer=0)
    deal(game, rng, {1: "9C", 2: "2D", 0: "8S"})
    act(game, "stand")
    assert game.legal_actions()[1].label == "Change with Ann"
    act(game, "change")
    assert game.hands == ("2D", "9C", "8S")


def test_c5_a_king_blocks_a_swap_and_is_shown_to_everyone() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "3C", 2: "KH", 3: "5H", 0: "8S"})
    assert game.view(None).seats[2].card is None
    events = act(game, "change")
    assert events == [Event("swap_blocked", 1, 2, "KH")]
    assert game.hands[1:3] == ("3C", "KH")
    public = game.view(None)
    assert (public.seats[2].card, public.seats[2].card_state) == ("KH", "king")
    assert "done" in public.seats[1].flags and public.current == 2
    # The King's holder has only "stand" now: the King is already face up.
    assert kinds(game.legal_actions()) == ["stand"]
    assert "King is face up" in ChaseView.of(game.view(None)).no_change


def test_c5_a_king_blocks_a_swap_with_the_dealer() -> None:
    game, rng = new(3, dealer=0)
    deal(game, rng, {1: "9C", 2: "2D", 0: "KS"})
    act(game, "stand")
    events = act(game, "change")
    assert events == [Event("swap_blocked", 2, 0, "KS")]
    assert game.hands == ("KS", "9C", "2D")
    assert game.view(1).seats[0].card_state == "king"
    assert kinds(game.legal_actions()) == ["stand"]  # the dealer cannot cut with a King
    events = act(game, "stand")
    assert named(events, "life_lost") == [Event("life_lost", 2, value=2)]


def test_c5_a_king_holder_puts_it_face_up_and_cannot_change() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "KD", 2: "9D", 3: "5H", 0: "8S"})
    assert kinds(game.legal_actions()) == ["show_king"]
    assert game.legal_actions()[0].label == "Show your King"
    assert ChaseView.of(game.view(1)).no_change == "you hold a King, so it goes face up"
    assert ChaseView.of(game.view(None)).no_change == ""  # that would give the King away
    with pytest.raises(IllegalAction):
        act(game, "change")
    assert act(game, "show_king") == [Event("king_shown", 1, value="KD")]
    assert game.view(3).seats[1].card_state == "king"


def test_c5_the_dealer_holding_a_king_puts_it_face_up() -> None:
    game, rng = new(3, dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 0: "KS"})
    stand_rest_but_dealer(game)
    assert kinds(game.legal_actions()) == ["show_king"]
    events = act(game, "show_king")
    assert events[0] == Event("king_shown", 0, value="KS")


def stand_rest_but_dealer(game: ChaseGame) -> None:
    while game.current_seat() != game.dealer:
        act(game, "stand")


def test_c5_change_is_not_offered_against_a_king_already_face_up() -> None:
    # In legal play a left neighbour always plays after you, so their King cannot be up
    # yet on your turn; the guard is tested on a saved state where it is.
    game = ChaseGame(NAMES[:4], random.Random(1), first_dealer=0)
    act(game, "deal")
    data = game.to_dict()
    hands, stock = data["hands"], data["stock"]
    for seat, wanted in ((1, "3C"), (2, "KH")):  # Ben holds the 3, Cleo a King
        if hands[seat] != wanted:
            where = hands.index(wanted) if wanted in hands else None
            if where is None:
                stock[stock.index(wanted)] = hands[seat]
            else:
                hands[where] = hands[seat]
            hands[seat] = wanted
    data["face_up"] = [False, False, True, False]
    game = ChaseGame.from_dict(data)
    assert kinds(game.legal_actions()) == ["stand"]
    assert ChaseView.of(game.view(None)).no_change == "Cleo's King is face up"
    with pytest.raises(IllegalAction):
        act(game, "change")


# -- C6: the dealer's cut -------------------------------------------------------------


def test_c6_the_dealer_stands_or_cuts_at_any_depth_but_never_changes() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 3: "7H", 0: "3S"})
    stand_rest_but_dealer(game)
    legal = game.legal_actions()
    assert kinds(legal) == ["stand", "cut"] and legal[1].arg_range == (1, 48)
    for bad in (Action("change", "", ""), Action("cut", "", "", 0), Action("cut", "", "", 49)):
        with pytest.raises(IllegalAction):
            game.apply(bad)


def test_c6_the_dealer_takes_the_cut_card_and_the_old_card_goes_into_the_stock() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 3: "7H", 0: "3S"}, stock=("AC", "2C", "QH"))
    stand_rest_but_dealer(game)
    events = act(game, "cut", 3)
    assert events[:2] == [
        Event("cut", 0, value=3),
        Event("dealer_takes", 0, value="QH", private_to=0),
    ]
    assert game.hands[0] == "QH"
    assert game.stock[:3] == ("AC", "2C", "3S")
    assert sorted([c for c in game.hands if c] + list(game.stock)) == sorted(FRESH_DECK)
    assert named(events, "life_lost") == [Event("life_lost", 3, value=2)]


def test_c6_a_king_found_by_the_cut_is_shown_and_refused() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 3: "7H", 0: "3S"}, stock=("AC", "KD"))
    stand_rest_but_dealer(game)
    events = act(game, "cut", 2)
    assert events[:2] == [Event("cut", 0, value=2), Event("cut_king", 0, value="KD")]
    assert game.hands[0] == "3S" and game.stock[:2] == ("AC", "KD")
    assert named(events, "life_lost") == [Event("life_lost", 0, value=2)]  # only the showdown


def test_c6_dealer_draws_takes_the_top_card_instead_of_a_cut() -> None:
    game, rng = new(3, ("dealer-draws",), dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 0: "3S"}, stock=("TC",))
    stand_rest_but_dealer(game)
    assert kinds(game.legal_actions()) == ["stand", "draw"]
    with pytest.raises(IllegalAction):
        act(game, "cut", 1)
    events = act(game, "draw")
    assert events[:2] == [Event("draw", 0), Event("dealer_takes", 0, value="TC", private_to=0)]
    assert game.hands[0] == "TC" and game.stock[0] == "3S"


def test_c6_dealer_draws_a_king_and_must_keep_the_old_card() -> None:
    game, rng = new(3, ("dealer-draws",), dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 0: "3S"}, stock=("KC",))
    stand_rest_but_dealer(game)
    events = act(game, "draw")
    assert events[1] == Event("cut_king", 0, value="KC") and game.hands[0] == "3S"


# -- C7: the showdown ------------------------------------------------------------------


def test_c7_the_lowest_card_loses_and_the_table_still_shows_the_showdown() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "9C", 2: "4D", 3: "7H", 0: "JS"})
    events = stand_rest(game)
    showdown = named(events, "showdown")[0]
    assert showdown.value == ((1, "9C"), (2, "4D"), (3, "7H"), (0, "JS"))
    assert showdown.private_to is None
    assert named(events, "life_lost") == [Event("life_lost", 2, value=2)]
    assert events[-1] == Event("next_dealer", 1)
    view = game.view(None)
    assert view.phase == "deal" and view.current == 1 and "dealer" in view.seats[1].flags
    assert [(s.card, s.card_state) for s in view.seats] == [
        ("JS", "showdown"),
        ("9C", "showdown"),
        ("4D", "showdown"),
        ("7H", "showdown"),
    ]
    assert [s.seat for s in view.seats if "loser" in s.flags] == [2]
    assert not any("done" in s.flags for s in view.seats)
    rng.decks.append([])
    act(game, "deal")
    assert all(s.card_state == "" for s in game.view(None).seats)


def test_c7_everyone_tied_for_lowest_loses_a_life() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "4C", 2: "9D", 3: "9H", 0: "4S"})
    events = stand_rest(game)
    assert [e.seat for e in named(events, "life_lost")] == [1, 0]
    assert game.lives == (2, 2, 3, 3) and game.pot == 2
    assert [s.seat for s in game.view(2).seats if "loser" in s.flags] == [0, 1]


def test_c7_out_at_zero_and_the_last_player_with_lives_wins() -> None:
    game, rng = new(3, dealer=0)
    for _ in range(3):
        lose_round(game, rng, {0})
    assert game.lives == (0, 3, 3) and game.view(None).seats[0].out
    lose_round(game, rng, {1})
    lose_round(game, rng, {1})
    events = lose_round(game, rng, {1})
    assert named(events, "player_out") == [Event("player_out", 1)]
    assert events[-1] == Event("game_won", 2)
    assert game.over and game.winners() == (2,) and game.legal_actions() == []
    assert game.current_seat() is None and game.rounds_played == 6
    view = game.view(None)
    assert view.winners == (2,) and "winner" in view.seats[2].flags and view.phase == "over"
    assert sum(game.lives) + game.pot == 9


# -- C8: all out at once ---------------------------------------------------------------


def down_to_last_lives(all_out: str) -> tuple[ChaseGame, ScriptedRandom]:
    game, rng = new(3, dealer=0, all_out=all_out)
    lose_round(game, rng, {0, 1, 2})
    lose_round(game, rng, {0, 1, 2})
    assert game.lives == (1, 1, 1)
    return game, rng


def test_c8_all_out_at_once_keep_the_life_and_play_another_round() -> None:
    game, rng = down_to_last_lives("replay")
    events = lose_round(game, rng, {0, 1, 2})
    assert named(events, "all_out_replay") == [Event("all_out_replay", value=(0, 1, 2))]
    assert not named(events, "life_lost") and game.lives == (1, 1, 1) and game.pot == 6
    assert not game.over and game.rounds_played == 3 and game.dealer == 0
    view = game.view(None)
    assert ChaseView.of(view).kept_life == (0, 1, 2) and not any(
        "loser" in s.flags for s in view.seats
    )
    events = lose_round(game, rng, {1})
    assert named(events, "game_won") == [] and game.lives == (1, 0, 1)


def test_c8_all_out_at_once_share_the_win() -> None:
    game, rng = down_to_last_lives("share")
    events = lose_round(game, rng, {0, 1, 2})
    assert named(events, "shared_win") == [Event("shared_win", value=(0, 1, 2))]
    assert game.over and game.winners() == (0, 1, 2) and game.lives == (1, 1, 1)


def test_c8_only_when_every_player_still_in_would_go_out() -> None:
    game, rng = new(3, dealer=0, all_out="share")
    lose_round(game, rng, {0, 1})
    lose_round(game, rng, {0, 1})
    events = lose_round(game, rng, {0, 1})  # Cleo has lives: Ann and Ben simply go out
    assert [e.seat for e in named(events, "player_out")] == [0, 1]
    assert game.winners() == (2,)


@pytest.mark.parametrize("all_out", ["replay", "share"])
def test_c8_not_when_only_some_of_the_tied_are_on_their_last_life(all_out: str) -> None:
    """Everyone still in ties for lowest, but only Ann is on her last life: nobody is
    spared (C8 is for *every* player going out at once). Each loses a life, Ann goes out,
    the game goes on."""
    game, rng = new(3, dealer=0, all_out=all_out)
    lose_round(game, rng, {0})
    lose_round(game, rng, {0})
    lose_round(game, rng, {1})
    assert game.lives == (1, 2, 3)
    events = lose_round(game, rng, {0, 1, 2})
    assert not named(events, "all_out_replay") and not named(events, "shared_win")
    assert named(events, "life_lost") == [
        Event("life_lost", 1, value=1),
        Event("life_lost", 2, value=2),
        Event("life_lost", 0, value=0),
    ]
    assert named(events, "player_out") == [Event("player_out", 0)]
    assert game.lives == (0, 1, 2) and game.pot == 6 and not game.over
    assert ChaseView.of(game.view(None)).kept_life == ()


# -- C9: the variants -------------------------------------------------------------------


def test_c9_announce_low_cards_both_cards_of_a_swap() -> None:
    game, rng = new(4, ("announce-low",), dealer=0)
    deal(game, rng, {1: "2C", 2: "AD", 3: "9H", 0: "8S"})
    events = act(game, "change")
    assert named(events, "card_announced") == [
        Event("card_announced", 2, 1, "2C"),
        Event("card_announced", 1, 2, "AD"),
    ]
    public = game.view(None)
    assert [(s.card, s.card_state) for s in public.seats[1:3]] == [
        ("AD", "announced"),
        ("2C", "announced"),
    ]
    assert public.seats[3].card is None


def test_c9_an_announced_card_stays_known_until_it_moves_again() -> None:
    game, rng = new(4, ("announce-low",), dealer=0)
    deal(game, rng, {1: "3C", 2: "9D", 3: "TH", 0: "8S"})
    act(game, "change")  # Ben hands the 3 to Cleo: announced
    assert game.view(None).seats[2].card == "3C"
    assert game.view(None).seats[1].card is None  # the 9 Ben got back is not low
    act(game, "change")  # Cleo passes it on to Dan
    public = game.view(None)
    assert public.seats[2].card is None and public.seats[3].card == "3C"
    act(game, "stand")
    assert game.view(None).seats[3].card_state == "announced"


def test_c9_announce_low_not_for_the_dealers_exchange_with_the_stock() -> None:
    game, rng = new(3, ("announce-low",), dealer=0)
    deal(game, rng, {1: "9C", 2: "AD", 0: "8S"}, stock=("2H",))
    act(game, "stand")
    act(game, "change")  # Cleo hands the Ace to Ann, the dealer: announced
    assert game.view(None).seats[0].card == "AD"
    events = act(game, "cut", 1)
    assert not named(events, "card_announced")
    assert game.hands[0] == "2H" and game.stock[0] == "AD"


def test_c9_no_announcements_without_the_variant() -> None:
    game, rng = new(3, dealer=0)
    deal(game, rng, {1: "2C", 2: "AD", 0: "8S"})
    assert not named(act(game, "change"), "card_announced")
    assert all(s.card is None for s in game.view(None).seats)


def test_c9_dealers_king_costs_a_life_at_once() -> None:
    game, rng = new(4, ("dealers-king",), dealer=0)
    deal(game, rng, {1: "9C", 2: "8D", 3: "7H", 0: "3S"}, stock=("KD",))
    stand_rest_but_dealer(game)
    events = act(game, "cut", 1)
    assert events[:3] == [
        Event("cut", 0, value=1),
        Event("cut_king", 0, value="KD"),
        Event("life_lost", 0, value=2),
    ]
    assert named(events, "showdown")[0].value[-1] == (0, "3S")  # still in the showdown
    assert game.lives[0] == 1 and game.pot == 2


def test_c9_dealers_king_on_the_last_life_the_dealer_is_out_at_once() -> None:
    game, rng = new(4, ("dealers-king",), dealer=2)
    lose_round(game, rng, {0})  # dealers Cleo, Dan, then Ann
    lose_round(game, rng, {0})
    assert game.dealer == 0 and game.lives[0] == 1
    deal(game, rng, {1: "9C", 2: "4D", 3: "7H", 0: "2S"}, stock=("KD",))
    stand_rest_but_dealer(game)
    events = act(game, "cut", 1)
    assert [e.kind for e in events[:5]] == [
        "cut",
        "cut_king",
        "life_lost",
        "player_out",
        "showdown",
    ]
    assert named(events, "showdown")[0].value == ((1, "9C"), (2, "4D"), (3, "7H"))
    assert named(events, "life_lost")[1] == Event("life_lost", 2, value=2)
    assert game.dealer == 1 and game.lives == (0, 3, 2, 3)


def test_c9_dealers_king_leaving_one_player_who_wins() -> None:
    game, rng = new(3, ("dealers-king",), dealer=0)
    for _ in range(3):
        lose_round(game, rng, {2})  # dealers Ann, Ben, Cleo; Cleo is out
    lose_round(game, rng, {1})
    lose_round(game, rng, {1})  # dealers Ann, Ben; Ann deals next
    assert game.lives == (3, 1, 0) and game.dealer == 0
    lose_round(game, rng, {0})
    lose_round(game, rng, {0})
    assert game.dealer == 0 and game.lives == (1, 1, 0)
    deal(game, rng, {1: "QC", 0: "2S"}, stock=("KD",))
    act(game, "stand")
    events = act(game, "cut", 1)
    assert [e.kind for e in events] == ["cut", "cut_king", "life_lost", "player_out", "game_won"]
    assert game.winners() == (1,) and game.over and game.rounds_played == 8


def test_c9_kings_swap_too() -> None:
    game, rng = new(4, ("kings-swap", "dealers-king", "king-stops"), dealer=0)
    deal(game, rng, {1: "KC", 2: "KD", 3: "7H", 0: "3S"}, stock=("KS",))
    assert kinds(game.legal_actions()) == ["stand", "change"]  # no King power
    events = act(game, "change")
    assert named(events, "swap") and game.hands[1:3] == ("KD", "KC")
    assert all(s.card is None for s in game.view(None).seats)  # never face up
    act(game, "stand")
    act(game, "stand")  # no stop: King stops play has no effect
    events = act(game, "cut", 1)
    assert events[1] == Event("dealer_takes", 0, value="KS", private_to=0)
    assert game.hands[0] == "KS" and not named(events, "cut_king")
    assert [e.seat for e in named(events, "life_lost")] == [3]  # no Dealer's King life


def test_c9_king_stops_play_when_a_king_is_put_face_up() -> None:
    game, rng = new(5, ("king-stops",), dealer=0)
    deal(game, rng, {1: "9C", 2: "KD", 3: "2H", 4: "8C", 0: "3S"})
    act(game, "stand")
    events = act(game, "show_king")
    assert [e.kind for e in events[:3]] == ["king_shown", "play_stopped", "showdown"]
    assert events[1] == Event("play_stopped", 2)
    assert named(events, "life_lost") == [Event("life_lost", 3, value=2)]
    assert game.view(None).phase == "deal" and game.dealer == 1


def test_c9_king_stops_play_when_a_king_blocks_a_swap() -> None:
    game, rng = new(5, ("king-stops",), dealer=0)
    deal(game, rng, {1: "9C", 2: "AH", 3: "KH", 4: "8C", 0: "3S"})
    act(game, "stand")
    events = act(game, "change")
    assert [e.kind for e in events[:3]] == ["swap_blocked", "play_stopped", "showdown"]
    assert events[1] == Event("play_stopped", 3)
    assert named(events, "life_lost") == [Event("life_lost", 2, value=2)]


def test_c9_without_king_stops_play_a_king_does_not_stop_play() -> None:
    game, rng = new(4, dealer=0)
    deal(game, rng, {1: "KC", 2: "9D", 3: "7H", 0: "3S"})
    events = act(game, "show_king")
    assert events == [Event("king_shown", 1, value="KC")] and game.current_seat() == 2


def test_c9_pairs_are_safe_the_lowest_unpaired_rank_loses() -> None:
    game, rng = new(5, ("pairs-safe",), dealer=0)
    deal(game, rng, {1: "2C", 2: "2D", 3: "5H", 4: "9C", 0: "8S"})
    events = stand_rest(game)
    assert named(events, "life_lost") == [Event("life_lost", 3, value=2)]


def test_c9_pairs_are_safe_every_card_paired_nobody_loses() -> None:
    game, rng = new(4, ("pairs-safe",), dealer=0)
    deal(game, rng, {1: "2C", 2: "2D", 3: "9H", 0: "9S"})
    events = stand_rest(game)
    assert named(events, "nobody_loses") == [Event("nobody_loses", value="pairs")]
    assert not named(events, "life_lost") and game.lives == (3, 3, 3, 3) and game.pot == 0
    assert game.rounds_played == 1 and game.dealer == 1


def test_c9_pairs_safe_rule_on_its_own() -> None:
    assert losing_seats([(0, "2C"), (1, "2D"), (2, "2H"), (3, "3C")], True) == (3,)
    assert losing_seats([(0, "AC"), (1, "KD"), (2, "AH"), (3, "KC")], True) == ()
    assert losing_seats([(0, "AC"), (1, "AD"), (2, "9H")], False) == (0, 1)


# -- construction ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"names": ["A", "B"]}, "3 to 20 players"),
        ({"names": [str(i) for i in range(21)]}, "3 to 20 players"),
        ({"variants": frozenset({"three-chip"})}, "unknown Chase the Ace variant three-chip"),
        ({"all_out": "sudden-death"}, "all_out"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"first_dealer": -1}, "first_dealer"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"names": NAMES[:3], "rng": random.Random(1)} | kwargs
    with pytest.raises(ValueError, match=message):
        ChaseGame(**args)

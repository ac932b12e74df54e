"""The King rule of Chase the Ace, as a property over random games and variants.

The rule (rulings C5 and C9, the ``kings-swap`` and ``king-stops`` variants): a player
who asks to change with a neighbour holding a King is blocked; the King is turned face
up for everyone to see and no card moves. Under King stops play the
round ends there; under Kings swap a King changes hands like any other card.

Random play alone asks for a change against a King in few rounds (four Kings in 52
cards), so the deck is dealt with a King planted in every round: ``PlantedKing`` shuffles
as usual, then puts a King at a random place in the deal, keeps every King out of the
cards dealt before it, and the player just before it always asks to change. Every round
of every game then tries the rule at least once, on top of whatever random play finds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.engine.chase import ChaseGame
from tui.engine.chase.rules import VARIANTS, next_in
from tui.engine.core import Event

MAX_STEPS = 50_000


class PlantedKing(random.Random):
    """Each deal: a normal shuffle, then a King at a random place ``k`` (1 .. players
    in - 1) and no King in the places before it. Cards are dealt from the top, starting
    left of the dealer, so the player dealt place ``k - 1`` sits right of the King and
    plays just before its holder."""

    def __init__(self, seed: int, seats_in: Callable[[], int]) -> None:
        super().__init__(seed)
        self.seats_in = seats_in
        self.places: list[int] = []
        """The planted place of every deal so far."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        place = self.randint(1, self.seats_in() - 1)
        self.places.append(place)
        kings = [i for i, card in enumerate(x) if card[0] == "K"]
        x[place], x[kings[0]] = x[kings[0]], x[place]
        plain = place + 1
        for early in range(place):
            if x[early][0] == "K":
                while x[plain][0] == "K":
                    plain += 1
                x[early], x[plain] = x[plain], x[early]


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


class KingRule:
    """Checks every change a player asks for against the King rule."""

    def __init__(self, game: ChaseGame) -> None:
        self.game = game
        self.kings = "kings-swap" not in game.variants
        self.stops = "king-stops" in game.variants
        self.blocked = 0
        """Changes asked for against a King (and blocked, if Kings block)."""
        self.swapped_kings = 0
        """Kings that changed hands in a change (Kings swap)."""

    def change(self, seat: int, left: int) -> list[Event]:
        game = self.game
        hands, stock = game.hands, game.stock
        theirs = hands[left]
        assert theirs is not None
        action = next(a for a in game.legal_actions() if a.kind == "change")
        events = game.apply(action)
        if theirs[0] != "K":
            assert events[0].kind == "swap", events
            return events
        if not self.kings:
            assert events[0].kind == "swap", events
            assert game.hands[seat] == theirs and game.hands[left] == hands[seat]
            self.swapped_kings += 1
            return events
        self.blocked += 1
        assert events[0] == Event("swap_blocked", seat, left, theirs), events
        assert "swap" not in kinds(events) and "card_received" not in kinds(events)
        assert game.hands == hands, "a blocked change moved cards"
        assert game.stock == stock
        public = game.view(None).seats[left]
        assert public.card == theirs and public.card_state in ("king", "showdown")
        if self.stops:
            assert Event("play_stopped", left) in events, events
            assert game.table.phase in ("deal", "over"), "King stops play ends the round"
        else:
            assert "play_stopped" not in kinds(events)
            assert game.current_seat() in (left, None), "play goes on with the King's holder"
        return events


def play(seed: int, n: int, variants: frozenset[str], all_out: str) -> tuple[KingRule, int]:
    """Play a whole game; return the rule's checker and the number of rounds dealt."""
    holder: list[ChaseGame] = []
    rng = PlantedKing(seed, lambda: sum(life > 0 for life in holder[0].lives))
    game = ChaseGame([f"P{i + 1}" for i in range(n)], rng, variants, all_out=all_out)
    holder.append(game)
    rule = KingRule(game)
    pick = random.Random(seed ^ 0x5EED)
    for _ in range(MAX_STEPS):
        if game.over:
            return rule, len(rng.places)
        actions = game.legal_actions()
        table = game.table
        change = next((a for a in actions if a.kind == "change"), None)
        if change is not None:
            seat = table.order[table.turn]
            left = next_in(seat, table.lives)
            planted = table.turn == rng.places[-1] - 1
            if planted or pick.random() < 0.5:
                rule.change(seat, left)
                continue
        action = pick.choice([a for a in actions if a.kind != "change"] or actions)
        if action.arg_range is not None:
            action = action.with_arg(pick.randint(*action.arg_range))
        game.apply(action)
    raise AssertionError("the game did not end")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    n=st.integers(3, 20),
    variants=st.frozensets(st.sampled_from(sorted(VARIANTS))),
    all_out=st.sampled_from(["replay", "share"]),
)
def test_a_king_blocks_every_change_asked_against_it(
    seed: int, n: int, variants: frozenset[str], all_out: str
) -> None:
    rule, rounds = play(seed, n, variants, all_out)
    if rule.kings:
        # Every round's planted King was asked for at least once.
        assert rule.blocked >= rounds >= 1
        assert rule.swapped_kings == 0
    else:
        assert rule.blocked == 0
        assert rule.swapped_kings >= rounds >= 1


def test_the_planted_deal_puts_a_king_after_kingless_places() -> None:
    """The test's own deck does what it says (else the property above tests little)."""
    for seed in range(200):
        rng = PlantedKing(seed, lambda: 7)
        deck = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]
        rng.shuffle(deck)
        (place,) = rng.places
        assert 1 <= place <= 6 and deck[place][0] == "K"
        assert all(card[0] != "K" for card in deck[:place])
        assert sorted(deck) == sorted(f"{r}{s}" for r in "A23456789TJQK" for s in "CDHS")

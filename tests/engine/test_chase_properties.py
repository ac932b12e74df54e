"""Chase the Ace played to the end by random legal actions: the invariants that must hold.

Lives plus the pot are constant and never negative; every round the hands and the stock
are the 52 cards; nobody has two turns in a round; no view (any seat, or the public one)
and no public log line shows a card its viewer may not know; a mid-game JSON round trip
is exact and the restored game plays on identically; every game ends.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tests.support.oracle import position, within
from tui.engine.cards import FRESH_DECK, card_label
from tui.engine.chase import ChaseGame
from tui.engine.chase.rules import VARIANTS, starting_lives
from tui.engine.chase.view import ChaseView
from tui.engine.core import Action, Event
from tui.narrate.chase import describe

CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")
PUBLIC_REVEALS = {"swap_blocked", "king_shown", "card_announced", "cut_king", "showdown"}
MAX_STEPS = 10_000
"""Seven times the longest game seen (1,332 moves: 20 players, Four Lives, Pairs are
safe): a game still going after these fails with its position."""
GAME_SECONDS = 20.0
"""A game takes well under a second: one still going after these is stuck in a loop, and
fails with the position it is stuck in (``within``)."""


def cards_in(value: object) -> set[str]:
    """Every card code anywhere in ``value`` (a view, an event value)."""
    return set(CARD.findall(repr(value)))


def pick_action(game: ChaseGame, pick: random.Random) -> Action:
    action = pick.choice(game.legal_actions())
    if action.arg_range is not None:
        action = action.with_arg(pick.randint(*action.arg_range))
    return action


class Checker:
    """Plays one game and checks the invariants after every action."""

    def __init__(self, game: ChaseGame, thorough: bool) -> None:
        self.game = game
        self.thorough = thorough
        n = len(game.names)
        self.total = starting_lives(game.variants) * n
        self.turns: Counter[int] = Counter()
        self.public: set[str] = set()
        self.private: dict[int, set[str]] = {seat: set() for seat in range(n)}

    def step(self, action: Action) -> list[Event]:
        game = self.game
        seat = game.current_seat()
        assert seat is not None
        events = game.apply(action)
        if action.kind == "deal":
            self.turns.clear()
            self.public.clear()
            for known in self.private.values():
                known.clear()
        else:
            self.turns[seat] += 1
            assert self.turns[seat] == 1, "a second turn in one round"
        self.learn(events)
        self.check_counts()
        self.check_views(seat)
        return events

    def learn(self, events: list[Event]) -> None:
        batch_public: set[str] = set()
        batch_private: set[str] = set()
        for event in events:
            shown = cards_in(event.value)
            if event.private_to is not None:
                self.private[event.private_to] |= shown
                batch_private |= shown
            else:
                assert not shown or event.kind in PUBLIC_REVEALS, event
                self.public |= shown
                batch_public |= shown
        if not self.thorough:
            return
        public_text = " ".join(describe(events, self.game.names, ascii_only=True))
        for code in batch_private - batch_public:
            assert not re.search(rf"(?<!\w){re.escape(card_label(code, True))}(?!\w)", public_text)

    def check_counts(self) -> None:
        game = self.game
        assert sum(game.lives) + game.pot == self.total
        assert min(game.lives) >= 0 and game.pot >= 0
        hands = [card for card in game.hands if card is not None]
        if hands:
            assert sorted(hands + list(game.stock)) == sorted(FRESH_DECK)

    def check_views(self, actor: int) -> None:
        game = self.game
        viewers: list[int | None] = [None, actor]
        if self.thorough:  # every seat, the actor once: its view and allowed cards are one
            viewers = [None, *range(len(game.names))]
        for viewer in viewers:
            view = game.view(viewer)
            allowed = self.public | (self.private[viewer] if viewer is not None else set())
            if viewer is not None and game.hands[viewer] is not None:
                allowed = allowed | {game.hands[viewer]}  # type: ignore[arg-type]
            if self.thorough and (viewer is None or viewer == actor):
                shown = cards_in(view)  # every field, should a new one ever appear
            else:
                shown = {s.card for s in view.seats if s.card is not None}
                detail = ChaseView.of(view)
                shown |= {pair[1] for pair in (detail.received, detail.gave) if pair is not None}
                shown |= cards_in(detail)
            leaked = shown - allowed
            assert not leaked, f"view for {viewer} shows {leaked}"
            for seat_view in view.seats:
                if seat_view.card is not None:
                    assert seat_view.card == game.hands[seat_view.seat]
                    assert seat_view.seat == viewer or seat_view.card_state != "own"


def play(
    seed: int,
    n: int,
    variants: frozenset[str],
    all_out: str,
    thorough: bool = True,
    save_at: int | None = None,
) -> ChaseGame:
    game = ChaseGame(
        [f"P{i + 1}" for i in range(n)], random.Random(seed), variants, all_out=all_out
    )
    checker = Checker(game, thorough)
    pick = random.Random(seed * 7 + 1)
    twin: ChaseGame | None = None
    with within(GAME_SECONDS, lambda: f"stuck at {position(game.to_dict())}"):
        for step in range(MAX_STEPS):
            if game.over:
                break
            if step == save_at:
                data = game.to_dict()
                text = json.dumps(data)
                twin = ChaseGame.from_dict(json.loads(text))
                assert twin.to_dict() == data
            action = pick_action(game, pick)
            events = checker.step(action)
            if twin is not None:
                assert twin.apply(action) == events
        else:
            raise AssertionError(f"not over after {MAX_STEPS} moves: {position(game.to_dict())}")
    assert game.winners() and all(game.lives[seat] > 0 for seat in game.winners())
    if twin is not None:
        assert twin.to_dict() == game.to_dict()
    return game


RANDOM_GAME = given(
    seed=st.integers(0, 2**32),
    n=st.integers(3, 20),
    variants=st.frozensets(st.sampled_from(sorted(VARIANTS))),
    all_out=st.sampled_from(["replay", "share"]),
    save_at=st.integers(0, 300),
)


@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@RANDOM_GAME
def test_random_games_keep_every_invariant(
    seed: int, n: int, variants: frozenset[str], all_out: str, save_at: int
) -> None:
    """The same six games every run, a failure reported as found (no shrinking: a game
    that does not end would take minutes); the soak below hunts with fresh ones."""
    play(seed, n, variants, all_out, thorough=True, save_at=save_at)


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@RANDOM_GAME
def test_random_games_keep_every_invariant_soak(
    seed: int, n: int, variants: frozenset[str], all_out: str, save_at: int
) -> None:
    """The same, for a long hunt (``-m slow``)."""
    play(seed, n, variants, all_out, thorough=True, save_at=save_at)


def seeded_games(seeds: range) -> None:
    """Wide and cheap: the public view and the actor's, read field by field; no log."""
    names = sorted(VARIANTS)
    for seed in seeds:
        chooser = random.Random(seed)
        variants = frozenset(name for name in names if chooser.random() < 0.3)
        n = chooser.randint(3, 6)
        all_out = chooser.choice(["replay", "share"])
        save_at = chooser.randint(0, 100) if seed % 10 == 0 else None
        play(seed, n, variants, all_out, thorough=False, save_at=save_at)


def test_two_hundred_seeded_games() -> None:
    seeded_games(range(200))


@pytest.mark.slow
@pytest.mark.long(36)
def test_two_thousand_more_seeded_games() -> None:
    seeded_games(range(200, 2200))


def test_saved_game_deals_the_same_next_deck() -> None:
    game = ChaseGame(["A", "B", "C", "D"], random.Random(11), first_dealer=0)
    pick = random.Random(3)
    while game.legal_actions()[0].kind != "deal" or game.rounds_played == 0:
        game.apply(pick_action(game, pick))
    twin = ChaseGame.from_dict(json.loads(json.dumps(game.to_dict())))
    deal = Action("deal", "", "")
    assert game.apply(deal) == twin.apply(deal)
    assert game.hands == twin.hands and game.stock == twin.stock


def test_damaged_saves_are_refused() -> None:
    game = ChaseGame(["A", "B", "C"], random.Random(2), first_dealer=0)
    game.apply(Action("deal", "", ""))
    good = json.loads(json.dumps(game.to_dict()))
    damaged = [
        {**good, "version": 99},
        {**good, "game": "aces"},
        {**good, "lives": [3, 3]},
        {**good, "hands": [good["hands"][0]] * 3},
        {**good, "phase": "dancing"},
        {**good, "turn": 7},
        {**good, "variants": ["three-chip"]},
    ]
    for data in damaged:
        try:
            ChaseGame.from_dict(data)
        except ValueError:
            continue
        raise AssertionError(f"accepted {data}")
    assert ChaseGame.from_dict(good).to_dict() == good

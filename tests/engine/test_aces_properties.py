"""Aces in the Pot played to the end by random legal actions, over random tables.

The events are replayed into a shadow table after every action: if the events ever
disagree with the engine's own state, the log or an animation would lie.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tests.support.oracle import position, within
from tui.engine.aces import AcesGame
from tui.engine.aces.rules import EVENT_KINDS, VARIANTS
from tui.engine.aces.view import AcesView
from tui.engine.core import Event

MAX_STEPS = 20_000
"""No game here needs more (an Aces match of three rounds, bankrolls of a few chips): a
game still going after these fails with its position."""
GAME_SECONDS = 20.0
"""A game takes well under a second: one still going after these is stuck in a loop, and
fails with the position it is stuck in (``stuck``)."""
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay"]
EVERYDAY = settings(
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
"""The same examples every run, and a failure reported as found (shrinking a game that
does not end would take minutes): chance decides nothing in the everyday run."""


def stuck(game: AcesGame) -> AbstractContextManager[None]:
    """Fail with the position if the block (a game) does not end within its time."""
    return within(GAME_SECONDS, lambda: f"stuck at {position(game.to_dict())}")


@dataclass
class Shadow:
    """Chips, pot and bankrolls rebuilt from the events alone."""

    n: int
    match: str
    bankroll: int
    chips: list[int] = field(default_factory=list)
    banks: list[int] = field(default_factory=list)
    pot: int = 0
    turns: int = 0

    def __post_init__(self) -> None:
        self.chips = [0] * self.n
        self.banks = [self.bankroll if self.match == "bankroll" else 0] * self.n

    def play(self, events: list[Event]) -> None:
        for e in events:
            assert e.kind in EVENT_KINDS, e
            seat = -1 if e.seat is None else e.seat
            other = -1 if e.other is None else e.other
            assert e.private_to is None  # Aces has no secrets
            if e.kind == "round_start":
                self.pot = 0
                self.chips = [0] * self.n
            elif e.kind == "stake":
                self.chips[seat] = e.value
                if self.match == "bankroll":
                    self.banks[seat] -= e.value
            elif e.kind == "chip_to_pot":
                self.chips[seat] -= 1
                self.pot += 1
            elif e.kind == "chip_passed":
                self.chips[seat] -= 1
                self.chips[other] += 1
            elif e.kind == "final_roll_saved":
                self.chips[other] -= 1
                self.chips[seat] += 1
            elif e.kind == "table_taken":
                assert e.value == self.pot + sum(self.chips)
                self.banks[seat] += e.value
                self.chips = [0] * self.n
                self.pot = 0
            elif e.kind in ("roll", "final_roll"):
                self.turns += 1
            elif e.kind == "match_scores" and self.match == "bankroll":
                assert e.value == tuple(self.banks)

    def check(self, game: AcesGame) -> None:
        assert list(game.chips) == self.chips
        assert game.pot == self.pot
        assert game.turns == self.turns
        assert min(self.chips) >= 0 and self.pot >= 0
        if self.match == "bankroll":
            assert list(game.scores) == self.banks
            assert min(self.banks) >= 0
            assert sum(self.banks) + sum(self.chips) + self.pot == self.n * self.bankroll


def check_table(game: AcesGame, start: int) -> None:
    """Conservation in single and rounds play: every seat staked ``start`` chips."""
    if game.match != "bankroll" and game.phase != "start":
        assert sum(game.chips) + game.pot == start * len(game.names)


def make_game(
    n: int, variants: frozenset[str], match: str, first: int | None, seed: int
) -> AcesGame:
    rng = random.Random(seed)
    return AcesGame(
        NAMES[:n],
        rng,
        variants=variants,
        first_seat=first,
        match=match,
        rounds=1 + seed % 3,
        bankroll=1 + seed % 5,
    )


tables = st.tuples(
    st.integers(2, 6),
    st.frozensets(st.sampled_from(sorted(VARIANTS))),
    st.sampled_from(["single", "rounds", "bankroll"]),
    st.integers(-1, 5),
    st.integers(0, 2**32),
)


def unpack(table: tuple[int, frozenset[str], str, int, int]) -> AcesGame:
    n, variants, match, first, seed = table
    return make_game(n, variants, match, first if 0 <= first < n else None, seed)


@settings(EVERYDAY, max_examples=60)
@given(tables, st.integers(0, 2**32))
def test_random_games_conserve_chips_agree_with_their_events_and_end(
    table: tuple[int, frozenset[str], str, int, int], chooser_seed: int
) -> None:
    game = unpack(table)
    start = 3 if "three-chip" in game.variants else 2
    shadow = Shadow(len(game.names), game.match, 1 + table[4] % 5)
    chooser = random.Random(chooser_seed)
    with stuck(game):
        for _ in range(MAX_STEPS):
            if game.over:
                break
            events = game.apply(chooser.choice(game.legal_actions()))
            shadow.play(events)
            shadow.check(game)
            check_table(game, start)
    assert game.over, f"not over after {MAX_STEPS} moves: {position(game.to_dict())}"
    assert game.winners() and game.legal_actions() == [] and game.current_seat() is None
    view = game.view(None)
    assert {s.seat for s in view.seats if "winner" in s.flags} == set(game.winners())


@settings(EVERYDAY, max_examples=40)
@given(tables, st.integers(0, 2**32), st.integers(0, 300))
def test_json_round_trip_mid_game_is_exact_and_plays_on_identically(
    table: tuple[int, frozenset[str], str, int, int], chooser_seed: int, stop_at: int
) -> None:
    game = unpack(table)
    chooser = random.Random(chooser_seed)
    with stuck(game):
        for _ in range(stop_at):
            if game.over:
                break
            game.apply(chooser.choice(game.legal_actions()))
    saved = game.to_dict()
    text = json.dumps(saved)
    restored = AcesGame.from_dict(json.loads(text))
    assert restored.to_dict() == saved
    assert restored.view(None) == game.view(None)
    assert restored.legal_actions() == game.legal_actions()
    with stuck(game):
        for _ in range(MAX_STEPS):
            if game.over:
                break
            action = chooser.choice(game.legal_actions())
            assert restored.apply(action) == game.apply(action)
            assert restored.turns == game.turns
    assert restored.over and restored.winners() == game.winners()
    assert restored.to_dict() == game.to_dict()


@pytest.mark.slow
def test_two_thousand_seeded_games_end_conserve_chips_and_reach_every_ruling() -> None:
    """A plain loop: thousands of tables, counting that the rare rulings happen. The
    everyday run has the rule oracle's games instead (``test_rule_oracle.py``: fewer
    tables, every move checked against the rulings, every event reached)."""
    seen: Counter[str] = Counter()
    picker = random.Random(2026)
    variant_names = sorted(VARIANTS)
    for seed in range(2000):
        n = picker.randint(2, 6)
        variants = frozenset(v for v in variant_names if picker.random() < 0.4)
        match = picker.choice(["single", "single", "rounds", "bankroll"])
        first = picker.choice([None, picker.randrange(n)])
        game = make_game(n, variants, match, first, seed)
        steps = 0
        with stuck(game):
            while not game.over:
                events = game.apply(picker.choice(game.legal_actions()))
                seen.update(e.kind for e in events)
                won = any(e.kind == "round_won" for e in events)
                if won and events[0].kind in ("roll", "chip_to_pot") and game.match != "bankroll":
                    seen["empty-table win"] += sum(game.chips) == 0
                steps += 1
                assert steps < MAX_STEPS, f"not over: {position(game.to_dict())}"
        assert min(game.chips) >= 0 and game.pot >= 0
        if match == "bankroll":
            assert sum(game.scores) + sum(game.chips) + game.pot == n * (1 + seed % 5)
        else:
            start = 3 if "three-chip" in variants else 2
            assert sum(game.chips) + game.pot == start * n
        assert game.rounds_played >= 1 and game.turns >= 1
    for kind in EVENT_KINDS:
        assert seen[kind] > 0, f"no game produced {kind}"
    assert seen["empty-table win"] > 0


def test_views_are_fresh_read_only_snapshots() -> None:
    game = make_game(4, frozenset({"last-roll"}), "rounds", None, 7)
    game.apply(game.legal_actions()[0])
    view = game.view(2)
    assert view.viewer == 2 and view.game == "aces"
    before = game.to_dict()
    with pytest.raises(AttributeError):
        AcesView.of(view).turns = 99  # type: ignore[misc]
    assert AcesView.of(game.view(2)).turns == 0
    assert game.to_dict() == before
    public = game.view(None)
    assert public.seats == view.seats and public.pot == view.pot  # no secrets in Aces
    assert game.view(2) is not game.view(2)


def test_saved_games_are_plain_json() -> None:
    game = make_game(6, frozenset(VARIANTS), "bankroll", None, 3)
    game.apply(game.legal_actions()[0])
    data: dict[str, Any] = game.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == 1 and data["game"] == "aces"

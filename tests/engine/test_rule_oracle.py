"""Every move checked against the rulings (``tests/support/oracle.py``), not only against
invariants: which chip went where and why, who lost a life, who acts next, who won.

Two kinds of table, both games, every variant set:

- whole games from the first move, one per variant set and match mode (or all-out rule)
  at sizes that cycle, seeded: the same games on every run;
- random positions (hypothesis): hands, pots, players out and lives drawn directly,
  then a few moves from there with dice or decks drawn to make the rare rulings common
  (one chip and an ace+six, final rolls, ties on a last life, Kings, pairs). The
  everyday run draws the same examples every time (``derandomize``); the slow tier
  hunts with fresh ones.

A move that moves a chip the rulings do not, or a life, fails at once with the position
before it, the move and the dice or deck; a game that would not end fails after a fixed
number of moves (or a move after a few seconds), with the position, long before the
suite's timeout.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.support.oracle import (
    RecordingRandom,
    State,
    Stuck,
    aces_after,
    aces_differences,
    aces_events_moved,
    chase_after,
    chase_differences,
    chase_events_moved,
    legal_kinds,
    position,
    within,
)
from tui.engine.aces import AcesGame
from tui.engine.aces.check import validate as aces_validate
from tui.engine.aces.rules import EVENT_KINDS
from tui.engine.chase import ChaseGame
from tui.engine.chase.check import validate as chase_validate
from tui.engine.core import Action

ACES_VARIANTS = ("last-roll", "right-pass", "single-die", "three-chip")
CHASE_VARIANTS = (
    "announce-low",
    "dealer-draws",
    "dealers-king",
    "four-lives",
    "king-stops",
    "kings-swap",
    "pairs-safe",
)
MAX_MOVES = 20_000
"""No game here needs more (an Aces match of three rounds, bankrolls of a few chips, a
Chase game of 8 players): a game still going after these fails with its position."""
MOVE_SECONDS = 5.0
"""A single move that takes longer is stuck in a loop: it fails with its position."""
EVERYDAY = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
HUNT = settings(
    max_examples=1500,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def subsets(names: tuple[str, ...]) -> list[frozenset[str]]:
    return [
        frozenset(chosen)
        for size in range(len(names) + 1)
        for chosen in itertools.combinations(names, size)
    ]


# -- one move, checked -------------------------------------------------------------------


def checked_aces_move(
    game: AcesGame, rng: RecordingRandom, action: Action, seen: Counter[str] | None = None
) -> None:
    before = game.to_dict()

    def where() -> str:
        return f"{action.kind} from {position(before)}"

    with within(MOVE_SECONDS, where):
        events = game.apply(action)
    dice, _ = rng.take()
    expected = aces_after(before, action.kind, dice)
    after = game.to_dict()
    if seen is not None:
        seen.update(event.kind for event in events)
        won_alone = ("won", before["current"]) in expected.moved and not any(after["chips"])
        seen["empty-table win"] += won_alone and before["match"] != "bankroll"  # A7
    problems = aces_differences(expected.state, after)
    moved = aces_events_moved(events)
    if moved != expected.moved:
        problems.append(f"moved: rulings {expected.moved}, engine {moved}")
    legal = [a.kind for a in game.legal_actions()]
    if legal != expected.legal:
        problems.append(f"legal next: rulings {expected.legal}, engine {legal}")
    assert not problems, f"{where()} with dice {dice}:\n  " + "\n  ".join(problems)


def checked_chase_move(game: ChaseGame, rng: RecordingRandom, action: Action) -> None:
    before = game.to_dict()

    def where() -> str:
        return f"{action.kind} {action.arg or ''} from {position(before)}"

    with within(MOVE_SECONDS, where):
        events = game.apply(action)
    _, deck = rng.take()
    expected = chase_after(before, action.kind, action.arg, deck)
    after = game.to_dict()
    problems = chase_differences(expected.state, after)
    moved = chase_events_moved(events)
    if moved != expected.moved:
        problems.append(f"lives lost and wins: rulings {expected.moved}, engine {moved}")
    legal = [a.kind for a in game.legal_actions()]
    if legal != expected.legal:
        problems.append(f"legal next: rulings {expected.legal}, engine {legal}")
    cut = [a.arg_range for a in game.legal_actions() if a.kind == "cut"]
    if cut and cut != [(1, len(after["stock"]))]:
        problems.append(f"the cut offers {cut}, not 1 to {len(after['stock'])} (C6)")
    assert not problems, f"{where()}:\n  " + "\n  ".join(problems)


def first_legal_as_stated(state: State, legal: list[Action]) -> None:
    """Before any move: the moves on offer are the ones the rulings offer."""
    kinds = [a.kind for a in legal]
    assert kinds == legal_kinds(state), f"legal: engine {kinds} from {position(state)}"


def play_aces(
    game: AcesGame,
    rng: RecordingRandom,
    pick: random.Random,
    moves: int,
    seen: Counter[str] | None = None,
) -> None:
    """``moves`` checked moves (all of them, to the end, if the game is shorter)."""
    first_legal_as_stated(game.to_dict(), game.legal_actions())
    for _ in range(moves):
        legal = game.legal_actions()
        if not legal:
            return
        checked_aces_move(game, rng, pick.choice(legal), seen)


def play_chase(game: ChaseGame, rng: RecordingRandom, pick: random.Random, moves: int) -> None:
    first_legal_as_stated(game.to_dict(), game.legal_actions())
    for _ in range(moves):
        legal = game.legal_actions()
        if not legal:
            return
        action = pick.choice(legal)
        if action.arg_range is not None:
            low, high = action.arg_range
            action = action.with_arg(pick.choice([low, low + 1, high, pick.randint(low, high)]))
        checked_chase_move(game, rng, action)


def ends(game: AcesGame | ChaseGame) -> None:
    assert game.over, f"not over after {MAX_MOVES} moves: {position(game.to_dict())}"


def test_a_move_that_never_returns_fails_at_once_with_its_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An engine caught in a loop (a six looking for a neighbour that is never found)
    fails the test in a fraction of a second, saying where, not at the suite's timeout."""

    def forever(self: AcesGame, action: Action) -> list[Any]:
        while True:
            pass

    rng = RecordingRandom(1)
    game = AcesGame(["Ann", "Ben"], rng, first_seat=0)
    game.apply(game.legal_actions()[0])
    monkeypatch.setattr(AcesGame, "apply", forever)
    monkeypatch.setattr("tests.engine.test_rule_oracle.MOVE_SECONDS", 0.2)
    with pytest.raises(Stuck, match=r"no answer within 0.2 s: roll from .*'chips': \[2, 2\]"):
        checked_aces_move(game, rng, game.legal_actions()[0])


# -- whole games -------------------------------------------------------------------------


def aces_tables() -> list[tuple[int, frozenset[str], str, int | None, int]]:
    """Every variant set in every match mode, twice, at sizes 2 to 6 in turn."""
    tables = []
    for index, (variants, match, k) in enumerate(
        itertools.product(subsets(ACES_VARIANTS), ("single", "rounds", "bankroll"), range(2))
    ):
        n = 2 + index % 5
        tables.append((n, variants, match, None if k == 0 else index % n, index))
    return tables


def play_aces_game(
    n: int,
    variants: frozenset[str],
    match: str,
    first: int | None,
    seed: int,
    seen: Counter[str] | None = None,
) -> None:
    rng = RecordingRandom(seed)
    names = [f"P{k + 1}" for k in range(n)]
    game = AcesGame(names, rng, variants, first, match, rounds=1 + seed % 3, bankroll=1 + seed % 4)
    play_aces(game, rng, random.Random(seed), MAX_MOVES, seen)
    ends(game)


def test_aces_games_follow_the_rulings_move_by_move() -> None:
    """Every event the engine has happens in these games, the rare ones too (a tied
    roll-off, the ace+six choice, final rolls, an empty table's win, a broke player)."""
    tables = aces_tables()
    assert len(tables) == 16 * 3 * 2
    seen: Counter[str] = Counter()
    for table in tables:
        play_aces_game(*table, seen=seen)
    assert not [kind for kind in (*EVENT_KINDS, "empty-table win") if not seen[kind]], seen


def chase_tables(first_seed: int, count_each: int) -> list[tuple[int, frozenset[str], str, int]]:
    """Every variant set ``count_each`` times, the all-out rule and the size (3 to 7)
    taking turns."""
    tables = []
    for index, (variants, _) in enumerate(
        itertools.product(subsets(CHASE_VARIANTS), range(count_each))
    ):
        all_out = ("replay", "share")[index // 3 % 2]
        tables.append((3 + index % 5, variants, all_out, first_seed + index))
    return tables


def play_chase_game(n: int, variants: frozenset[str], all_out: str, seed: int) -> None:
    rng = RecordingRandom(seed)
    names = [f"P{k + 1}" for k in range(n)]
    game = ChaseGame(names, rng, variants, first_dealer=seed % n, all_out=all_out)
    play_chase(game, rng, random.Random(seed), MAX_MOVES)
    ends(game)


def test_chase_games_follow_the_rulings_move_by_move() -> None:
    tables = chase_tables(0, 1)
    assert len(tables) == 128
    for table in tables:
        play_chase_game(*table)


@pytest.mark.slow
@pytest.mark.long(40)
def test_more_games_follow_the_rulings_move_by_move() -> None:
    for n, variants, match, first, seed in aces_tables():
        for more in range(1, 6):
            play_aces_game(n, variants, match, first, seed + 1000 * more)
    for table in chase_tables(10_000, 6):
        play_chase_game(*table)


# -- random positions ----------------------------------------------------------------------


def spread(draw: Any, units: int, places: int) -> list[int]:
    """``units`` chips put one by one into ``places`` places."""
    counts = [0] * places
    for _ in range(units):
        counts[draw(st.integers(0, places - 1))] += 1
    return counts


@st.composite
def aces_positions(draw: Any) -> State:
    """A round under way: any hands, pot, bankrolls, players out and seat to act that
    the save check accepts (so: a table the rules can reach)."""
    n = draw(st.integers(2, 6))
    variants = draw(st.frozensets(st.sampled_from(ACES_VARIANTS)))
    match = draw(st.sampled_from(["single", "rounds", "bankroll"]))
    start = 3 if "three-chip" in variants else 2
    rounds, bankroll, played = 3, 10, 0
    broke = [False] * n
    scores = [0] * n
    if match == "bankroll":
        bankroll = draw(st.integers(1, 5))
        broke = [False, False, *(draw(st.booleans()) for _ in range(n - 2))]
        broke = draw(st.permutations(broke))
        playing = [seat for seat in range(n) if not broke[seat]]
        parts = spread(draw, n * bankroll, 1 + 2 * len(playing))
        pot, chips = parts[0], [0] * n
        for k, seat in enumerate(playing):
            chips[seat], scores[seat] = parts[1 + 2 * k], parts[2 + 2 * k]
    else:
        parts = spread(draw, n * start, n + 1)
        pot, chips = parts[0], parts[1:]
        if match == "rounds":
            rounds = draw(st.integers(1, 4))
            played = draw(st.integers(0, rounds - 1))
            scores = spread(draw, draw(st.integers(0, n * start * played)), n)
    out = [False] * n
    if "last-roll" in variants:
        out = [not chips[s] and not broke[s] and draw(st.booleans()) for s in range(n)]
    playing = [seat for seat in range(n) if not (out[seat] or broke[seat])]
    assume(playing)
    current = draw(st.sampled_from(playing))
    choice = "single-die" not in variants and chips[current] == 1 and draw(st.booleans())
    state: State = {
        "format": 1,
        "game": "aces",
        "names": [f"P{k + 1}" for k in range(n)],
        "variants": sorted(variants),
        "first_seat": draw(st.sampled_from([None, *range(n)])),
        "match": match,
        "rounds": rounds,
        "bankroll": bankroll,
        "rng": json.loads(json.dumps(random.Random(0).getstate())),
        "chips": chips,
        "pot": pot,
        "out": out,
        "broke": broke,
        "scores": scores,
        "phase": "choice" if choice else "turn",
        "current": current,
        "dice": [1, 6] if choice else [],
        "round": played + 1,
        "rounds_played": played,
        "turns": draw(st.integers(0, 40)),
        "round_winner": None,
        "winners": [],
    }
    assume(aces_validate(state) is None)
    return state


DICE = st.lists(st.sampled_from([1, 1, 6, 6, 2, 3, 4, 5]), min_size=30, max_size=30)
"""Dice for the moves from a position: aces and sixes twice as likely as the rest."""


def aces_from(state: State, dice: list[int], seed: int, moves: int) -> None:
    game = AcesGame.from_dict(state)
    rng = RecordingRandom(seed, dice=dice)
    game._rng = rng
    play_aces(game, rng, random.Random(seed), moves)


@EVERYDAY
@given(aces_positions(), DICE, st.integers(0, 2**16))
def test_aces_from_random_positions(state: State, dice: list[int], seed: int) -> None:
    aces_from(state, dice, seed, 12)


@pytest.mark.slow
@pytest.mark.long(40)
@HUNT
@given(aces_positions(), DICE, st.integers(0, 2**16))
def test_aces_from_random_positions_hunt(state: State, dice: list[int], seed: int) -> None:
    aces_from(state, dice, seed, MAX_MOVES)


@st.composite
def chase_positions(draw: Any) -> tuple[ChaseGame, RecordingRandom]:
    """A table before a deal: any lives (some on their last, some out), any dealer
    still in, and a deck whose top holds few ranks (ties, pairs, Kings, low cards)."""
    n = draw(st.integers(3, 8))
    variants = draw(st.frozensets(st.sampled_from(CHASE_VARIANTS)))
    start = 4 if "four-lives" in variants else 3
    lives = draw(st.lists(st.integers(0, start), min_size=n, max_size=n))
    lives = [draw(st.integers(1, 2)) if k < 2 and not lives[k] else lives[k] for k in range(n)]
    lives = draw(st.permutations(lives))
    dealer = draw(st.sampled_from([seat for seat in range(n) if lives[seat]]))
    ranks = "A2K" + draw(st.sampled_from("37Q"))
    top = draw(st.permutations([rank + suit for rank in ranks for suit in "CDHS"]))
    rng = RecordingRandom(draw(st.integers(0, 2**16)), decks=[top])
    game = ChaseGame(
        [f"P{k + 1}" for k in range(n)],
        rng,
        variants,
        first_dealer=dealer,
        all_out=draw(st.sampled_from(["replay", "share"])),
    )
    table = game.table
    table.lives = list(lives)
    table.pot = n * start - sum(lives)
    table.rounds_played = 1 if 0 in lives else 0
    table.out_round = [0 if life else 1 for life in lives]
    problem = chase_validate(game.to_dict())
    assert problem is None, problem
    return game, rng


@EVERYDAY
@given(chase_positions(), st.integers(0, 2**16))
def test_chase_from_random_positions(table: tuple[ChaseGame, RecordingRandom], seed: int) -> None:
    game, rng = table
    play_chase(game, rng, random.Random(seed), 40)


@pytest.mark.slow
@HUNT
@given(chase_positions(), st.integers(0, 2**16))
def test_chase_from_random_positions_hunt(
    table: tuple[ChaseGame, RecordingRandom], seed: int
) -> None:
    game, rng = table
    play_chase(game, rng, random.Random(seed), MAX_MOVES)
    ends(game)

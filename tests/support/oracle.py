"""The rulings (``shared/rules/RULINGS.md``) stated small and on their own, for the
property tests: given a table before one move, the move and the dice or deck it drew,
what the table must be after it, and which chip went where or who lost a life.

Written from the rulings, not from the engines: nothing here imports the games' code,
their constants or their helpers (a bug there would agree with itself). The state is
the plain dict of a save (``to_dict()``), read and never changed in place.

- ``aces_after(before, kind, dice)`` -> ``Expected``: A1-A8. ``dice`` are the dice the
  move rolled, in order (a roll-off's too).
- ``chase_after(before, kind, arg, deck)`` -> ``Expected``: C1-C9. ``deck`` is the
  shuffled deck a deal used.
- ``RecordingRandom``: a ``random.Random`` that rolls or deals a script first, then
  plays on from its seed, and records what each move drew.
- ``within(seconds, where)``: a move that does not return in time fails, saying where
  (the position), rather than hanging the run until its timeout.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

State = dict[str, Any]
RANKS = "A23456789TJQK"
"""Low to high: the Ace is the lowest card in Chase the Ace (C1)."""


@dataclass
class Expected:
    """The table after a move, the chips or lives that moved (in order), and the legal
    moves then (kinds only)."""

    state: State
    moved: list[tuple[Any, ...]] = field(default_factory=list)

    @property
    def legal(self) -> list[str]:
        return legal_kinds(self.state)


class RecordingRandom(random.Random):
    """Scripted dice and decks first (``dice``; ``decks``: the top cards of each deck,
    the rest in their order), then the seed's; ``drawn`` and ``dealt`` record them."""

    def __init__(
        self, seed: int = 0, dice: Sequence[int] = (), decks: Sequence[Sequence[str]] = ()
    ) -> None:
        super().__init__(seed)
        self.script = list(dice)
        self.decks = [list(deck) for deck in decks]
        self.drawn: list[int] = []
        self.dealt: list[str] = []

    def randint(self, a: int, b: int) -> int:
        value = self.script.pop(0) if self.script else super().randint(a, b)
        self.drawn.append(value)
        return value

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if self.decks:
            top = self.decks.pop(0)
            x[:] = top + [card for card in x if card not in top]
        else:
            super().shuffle(x)
        self.dealt = list(x)

    def take(self) -> tuple[list[int], list[str]]:
        """What was drawn since the last call: dice, and the deck if one was dealt."""
        drawn, dealt = self.drawn, self.dealt
        self.drawn, self.dealt = [], []
        return drawn, dealt


class Stuck(AssertionError):
    """A move that did not return: the message holds the position."""


@contextmanager
def within(seconds: float, where: Callable[[], str]) -> Iterator[None]:
    """Raise ``Stuck`` (saying ``where()``) if the block takes more than ``seconds``. A
    timer already running (pytest-timeout's) is put back afterwards, less the time the
    block took, so the test keeps its own limit."""

    def expire(_signum: int, _frame: FrameType | None) -> None:
        raise Stuck(f"no answer within {seconds} s: {where()}")

    previous = signal.signal(signal.SIGALRM, expire)
    start = time.monotonic()
    outer, interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            left = max(outer - (time.monotonic() - start), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, interval)


def _copy(state: State) -> State:
    """The state to work on: every list copied (one level: nothing here changes deeper),
    the random state left out."""
    return {key: list(v) if isinstance(v, list) else v for key, v in state.items() if key != "rng"}


def position(state: State) -> str:
    """A table in one line (no random state, no stock), to say where a test failed."""
    return repr({key: value for key, value in state.items() if key not in ("rng", "stock")})


def legal_kinds(state: State) -> list[str]:
    if state["game"] == "aces":
        return _aces_legal(state)
    return _chase_legal(state)


# -- Aces in the Pot ---------------------------------------------------------------------


def _aces_legal(s: State) -> list[str]:
    phase = s["phase"]
    if phase in ("start", "round_over"):
        return ["start_round" if phase == "start" else "next_round"]
    if phase == "choice":
        return ["pot", "pass"]
    if phase == "over":
        return []
    seat = s["current"]
    holders = [i for i, c in enumerate(s["chips"]) if c]
    final = "last-roll" in s["variants"] and len(holders) == 1 and not s["chips"][seat]
    return ["final_roll" if final else "roll"]


def aces_after(before: State, kind: str, dice: Sequence[int]) -> Expected:
    """A1-A8: the table after ``kind`` ("start_round", "next_round", "roll",
    "final_roll", "pot", "pass"), which rolled ``dice``. ``moved`` holds ("pot", seat),
    ("pass", seat, to), ("saved", seat, leader), ("out", seat), ("won", seat)."""
    s = _copy(before)
    moved: list[tuple[Any, ...]] = []
    rolls = list(dice)
    n = len(s["names"])
    variants = set(s["variants"])
    last_roll = "last-roll" in variants
    step = -1 if "right-pass" in variants else 1
    chips: list[int] = s["chips"]
    out: list[bool] = s["out"]
    broke: list[bool] = s["broke"]

    def absent(seat: int) -> bool:
        return out[seat] or broke[seat]

    def neighbour(seat: int) -> int:
        """A3: left (right under Right-Pass), past players out of the round or match."""
        other = (seat + step) % n
        while absent(other):
            other = (other + step) % n
        return other

    def next_turn(seat: int) -> int:
        """Turns go clockwise, whichever way chips go."""
        other = (seat + 1) % n
        while absent(other):
            other = (other + 1) % n
        return other

    def winner_after(mover: int) -> int | None:
        """A6 (and A7): the round's winner after a chip movement, if it is over."""
        holders = [i for i in range(n) if chips[i]]
        if not last_roll:
            return holders[0] if len(holders) == 1 else None
        if not holders:
            return mover  # A7: the last chip in hand went into the pot
        alone = len(holders) == 1 and all(absent(i) for i in range(n) if i != holders[0])
        return holders[0] if alone else None

    def move(seat: int, to: int | None) -> int | None:
        chips[seat] -= 1
        if to is None:
            s["pot"] += 1
            moved.append(("pot", seat))
        else:
            chips[to] += 1
            moved.append(("pass", seat, to))
        return winner_after(seat)

    def end_round(winner: int) -> None:
        moved.append(("won", winner))
        s["round_winner"] = winner
        s["rounds_played"] += 1
        s["current"] = None
        scores = s["scores"]
        if s["match"] == "single":
            s["phase"], s["winners"] = "over", [winner]
            return
        if s["match"] == "rounds":
            scores[winner] += s["pot"]  # A8: the winner scores the chips in the pot
            if s["rounds_played"] == s["rounds"]:
                best = max(scores)
                s["phase"], s["winners"] = "over", [i for i in range(n) if scores[i] == best]
            else:
                s["phase"] = "round_over"
            return
        scores[winner] += s["pot"] + sum(chips)  # A8: every chip on the table
        s["pot"] = 0
        s["chips"] = [0] * n
        for seat in range(n):
            broke[seat] = broke[seat] or not scores[seat]
        if broke.count(False) == 1:
            s["phase"], s["winners"] = "over", [winner]
        else:
            s["phase"] = "round_over"

    def after_move(seat: int, winner: int | None) -> Expected:
        if winner is not None:
            end_round(winner)
        else:
            s["phase"], s["current"] = "turn", next_turn(seat)
        return Expected(s, moved)

    if kind in ("start_round", "next_round"):
        if kind == "next_round":
            s["round"] += 1
        start = 3 if "three-chip" in variants else 2
        s["pot"], s["dice"], s["round_winner"] = 0, [], None
        for seat in range(n):
            out[seat] = False
            stake = 0 if broke[seat] else start
            if s["match"] == "bankroll":
                stake = min(stake, s["scores"][seat])  # A8: all they have if less
                s["scores"][seat] -= stake
            chips[seat] = stake
        if s["first_seat"] is None:  # A2: a roll-off; only the tied roll again
            contenders = [seat for seat in range(n) if not broke[seat]]
            while len(contenders) > 1:
                rolled = [(seat, rolls.pop(0)) for seat in contenders]
                best = max(die for _, die in rolled)
                contenders = [seat for seat, die in rolled if die == best]
            first = contenders[0]
        else:
            first = s["first_seat"]
            while broke[first]:
                first = (first + 1) % n
        assert not rolls, f"dice left over after the roll-off: {rolls}"
        s["phase"], s["current"] = "turn", first
        return Expected(s, moved)

    seat = s["current"]
    if kind in ("pot", "pass"):  # A4: the one-chip ace+six, as the roller chose
        return after_move(seat, move(seat, None if kind == "pot" else neighbour(seat)))
    s["turns"] += 1
    s["dice"] = rolls
    if kind == "final_roll":  # A7: any six wins one chip back from the leader
        if 6 in rolls:
            leader = next(i for i in range(n) if chips[i])
            chips[leader] -= 1
            chips[seat] += 1
            moved.append(("saved", seat, leader))
            return after_move(seat, None)
        out[seat] = True
        moved.append(("out", seat))
        holders = [i for i in range(n) if chips[i]]
        alone = len(holders) == 1 and all(absent(i) for i in range(n) if i != holders[0])
        return after_move(seat, holders[0] if alone else None)
    assert kind == "roll", kind
    if chips[seat] == 1 and sorted(rolls) == [1, 6]:
        s["phase"] = "choice"  # A4: the roller chooses; nothing has moved yet
        return Expected(s, moved)
    for die in rolls:
        if not chips[seat]:
            break  # A4: no chips left, nothing more moves (and the turn still counts)
        if die in (1, 6):
            winner = move(seat, None if die == 1 else neighbour(seat))
            if winner is not None:  # A6: at once, even between the two dice
                return after_move(seat, winner)
    return after_move(seat, None)


def aces_events_moved(events: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The chip movements, outs and wins the engine's events report, as ``moved``."""
    found: list[tuple[Any, ...]] = []
    for event in events:
        if event.kind == "chip_to_pot":
            found.append(("pot", event.seat))
        elif event.kind == "chip_passed":
            found.append(("pass", event.seat, event.other))
        elif event.kind == "final_roll_saved":
            found.append(("saved", event.seat, event.other))
        elif event.kind == "player_out":
            found.append(("out", event.seat))
        elif event.kind == "round_won":
            found.append(("won", event.seat))
    return found


ACES_COMPARED = (
    "chips",
    "pot",
    "broke",
    "scores",
    "phase",
    "current",
    "dice",
    "round",
    "rounds_played",
    "turns",
    "round_winner",
    "winners",
)
"""What a move must leave as the rulings say (``out`` too while a round is played)."""


def aces_differences(expected: State, actual: State) -> list[str]:
    keys = list(ACES_COMPARED)
    if expected["phase"] in ("turn", "choice"):
        keys.append("out")
    return [
        f"{key}: rulings {expected[key]!r}, engine {actual[key]!r}"
        for key in keys
        if expected[key] != actual[key]
    ]


# -- Chase the Ace -----------------------------------------------------------------------


def _rank(card: str) -> int:
    return RANKS.index(card[0])


def _chase_legal(s: State) -> list[str]:
    phase = s["phase"]
    if phase != "turn":
        return ["deal"] if phase == "deal" else []
    seat = s["order"][s["turn"]]
    kings = "kings-swap" not in s["variants"]
    if kings and s["hands"][seat][0] == "K":  # C5: a King goes face up, no change
        return ["stand"] if s["face_up"][seat] else ["show_king"]
    if seat == s["dealer"]:  # C6: stand, or cut (Dealer Draws: draw)
        return ["stand", "draw" if "dealer-draws" in s["variants"] else "cut"]
    left = _left_with_lives(seat, s["lives"])
    return ["stand"] if s["face_up"][left] else ["stand", "change"]


def _left_with_lives(seat: int, lives: Sequence[int]) -> int:
    n = len(lives)
    other = (seat + 1) % n
    while lives[other] <= 0 and other != seat:
        other = (other + 1) % n
    return other


def chase_losers(cards: Sequence[tuple[int, str]], pairs_safe: bool) -> list[int]:
    """C7, and C9's Pairs are safe: who loses a life at this showdown."""
    ranks = [_rank(card) for _, card in cards]
    if pairs_safe:
        lone = [r for r in ranks if ranks.count(r) == 1]
        if not lone:
            return []
        low = min(lone)
    else:
        low = min(ranks)
    return [seat for (seat, _), r in zip(cards, ranks, strict=True) if r == low]


def chase_after(before: State, kind: str, arg: int | None, deck: Sequence[str]) -> Expected:
    """C1-C9: the table after ``kind`` ("deal", "stand", "change", "show_king", "cut"
    with its depth ``arg``, "draw"). ``moved`` holds ("life", seat) for each life lost,
    in order, and ("over", winners) at the end of the game."""
    s = _copy(before)
    moved: list[tuple[Any, ...]] = []
    n = len(s["names"])
    variants = set(s["variants"])
    kings = "kings-swap" not in variants  # C9: Kings swap too: Kings have no power
    lives, hands = s["lives"], s["hands"]

    def lose_life(seat: int, round_number: int) -> None:
        lives[seat] -= 1
        s["pot"] += 1  # C2: a lost life goes into the middle
        moved.append(("life", seat))
        if not lives[seat]:
            s["out_round"][seat] = round_number

    if kind == "deal":  # C1, C3, C4: from the top, left of the dealer first, dealer last
        dealer = s["dealer"]
        order = [(dealer + k) % n for k in range(1, n + 1) if lives[(dealer + k) % n] > 0]
        s["order"], s["turn"], s["phase"] = order, 0, "turn"
        s["hands"] = [None] * n
        for index, seat in enumerate(order):
            s["hands"][seat] = deck[index]
        s["stock"] = list(deck[len(order) :])
        for key in ("face_up", "announced", "shown"):
            s[key] = [False] * n
        s["losers"], s["kept"] = [], []
        s["dealer_announced"] = True
        return Expected(s, moved)

    seat = s["order"][s["turn"]]
    stops = False
    if kind == "show_king":
        s["face_up"][seat] = True
        stops = "king-stops" in variants
    elif kind == "change":  # C5 (and C9's Announce low cards)
        left = _left_with_lives(seat, lives)
        if kings and hands[left][0] == "K":
            s["face_up"][left] = True  # blocked: the King is shown, no swap
            stops = "king-stops" in variants
        else:
            hands[seat], hands[left] = hands[left], hands[seat]
            if "announce-low" in variants:
                s["announced"][left] = hands[left][0] in "A23"
                s["announced"][seat] = hands[seat][0] in "A23"
    elif kind in ("cut", "draw"):  # C6: the card at that depth, or the top card
        index = 0 if kind == "draw" else int(arg or 0) - 1
        found = s["stock"][index]
        if kings and found[0] == "K":  # shown and refused; Dealer's King costs a life
            if "dealers-king" in variants:
                lose_life(seat, s["rounds_played"] + 1)
        else:
            hands[seat], s["stock"][index] = found, hands[seat]
            s["announced"][seat] = False  # the announced card moved (into the stock)
    else:
        assert kind == "stand", kind
    if not stops and s["turn"] < len(s["order"]) - 1:
        s["turn"] += 1
        return Expected(s, moved)
    # C7, C8: the showdown among the players still in (C9: not a dealer just put out)
    s["rounds_played"] += 1
    alive = [p for p in s["order"] if lives[p] > 0]
    if len(alive) > 1:
        for p in alive:
            s["shown"][p] = True
        losers = chase_losers([(p, hands[p]) for p in alive], "pairs-safe" in variants)
        if losers and set(losers) == set(alive) and all(lives[p] == 1 for p in losers):
            if s["all_out"] == "share":
                s["phase"], s["winners"] = "over", losers
                moved.append(("over", tuple(losers)))
                return Expected(s, moved)
            s["kept"] = losers
        else:
            s["losers"] = losers
            for p in losers:
                lose_life(p, s["rounds_played"])
        alive = [p for p in alive if lives[p] > 0]
    if len(alive) == 1:
        s["phase"], s["winners"] = "over", alive
        moved.append(("over", tuple(alive)))
        return Expected(s, moved)
    s["dealer"] = _left_with_lives(s["dealer"], lives)  # C3: the deal passes left
    s["phase"] = "deal"
    return Expected(s, moved)


def chase_events_moved(events: Sequence[Any]) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = []
    for event in events:
        if event.kind == "life_lost":
            found.append(("life", event.seat))
        elif event.kind == "game_won":
            found.append(("over", (event.seat,)))
        elif event.kind == "shared_win":
            found.append(("over", tuple(event.value)))
    return found


CHASE_COMPARED = (
    "lives",
    "pot",
    "hands",
    "stock",
    "face_up",
    "announced",
    "shown",
    "dealer",
    "phase",
    "order",
    "losers",
    "kept",
    "winners",
    "rounds_played",
    "out_round",
)


def chase_differences(expected: State, actual: State) -> list[str]:
    keys = [*CHASE_COMPARED, "turn"] if expected["phase"] == "turn" else list(CHASE_COMPARED)
    return [
        f"{key}: rulings {expected[key]!r}, engine {actual[key]!r}"
        for key in keys
        if expected[key] != actual[key]
    ]

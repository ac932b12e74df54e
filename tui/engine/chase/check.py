"""Chase the Ace: is a saved state one the rules could have reached and can finish?

``validate`` runs before anything is built from a save (``ChaseGame.from_dict``): every
field's type and range, lives never above the start and the pot holding every life lost,
the 52 cards each once between the hands and the stock, the dealer and the turn in range
and the turn order the one the rules make, winners at the table, and a game that can
still end (two players with lives, unless it is over). A damaged or hand-edited file is
refused with a reason instead of crashing the table or hanging it (``next_in`` with no
life left anywhere).
"""

from __future__ import annotations

from typing import Any

from tui.engine.cards import FRESH_DECK
from tui.engine.chase.rules import (
    ALL_OUT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VARIANTS,
    starting_lives,
    turn_order,
)
from tui.engine.save_checks import (
    SaveInvalid,
    flag,
    names,
    per_seat,
    reason_against,
    rng_state,
    seat_set,
    variants,
    whole,
    word,
)

VERSION = 1
PHASES = ("deal", "turn", "over")
MOVES = ("", "stand", "change", "blocked", "king", "cut", "draw")
"""What ``ChaseTable.moves`` may say a seat did this round ("" for not yet)."""
_DECK = frozenset(FRESH_DECK)


def validate(data: Any) -> str | None:
    """``None`` for a state ``ChaseGame.from_dict`` may load, else why not (a few words)."""
    return reason_against(_check, data)


def _card(value: object, field: str) -> str:
    if not isinstance(value, str) or value not in _DECK:
        raise SaveInvalid(f"{field} is not a card")
    return value


def _exchange(value: object, field: str, n: int) -> None:
    """A ``received``/``gave`` entry: nothing, or [the other seat, the card]."""
    if value is None:
        return
    if not isinstance(value, list) or len(value) != 2:
        raise SaveInvalid(f"{field} is damaged")
    whole(value[0], field, 0, n - 1)
    _card(value[1], field)


def _check(data: Any) -> None:
    if not isinstance(data, dict):
        raise SaveInvalid("the game is not a table")
    version = data.get("version")
    if data.get("game") != "chase" or type(version) is not int or version != VERSION:
        raise SaveInvalid("not a saved Chase the Ace game of a known version")
    n = len(names(data.get("names"), MIN_PLAYERS, MAX_PLAYERS))
    chosen = variants(data.get("variants"), VARIANTS)
    word(data.get("all_out"), "the all-out rule", ALL_OUT_OPTIONS)
    rng_state(data.get("rng"))
    start = starting_lives(chosen)
    lives = [
        whole(v, "a player's lives", 0, start) for v in per_seat(data.get("lives"), "lives", n)
    ]
    pot = whole(data.get("pot"), "the pot")
    if pot != n * start - sum(lives):
        raise SaveInvalid("the pot does not hold every life lost")
    hands = per_seat(data.get("hands"), "hands", n)
    held = [_card(card, "a hand") for card in hands if card is not None]
    stock = data.get("stock")
    if not isinstance(stock, list):
        raise SaveInvalid("the stock is not a list of cards")
    dealt = held + [_card(card, "a card in the stock") for card in stock]
    if dealt and (len(dealt) != len(_DECK) or set(dealt) != _DECK):
        raise SaveInvalid("the hands and the stock do not hold the 52 cards once each")
    for card in per_seat(data.get("moves"), "moves", n):
        word(card, "a move", MOVES)
    for key in ("face_up", "announced", "shown"):
        for value in per_seat(data.get(key), key, n):
            flag(value, key)
    for key in ("received", "gave"):
        for value in per_seat(data.get(key), key, n):
            _exchange(value, key, n)
    for key in ("dealer_random", "dealer_announced"):
        flag(data.get(key), key)
    dealer = whole(data.get("dealer"), "the dealer", 0, n - 1)
    phase = word(data.get("phase"), "the phase", PHASES)
    order = seat_set(data.get("order"), "the turn order", n)
    turn = whole(data.get("turn"), "the turn", 0, n)
    for key in ("losers", "kept"):
        seat_set(data.get(key), key, n)
    winners = seat_set(data.get("winners"), "the winners", n)
    whole(data.get("rounds_played"), "the rounds played")
    if (phase == "over") != bool(winners):
        raise SaveInvalid("the winners do not match the phase")
    if phase == "over":
        return
    if sum(1 for v in lives if v > 0) < 2:
        raise SaveInvalid("fewer than two players have lives, so the game can never end")
    if lives[dealer] <= 0:
        raise SaveInvalid("the dealer is out")
    if phase == "turn":
        if order != turn_order(dealer, lives) or turn >= len(order):
            raise SaveInvalid("the turn order is not the one the rules make")
        if len(dealt) != len(_DECK) or any((hands[s] is None) == (s in order) for s in range(n)):
            raise SaveInvalid("the cards dealt do not match the players in the round")

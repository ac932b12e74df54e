"""Targeted edits of a valid save (issue 18 items 1 and 2), made systematically.

``base_payload(game)`` is a real mid-game ``Controller.to_dict()`` of each game, reached
by play; ``edits()`` is every edit of it the tests try: each state field made null, a
string, a float, negative, huge and Infinity, each list's first entry made wrong and the
list cut short, a seat's name and level, the random state's words, and the cases the
attack found by hand (``NAMED``). Each edit is ``(id, game, mutate)``; ``mutate`` changes
a deep copy of the payload in place.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from datetime import datetime
from functools import cache
from typing import Any

from tests.support.table import new_engine
from tui.engine.controller import Controller, Seat
from tui.games import controller as make_controller
from tui.storage.save_format import encode_save

Payload = dict[str, Any]
Edit = tuple[str, str, Callable[[Payload], None]]
HUGE = 10**12
SETUP: dict[str, tuple[list[str], dict[str, Any], int]] = {
    "aces": (["Ann", "Ben", "Cleo"], {"match": "rounds", "rounds": 2, "first_seat": 0}, 7),
    "chase": (["Ann", "Ben", "Cleo", "Dev"], {"first_dealer": 0}, 9),
}
"""Players, options and how many moves to play before saving."""


@cache
def _base(game_id: str) -> str:
    names, options, moves = SETUP[game_id]
    game = new_engine(game_id, names, random.Random(4), (), **options)
    controller = make_controller(game, [Seat(names[0]), *(Seat(n, "casual") for n in names[1:])])
    for _ in range(moves):
        _step(controller)
    if game_id == "chase":  # a round is under way, a life already lost
        while (
            controller.view(None).phase != "turn"
            or sum(controller.to_dict()["state"]["lives"]) == 12
        ):
            _step(controller)
    return json.dumps(controller.to_dict())


def _step(controller: Controller) -> None:
    action = controller.actions()[0]
    if action.arg_range is not None:
        action = action.with_arg(action.arg_range[0])
    controller.apply(action)


def base_payload(game_id: str) -> Payload:
    payload: Payload = json.loads(_base(game_id))
    return payload


def save_file(payload: Payload) -> bytes:
    """The save file's bytes; written as Python's ``json`` would (``Infinity`` too)."""
    document = json.loads(encode_save({}, saved_at=datetime.now().astimezone(), round=None))
    document["payload"] = payload
    return json.dumps(document).encode()


def _set(key: str, value: Any) -> Callable[[Payload], None]:
    def mutate(payload: Payload) -> None:
        payload["state"][key] = copy.deepcopy(value)

    return mutate


def _first(key: str, value: Any) -> Callable[[Payload], None]:
    def mutate(payload: Payload) -> None:
        payload["state"][key][0] = value

    return mutate


def _cut(key: str) -> Callable[[Payload], None]:
    def mutate(payload: Payload) -> None:
        payload["state"][key].pop()

    return mutate


def _field_edits(game_id: str) -> Iterator[Edit]:
    state = base_payload(game_id)["state"]
    for key, value in state.items():
        if key in ("rng", "game"):
            continue
        yield f"{key}=null", game_id, _set(key, None)
        yield f"{key}=string", game_id, _set(key, "3" if not isinstance(value, str) else 3)
        if isinstance(value, list):
            yield f"{key}=number", game_id, _set(key, 3)
            if value:
                for label, wrong in (("str", "3"), ("null", None), ("neg", -1), ("float", 1.5)):
                    yield f"{key}[0]={label}", game_id, _first(key, wrong)
                yield f"{key}-cut", game_id, _cut(key)
        elif isinstance(value, int) and not isinstance(value, bool):
            yield f"{key}=float", game_id, _set(key, float(value))
            yield f"{key}=neg", game_id, _set(key, -1)
            yield f"{key}=huge", game_id, _set(key, HUGE)
            yield f"{key}=inf", game_id, _set(key, float("inf"))


def _rng_word(index: int, value: Any) -> Callable[[Payload], None]:
    def mutate(payload: Payload) -> None:
        payload["state"]["rng"][1][index] = value

    return mutate


def _other_edits(game_id: str) -> Iterator[Edit]:
    yield "rng-word-negative", game_id, _rng_word(0, -5)
    yield "rng-word-huge", game_id, _rng_word(3, 1 << 40)
    yield "rng-position-far", game_id, _rng_word(624, 9999)
    yield "rng-cut", game_id, lambda p: p["state"]["rng"][1].pop()
    yield "rng-version", game_id, lambda p: p["state"]["rng"].__setitem__(0, 2)
    yield "seats-cut", game_id, lambda p: p["seats"].pop()
    yield "seat-renamed", game_id, lambda p: p["seats"][0].__setitem__("name", "Zed")
    yield "seat-level", game_id, lambda p: p["seats"][1].__setitem__("bot", "genius")
    yield "seat-level-list", game_id, lambda p: p["seats"][1].__setitem__("bot", ["x"])


def _move_hand_to_stock(payload: Payload) -> None:
    state = payload["state"]
    seat = next(s for s, card in enumerate(state["hands"]) if card)
    state["stock"].append(state["hands"][seat])
    state["hands"][seat] = None


def _hand_null(payload: Payload) -> None:
    state = payload["state"]
    state["hands"][state["order"][0]] = None


def _duplicate_card(payload: Payload) -> None:
    state = payload["state"]
    state["stock"][0] = state["stock"][1]


def _no_chips(payload: Payload) -> None:
    state = payload["state"]
    state["pot"] += sum(state["chips"])
    state["chips"] = [0] * len(state["chips"])


def _no_lives(payload: Payload) -> None:
    state = payload["state"]
    state["pot"] += sum(state["lives"])
    state["lives"] = [0] * len(state["lives"])


def _life_made(payload: Payload) -> None:
    lives = payload["state"]["lives"]
    lives[lives.index(min(lives))] += 1


def _rename(seat: int, name: str) -> Callable[[Payload], None]:
    """Seat ``seat`` renamed in the game and in the seats alike (so only the name is
    wrong, not the match between the two)."""

    def mutate(payload: Payload) -> None:
        payload["state"]["names"][seat] = name
        payload["seats"][seat]["name"] = name

    return mutate


NAMED: list[Edit] = [
    ("lives-strings", "chase", _set("lives", ["3", 3, 3, 3])),
    ("pot-infinity", "aces", _set("pot", float("inf"))),
    ("hand-into-stock", "chase", _move_hand_to_stock),
    ("hand-null", "chase", _hand_null),
    ("card-twice", "chase", _duplicate_card),
    ("turn-float", "chase", _set("turn", 1.0)),
    ("dealer-float", "chase", _set("dealer", 0.0)),
    ("current-float", "aces", _set("current", 1.0)),
    ("pot-string", "aces", _set("pot", "2")),
    ("rounds-played-string", "chase", _set("rounds_played", "1")),
    ("winners-9-aces", "aces", _set("winners", [9])),
    ("winners-9-chase", "chase", _set("winners", [9])),
    ("all-lives-0", "chase", _no_lives),
    ("all-chips-0", "aces", _no_chips),
    ("chips-made", "aces", _first("chips", 5)),
    ("life-made", "chase", _life_made),
    ("dealer-out", "chase", lambda p: p["state"]["lives"].__setitem__(p["state"]["dealer"], 0)),
    ("name-twice", "chase", _rename(1, "ann")),  # "Pass to Ann" would call two people
    ("name-empty", "chase", _rename(0, "")),
    ("name-blank", "aces", _rename(2, "  \t")),
    ("name-escapes-only", "aces", _rename(1, "\x1b\x07\u200b")),
    ("name-100k", "chase", _rename(2, "W" * 100_000)),
    ("name-lookalike", "aces", _rename(1, "\u0410nn")),  # Cyrillic A: "Ann" twice to the eye
    ("name-filler", "chase", _rename(3, "\u3164")),  # a Hangul filler: drawn as nothing
    ("name-accent-only", "aces", _rename(0, "\u0301")),
]


def edits() -> list[Edit]:
    """Every edit tried, named cases first; ids are unique."""
    found = list(NAMED)
    for game_id in SETUP:
        found += [(f"{game_id}:{name}", g, m) for name, g, m in _field_edits(game_id)]
        found += [(f"{game_id}:{name}", g, m) for name, g, m in _other_edits(game_id)]
    ids = [edit[0] for edit in found]
    assert len(ids) == len(set(ids)), "edit ids must be unique"
    return found


def edited(edit: Edit) -> Payload:
    _, game_id, mutate = edit
    payload = base_payload(game_id)
    mutate(payload)
    return payload

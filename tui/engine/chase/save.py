"""Chase the Ace games as JSON-compatible dicts and back, exactly (random state included).

The dict is flat: the game's options, then one entry per piece of the ``ChaseTable``.
Loading checks the shape (one entry per seat, 52 distinct cards between hands and stock)
so a damaged save is refused with ``ValueError`` instead of playing on from nonsense.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from tui.engine.cards import FRESH_DECK
from tui.engine.chase.check import PHASES, VERSION, validate
from tui.engine.chase.table import ChaseTable
from tui.engine.core import rng_from_json, rng_state_to_json

PER_SEAT = ("lives", "hands", "moves", "face_up", "announced", "received", "gave", "shown")
OTHER = ("pot", "dealer", "dealer_random", "dealer_announced", "phase", "stock", "order")
SEAT_TUPLES = ("losers", "kept", "winners")
STATE_KEYS = PER_SEAT + OTHER + SEAT_TUPLES + ("turn", "rounds_played", "out_round")
"""The saved ``ChaseTable`` fields, in the order the dict holds them."""


def dump(game_id: str, table: ChaseTable) -> dict[str, Any]:
    rng: Any = table.rng
    data: dict[str, Any] = {
        "game": game_id,
        "version": VERSION,
        "names": list(table.names),
        "variants": sorted(table.variants),
        "all_out": table.all_out,
        "rng": rng_state_to_json(rng),
    }
    for key in STATE_KEYS:
        value = getattr(table, key)
        if isinstance(value, (list, tuple)):
            value = [list(item) if isinstance(item, tuple) else item for item in value]
        data[key] = value
    return data


def check_header(game_id: str, data: dict[str, Any]) -> None:
    """``ValueError`` (why, in a few words) unless ``data`` is a Chase the Ace save of
    this version that the rules could have reached and can finish (``check.validate``)."""
    if data.get("game") != game_id:
        raise ValueError("not a saved Chase the Ace game of a known version")
    problem = validate(data)
    if problem is not None:
        raise ValueError(problem)


def rng_of(data: dict[str, Any]) -> random.Random:
    return rng_from_json(data["rng"])


def restore(table: ChaseTable, data: dict[str, Any]) -> ChaseTable:
    """``table`` (made from the saved options) with the saved state put back."""
    n = len(table.names)
    fields: dict[str, Any] = {}
    for key in STATE_KEYS:
        if key == "out_round":
            fields[key] = _out_rounds(data, table)
            continue
        value = data[key]
        if key in ("received", "gave"):
            value = [None if item is None else (int(item[0]), str(item[1])) for item in value]
        elif key in SEAT_TUPLES:
            value = tuple(int(seat) for seat in value)
        elif isinstance(value, list):
            value = list(value)
        if key in PER_SEAT and len(value) != n:
            raise ValueError(f"saved {key} has {len(value)} entries for {n} players")
        fields[key] = value
    loaded = dataclasses.replace(table, seat_views={}, **fields)
    dealt = [card for card in loaded.hands if card is not None] + loaded.stock
    if loaded.phase not in PHASES or (dealt and sorted(dealt) != sorted(FRESH_DECK)):
        raise ValueError("the saved cards or phase do not make a Chase the Ace game")
    if loaded.phase == "turn" and not 0 <= loaded.turn < len(loaded.order):
        raise ValueError("the saved turn is outside the round")
    return loaded


def _out_rounds(data: dict[str, Any], table: ChaseTable) -> list[int]:
    """When each seat went out. A save from before this was kept has none: every seat
    already out gets the round it was saved in (the order between them is lost, not the
    game); one that has it must have it right (``ValueError``)."""
    n = len(table.names)
    lives = data["lives"]
    played = data["rounds_played"]
    if "out_round" not in data:
        return [0 if lives[seat] else max(1, played) for seat in range(n)]
    value = data["out_round"]
    if not isinstance(value, list) or len(value) != n:
        raise ValueError("the saved rounds players went out in do not match the players")
    for seat, out in enumerate(value):
        if type(out) is not int or not 0 <= out <= played or (out == 0) != (lives[seat] > 0):
            raise ValueError("a saved round a player went out in is not one the game had")
    return list(value)

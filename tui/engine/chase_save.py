"""Chase the Ace games as JSON-compatible dicts and back, exactly (random state included).

The dict is flat: the game's options, then one entry per piece of state. Loading checks
the shape (one entry per seat, 52 distinct cards between hands and stock) so a damaged
save is refused with ``ValueError`` instead of playing on from nonsense.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.engine.cards import FRESH_DECK
from tui.engine.core import rng_from_json, rng_state_to_json

if TYPE_CHECKING:
    from tui.engine.chase import ChaseGame

VERSION = 1
PER_SEAT = ("lives", "hands", "moves", "face_up", "announced", "received", "gave", "shown")
OTHER = ("pot", "dealer", "dealer_random", "dealer_announced", "phase", "stock", "order")
SEAT_TUPLES = ("losers", "kept", "winners")
STATE_KEYS = PER_SEAT + OTHER + SEAT_TUPLES + ("turn", "rounds_played")
PHASES = ("deal", "turn", "over")


def dump(game: ChaseGame) -> dict[str, Any]:
    g: Any = game
    data: dict[str, Any] = {
        "game": game.game_id,
        "version": VERSION,
        "names": list(game.names),
        "variants": sorted(game.variants),
        "all_out": game.all_out,
        "rng": rng_state_to_json(g._rng),
    }
    for key in STATE_KEYS:
        value = getattr(g, "_" + key)
        if isinstance(value, (list, tuple)):
            value = [list(item) if isinstance(item, tuple) else item for item in value]
        data[key] = value
    return data


def load(cls: type[ChaseGame], data: dict[str, Any]) -> ChaseGame:
    if data.get("game") != cls.game_id or data.get("version") != VERSION:
        raise ValueError("not a saved Chase the Ace game of a known version")
    game = cls(
        data["names"],
        rng_from_json(data["rng"]),
        frozenset(data["variants"]),
        first_dealer=int(data["dealer"]),
        all_out=data["all_out"],
    )
    n = len(game.names)
    g: Any = game
    for key in STATE_KEYS:
        value = data[key]
        if key in ("received", "gave"):
            value = [None if item is None else (int(item[0]), str(item[1])) for item in value]
        elif key in SEAT_TUPLES:
            value = tuple(int(seat) for seat in value)
        elif isinstance(value, list):
            value = list(value)
        if key in PER_SEAT and len(value) != n:
            raise ValueError(f"saved {key} has {len(value)} entries for {n} players")
        setattr(g, "_" + key, value)
    dealt = [card for card in g._hands if card is not None] + g._stock
    if g._phase not in PHASES or (dealt and sorted(dealt) != sorted(FRESH_DECK)):
        raise ValueError("the saved cards or phase do not make a Chase the Ace game")
    if g._phase == "turn" and not 0 <= g._turn < len(g._order):
        raise ValueError("the saved turn is outside the round")
    return game

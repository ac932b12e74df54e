"""The engine's vocabulary as JSON: actions, events, seat and table views.

Every line on a shared table's socket is one JSON object. The engine's values are
tuples and frozensets; JSON has only lists, so lists read back as tuples (dice, seats,
moves) and the few set-valued fields (``variants``, ``flags``) are rebuilt by name.
Views, not state, are encoded: what a terminal receives is exactly what the engine's
per-seat view lets that seat know.
"""

from __future__ import annotations

import json
from typing import Any

from tui import games
from tui.engine.controller import Seat
from tui.engine.core import Action, Event, SeatView, TableView, as_json, from_json

PROTOCOL = 1
"""Bump when a message changes shape: a client of another version is refused."""

MAX_LINE = 256 * 1024
"""The longest line either side reads; a longer one ends the connection."""


class WireError(ValueError):
    """A line that is not a message of this protocol."""


_BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_CONTROLS = dict.fromkeys((*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *_BIDI))
"""C0 and C1 control characters and DEL (escape sequences, carriage returns, bells),
the line and paragraph separators, and the bidirectional controls (text drawn in an
order other than its own): nothing a table sends may move a cursor or reorder a line."""


def plain(text: str) -> str:
    """``text`` with every control character taken out (``_CONTROLS``)."""
    return text.translate(_CONTROLS)


def cleaned(value: Any) -> Any:
    """A message from the wire with every string in it ``plain`` (keys too), at any
    depth: what a table or a terminal says is data, printed or drawn as it is, and it
    never reaches a terminal as an escape sequence."""
    if isinstance(value, str):
        return value.translate(_CONTROLS)
    if isinstance(value, list):
        return [cleaned(item) for item in value]
    if isinstance(value, dict):
        return {cleaned(key): cleaned(item) for key, item in value.items()}
    return value


def encode(message: dict[str, Any]) -> bytes:
    """One message as one line of compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """One line back into a message; ``WireError`` for anything else."""
    if len(line) > MAX_LINE:
        raise WireError("line too long")
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:  # nested too deep
        raise WireError("not JSON") from error
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise WireError("not a message")
    return message


def action_out(action: Action) -> dict[str, Any]:
    return {
        "kind": action.kind,
        "label": action.label,
        "key": action.key,
        "arg": action.arg,
        "range": as_json(action.arg_range),
        "forced": action.forced,
    }


def action_in(data: Any) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise WireError("bad action")
    arg = data.get("arg")
    arg_range = data.get("range")
    if arg_range is not None and not (
        isinstance(arg_range, list)
        and len(arg_range) == 2
        and all(type(n) is int for n in arg_range)
    ):
        raise WireError("bad action range")
    return Action(
        data["kind"],
        str(data.get("label", "")),
        str(data.get("key", "")),
        arg if isinstance(arg, int) else None,
        (int(arg_range[0]), int(arg_range[1])) if isinstance(arg_range, list) else None,
        data.get("forced") is True,
    )


def event_out(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "seat": event.seat,
        "other": event.other,
        "value": as_json(event.value),
        "private_to": event.private_to,
    }


def event_in(data: dict[str, Any]) -> Event:
    return Event(
        str(data["kind"]),
        data.get("seat"),
        data.get("other"),
        from_json(data.get("value")),
        data.get("private_to"),
    )


def seat_out(view: SeatView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "name": view.name,
        "counters": view.counters,
        "card": view.card,
        "card_state": view.card_state,
        "flags": as_json(view.flags),
    }


def seat_in(data: dict[str, Any]) -> SeatView:
    return SeatView(
        int(data["seat"]),
        str(data["name"]),
        int(data["counters"]),
        data.get("card"),
        str(data.get("card_state", "")),
        frozenset(data.get("flags", ())),
    )


def view_out(view: TableView) -> dict[str, Any]:
    """What every game's view has, and the game's own ``detail`` by its own codec."""
    return {
        "game": view.game,
        "viewer": view.viewer,
        "seats": [seat_out(seat) for seat in view.seats],
        "pot": view.pot,
        "current": view.current,
        "phase": view.phase,
        "round": view.round,
        "variants": as_json(view.variants),
        "winners": as_json(view.winners),
        "detail": None if view.detail is None else view.detail.to_wire(),
    }


def view_in(data: dict[str, Any]) -> TableView:
    """A view back; its ``detail`` read by the codec its game registered
    (``GameSpec.view_detail``). ``WireError`` for a game this party-dice does not know
    or a detail that is not of the game's types."""
    game = str(data["game"])
    try:
        spec = games.get(game)
    except ValueError:
        raise WireError(f"a view of an unknown game: {game!r}") from None
    detail = None
    if data.get("detail") is not None:
        if spec.view_detail is None:
            raise WireError(f"{game} views have no detail")
        try:
            detail = spec.view_detail().from_wire(data["detail"])
        except (TypeError, ValueError) as error:
            raise WireError(f"a bad view detail: {error}") from None
    return TableView(
        game=game,
        viewer=data.get("viewer"),
        seats=tuple(seat_in(seat) for seat in data["seats"]),
        pot=int(data["pot"]),
        current=data.get("current"),
        phase=str(data["phase"]),
        round=int(data["round"]),
        variants=frozenset(data["variants"]),
        winners=from_json(data.get("winners") or ()),
        detail=detail,
    )


def seats_out(seats: tuple[Seat, ...]) -> list[dict[str, Any]]:
    return [{"name": seat.name, "bot": seat.bot} for seat in seats]


def seats_in(data: Any) -> tuple[Seat, ...]:
    return tuple(Seat(str(seat["name"]), seat.get("bot")) for seat in data)

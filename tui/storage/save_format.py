"""The save file's envelope: a version, a small summary for the Continue list, the game.

Kept apart from ``saves`` so the format can be read (and tested) without any file:
``encode_save`` makes the bytes, ``parse_save`` checks every field a listing relies on
and raises ``Damaged`` with a short reason a person can read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tui.storage.files import Damaged, check_format, is_int, is_str_list

SAVE_KIND = "party-dice-save"
SAVE_FORMAT = 1
"""Version of the envelope; the game inside carries its own ``format``."""
SUFFIX = ".json"


@dataclass(frozen=True)
class SaveSummary:
    """What the Continue list shows about a save without rebuilding the game."""

    slot_id: str
    path: Path
    game: str
    players: tuple[str, ...]
    round: int | None
    variants: tuple[str, ...]
    saved_at: datetime
    """Timezone-aware."""
    in_use: bool = False
    """True when another session has this game open right now."""


def _summary_fields(payload: dict[str, Any], round: int | None) -> dict[str, Any]:
    """Read the summary out of a ``Controller.to_dict()`` payload, tolerantly."""
    game = payload.get("game")
    seats = payload.get("seats")
    state = payload.get("state")
    state = state if isinstance(state, dict) else {}
    players = [
        seat["name"]
        for seat in (seats if isinstance(seats, list) else [])
        if isinstance(seat, dict) and isinstance(seat.get("name"), str)
    ]
    if round is None and is_int(state.get("round")):
        round = state["round"]
    variants = state.get("variants")
    if not is_str_list(variants):
        variants = []
    return {
        "game": game if isinstance(game, str) else "",
        "players": players,
        "round": round,
        "variants": sorted(variants),
    }


def encode_save(payload: dict[str, Any], *, saved_at: datetime, round: int | None) -> bytes:
    """The bytes of a save file (``TypeError``/``ValueError`` if the payload is not JSON)."""
    if not isinstance(payload, dict):
        raise TypeError("a save payload is a dict (Controller.to_dict())")
    summary = _summary_fields(payload, round)
    summary["saved_at"] = saved_at.isoformat(timespec="seconds")
    document = {"kind": SAVE_KIND, "version": SAVE_FORMAT, "summary": summary, "payload": payload}
    # ensure_ascii keeps names with lone surrogates (from odd command lines) round-tripping.
    return json.dumps(document, ensure_ascii=True, allow_nan=False).encode("ascii")


def _str_list(value: object, field: str) -> tuple[str, ...]:
    if not is_str_list(value):
        raise Damaged(f"the {field} are not a list of words")
    return tuple(value)


def parse_save(data: bytes, *, slot_id: str, path: Path) -> tuple[SaveSummary, dict[str, Any]]:
    """Check and decode a save file; ``Damaged`` says what is wrong."""
    if not data.strip():
        raise Damaged("the file is empty")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Damaged("not valid JSON") from error
    if not isinstance(document, dict) or document.get("kind") != SAVE_KIND:
        raise Damaged("not a party-dice save")
    check_format(document.get("version"), SAVE_FORMAT)
    summary = document.get("summary")
    payload = document.get("payload")
    if not isinstance(summary, dict) or not isinstance(payload, dict):
        raise Damaged("summary or game missing")
    game = summary.get("game")
    if not isinstance(game, str):
        raise Damaged("the game is not named")
    round = summary.get("round")
    if round is not None and not is_int(round):
        raise Damaged("the round is not a number")
    try:
        saved_at = datetime.fromisoformat(summary["saved_at"])
        if saved_at.tzinfo is None:
            saved_at = saved_at.astimezone()
    except (KeyError, TypeError, ValueError, OverflowError, OSError) as error:
        raise Damaged("the save time is not a date") from error
    return (
        SaveSummary(
            slot_id=slot_id,
            path=path,
            game=game,
            players=_str_list(summary.get("players"), "players"),
            round=round,
            variants=_str_list(summary.get("variants"), "variants"),
            saved_at=saved_at,
        ),
        payload,
    )

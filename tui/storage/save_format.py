"""The save file's envelope: a version, a small summary for the Continue list, the game,
and the table's notes (its log, the match so far).

Kept apart from ``saves`` so the format can be read (and tested) without any file:
``encode_save`` makes the bytes, ``parse_save`` checks every field a listing relies on
and raises ``Damaged`` with a short reason a person can read. The notes sit beside the
game, not in it (the game's payload stays ``Controller.to_dict()`` exactly), and are
read tolerantly by ``notes_of``: a save from before they were kept, or with notes that
are not understood, still loads, with an empty log.
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
    counters: tuple[int, ...] = ()
    """Each player's chips or lives when it was saved (empty in older saves)."""


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


def encode_save(
    payload: dict[str, Any],
    *,
    saved_at: datetime,
    round: int | None,
    notes: TableNotes | None = None,
    counters: tuple[int, ...] = (),
) -> bytes:
    """The bytes of a save file (``TypeError``/``ValueError`` if the payload is not JSON)."""
    if not isinstance(payload, dict):
        raise TypeError("a save payload is a dict (Controller.to_dict())")
    summary = _summary_fields(payload, round)
    summary["saved_at"] = saved_at.isoformat(timespec="seconds")
    if counters:
        summary["counters"] = list(counters)
    document = {"kind": SAVE_KIND, "version": SAVE_FORMAT, "summary": summary, "payload": payload}
    if notes is not None:
        document[NOTES_KEY] = _notes_dict(notes)
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
            counters=_counters(summary.get("counters"), len(summary.get("players") or ())),
        ),
        payload,
    )


def _counters(value: object, players: int) -> tuple[int, ...]:
    """The saved counters if they are one whole number per player, else none (an older
    save, or an edited one: the list then shows the names alone)."""
    if not isinstance(value, list) or len(value) != players:
        return ()
    if not all(is_int(item) and 0 <= item < 10**6 for item in value):
        return ()
    return tuple(value)


# -- what the table keeps beside the game -------------------------------------------------

NOTES_KEY = "table"
"""The envelope's key for ``TableNotes``; a save without it (older) has empty notes."""
MAX_LOG_LINES = 1000
MAX_LINE = 400
"""A saved log is cut to its newest lines, each to this many characters: a save someone
edited must not fill the screen or the memory."""
LOG_STYLES = frozenset({"", "dim", "bold"})


@dataclass(frozen=True)
class Match:
    """The games this table played before the current one, in a run of rematches, and
    the wins per name among them (a shared win counts for each)."""

    games: int = 0
    wins: tuple[tuple[str, int], ...] = ()

    def after(self, winners: tuple[str, ...]) -> Match:
        """The match once a game won by ``winners`` is added."""
        wins = dict(self.wins)
        for name in dict.fromkeys(winners):
            wins[name] = wins.get(name, 0) + 1
        return Match(self.games + 1, tuple(wins.items()))


@dataclass(frozen=True)
class TableNotes:
    """What a table keeps in the save beside the game: its log (text, style) and the
    match so far. Public only: the log never holds a face-down card."""

    log: tuple[tuple[str, str], ...] = ()
    match: Match = Match()


def _notes_dict(notes: TableNotes) -> dict[str, Any]:
    return {
        "log": [list(line) for line in notes.log[-MAX_LOG_LINES:]],
        "match": {"games": notes.match.games, "wins": [list(w) for w in notes.match.wins]},
    }


def notes_of(data: bytes) -> TableNotes:
    """The notes of a save file's bytes, tolerantly: a part that is missing (a save from
    before notes were kept) or not understood is left empty, never a damaged save."""
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return TableNotes()
    table = document.get(NOTES_KEY) if isinstance(document, dict) else None
    if not isinstance(table, dict):
        return TableNotes()
    log: list[tuple[str, str]] = []
    lines = table.get("log")
    for line in lines[-MAX_LOG_LINES:] if isinstance(lines, list) else ():
        if is_str_list(line) and len(line) == 2 and line[1] in LOG_STYLES:
            log.append((line[0][:MAX_LINE], line[1]))
    return TableNotes(tuple(log), _read_match(table.get("match")))


def _read_match(match: object) -> Match:
    if not isinstance(match, dict) or not is_int(match.get("games")) or match["games"] < 0:
        return Match()
    wins = match.get("wins")
    entries = wins if isinstance(wins, list) else []
    good = [
        (entry[0], entry[1])
        for entry in entries
        if isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and is_int(entry[1])
        and 0 <= entry[1] <= match["games"]
    ]
    return Match(match["games"], tuple(good))

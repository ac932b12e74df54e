"""What a table keeps in the save beside the game: its log and the match so far."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from tests.support.table import engine_move
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.session import Sessions
from tui.storage.save_format import (
    MAX_LOG_LINES,
    Match,
    TableNotes,
    encode_save,
    notes_of,
    parse_save,
)

BOTS = tuple(Seat(name, "casual") for name in ("Ann", "Ben", "Cleo"))
WHEN = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def sessions(tmp_path: Path) -> Sessions:
    return Sessions(saves_dir=tmp_path / "saves", history_path=tmp_path / "h.sqlite3", seed=7)


def test_the_log_and_the_match_survive_a_resume(tmp_path: Path) -> None:
    host = sessions(tmp_path)
    session, _ = host.start(GameConfig("chase", BOTS, seed=3), match=Match(2, (("Ben", 2),)))
    assert session is not None and session.slot is not None
    engine_move(session.controller)
    session.log = [("Ann deals one card to each of 3 players", ""), ("Ann (computer) cuts", "dim")]
    assert session.autosave() is None
    slot_id = session.slot.slot_id
    session.release()
    resumed = host.resume(slot_id)
    assert resumed.log == session.log
    assert resumed.match == Match(2, (("Ben", 2),))
    assert resumed.controller.to_dict() == session.controller.to_dict()


def test_a_save_without_notes_still_loads_with_an_empty_log(tmp_path: Path) -> None:
    host = sessions(tmp_path)
    session, _ = host.start(GameConfig("aces", BOTS, seed=3))
    assert session is not None and session.slot is not None
    engine_move(session.controller)
    path = session.slot.path
    old = encode_save(session.controller.to_dict(), saved_at=WHEN, round=1)  # as before notes
    path.write_bytes(old)
    slot_id = session.slot.slot_id
    session.release()
    resumed = host.resume(slot_id)
    assert resumed.log == [] and resumed.match == Match()
    assert resumed.controller.to_dict() == session.controller.to_dict()


def test_notes_not_understood_are_dropped_never_a_damaged_save() -> None:
    payload = {"format": 1, "game": "aces", "seats": [], "state": {}}
    data = encode_save(payload, saved_at=WHEN, round=1, notes=TableNotes())
    document = json.loads(data)
    for table in (
        "nonsense",
        {"log": "x", "match": []},
        {"log": [["ok", ""], ["bad style", "red"], [1, ""], ["x"] * 3], "match": {"games": -1}},
        {"match": {"games": 2, "wins": [["Ann", 3], ["Ben", 1], "Cleo", ["Dan", True]]}},
    ):
        document["table"] = table
        edited = json.dumps(document).encode()
        parse_save(edited, slot_id="x", path=Path("x.json"))  # the game still reads
        notes = notes_of(edited)
        assert all(style in ("", "dim", "bold") for _, style in notes.log)
    assert notes_of(edited).match == Match(2, (("Ben", 1),))
    assert notes_of(b"not json") == TableNotes()


def test_a_saved_log_keeps_its_newest_lines_only() -> None:
    payload = {"format": 1, "game": "aces", "seats": [], "state": {}}
    lines = tuple((f"line {n}", "") for n in range(MAX_LOG_LINES + 50))
    data = encode_save(payload, saved_at=WHEN, round=1, notes=TableNotes(lines))
    log = notes_of(data).log
    assert len(log) == MAX_LOG_LINES and log[-1] == (f"line {MAX_LOG_LINES + 49}", "")


def test_match_totals_count_each_game_once_and_show_only_after_a_rematch(tmp_path: Path) -> None:
    host = sessions(tmp_path)
    first, _ = host.start(GameConfig("chase", BOTS, seed=3))
    assert first is not None
    while not first.controller.over:
        engine_move(first.controller)
    assert first.match_totals() is None, "one game is no match"
    winner = BOTS[first.controller.winners()[0]].name
    second, _ = host.start(GameConfig("chase", BOTS, seed=4), match=first.match_after())
    assert second is not None
    assert second.match_totals() is None, "not over yet"
    while not second.controller.over:
        engine_move(second.controller)
    totals = dict(second.match_totals() or [])
    assert sum(totals.values()) == 2 and totals[winner] >= 1
    assert set(totals) == {"Ann", "Ben", "Cleo"}
    assert second.match_after().games == 2

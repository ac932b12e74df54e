"""The last table of each game (issue 16, item 1): kept across runs, and a file that no
longer makes sense never stops a setup."""

from __future__ import annotations

import json
from pathlib import Path

from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.storage.last_table import LastTables, load_tables, save_tables

ACES = GameConfig(
    "aces",
    (Seat("Ann"), Seat("Ben"), Seat("Ada", "sharp")),
    variants=frozenset({"three-chip"}),
    options={"match": "rounds", "rounds": 5},
    seed=99,
)


def test_a_table_comes_back_as_it_was_started_without_its_seed(tmp_path: Path) -> None:
    path = tmp_path / "state" / "last_tables.json"
    save_tables(LastTables().remember(ACES), path)
    tables, message = load_tables(path)
    assert message is None
    assert tables.last == GameConfig(
        "aces", ACES.seats, variants=ACES.variants, options=ACES.options
    )
    assert path.stat().st_mode & 0o077 == 0


def test_a_table_that_no_longer_passes_the_checks_is_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "last_tables.json"
    save_tables(LastTables().remember(ACES), path)
    document = json.loads(path.read_text())
    document["tables"]["aces"]["variants"] = ["no-such-variant"]
    document["tables"]["chase"] = {"seats": [{"name": "Ann", "level": "godlike"}]}
    path.write_text(json.dumps(document))
    tables, message = load_tables(path)
    assert message is None
    assert tables.tables == {} and tables.last is None


def test_a_damaged_file_is_moved_aside_and_told(tmp_path: Path) -> None:
    path = tmp_path / "last_tables.json"
    path.write_text("{not json")
    path.chmod(0o600)
    tables, message = load_tables(path)
    assert tables.last is None
    assert message is not None and "moved" in message
    assert not path.exists()

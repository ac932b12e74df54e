"""The last table of each game (issue 16, item 1): kept across runs as plain data, and a
file or a table that no longer makes sense never stops a setup."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tui.engine.controller import Seat
from tui.gameconfig import GameConfig, config_from_table, table_dict
from tui.kept_settings import KeptTables
from tui.storage.last_table import LastTables, load_tables, save_tables

ACES = GameConfig(
    "aces",
    (Seat("Ann"), Seat("Ben"), Seat("Ada", "sharp")),
    variants=frozenset({"three-chip"}),
    options={"match": "rounds", "rounds": 5},
    seed=99,
)
SEEDLESS = GameConfig("aces", ACES.seats, variants=ACES.variants, options=ACES.options)


def test_storage_keeps_and_returns_plain_data(tmp_path: Path) -> None:
    """Storage knows files, not games: any JSON table comes back as it went in, even
    one for a game this version does not know."""
    path = tmp_path / "state" / "last_tables.json"
    tables: dict[str, dict[str, Any]] = {"nosuchgame": {"anything": [1, "two"]}, "aces": {}}
    save_tables(LastTables(tables, "nosuchgame"), path)
    loaded, message = load_tables(path)
    assert message is None
    assert loaded == LastTables(tables, "nosuchgame")
    assert loaded.last == {"anything": [1, "two"]}
    assert path.stat().st_mode & 0o077 == 0


def test_a_last_game_without_a_table_is_no_last_game(tmp_path: Path) -> None:
    path = tmp_path / "last_tables.json"
    path.write_text(json.dumps({"format": 1, "last_game": "chase", "tables": {"aces": {}}}))
    path.chmod(0o600)
    loaded, _ = load_tables(path)
    assert loaded.last_game is None and loaded.last is None


def test_a_table_comes_back_as_it_was_started_without_its_seed(tmp_path: Path) -> None:
    path = tmp_path / "state" / "last_tables.json"
    KeptTables(path).remember(ACES)
    kept = KeptTables(path)
    assert kept.message is None
    assert kept.last == SEEDLESS and kept.of("aces") == SEEDLESS and kept.of("chase") is None
    assert config_from_table("aces", table_dict(ACES)) == SEEDLESS


def test_a_table_that_no_longer_passes_the_checks_is_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "last_tables.json"
    KeptTables(path).remember(ACES)
    document = json.loads(path.read_text())
    document["tables"]["aces"]["variants"] = ["no-such-variant"]
    document["tables"]["chase"] = {"seats": [{"name": "Ann", "level": "godlike"}]}
    document["tables"]["nosuchgame"] = table_dict(ACES)
    path.write_text(json.dumps(document))
    kept = KeptTables(path)
    assert kept.message is None
    assert kept.configs == {} and kept.last is None
    chase = GameConfig("chase", (Seat("Ann"), Seat("Ben"), Seat("Cy")))
    kept.remember(chase)
    assert set(json.loads(path.read_text())["tables"]) == {"chase"}  # the rest forgotten


def test_odd_values_in_a_table_are_refused_or_dropped() -> None:
    good = table_dict(ACES)
    assert config_from_table("aces", {**good, "variants": "three-chip"}) is None
    assert config_from_table("aces", {**good, "seats": [{"name": 3}]}) is None
    assert config_from_table("aces", {**good, "options": []}) is None
    assert config_from_table("aces", [good]) is None
    odd = config_from_table("aces", {**good, "first_seat": True, "options": {"rounds": 2.5}})
    assert odd is not None and odd.first_seat is None and dict(odd.options) == {}


def test_a_damaged_file_is_moved_aside_and_told(tmp_path: Path) -> None:
    path = tmp_path / "last_tables.json"
    path.write_text("{not json")
    path.chmod(0o600)
    kept = KeptTables(path)
    assert kept.last is None
    assert kept.message is not None and "moved" in kept.message
    assert not path.exists()

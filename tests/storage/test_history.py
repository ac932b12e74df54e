"""History of finished games: record, recent, privacy, and damaged databases."""

from __future__ import annotations

import os
import sqlite3
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.disk import corrupt_copies, with_modes_obeyed
from tui.storage import files
from tui.storage.history import GameRecord, History


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "data" / "party-dice" / "history.sqlite3")


def add(history: History, **changes: Any) -> str | None:
    fields: dict[str, Any] = {
        "game": "aces",
        "players": ["Ann", "Ben", "Cleo"],
        "winners": ["Ben"],
        "length": 12,
        "variants": ["three-chip"],
    }
    fields.update(changes)
    return history.record(**fields)


def test_nothing_recorded_yet(history: History) -> None:
    assert history.recent() == ([], None)
    assert not history.path.parent.exists()  # reading creates nothing


def test_record_then_recent(history: History) -> None:
    when = datetime(2026, 11, 30, 10, 15, tzinfo=UTC)
    assert add(history, finished_at=when, variants=["last-roll", "three-chip"]) is None
    records, message = history.recent()
    assert message is None
    assert records == [
        GameRecord(
            finished_at=when,
            game="aces",
            variants=("last-roll", "three-chip"),
            players=("Ann", "Ben", "Cleo"),
            winners=("Ben",),
            length=12,
            unit="turns",
        )
    ]
    assert records[0].finished_at.tzinfo is not None


def test_recent_is_newest_first_and_limited(history: History) -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for index in range(25):
        add(history, length=index, finished_at=start + timedelta(hours=index))
    records, _ = history.recent()
    assert [r.length for r in records] == list(range(24, 4, -1))
    assert [r.length for r in history.recent(limit=3)[0]] == [24, 23, 22]
    assert history.recent(limit=0)[0] == []


def test_shared_wins_rounds_and_chase(history: History) -> None:
    add(
        history,
        game="chase",
        players=["A", "B", "C"],
        winners=["A", "C"],
        length=4,
        unit="rounds",
        variants=[],
    )
    (record,) = history.recent()[0]
    assert record.game == "chase" and record.winners == ("A", "C")
    assert record.length == 4 and record.unit == "rounds" and record.variants == ()


def test_hostile_names_are_stored_exactly(history: History) -> None:
    names = ["[bold red]x", "'; DROP TABLE games; --", "\x1b[31m", "漢字", 'q"uote', "bad\udcff"]
    add(history, players=names, winners=names[:1])
    (record,) = history.recent()[0]
    assert record.players == tuple(names)
    assert record.winners == (names[0],)


def test_permissions(history: History) -> None:
    old = os.umask(0o022)
    try:
        add(history)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(history.path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(history.path.parent).st_mode) == 0o700
    assert sorted(os.listdir(history.path.parent)) == ["history.sqlite3"]  # no journal left


def test_a_looser_existing_file_is_tightened(history: History) -> None:
    add(history)
    os.chmod(history.path, 0o644)
    add(history)
    assert stat.S_IMODE(os.stat(history.path).st_mode) == 0o600


def test_default_path_follows_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    history = History()
    assert history.path == tmp_path / "xdg-data" / "party-dice" / "history.sqlite3"
    add(history)
    assert history.path.exists()


def test_two_histories_on_one_file_both_record(history: History) -> None:
    other = History(history.path)
    add(history, length=1)
    add(other, length=2)
    add(history, length=3)
    assert [r.length for r in other.recent()[0]] == [3, 2, 1]


def test_an_empty_file_is_a_new_history(history: History) -> None:
    history.path.parent.mkdir(parents=True)
    history.path.write_bytes(b"")
    assert history.recent() == ([], None)
    assert add(history) is None
    assert len(history.recent()[0]) == 1


# Damaged databases


def real_database(history: History, games: int = 40) -> bytes:
    for index in range(games):
        add(history, length=index, players=[f"Player {index}"] * 6)
    data = history.path.read_bytes()
    os.unlink(history.path)
    return data


def garble_pages(data: bytes) -> bytes:
    """Keep the 100-byte header, overwrite everything after the first page."""
    page = int.from_bytes(data[16:18], "big")
    return data[:page] + bytes([0xA5]) * (len(data) - page)


def plant(history: History, content: bytes) -> None:
    history.path.parent.mkdir(parents=True, exist_ok=True)
    history.path.write_bytes(content)


def bad_contents(history: History) -> dict[str, bytes]:
    data = real_database(history)
    return {
        "binary garbage": bytes(range(256)) * 20,
        "text": b"hello, I am not a database\n" * 10,
        "truncated header": data[:50],
        "garbled pages": garble_pages(data),
    }


@pytest.mark.parametrize("kind", ["binary garbage", "text", "truncated header", "garbled pages"])
def test_damaged_database_is_moved_aside_on_read(history: History, kind: str) -> None:
    content = bad_contents(history)[kind]
    plant(history, content)
    records, message = history.recent()
    assert records == []
    assert message is not None
    assert message.startswith("Your history of games was damaged (")
    assert message.endswith(", the history starts afresh.")
    (moved,) = corrupt_copies(history.path.parent)
    assert moved.read_bytes() == content
    assert str(moved) in message
    assert add(history) is None
    assert len(history.recent()[0]) == 1


@pytest.mark.parametrize("kind", ["binary garbage", "text", "truncated header", "garbled pages"])
def test_damaged_database_is_moved_aside_on_record(history: History, kind: str) -> None:
    content = bad_contents(history)[kind]
    plant(history, content)
    message = add(history, length=99)
    assert message is not None and "was damaged" in message
    (moved,) = corrupt_copies(history.path.parent)
    assert moved.read_bytes() == content
    (record,) = history.recent()[0]
    assert record.length == 99  # the game was still recorded, in a fresh history


def test_truncated_database(history: History) -> None:
    data = real_database(history, games=200)
    page = int.from_bytes(data[16:18], "big")
    plant(history, data[: len(data) - 2 * page])
    records, message = history.recent(limit=1000)
    assert message is not None and "was damaged" in message
    assert records == []
    assert len(corrupt_copies(history.path.parent)) == 1


def test_newer_version_is_left_as_it_is(history: History) -> None:
    """Issue 18 item 15: not moved aside, not written to; the player is told."""
    add(history)
    with sqlite3.connect(history.path) as connection:
        connection.execute("PRAGMA user_version = 7")
    connection.close()
    before = history.path.read_bytes()
    records, message = history.recent()
    assert records == []
    assert message == (
        "Your history of games was written by a newer party-dice (format 7); left as it is,"
        " so it cannot be shown."
    )
    assert add(history) == (
        "Your history of games was written by a newer party-dice (format 7); left as it is,"
        " so this game was not recorded."
    )
    assert corrupt_copies(history.path.parent) == []
    assert history.path.read_bytes() == before


def test_someone_elses_database_is_not_touched_but_moved(history: History) -> None:
    history.path.parent.mkdir(parents=True)
    with sqlite3.connect(history.path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.execute("INSERT INTO recipes VALUES ('soup')")
    connection.close()
    message = add(history)
    assert message is not None and "(not a party-dice history)" in message
    (moved,) = corrupt_copies(history.path.parent)
    with sqlite3.connect(moved) as connection:
        assert connection.execute("SELECT name FROM recipes").fetchall() == [("soup",)]
    connection.close()
    assert len(history.recent()[0]) == 1


def test_wrong_columns_are_not_our_history(history: History) -> None:
    add(history)
    with sqlite3.connect(history.path) as connection:
        connection.execute("ALTER TABLE games ADD COLUMN extra TEXT")
    connection.close()
    _, message = history.recent()
    assert message is not None and "not a party-dice history" in message


def test_rows_edited_into_nonsense_are_skipped(history: History) -> None:
    add(history, length=1)
    add(history, length=2)
    add(history, length=3)
    with sqlite3.connect(history.path) as connection:
        connection.execute("UPDATE games SET players = 'not json' WHERE length = 1")
        connection.execute("UPDATE games SET finished_at = 'someday' WHERE length = 2")
    connection.close()
    records, message = history.recent()
    assert message is None
    assert [r.length for r in records] == [3]


def test_a_stale_journal_is_moved_aside_with_the_database(history: History) -> None:
    """A journal left beside a damaged file must not be replayed into the new one."""
    plant(history, b"garbage" * 100)
    journal = history.path.with_name("history.sqlite3-journal")
    journal.write_bytes(b"old journal")
    message = history._quarantine(files.Damaged("file is not a database"))
    assert "was damaged (file is not a database)" in message
    assert not journal.exists() and not history.path.exists()
    moved = corrupt_copies(history.path.parent)
    assert sorted(p.read_bytes() for p in moved) == [b"garbage" * 100, b"old journal"]
    assert add(history) is None


def test_recent_survives_a_stale_journal(history: History) -> None:
    plant(history, b"garbage" * 100)
    history.path.with_name("history.sqlite3-journal").write_bytes(b"old journal")
    _, message = history.recent()
    assert message is not None
    assert not history.path.with_name("history.sqlite3-journal").exists()
    assert add(history) is None
    assert len(history.recent()[0]) == 1


def test_a_directory_in_place_of_the_file(history: History) -> None:
    history.path.mkdir(parents=True)
    records, message = history.recent()
    assert records == []
    assert message is not None and "could not be read (is a directory)" in message
    assert add(history) is None
    assert len(history.recent()[0]) == 1


def test_unusable_directory_gives_a_message_not_an_exception(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the directory should be")
    history = History(tmp_path / "data" / "history.sqlite3")
    message = history.record(game="aces", players=["A", "B"], winners=["A"], length=3)
    assert message is not None
    assert message.startswith("This game could not be added to the history: ")
    assert history.recent()[0] == []


def test_busy_database_is_reported_not_moved(history: History) -> None:
    add(history)
    blocker = sqlite3.connect(history.path, isolation_level=None)
    try:
        blocker.execute("BEGIN EXCLUSIVE")
        slow = History(history.path)
        real_connect = sqlite3.connect

        def quick(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            kwargs["timeout"] = 0.01
            connection: sqlite3.Connection = real_connect(*args, **kwargs)
            return connection

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sqlite3, "connect", quick)
            message = add(slow)
        assert message is not None
        assert message.startswith("This game could not be added to the history (")
        assert "locked" in message
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert corrupt_copies(history.path.parent) == []
    assert len(history.recent()[0]) == 1


def test_read_only_data_dir(tmp_path: Path) -> None:
    """Run as a user the mode bits bind (as root too: see ``with_modes_obeyed``)."""

    def body(folder: Path) -> None:
        history = History(folder / "data" / "party-dice" / "history.sqlite3")
        add(history)
        os.chmod(history.path.parent, 0o500)
        os.chmod(history.path, 0o400)
        try:
            message = add(history)
            assert message is not None
            assert message.startswith("This game could not be added to the history (")
            assert len(history.recent()[0]) == 1
            assert corrupt_copies(history.path.parent) == []
        finally:
            os.chmod(history.path.parent, 0o700)
            os.chmod(history.path, 0o600)

    with_modes_obeyed(tmp_path, body)


def test_unreadable_database_chmod_000(tmp_path: Path) -> None:
    """Run as a user the mode bits bind (as root too: see ``with_modes_obeyed``)."""

    def body(folder: Path) -> None:
        history = History(folder / "data" / "party-dice" / "history.sqlite3")
        add(history)
        os.chmod(history.path, 0)
        records, message = history.recent()
        assert records == []
        assert message is not None
        assert message.startswith("The history of games cannot be read (")

    with_modes_obeyed(tmp_path, body)

"""Saved games on disk: atomic, private, several at once, locked while open, never lost."""

from __future__ import annotations

import contextlib
import json
import os
import random
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.disk import corrupt_copies, with_modes_obeyed
from tui.engine.core import FORMAT_VERSION
from tui.session import Sessions
from tui.storage import files, locks
from tui.storage.files import StorageError
from tui.storage.saves import (
    SaveDamaged,
    SaveError,
    SaveInUse,
    SaveNotFound,
    SaveStore,
    SaveUnavailable,
)


def payload(names: list[str] | None = None, round: int = 1, game: str = "aces") -> dict[str, Any]:
    """A stand-in for ``Controller.to_dict()``: plain JSON with the same outline."""
    names = names or ["Ann", "Ben", "Cleo"]
    return {
        "format": 1,
        "game": game,
        "seats": [{"name": name, "bot": None} for name in names],
        "state": {"round": round, "variants": ["three-chip"], "chips": [2] * len(names)},
    }


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "state" / "saves", game_format=FORMAT_VERSION)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def leftovers(directory: Path) -> list[str]:
    return sorted(name for name in os.listdir(directory) if name.endswith(".tmp"))


# Writing and reading back


def test_write_then_list_and_load_round_trip(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    data = payload(["Ann", "[bold red]x", "Zoë 🎲"], round=3)
    slot.write(data)
    assert store.load(slot.slot_id) == data
    (summary,) = store.list()
    assert summary.slot_id == slot.slot_id
    assert summary.game == "aces"
    assert summary.players == ("Ann", "[bold red]x", "Zoë 🎲")
    assert summary.round == 3
    assert summary.variants == ("three-chip",)
    assert summary.saved_at.tzinfo is not None
    assert summary.in_use is True  # this very session holds it


def test_slot_id_names_the_game_and_is_random(store: SaveStore) -> None:
    state = random.getstate()
    ids = {store.new_slot("chase").slot_id for _ in range(20)}
    assert len(ids) == 20
    assert all(slot_id.startswith("chase-") for slot_id in ids)
    # The id comes from secrets, not the module random source nor any game's.
    assert random.getstate() == state


def test_explicit_round_overrides_the_payload(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload(round=1), round=7)
    assert store.list()[0].round == 7


def test_each_player_s_counters_are_kept_in_the_summary(store: SaveStore) -> None:
    """Chips or lives for the Continue list; an older save (none) or an edited one (not
    one whole number per player) shows the names alone."""
    slot = store.new_slot("aces")
    slot.write(payload(["Ann", "Ben", "Cleo"]), counters=(3, 0, 1))
    assert store.list()[0].counters == (3, 0, 1)
    slot.write(payload(["Ann", "Ben", "Cleo"]))
    assert store.list()[0].counters == ()
    for bad in ([1, 2], [1, 2, "3"], [1, 2, -1], [1, 2, True], "3,0,1"):
        document = json.loads(slot.path.read_text())
        document["summary"]["counters"] = bad
        slot.path.write_text(json.dumps(document))
        assert store.list()[0].counters == (), bad


def test_bad_game_id_cannot_name_a_file(store: SaveStore) -> None:
    for bad in ["../x", "", "Aces", "a/b", "a-b"]:
        with pytest.raises(ValueError):
            store.new_slot(bad)


def test_atomic_write_replaces_and_leaves_no_temp_files(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    for round in range(1, 6):
        slot.write(payload(round=round))
    assert store.load(slot.slot_id)["state"]["round"] == 5
    assert leftovers(store.directory) == []


def test_failed_write_keeps_the_old_save_and_no_temp(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    slot = store.new_slot("aces")
    slot.write(payload(round=1))

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, os.strerror(28))

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(StorageError) as caught:
        slot.write(payload(round=2))
    assert "no space left" in caught.value.message
    monkeypatch.undo()
    assert store.load(slot.slot_id)["state"]["round"] == 1
    assert leftovers(store.directory) == []


def test_payload_that_is_not_json_is_refused_before_touching_the_file(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload(round=1))
    with pytest.raises((TypeError, ValueError)):
        slot.write({"format": 1, "state": {"x": {1, 2}}})
    with pytest.raises(ValueError):
        slot.write({"format": 1, "state": {"x": float("nan")}})
    assert store.load(slot.slot_id)["state"]["round"] == 1


def test_names_with_lone_surrogates_round_trip(store: SaveStore) -> None:
    name = "bad\udcff byte"  # what os.fsdecode makes of a non-UTF-8 argument
    slot = store.new_slot("aces")
    slot.write(payload([name, "Ben"]))
    assert store.load(slot.slot_id)["seats"][0]["name"] == name


# Permissions


def test_directories_0700_and_files_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        store = SaveStore(tmp_path / "new" / "state" / "saves")
        slot = store.new_slot("aces")
        slot.write(payload())
    finally:
        os.umask(old)
    assert mode(store.directory) == 0o700
    assert mode(store.directory.parent) == 0o700  # created by us
    assert mode(store.directory.parent.parent) == 0o700
    assert mode(slot.path) == 0o600
    assert mode(store.lock_path(slot.slot_id)) == 0o600


def test_files_are_0600_even_with_a_permissive_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        store = SaveStore(tmp_path / "saves")
        slot = store.new_slot("aces")
        slot.write(payload())
    finally:
        os.umask(old)
    assert mode(slot.path) == 0o600
    assert mode(store.lock_path(slot.slot_id)) == 0o600
    assert mode(store.directory) == 0o700


def test_a_looser_existing_directory_is_tightened(tmp_path: Path) -> None:
    directory = tmp_path / "saves"
    directory.mkdir()
    os.chmod(directory, 0o755)
    SaveStore(directory).new_slot("aces").write(payload())
    assert mode(directory) == 0o700


def test_a_read_only_directory_is_not_made_writable(tmp_path: Path) -> None:
    directory = tmp_path / "saves"
    directory.mkdir()
    os.chmod(directory, 0o555)
    try:
        with contextlib.suppress(StorageError):  # a normal user gets it; root may write
            SaveStore(directory).new_slot("aces")
        assert mode(directory) == 0o500
    finally:
        os.chmod(directory, 0o700)


def test_existing_parents_are_left_alone(tmp_path: Path) -> None:
    parent = tmp_path / "home"
    parent.mkdir()
    os.chmod(parent, 0o755)
    SaveStore(parent / "saves").new_slot("aces")
    assert mode(parent) == 0o755


def test_nothing_is_written_to_tmp_by_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    store = SaveStore()
    assert store.directory == tmp_path / "xdg-state" / "party-dice" / "saves"
    slot = store.new_slot("aces")
    slot.write(payload())
    assert slot.path.is_relative_to(tmp_path / "xdg-state")


# Several sessions


def test_two_stores_in_one_directory_never_overwrite_each_other(tmp_path: Path) -> None:
    first = SaveStore(tmp_path / "saves")
    second = SaveStore(tmp_path / "saves")
    a = first.new_slot("aces")
    b = second.new_slot("aces")
    assert a.slot_id != b.slot_id
    for round in range(1, 4):
        a.write(payload(["Ann", "Ben"], round=round))
        b.write(payload(["Xia", "Yan"], round=10 + round))
    assert first.load(a.slot_id)["seats"][0]["name"] == "Ann"
    assert first.load(b.slot_id)["seats"][0]["name"] == "Xia"
    assert {s.slot_id for s in first.list()} == {a.slot_id, b.slot_id}


def test_an_open_game_cannot_be_opened_again_until_released(tmp_path: Path) -> None:
    first = SaveStore(tmp_path / "saves")
    second = SaveStore(tmp_path / "saves")
    slot = first.new_slot("aces")
    slot.write(payload())
    with pytest.raises(SaveInUse) as caught:
        second.open(slot.slot_id)
    assert "open in another session" in caught.value.message
    assert second.list()[0].in_use is True
    slot.release()
    assert second.list()[0].in_use is False
    reopened, data = second.open(slot.slot_id)
    assert data == payload()
    with pytest.raises(SaveInUse):
        first.open(slot.slot_id)
    with pytest.raises(SaveInUse):
        first.discard(slot.slot_id)
    reopened.release()


def test_flock_conflicts_between_two_descriptors_of_one_process(tmp_path: Path) -> None:
    """The premise of the lock: two open() calls in one process do conflict."""
    path = tmp_path / "x.lock"
    fd = locks.acquire(path)
    try:
        assert locks.is_held(path)
        with pytest.raises(locks.LockBusy):
            locks.acquire(path)
    finally:
        locks.release(fd)
    assert not locks.is_held(path)


def test_a_lock_held_by_another_process_is_seen_and_dies_with_it(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    slot = store.new_slot("aces")
    slot.write(payload())
    slot.release()
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from tui.storage.saves import SaveStore\n"
        "slot, _ = SaveStore(Path(sys.argv[1])).open(sys.argv[2])\n"
        "print('open', flush=True)\n"
        "sys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(store.directory), slot.slot_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "open"
        with pytest.raises(SaveInUse):
            store.open(slot.slot_id)
        child.kill()  # no cleanup at all, as when sshd drops the session
        child.wait()
        again, _ = store.open(slot.slot_id)
        again.release()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_released_slot_refuses_to_write(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload())
    with slot:
        pass
    assert not slot.held
    with pytest.raises(RuntimeError):
        slot.write(payload())
    slot.release()  # twice is fine


# Finishing and discarding


def test_delete_removes_save_and_lock(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload())
    slot.delete()
    assert not slot.path.exists()
    assert not store.lock_path(slot.slot_id).exists()
    assert store.list() == []
    with pytest.raises(SaveNotFound):
        store.open(slot.slot_id)
    with pytest.raises(SaveNotFound):
        store.load(slot.slot_id)


def test_discard_a_free_save(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload())
    slot.release()
    store.discard(slot.slot_id)
    assert store.list() == []
    assert os.listdir(store.directory) == []


def test_list_is_newest_first(store: SaveStore) -> None:
    slots = []
    for index in range(3):
        slot = store.new_slot("aces")
        slot.write(payload(round=index))
        slots.append(slot)
    # Rewrite the first one last: it becomes the newest.
    data = json.loads(slots[0].path.read_text())
    data["summary"]["saved_at"] = "2099-01-01T00:00:00+00:00"
    slots[0].path.write_text(json.dumps(data))
    data = json.loads(slots[1].path.read_text())
    data["summary"]["saved_at"] = "2000-01-01T00:00:00"  # naive: taken as local time
    slots[1].path.write_text(json.dumps(data))
    order = [s.slot_id for s in store.list()]
    assert order == [slots[0].slot_id, slots[2].slot_id, slots[1].slot_id]


def test_leftover_lock_files_without_a_save_are_cleaned_up(store: SaveStore) -> None:
    abandoned = store.new_slot("aces")  # never written: a session that died early
    abandoned.release()
    busy = store.new_slot("aces")  # never written yet, but still open
    assert store.list() == []
    assert not store.lock_path(abandoned.slot_id).exists()
    assert store.lock_path(busy.slot_id).exists()
    busy.write(payload())
    assert [s.slot_id for s in store.list()] == [busy.slot_id]


def test_unknown_files_in_the_directory_are_ignored(store: SaveStore) -> None:
    store.new_slot("aces").write(payload())
    (store.directory / "notes.txt").write_text("hello")
    (store.directory / ".aces-x.json.abc.tmp").write_text("{")
    (store.directory / "README.json").write_text("{")
    assert len(store.list()) == 1
    assert (store.directory / "README.json").exists()


def test_missing_directory_lists_nothing_and_creates_nothing(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "absent" / "saves")
    assert store.scan().saves == ()
    assert not (tmp_path / "absent").exists()


def test_bad_slot_ids_are_not_found(store: SaveStore) -> None:
    for bad in ["../../etc/passwd", "aces", "", "aces-20260101T000000-zzzzzzzz"]:
        with pytest.raises(SaveNotFound):
            store.open(bad)
        with pytest.raises(SaveNotFound):
            store.load(bad)


# Damaged files: moved aside, never deleted, one sentence


def good_envelope() -> dict[str, Any]:
    return {
        "kind": "party-dice-save",
        "version": 1,
        "summary": {
            "game": "aces",
            "players": ["Ann", "Ben"],
            "round": 1,
            "variants": [],
            "saved_at": "2026-11-30T10:15:00+00:00",
        },
        "payload": payload(["Ann", "Ben"]),
    }


def with_change(path: list[str], value: Any) -> bytes:
    document = good_envelope()
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(document).encode()


BAD_CONTENTS = {
    "empty": b"",
    "blank": b"  \n",
    "truncated": json.dumps(good_envelope()).encode()[:57],
    "binary garbage": bytes(range(256)) * 4,
    "utf-16": json.dumps(good_envelope()).encode("utf-16"),
    "a list": b"[1, 2, 3]",
    "someone else's json": b'{"name": "package.json"}',
    "version a string": with_change(["version"], "1"),
    "version zero": with_change(["version"], 0),
    "version true": with_change(["version"], True),
    "summary a string": with_change(["summary"], "x"),
    "payload a list": with_change(["payload"], []),
    "players not names": with_change(["summary", "players"], [1, 2]),
    "round a string": with_change(["summary", "round"], "2"),
    "no date": with_change(["summary", "saved_at"], None),
    "bad date": with_change(["summary", "saved_at"], "yesterday"),
    "game a number": with_change(["summary", "game"], 5),
    "deep nesting": b"[" * 100000 + b"]" * 100000,
}


def plant(store: SaveStore, content: bytes) -> str:
    slot = store.new_slot("aces")
    slot.write(payload())
    slot.release()
    slot.path.write_bytes(content)
    return slot.slot_id


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_damaged_save_is_moved_aside_by_listing(store: SaveStore, content: bytes) -> None:
    good = store.new_slot("aces")
    good.write(payload(["Good", "Game"]))
    slot_id = plant(store, content)
    scan = store.scan()
    assert [s.slot_id for s in scan.saves] == [good.slot_id]
    (message,) = scan.messages
    (moved,) = corrupt_copies(store.directory)
    assert moved.name.startswith(f"{slot_id}.json.corrupt-")
    assert moved.read_bytes() == content  # kept, byte for byte
    assert str(moved) in message
    assert message.startswith(f"Your saved game {slot_id} ")
    assert message.endswith(", so it cannot be continued.")
    assert message.count(".") >= 1 and "\n" not in message
    assert store.scan().messages == ()  # reported once


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_damaged_save_is_moved_aside_by_open(store: SaveStore, content: bytes) -> None:
    slot_id = plant(store, content)
    with pytest.raises(SaveDamaged) as caught:
        store.open(slot_id)
    assert isinstance(caught.value, SaveError)
    assert "was damaged" in caught.value.message
    (moved,) = corrupt_copies(store.directory)
    assert moved.read_bytes() == content
    assert not store.lock_path(slot_id).exists()
    assert not store.save_path(slot_id).exists()


def test_future_version_is_left_in_place_and_says_newer(store: SaveStore) -> None:
    """Issue 18 item 15: a newer party-dice's save is not damaged; that version may
    still continue it, so it stays where it is and is not listed."""
    slot_id = plant(store, with_change(["version"], 99))
    before = store.save_path(slot_id).read_bytes()
    with pytest.raises(SaveDamaged) as caught:
        store.load(slot_id)
    assert (
        f"Your saved game {slot_id} was written by a newer party-dice (format 99); left as it is,"
        in caught.value.message
    )
    assert corrupt_copies(store.directory) == []
    assert store.save_path(slot_id).read_bytes() == before
    scan = store.scan()
    assert scan.saves == () and len(scan.messages) == 1
    assert "newer party-dice (format 99); left as it is" in scan.messages[0]
    assert store.save_path(slot_id).read_bytes() == before


def test_too_large_file_is_damaged(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.storage.saves as store_module

    monkeypatch.setattr(store_module, "MAX_SAVE_BYTES", 100)
    slot_id = plant(store, json.dumps(good_envelope()).encode())
    with pytest.raises(SaveDamaged) as caught:
        store.load(slot_id)
    assert "larger than 100 bytes" in caught.value.message


def test_unreadable_save_in_place_of_a_file_is_moved_aside(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.release()
    slot.path.mkdir()  # a directory where the file should be: unreadable even for root
    scan = store.scan()
    assert scan.saves == ()
    (message,) = scan.messages
    assert "could not be read (is a directory)" in message
    assert len(corrupt_copies(store.directory)) == 1


def test_unreadable_save_chmod_000(tmp_path: Path) -> None:
    """Run as a user the mode bits bind (as root too: see ``with_modes_obeyed``)."""

    def body(folder: Path) -> None:
        store = SaveStore(folder / "state" / "saves")
        slot_id = plant(store, json.dumps(good_envelope()).encode())
        os.chmod(store.save_path(slot_id), 0)
        (message,) = store.scan().messages
        assert "could not be read (permission denied)" in message

    with_modes_obeyed(tmp_path, body)


def test_unreadable_save_simulated(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """What chmod 000 does for a normal user, simulated so it also runs as root."""
    slot_id = plant(store, json.dumps(good_envelope()).encode())
    real_open = os.open

    def deny(path: Any, *args: Any, **kwargs: Any) -> Any:
        if str(path).endswith(f"{slot_id}.json"):
            raise PermissionError(13, os.strerror(13), str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("os.open", deny)
    with pytest.raises(SaveDamaged) as caught:
        store.load(slot_id)
    monkeypatch.undo()
    assert "could not be read (permission denied)" in caught.value.message
    (moved,) = corrupt_copies(store.directory)
    assert json.loads(moved.read_bytes()) == good_envelope()


def test_moving_aside_never_overwrites_an_earlier_copy(store: SaveStore) -> None:
    slot_id = plant(store, b"first")
    with pytest.raises(SaveDamaged):
        store.load(slot_id)
    store.save_path(slot_id).write_bytes(b"second")
    with pytest.raises(SaveDamaged):
        store.load(slot_id)
    contents = sorted(p.read_bytes() for p in corrupt_copies(store.directory))
    assert contents == [b"first", b"second"]


def test_a_damaged_save_that_cannot_be_moved_is_kept_in_place(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    slot_id = plant(store, b"{ half")

    def refuse(path: Path, when: Any = None) -> Path:
        raise PermissionError(13, os.strerror(13))

    monkeypatch.setattr(files, "move_aside", refuse)
    resume = Sessions(saves_dir=store.directory).resume
    for attempt in (store.open, resume, store.load):
        with pytest.raises(SaveDamaged) as caught:
            attempt(slot_id)
        assert "it could not be moved aside (permission denied)" in caught.value.message
        assert store.save_path(slot_id).read_bytes() == b"{ half"  # never deleted
    assert not store.lock_path(slot_id).exists()


def test_a_damaged_save_open_elsewhere_is_left_alone(tmp_path: Path) -> None:
    first = SaveStore(tmp_path / "saves")
    slot = first.new_slot("aces")
    slot.write(payload())
    slot.path.write_bytes(b"{ half")  # e.g. an older party-dice writing in place
    scan = SaveStore(tmp_path / "saves").scan()
    assert scan.saves == () and scan.messages == ()
    assert corrupt_copies(first.directory) == []
    slot.release()


# Unusable directories: saving is off, the game still plays


def test_a_file_where_the_directory_should_be(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("not a directory")
    store = SaveStore(tmp_path / "saves")
    with pytest.raises(StorageError) as caught:
        store.new_slot("aces")
    assert "saves" in caught.value.message
    scan = store.scan()
    assert scan.saves == ()
    assert len(scan.messages) == 1


def test_directory_vanishing_mid_game_gives_storage_error(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload())
    os.unlink(slot.path)
    os.unlink(store.lock_path(slot.slot_id))
    os.rmdir(store.directory)
    (store.directory).write_text("now a file")
    with pytest.raises(StorageError):
        slot.write(payload())


def test_read_only_directory_gives_storage_error(tmp_path: Path) -> None:
    """Run as a user the mode bits bind (as root too: see ``with_modes_obeyed``)."""

    def body(folder: Path) -> None:
        directory = folder / "saves"
        directory.mkdir(mode=0o500)
        try:
            with pytest.raises(StorageError) as caught:
                SaveStore(directory).new_slot("aces")
            assert "permission denied" in caught.value.message
        finally:
            os.chmod(directory, 0o700)

    with_modes_obeyed(tmp_path, body)


def test_lock_that_cannot_be_made_is_a_save_error_and_a_storage_error(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    slot = store.new_slot("aces")
    slot.write(payload())
    slot.release()

    def refuse(path: Path) -> int:
        raise PermissionError(13, os.strerror(13))

    monkeypatch.setattr(locks, "acquire", refuse)
    with pytest.raises(SaveUnavailable) as caught:
        store.open(slot.slot_id)
    assert isinstance(caught.value, SaveError) and isinstance(caught.value, StorageError)
    assert caught.value.message.startswith("Could not lock a save in ")
    with pytest.raises(StorageError):
        store.new_slot("aces")
    assert store.list()[0].slot_id == slot.slot_id


def test_unwritable_directory_simulated(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    slot = store.new_slot("aces")
    real_open = os.open

    def deny(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and str(path).endswith(".tmp"):
            raise PermissionError(13, os.strerror(13), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(StorageError) as caught:
        slot.write(payload())
    assert caught.value.message.startswith("Could not write ")
    assert "(permission denied)" in caught.value.message


# Plain data: storage keeps files, the session makes games


def test_open_returns_the_game_as_plain_data_whatever_it_holds(store: SaveStore) -> None:
    """Storage does not judge a game: a payload no engine could take (an unknown game,
    no seats) is stored and returned exactly, as plain JSON data."""
    odd = {"format": 1, "game": "nosuchgame", "seats": [], "state": {"anything": [1, "x"]}}
    slot = store.new_slot("nosuchgame")
    slot.write(odd)
    slot.release()
    (summary,) = store.list()
    assert summary.game == "nosuchgame"
    opened, payload = store.open(slot.slot_id)
    assert payload == odd and type(payload) is dict
    opened.release()


def test_set_aside_moves_the_save_and_releases_it(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write(payload())
    error = slot.set_aside("a player's name shows nothing")
    assert isinstance(error, SaveDamaged)
    assert error.message.startswith(f"Your saved game {slot.slot_id} was damaged")
    assert "a player's name shows nothing" in error.message
    assert not slot.held and not store.lock_path(slot.slot_id).exists()
    assert len(corrupt_copies(store.directory)) == 1 and store.list() == []


def test_a_newer_game_format_is_only_checked_when_asked(tmp_path: Path) -> None:
    newer = {**payload(), "format": FORMAT_VERSION + 1}
    plain = SaveStore(tmp_path / "saves")
    slot = plain.new_slot("aces")
    slot.write(newer)
    slot.release()
    assert [s.slot_id for s in plain.list()] == [slot.slot_id]
    checking = SaveStore(tmp_path / "saves", game_format=FORMAT_VERSION)
    assert checking.list() == []


# The real game


def _step(controller: Any) -> None:
    """Play the first legal action (with the lowest argument when it needs one)."""
    action = controller.actions()[0]
    if action.arg_range is not None:
        action = action.with_arg(action.arg_range[0])
    controller.apply(action)


@pytest.mark.parametrize("game_id", ["aces", "chase"])
def test_round_trip_of_a_real_controller(store: SaveStore, game_id: str) -> None:
    """Interrupted and resumed, a game goes on exactly as one never interrupted."""
    from tests.support.table import new_engine
    from tui.engine.controller import Controller, Seat
    from tui.games import controller as make_controller

    names = ["Ann", "[bold]Ben", "Cleo", "Dov"]

    def fresh() -> Controller:
        game = new_engine(game_id, names, random.Random(7))
        return make_controller(game, [Seat(name) for name in names])

    reference = fresh()
    interrupted = fresh()
    slot = store.new_slot(interrupted.game_id)
    for _ in range(7):
        for controller in (reference, interrupted):
            _step(controller)
        slot.write(interrupted.to_dict())
    slot.release()

    session = Sessions(saves_dir=store.directory).resume(slot.slot_id)
    resumed_slot, resumed = session.slot, session.controller
    assert resumed_slot is not None
    assert resumed.to_dict() == reference.to_dict()
    for _ in range(30):
        if reference.over:
            break
        for controller in (reference, resumed):
            _step(controller)
        assert resumed.to_dict() == reference.to_dict()
        assert resumed.view(None) == reference.view(None)
    resumed_slot.delete()
    assert store.list() == []


def test_resume_moves_an_unplayable_game_aside(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write({"format": 1, "game": "aces", "seats": [], "state": {}})
    slot.release()
    with pytest.raises(SaveDamaged) as caught:
        Sessions(saves_dir=store.directory).resume(slot.slot_id)
    assert "was damaged" in caught.value.message
    assert len(corrupt_copies(store.directory)) == 1
    assert store.list() == []


def test_resume_a_game_from_a_newer_engine(store: SaveStore) -> None:
    slot = store.new_slot("aces")
    slot.write({"format": 99, "game": "aces", "seats": [], "state": {}})
    slot.release()
    with pytest.raises(SaveDamaged) as caught:
        Sessions(saves_dir=store.directory).resume(slot.slot_id)
    assert "written by a newer party-dice (format 99); left as it is" in caught.value.message
    assert store.save_path(slot.slot_id).exists() and corrupt_copies(store.directory) == []
    assert [s.slot_id for s in store.list()] == []  # not offered for a Continue either

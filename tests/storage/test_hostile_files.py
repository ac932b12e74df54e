"""Issue 18, items 3 and 5: what another user, or an old mistake, may put where a file of
ours should be. A FIFO, socket, device or directory never hangs the start and never
raises: it is told in one sentence and moved aside (renaming never opens it). A symlink
is told and left as it is, and no mode changes through it; nor does another user's file.
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.disk import corrupt_copies
from tests.support.hostile import give_to_other_user, in_child, mode_of, save_bytes
from tui.storage.files import StorageError
from tui.storage.history import History
from tui.storage.saves import SaveError, SaveStore
from tui.storage.settings import Settings, load_settings, save_settings

SLOT = "aces-20260101T120000-0badc0de"


def make_fifo(path: Path) -> None:
    os.mkfifo(path, 0o600)


def make_socket(path: Path) -> None:
    """Bound by its name from inside its folder: a socket's path may hold only 107 bytes,
    and pytest-xdist's temporary folders are longer than that."""
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        server = socket.socket(socket.AF_UNIX)
        server.bind(path.name)
        server.close()  # the socket file stays
    finally:
        os.chdir(here)


def make_device(path: Path) -> None:
    try:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # like /dev/null
    except PermissionError:
        reason = "this user may not make device files (mknod)"
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)


SPECIAL: dict[str, Callable[[Path], None]] = {
    "fifo": make_fifo,
    "socket": make_socket,
    "device": make_device,
}
KIND_WORD = {"fifo": "a FIFO", "socket": "a socket", "device": "a device"}


def one_sentence(message: str | None) -> str:
    assert message is not None
    assert "\n" not in message and message.endswith("."), message
    return message


def special_in(directory: Path, name: str, kind: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = directory / name
    SPECIAL[kind](path)
    return path


# -- item 3: not a regular file -------------------------------------------------------


@pytest.mark.parametrize("kind", list(SPECIAL))
def test_a_special_file_as_a_save_is_told_and_moved_aside(tmp_path: Path, kind: str) -> None:
    store = SaveStore(tmp_path / "saves")
    path = special_in(store.directory, f"{SLOT}.json", kind)
    scan = in_child(store.scan)
    (message,) = scan.messages
    one_sentence(message)
    assert f"could not be read (is {KIND_WORD[kind]}, not a regular file)" in message
    assert not os.path.lexists(path) and len(corrupt_copies(store.directory)) == 1
    assert SaveStore(store.directory).scan().messages == ()  # told once


@pytest.mark.parametrize("kind", list(SPECIAL))
def test_a_special_file_as_the_settings_gives_defaults(tmp_path: Path, kind: str) -> None:
    path = special_in(tmp_path / "config", "settings.toml", kind)
    settings, message = in_child(lambda: load_settings(path))
    assert settings == Settings()
    assert f"could not be read (is {KIND_WORD[kind]}, not a regular file)" in one_sentence(message)
    assert not os.path.lexists(path) and len(corrupt_copies(path.parent)) == 1
    save_settings(Settings(animation="off"), path)
    assert load_settings(path) == (Settings(animation="off"), None)


@pytest.mark.parametrize("kind", list(SPECIAL))
def test_a_special_file_as_the_history_is_moved_aside(tmp_path: Path, kind: str) -> None:
    history = History(special_in(tmp_path / "data", "history.sqlite3", kind))
    records, message = in_child(history.recent)
    assert records == []
    assert f"could not be read (is {KIND_WORD[kind]}, not a regular file)" in one_sentence(message)
    assert len(corrupt_copies(history.path.parent)) == 1
    record = in_child(lambda: history.record(game="aces", players=["A"], winners=["A"], length=1))
    assert record is None and len(history.recent()[0]) == 1


def test_recording_into_a_fifo_history_never_hangs(tmp_path: Path) -> None:
    history = History(special_in(tmp_path / "data", "history.sqlite3", "fifo"))
    message = in_child(lambda: history.record(game="aces", players=["A"], winners=["A"], length=1))
    assert "is a FIFO, not a regular file" in one_sentence(message)
    assert len(history.recent()[0]) == 1


def test_a_fifo_as_a_lock_never_hangs_a_listing(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    slot = store.new_slot("aces")
    slot.write({"format": 1, "game": "aces", "seats": [], "state": {}})
    slot._drop()  # keep the save, remove the lock file
    make_fifo(store.lock_path(slot.slot_id))
    scan = in_child(store.scan)
    assert [save.slot_id for save in scan.saves] == [slot.slot_id]
    with pytest.raises(SaveError) as caught:
        in_child(lambda: store.open(slot.slot_id))
    assert "is a FIFO" in str(caught.value)


# -- item 5: symlinks are refused, and never chmod-ed through -------------------------


def target_file(tmp_path: Path, content: bytes) -> Path:
    """A file outside party-dice's folders, 0644, that a symlink points at."""
    target = tmp_path / "elsewhere" / "target"
    target.parent.mkdir()
    target.write_bytes(content)
    os.chmod(target, 0o644)
    return target


def test_a_symlinked_history_keeps_its_targets_mode(tmp_path: Path) -> None:
    real = History(tmp_path / "real" / "history.sqlite3")
    assert real.record(game="aces", players=["A"], winners=["A"], length=1) is None
    target = target_file(tmp_path, real.path.read_bytes())
    history = History(tmp_path / "data" / "history.sqlite3")
    history.path.parent.mkdir(mode=0o700)
    history.path.symlink_to(target)
    records, message = history.recent()
    assert records == []
    assert one_sentence(message) == (
        f"Your history of games is a symbolic link ({history.path}); left as it is,"
        " so it cannot be shown."
    )
    told = one_sentence(history.record(game="aces", players=["B"], winners=["B"], length=2))
    assert "is a symbolic link" in told and "not recorded" in told
    assert mode_of(target) == 0o644 and target.read_bytes() == real.path.read_bytes()
    assert history.path.is_symlink() and corrupt_copies(history.path.parent) == []


def test_a_symlinked_settings_file_is_refused_and_never_replaced(tmp_path: Path) -> None:
    target = target_file(tmp_path, b'animation = "off"\n')
    path = tmp_path / "config" / "settings.toml"
    path.parent.mkdir(mode=0o700)
    path.symlink_to(target)
    settings, message = load_settings(path)
    assert settings == Settings()
    assert one_sentence(message) == (
        f"Your settings file is a symbolic link ({path}); left as it is, defaults are in use."
    )
    with pytest.raises(StorageError) as caught:
        save_settings(Settings(animation="fast"), path)
    assert "is a symbolic link" in caught.value.message
    assert path.is_symlink() and target.read_bytes() == b'animation = "off"\n'
    assert mode_of(target) == 0o644 and sorted(os.listdir(path.parent)) == ["settings.toml"]


def test_a_symlinked_save_is_told_and_kept(tmp_path: Path) -> None:
    target = target_file(tmp_path, save_bytes())
    store = SaveStore(tmp_path / "saves")
    store.directory.mkdir(mode=0o700)
    store.save_path(SLOT).symlink_to(target)
    scan = store.scan()
    assert scan.saves == ()
    (message,) = scan.messages
    assert one_sentence(message) == (
        f"Your saved game {SLOT} is a symbolic link ({store.save_path(SLOT)}); left as it is,"
        " so it cannot be continued."
    )
    with pytest.raises(SaveError):
        store.open(SLOT)
    assert store.save_path(SLOT).is_symlink() and mode_of(target) == 0o644


def test_a_symlinked_lock_is_refused_and_keeps_its_targets_mode(tmp_path: Path) -> None:
    target = target_file(tmp_path, b"")
    store = SaveStore(tmp_path / "saves")
    slot = store.new_slot("aces")
    slot.write({"format": 1, "game": "aces", "seats": [], "state": {}})
    slot._drop()  # keep the save, remove the lock file
    store.lock_path(slot.slot_id).symlink_to(target)
    with pytest.raises(SaveError) as caught:
        store.open(slot.slot_id)
    one_sentence(caught.value.message)
    assert "is a symbolic link" in caught.value.message
    assert store.scan().messages == ()  # the leftover-lock sweep leaves it alone too
    assert store.lock_path(slot.slot_id).is_symlink() and mode_of(target) == 0o644


def test_another_users_save_is_refused_and_kept(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    store.directory.mkdir(mode=0o700)
    path = store.save_path(SLOT)
    path.write_bytes(save_bytes())
    give_to_other_user(path)
    (message,) = store.scan().messages
    assert f"Your saved game {SLOT} belongs to another user ({path}); left as it is," in message
    assert path.exists() and corrupt_copies(store.directory) == []


def test_a_file_moved_aside_is_private_whatever_its_mode_was(tmp_path: Path) -> None:
    """A settings file readable by all (0644), damaged, is moved aside as the player's
    own (0600): the copy kept for them is nobody else's to read."""
    from tui.storage.files import move_aside

    path = tmp_path / "settings.toml"
    path.write_text("not = [valid")
    path.chmod(0o644)
    moved = move_aside(path)
    assert mode_of(moved) == 0o600 and not path.exists()
    target = tmp_path / "elsewhere"
    target.write_text("x")
    target.chmod(0o644)
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert move_aside(link).is_symlink() and mode_of(target) == 0o644, "a link's target kept"

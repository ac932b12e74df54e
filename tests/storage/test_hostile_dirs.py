"""Issue 18, items 4 and 9: the folders party-dice owns on a shared server, and the temp
files a SIGKILL leaves in them.

Every folder from ``config/party-dice``, ``state/party-dice`` and ``data/party-dice``
down is ours: found loose (pre-created 0777) it is tightened to 0700 as soon as it is
read or written; another user's folder, or a symlink in a folder's place, is refused in
one sentence and party-dice goes on without saving there. The folders above them
(``XDG_CONFIG_HOME``) are the user's own arrangement and are left alone.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Any

import pytest

from tests.support.hostile import (
    Home,
    aged,
    give_to_other_user,
    loose_dir,
    made_by_other_user,
    mode_of,
    save_bytes,
)
from tui.storage import files
from tui.storage.files import StorageError
from tui.storage.history import History
from tui.storage.saves import SaveError, SaveScan, SaveStore
from tui.storage.settings import Settings, load_settings, save_settings

PAYLOAD: dict[str, Any] = {"format": 1, "game": "aces", "seats": [], "state": {}}


def record(history: History) -> str | None:
    return history.record(game="aces", players=["Ann"], winners=["Ann"], length=3)


def loose_home(home: Home) -> None:
    for directory in (home.config, home.state, home.saves, home.data):
        loose_dir(directory)
    for above in (home.config.parent, home.state.parent, home.data.parent):
        os.chmod(above, 0o777)


# -- item 4: loose folders are tightened -----------------------------------------------


def test_reading_tightens_every_loose_folder_of_ours(home: Home) -> None:
    loose_home(home)
    assert load_settings() == (Settings(), None)
    assert SaveStore().scan().messages == ()
    assert History().recent() == ([], None)
    for directory in (home.config, home.state, home.saves, home.data):
        assert mode_of(directory) == 0o700, directory
    for above in (home.config.parent, home.state.parent, home.data.parent):
        assert mode_of(above) == 0o777, above  # the user's own: left alone


def test_writing_tightens_every_loose_folder_of_ours(home: Home) -> None:
    loose_home(home)
    save_settings(Settings())
    slot = SaveStore().new_slot("aces")
    slot.write(PAYLOAD)
    assert record(History()) is None
    for directory in (home.config, home.state, home.saves, home.data):
        assert mode_of(directory) == 0o700, directory
    assert mode_of(home.state.parent) == 0o777


def test_a_read_only_folder_stays_read_only(home: Home) -> None:
    loose_dir(home.state, 0o577)
    SaveStore().scan()
    assert mode_of(home.state) == 0o500


@pytest.mark.parametrize("which", ["state", "saves"])
def test_another_users_saves_folder_is_refused(home: Home, which: str) -> None:
    loose_dir(home.saves, 0o700)
    give_to_other_user(getattr(home, which))
    refused = f"{getattr(home, which)} belongs to another user, so party-dice will not use it."
    assert SaveStore().scan() == SaveScan((), ())  # told when a game would be saved:
    with pytest.raises(StorageError) as caught:
        SaveStore().new_slot("aces")
    assert refused in caught.value.message
    with pytest.raises(SaveError):
        SaveStore().open("aces-20260101T120000-0badc0de")
    assert os.listdir(home.saves) == []


def test_a_state_folder_pre_created_by_another_user_is_refused(home: Home) -> None:
    """The attack itself: ``XDG_STATE_HOME`` open to all, and another user (a child
    process that dropped to nobody) made ``party-dice`` in it, 0777, before us."""
    loose_dir(home.state.parent)
    made_by_other_user(home.state)
    assert SaveStore().scan() == SaveScan((), ())
    with pytest.raises(StorageError) as caught:
        SaveStore().new_slot("aces")
    assert caught.value.message == (
        f"{home.state} belongs to another user, so party-dice will not use it."
    )
    assert os.listdir(home.state) == [] and mode_of(home.state) == 0o777


def test_another_users_config_folder_is_refused(home: Home) -> None:
    loose_dir(home.config, 0o700)
    (home.config / "settings.toml").write_text('animation = "off"\n')
    give_to_other_user(home.config)
    settings, message = load_settings()
    assert settings == Settings()
    assert message == (
        "Your settings file was not read, defaults are in use:"
        f" {home.config} belongs to another user, so party-dice will not use it."
    )
    with pytest.raises(StorageError):
        save_settings(Settings(animation="fast"))
    assert (home.config / "settings.toml").read_text() == 'animation = "off"\n'


def test_another_users_data_folder_is_refused(home: Home) -> None:
    loose_dir(home.data, 0o700)
    give_to_other_user(home.data)
    told = record(History())
    assert told is not None and "belongs to another user" in told
    assert os.listdir(home.data) == []
    assert History().recent() == ([], None)  # told when a game would be recorded, above


@pytest.mark.parametrize("which", ["config", "state", "saves", "data"])
def test_a_symlink_where_a_folder_of_ours_should_be_is_refused(
    home: Home, tmp_path: Path, which: str
) -> None:
    elsewhere = loose_dir(tmp_path / "elsewhere", 0o755)
    link: Path = getattr(home, which)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(elsewhere, target_is_directory=True)
    refused = f"{link} is a symbolic link, so party-dice will not use it."
    if which == "data":
        assert refused in (record(History()) or "")
    else:
        with pytest.raises(StorageError) as caught:
            save_settings(Settings()) if which == "config" else SaveStore().new_slot("aces")
        assert refused in caught.value.message
    assert mode_of(elsewhere) == 0o755 and os.listdir(elsewhere) == []
    assert link.is_symlink()


def test_a_symlinked_saves_folder_outside_the_xdg_folders_is_refused(tmp_path: Path) -> None:
    elsewhere = loose_dir(tmp_path / "elsewhere", 0o755)
    (tmp_path / "saves").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(StorageError) as caught:
        SaveStore(tmp_path / "saves").new_slot("aces")
    assert "is a symbolic link, so party-dice will not use it." in caught.value.message
    assert mode_of(elsewhere) == 0o755 and os.listdir(elsewhere) == []


# -- item 9: stale temp files of ours are swept ----------------------------------------


def temp_in(directory: Path, name: str, age: float = 120.0) -> Path:
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = directory / f".{name}.{'ab12' * 3}.tmp"
    path.write_bytes(save_bytes())
    os.chmod(path, 0o600)
    return aged(path, age)


def test_stale_temp_files_are_removed_when_the_saves_are_first_scanned(home: Home) -> None:
    stale = temp_in(home.saves, "aces-20260101T120000-0badc0de.json")
    crash_log = temp_in(home.state, "crash-20260101T120000.log")
    fresh = temp_in(home.saves, "aces-20260101T120001-0badc0de.json", age=5)
    other = home.saves / ".notes.tmp"  # not a name our writes make
    other.write_text("not ours")
    aged(other, 600)
    SaveStore().scan()
    assert not stale.exists() and not crash_log.exists()
    assert fresh.exists() and other.exists()


def test_a_locked_or_another_users_temp_file_is_kept(home: Home) -> None:
    locked = temp_in(home.saves, "aces-20260101T120000-0badc0de.json")
    fd = os.open(locked, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        SaveStore().scan()
        assert locked.exists()  # a write still in progress, however slow
    finally:
        os.close(fd)
    theirs = temp_in(home.saves, "aces-20260101T120002-0badc0de.json")
    give_to_other_user(theirs)
    SaveStore().scan()
    assert theirs.exists() and not locked.exists()


def test_stale_settings_temp_files_are_removed_on_load(home: Home) -> None:
    stale = temp_in(home.config, "settings.toml")
    assert load_settings() == (Settings(), None)
    assert not stale.exists()


def test_a_write_holds_the_lock_on_its_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So a sweep in another session never removes a temp file being written."""
    seen: list[bool] = []
    real_replace = os.replace

    def replace(source: Any, target: Any) -> None:
        fd = os.open(source, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            seen.append(True)
        else:
            seen.append(False)
        finally:
            os.close(fd)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    files.atomic_write_bytes(tmp_path / "file", b"data")
    assert seen == [True]

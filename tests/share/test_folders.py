"""A shared table's folders and files, and the words when they fail (issue 33, 10;
issue 38, 6): a refused ``tables/`` folder is one sentence, a table that cannot start
leaves no empty log, ``host --resume`` of a game still open points to ``join``, a
sentence is wrapped between words (never inside "08:52"), the cache folder is guarded
as the others are, and a saved name with a control character is refused."""

from __future__ import annotations

import io
import os
import random
import shutil
import signal
import socket
import struct
from pathlib import Path

import pytest

from tests.support.share import Robot, chase_config, private_dirs
from tui import games
from tui.engine.controller import SaveFormatError, Seat
from tui.gameconfig import GameConfig, controller_from_save
from tui.share.process import launch
from tui.share.transport import ShareError, connect, supported
from tui.share_start import say_wrapped

needs_linux = pytest.mark.skipif(not supported(), reason="shared tables need Linux")


def tables_dir(tmp_path: Path) -> Path:
    return tmp_path / "state" / "party-dice" / "tables"


def stop(name: str) -> None:
    sock = connect(name)
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    sock.close()
    os.kill(struct.unpack("3i", creds)[0], signal.SIGTERM)


@needs_linux
def test_a_refused_tables_folder_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``host`` ended in a traceback when ``tables/`` was refused."""
    private_dirs(monkeypatch, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    tables_dir(tmp_path).parent.mkdir(parents=True)
    tables_dir(tmp_path).symlink_to(elsewhere)
    with pytest.raises(ShareError) as refused:
        launch(chase_config(), ["Ann"], idle=5)
    said = str(refused.value)
    assert said == f"{tables_dir(tmp_path)} is a symbolic link, so party-dice will not use it."
    assert list(elsewhere.iterdir()) == []


@needs_linux
def test_a_table_that_cannot_start_leaves_no_log_behind(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    with pytest.raises(ShareError, match="There is no saved game to continue"):
        launch(None, [], resume="latest", idle=5)
    folder = tables_dir(tmp_path)
    assert not folder.exists() or list(folder.iterdir()) == []


@needs_linux
def test_host_resume_of_a_game_still_open_points_to_join(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It said the game "is open in another session" (issue 38, 6)."""
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20)
    ann = Robot(name, "Ann", code)
    ann.play(stop_after=1)  # a move: the game has a save, which the table holds open
    try:
        with pytest.raises(ShareError) as refused:
            launch(None, [], resume="latest", idle=5)
    finally:
        stop(name)
    assert str(refused.value) == (
        "Your latest game is still open at your shared table: `party-dice join` takes you"
        " back to it."
    )
    logs = [path.name for path in tables_dir(tmp_path).iterdir()]
    assert len([log for log in logs if log.endswith(".log")]) == 1, logs
    for path in tables_dir(tmp_path).iterdir():
        assert path.stat().st_mode & 0o077 == 0, f"{path.name} is readable by others"


def test_a_sentence_is_wrapped_between_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """A time was cut in two at the edge of the terminal ("08:↵52")."""
    sentence = (
        "Your latest game, Chase the Ace with Ann, Ben, Cleo, round 2, saved Tue 08:52, is "
        "open in another session."
    )
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((73, 24))
    )
    out = io.StringIO()
    say_wrapped(sentence, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and all(len(line) < 73 for line in lines)
    assert any("08:52" in line for line in lines)
    assert " ".join(lines) == sentence


def test_the_cache_folder_is_guarded_as_the_others_are(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``~/.cache/party-dice`` as a link was followed into another account's folder."""
    from tui.engine.aces.odds import ChainSpec, encode, shelf_limit, shelf_name
    from tui.engine.aces.odds_solve import solved
    from tui.storage.cache import FileShelf

    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "party-dice").symlink_to(theirs)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    spec = ChainSpec.for_table(frozenset(), 2)
    chain = solved(spec, FileShelf())  # solved here, as the cache cannot be used
    assert list(theirs.iterdir()) == [], "nothing written through the link"
    (theirs / "odds").mkdir()
    (theirs / "odds" / shelf_name(spec)).write_bytes(encode(chain))
    assert FileShelf().read(shelf_name(spec), shelf_limit(spec)) is None, (
        "nothing read through the link"
    )


@pytest.mark.parametrize("name", ["Ann\x1b[2J", "Ann\r", "Ann\u202e", "Ann\u2028Ben", "A\x9bnn"])
def test_a_saved_name_with_a_control_character_is_refused(name: str) -> None:
    seats = (Seat(name), *chase_config().seats[1:])
    payload = games.new_controller(GameConfig("chase", seats), random.Random(1)).to_dict()
    with pytest.raises(SaveFormatError, match="control characters"):
        controller_from_save(payload)


@needs_linux
def test_a_table_whose_saves_folder_is_refused_says_so_and_at_its_close(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With the saves folder refused nobody was warned, and the close said "its game is
    saved" when no save existed (issue 33, 9)."""
    from tui.share.client import hello

    private_dirs(monkeypatch, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    saves = tmp_path / "state" / "party-dice" / "saves"
    saves.parent.mkdir(parents=True)
    saves.symlink_to(elsewhere)
    name, _code = launch(chase_config(), ["Ann"], idle=20)
    connection, welcome = hello(name, "play", "", ["Ann"])
    stop(name)
    connection.sock.settimeout(10)
    bye = None
    while bye is None or bye.get("t") != "bye":
        bye = connection.read()
        assert bye is not None, "the table closed without a word"
    connection.sock.close()
    assert welcome["saving"] is False
    assert welcome["unsaved"].startswith(f"{saves} is a symbolic link")
    assert bye["why"] == "The table has closed, and its game could not be saved."
    assert list(elsewhere.iterdir()) == []

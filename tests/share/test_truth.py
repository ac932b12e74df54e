"""A shared table says what is true (issue 33, 3, 9 and 10; issue 38, 2 and 6): wrong
codes and lock-outs reach the host and the log; a table that cannot save says so in
its welcome and at close; the close says how the game comes back; the log is kept in
the save and sent to each joiner, so ``host --resume`` brings it back, with every
person in their own seat; a seat never taken counts as away."""

from __future__ import annotations

import json
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.share import (
    Robot,
    TableThread,
    chase_config,
    join_as,
    private_dirs,
    read_until,
    table_session,
)
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.share.client import hello
from tui.share.door import LOCKED, WRONG_CODE
from tui.share.host import SharedTable
from tui.share.process import launch
from tui.share.transport import ShareError, connect, supported, user_name

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")

CODE = "ABCDEFGH"
HOST = os.getuid()


def refused(call: Any) -> str:
    try:
        connection, _welcome = call()
    except ShareError as error:
        return str(error)
    connection.sock.close()
    return ""


def test_wrong_codes_and_a_lock_out_reach_the_hosts_terminal_and_the_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shared = SharedTable(table_session(chase_config()), CODE, HOST, ["Ann"])
    with caplog.at_level(logging.INFO, logger="party-dice.table"), TableThread(shared) as served:
        host, _welcome = join_as(HOST, served.name, seats=["Ann"])
        said = [refused(lambda: join_as(5001, served.name, code="WRONG")) for _ in range(7)]
        assert said == [WRONG_CODE] * 5 + [LOCKED] * 2
        notes = [read_until(host, lambda m: m["t"] == "note")["text"] for _ in range(5)]
        host.sock.close()
    who = user_name(5001)
    assert notes == [f"{who} tried to join with a wrong code."] * 4 + [
        f"{who} is locked out for a minute: too many wrong codes."
    ]
    logged = [record.getMessage() for record in caplog.records]
    assert logged.count(f"{who} tried to join with a wrong code.") == 4
    assert logged.count(notes[-1]) == 1, "a lock-out is told once, not at every try"


def test_a_table_that_cannot_save_says_so_in_its_welcome_and_as_it_closes() -> None:
    unsaved = SharedTable(table_session(chase_config()), CODE, HOST, ["Ann"])
    with TableThread(unsaved) as served:
        host, welcome = join_as(HOST, served.name, seats=["Ann"])
        ben, ben_welcome = join_as(5001, served.name, code=CODE, seats=["Ben"])
        served.close()
        byes = [read_until(c, lambda m: m["t"] == "bye")["why"] for c in (host, ben)]
    assert welcome["saving"] is False and ben_welcome["saving"] is False
    assert ben_welcome["unsaved"] == "The table cannot save its game."
    assert byes == ["The table has closed, and its game could not be saved."] * 2


def test_a_saved_table_says_at_close_how_its_game_comes_back(tmp_path: Path) -> None:
    shared = SharedTable(table_session(chase_config(), tmp_path / "saves"), CODE, HOST, ["Ann"])
    with TableThread(shared) as served:
        host, welcome = join_as(HOST, served.name, seats=["Ann"])
        served.close()
        bye = read_until(host, lambda m: m["t"] == "bye")["why"]
    assert welcome["saving"] is True and welcome["unsaved"] is None
    assert "`party-dice host --resume`" in bye and "new code" in bye and "joins again" in bye


def test_the_log_goes_in_the_save_and_to_each_joiner(tmp_path: Path) -> None:
    """``host --resume`` brought back no log: the table process kept none (issue 38, 6)."""
    session = table_session(chase_config(), tmp_path / "saves")
    shared = SharedTable(session, CODE, HOST, ["Ann", "Ben", "Cleo"])
    with TableThread(shared) as served:
        for _ in range(4):
            served.call(lambda: _play(shared))
        later, welcome = join_as(5001, served.name, "watch", CODE)
        later.sock.close()
    lines = [line for line, _style in welcome["log"]]
    assert len(lines) >= 4 and lines == [line for line, _style in session.log][-len(lines) :]
    saved = json.loads(session.slot.path.read_text())
    assert [line for line, _style in saved["table"]["log"]] == lines


def _play(shared: SharedTable) -> None:
    """The first legal move made at the table, as ``act`` makes it for a person."""
    action = shared.controller.actions()[0]
    if action.arg_range is not None:
        action = action.with_arg(action.arg_range[0])
    seat = shared.controller.whose_turn()
    shared.moved(seat, action, shared.controller.apply(action), None, None)
    shared.play_bots()


def test_a_seat_nobody_ever_took_counts_as_away() -> None:
    """``--away``: a seat nobody joined stalled the table for ever (issue 38, 2)."""
    config = GameConfig("chase", (Seat("Ann"), Seat("Ben"), Seat("Dot", "casual")), first_seat=1)
    shared = SharedTable(table_session(config), CODE, HOST, ["Ann"], away_after=0.3)
    with TableThread(shared) as served:
        host, _welcome = join_as(HOST, served.name, seats=["Ann"])
        move = read_until(host, lambda m: m["t"] == "move")
        host.sock.close()
    assert move["seat"] == 1 and move["reason"] == "away, a computer plays for Ben"


def test_the_list_says_which_seats_wait_for_you_and_tells_tables_apart() -> None:
    shared = SharedTable(table_session(chase_config()), CODE, HOST, ["Ann"])
    with TableThread(shared) as served:
        ben, _welcome = join_as(5001, served.name, code=CODE, seats=["Ben"])
        ben.sock.close()
        listed, info = join_as(5001, served.name, "list")
        listed.sock.close()
    assert info["yours"] == ["Ben"] and info["free"] == ["Cleo"]
    assert info["seats"] == ["Ann", "Ben", "Cleo"] and info["round"] >= 0
    assert len(info["opened"]) == 5 and "host" not in info


def test_host_resume_brings_back_each_seat_to_its_account(tmp_path: Path) -> None:
    """A host who was Cleo came back as Ann and saw Ann's card (issue 33, 3)."""
    kept: list[dict[str, Any]] = []
    first = SharedTable(
        table_session(chase_config(), tmp_path / "saves"),
        CODE,
        HOST,
        ["Cleo"],
        keep_seats=kept.append,
    )
    with TableThread(first) as served:
        ben, _welcome = join_as(5001, served.name, code=CODE, seats=["Ben"])
        ann, _welcome = join_as(HOST, served.name, seats=["Ann"])  # a second terminal
        for connection in (ben, ann):
            connection.sock.close()
    assert kept[-1]["owners"] == {"0": HOST, "1": 5001, "2": HOST}
    again = SharedTable(table_session(chase_config()), "KLMNPQRS", HOST)
    assert again.restore_seats(kept[-1])
    with TableThread(again) as served:
        host, welcome = join_as(HOST, served.name)  # no seat named: its terminal's own
        assert welcome["you"] == [2], "Cleo's, not Ann's too (another terminal held Ann)"
        said = refused(lambda: join_as(5002, served.name, code="KLMNPQRS", seats=["Ben"]))
        assert said == f"Ben's seat is {user_name(5001)}'s."
        ben, welcome = join_as(5001, served.name, code="KLMNPQRS")
        assert welcome["you"] == [1]
        for connection in (host, ben):
            connection.sock.close()


@pytest.mark.slow
def test_a_real_table_resumed_brings_back_its_log_and_the_hosts_own_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    config = GameConfig("chase", chase_config().seats, first_seat=2, seed=7)  # Cleo deals
    name, code = launch(config, ["Cleo"], idle=20)
    cleo = Robot(name, "Cleo", code)
    cleo.play(stop_after=1)  # deals, then hangs up; the table waits for Ann
    assert cleo.outcome == "hung up"
    pid = _pid(name)
    os.kill(pid, signal.SIGTERM)
    _gone(pid)
    tables = tmp_path / "state" / "party-dice" / "tables"
    assert [p.suffix for p in sorted(tables.iterdir())] == [".log", ".json"]
    name, _code = launch(None, [], resume="latest", idle=20)
    connection, welcome = hello(name, "play", "", [])
    os.kill(_pid(name), signal.SIGTERM)
    connection.sock.close()
    assert welcome["you"] == [2], "the host was Cleo: Cleo again"
    assert welcome["log"], "the log came back"


def _pid(name: str) -> int:
    import socket
    import struct

    sock = connect(name)
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    sock.close()
    return int(struct.unpack("3i", creds)[0])


def _gone(pid: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and os.path.exists(f"/proc/{pid}"):
        time.sleep(0.05)

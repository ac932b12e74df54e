"""Faults at a shared table: hang-ups and rejoins, a killed table process brought
back from its save, bad lines, a terminal that never reads, twenty terminals."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import struct
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.support.share import Robot, aces_config, chase_config, messages, private_dirs
from tui import games
from tui.engine.controller import Seat
from tui.engine.core import find_legal
from tui.gameconfig import GameConfig
from tui.session.table_session import Sessions
from tui.share import wire
from tui.share.client import hello
from tui.share.door import GREETERS_EACH, Client
from tui.share.host import SharedTable
from tui.share.process import launch
from tui.share.transport import BUSY, address, connect, supported

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")


def table_pid(name: str) -> int:
    sock = connect(name)
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    sock.close()
    return int(struct.unpack("3i", creds)[0])


def read_to_end(sock: socket.socket) -> bytes:
    chunks = []
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def finish(robots: list[Robot]) -> None:
    threads = [robot.thread() for robot in robots]
    for thread in threads:
        thread.join(90)
    for robot in robots:
        assert robot.error is None, robot.error
        assert robot.outcome == "over", (robot.seat, robot.outcome)


def test_a_client_that_stops_reading_is_dropped_not_waited_for(tmp_path: Path) -> None:
    """In-process: a writer whose unsent bytes pass the limit is aborted at once."""
    session, _notice = Sessions(saves_dir=tmp_path).start(chase_config())
    assert session is not None
    table = SharedTable(session, "ABCDEFGH", os.getuid(), ["Ann"])
    table.out.buffer_limit = 100
    aborted: list[bool] = []
    transport = SimpleNamespace(
        get_write_buffer_size=lambda: 99,
        abort=lambda: aborted.append(True),
        is_closing=lambda: False,
    )
    writer: Any = SimpleNamespace(transport=transport, write=lambda data: None, close=lambda: None)
    client = Client(1, os.getuid(), writer)
    table.clients[1] = client
    table.out.send(client, {"t": "x"})
    assert aborted == [True] and 1 not in table.clients
    session.release()


@pytest.mark.slow
def test_a_hung_up_terminal_rejoins_and_takes_its_seat_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20)
    ann, ben, cleo = (Robot(name, seat, code) for seat in ("Ann", "Ben", "Cleo"))
    for robot in (ann, ben, cleo):
        robot.connect()
    ann.play(stop_after=1)  # the host's terminal hangs up mid-game: the table goes on
    assert ann.outcome == "hung up"
    again = Robot(name, None, code)  # same account, no seat named: its seat back
    again.seat = "Ann"
    controller = again.connect()
    assert controller.humans == (0,)
    newer = Robot(name, "Ben", code)
    newer.connect()  # the newest connection of Ben's account wins
    finish([again, newer, cleo])
    said = [m for m in messages(ben.lines) if m["t"] == "bye"]
    assert said and "newer connection" in said[0]["why"]


@pytest.mark.slow
def test_a_killed_table_comes_back_from_its_save_with_the_same_next_dice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    config = aces_config(seed=11)
    name, code = launch(config, ["Ann"], idle=20)
    robots = [Robot(name, seat, code) for seat in ("Ann", "Ben", "Cleo")]
    for robot in robots:
        robot.connect()
    robots[0].play(stop_after=2)
    pid = table_pid(name)
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and os.path.exists(f"/proc/{pid}"):
        time.sleep(0.05)
    name2, _ = launch(None, [], resume="latest", idle=20)
    spectator = Robot(name2, None)
    spectator.connect()
    people = [Robot(name2, seat, "") for seat in ("Ann", "Ben", "Cleo")]
    for robot in people:
        robot.connect()
    finish([spectator, *people])
    # The same game played here, uninterrupted, with the same moves: the same dice.
    before = [m for m in messages(robots[0].lines) if m["t"] == "move"]
    after = [m for m in messages(spectator.lines) if m["t"] == "move"]
    controller = games.new_controller(config, random.Random(config.seed))
    for move in before + after:
        events = controller.apply(find_legal(controller.actions(), wire.action_in(move["action"])))
        if move in after:
            assert [wire.event_out(e) for e in events if e.private_to is None] == move["events"]
    assert controller.over


@pytest.mark.slow
def test_garbage_and_oversized_lines_end_only_that_connection(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20)
    for junk in (
        b"not json at all\n",
        b"[1,2]\n",
        b'{"t":"hello","v":1' + b" " * wire.MAX_LINE + b"}\n",
    ):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(address(name))
        with contextlib.suppress(OSError):  # the table may close before all is sent
            sock.sendall(junk)
        sock.settimeout(10)
        answer = read_to_end(sock)
        sock.close()
        assert b"goodbye" in answer or (len(junk) > wire.MAX_LINE and answer == b"")
    never = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # says hello, never reads
    never.connect(address(name))
    never.sendall(wire.encode({"t": "hello", "v": 1, "want": "watch", "code": code}))
    robots = [Robot(name, seat, code) for seat in ("Ann", "Ben", "Cleo")]
    for robot in robots:
        robot.connect()
    finish(robots)
    never.close()


def silent_connections(name: str, count: int) -> tuple[list[socket.socket], int]:
    """``count`` connections to table ``name`` that never say hello; those still open,
    and how many the table turned back at once (told it is busy, then closed)."""
    socks = []
    for _ in range(count):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(address(name))
        socks.append(sock)
    time.sleep(0.3)  # the table closes the ones it turns back at once
    open_ones, closed = [], 0
    for sock in socks:
        sock.setblocking(False)
        try:
            said = sock.recv(4096)
            shut = said == b"" or BUSY.encode() in said
        except BlockingIOError:
            shut = False
        except OSError:
            shut = True
        if shut:
            closed += 1
            sock.close()
        else:
            open_ones.append(sock)
    return open_ones, closed


def test_a_flood_of_silent_connections_is_turned_back_and_the_table_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Anyone on the server may connect, code or not. One account's silent connections
    beyond ``GREETERS_EACH`` are closed at once: the table's descriptors stay few (1,500
    such connections used up its 1,024 and wrote 4.7 MB of tracebacks to its log in 9
    s), its log says so once, and a player gets in once they are gone."""
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20)
    pid = table_pid(name)
    time.sleep(0.5)  # that connection gone at the table too
    held, closed = silent_connections(name, 60)
    assert (len(held), closed) == (GREETERS_EACH, 60 - GREETERS_EACH)
    assert len(os.listdir(f"/proc/{pid}/fd")) < 30
    for sock in held:
        sock.close()
    time.sleep(0.3)  # the table sees them go
    connection, welcome = hello(name, "play", code, ["Ben"])  # and a player gets in
    connection.sock.close()
    assert welcome["t"] == "welcome" and welcome["you"] == [1]
    for _ in range(20):  # hellos nested too deep for Python's JSON: no traceback each
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(address(name))
        sock.sendall(b'{"t":"hello","v":1,"x":' + b"[" * 2000 + b"\n")
        assert b"goodbye" in read_to_end(sock)
        sock.close()
    (log,) = (tmp_path / "state" / "party-dice" / "tables").glob("*.log")
    told = [line for line in log.read_text().splitlines() if "before their hello" in line]
    assert len(told) == 1 and "Traceback" not in log.read_text()


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to flood as another account")
def test_another_accounts_flood_does_not_keep_the_players_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests.share.test_accounts import as_nobody

    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20)

    def flood() -> int:
        held, _closed = silent_connections(name, 60)
        time.sleep(3.0)  # held open while the host's account joins
        return len(held)

    result: dict[str, int] = {}
    flooding = threading.Thread(target=lambda: result.setdefault("held", as_nobody(flood)))
    flooding.start()
    time.sleep(1.5)
    connection, welcome = hello(name, "play", code, ["Ann"])
    connection.sock.close()
    flooding.join(30)
    assert welcome["t"] == "welcome" and result["held"] == GREETERS_EACH


@pytest.mark.slow
def test_twenty_terminals_at_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20)
    robots = [Robot(name, seat, code) for seat in ("Ann", "Ben", "Cleo")]
    robots += [Robot(name, None, code) for _ in range(17)]
    for robot in robots:
        robot.connect()
    finish(robots)
    ends = {
        json.dumps([m for m in messages(r.lines) if "snap" in m][-1]["snap"]["public"]["winners"])
        for r in robots
    }
    assert len(ends) == 1


@pytest.mark.slow
def test_a_computer_takes_the_turns_of_a_person_away_too_long(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    config = GameConfig("chase", (Seat("Ann"), Seat("Ben"), Seat("Dot", "casual")), first_seat=0)
    name, code = launch(config, ["Ann"], idle=20, away=0.3)
    ann, ben = Robot(name, "Ann", code), Robot(name, "Ben", code)
    ann.connect()
    ben.connect()
    quitter = ben.thread(stop_after=1)  # Ben plays once, then hangs up for good
    finish([ann])
    quitter.join(5)
    assert ben.outcome == "hung up"
    reasons = {m.get("reason") for m in messages(ann.lines) if m["t"] == "move"}
    assert "away, a computer plays for Ben" in reasons


def test_a_table_that_ends_leaves_no_zombie(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The table process is the host app's child: once it ends (here: idle, nobody
    came), it is reaped at once, not left a zombie until the app quits."""
    private_dirs(monkeypatch, tmp_path)
    name, _code = launch(chase_config(), ["Ann"], idle=0.5)
    pid = table_pid(name)
    end = time.monotonic() + 10
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < end:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{pid}"), Path(f"/proc/{pid}/stat").read_text()
    tables = tmp_path / "state" / "party-dice" / "tables"
    assert list(tables.iterdir()) == [], "a game never saved leaves no log nor seat map"

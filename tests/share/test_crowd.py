"""A shared table under a crowd (issue 33, 7 and 8): watchers capped in all and per
account, the host sending an account's watchers away, presence sent at most once a
tick and encoded once, no log line per message to a closed socket, the log thinned,
rotated and removed with its table, knocks capped, and the host's account and the
seat holders always let in while everyone else is told the table is busy.
Other accounts are stood in for (``tests.support.share.TableThread``)."""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.support.share import (
    TableThread,
    account_socket,
    chase_config,
    join_as,
    read_until,
    table_session,
)
from tui.share import wire
from tui.share.door import GREETERS_ALL, TURNED_AWAY, WAITING, Client, Greeters
from tui.share.host import SharedTable
from tui.share.outbox import NOT_WATCHING, PRESENCE_EVERY, WATCHERS_FULL
from tui.share.process import LEFT_FOR, Thinned, open_log, sweep, table_files
from tui.share.transport import BUSY, ShareError, TableBusy, supported

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")

CODE = "ABCDEFGH"
HOST = os.getuid()


def table(**options: Any) -> SharedTable:
    return SharedTable(table_session(chase_config()), CODE, HOST, ["Ann"], **options)


def refused(call: Any) -> str:
    try:
        connection, _welcome = call()
    except ShareError as error:
        return str(error)
    connection.sock.close()
    return ""


def test_watchers_are_capped_in_all_and_per_account_but_never_the_host_or_a_seat() -> None:
    shared = table()
    shared.out.watchers_all, shared.out.watchers_each = 3, 2
    with TableThread(shared) as served:
        held = [join_as(5001, served.name, "watch", CODE)[0] for _ in range(2)]
        said = refused(lambda: join_as(5001, served.name, "watch", CODE))
        assert said == "Your account watches this table from 2 terminals, as many as it may."
        held.append(join_as(5002, served.name, "watch", CODE)[0])
        assert refused(lambda: join_as(5003, served.name, "watch", CODE)) == WATCHERS_FULL
        ben, welcome = join_as(5004, served.name, "play", CODE, ["Ben"])
        assert welcome["you"] == [1], "a seat is never kept from its person by watchers"
        again, _welcome = join_as(5004, served.name, "watch", CODE)  # a seat holder's
        mine = [join_as(HOST, served.name, "watch")[0] for _ in range(4)]  # the host's
        for connection in (*held, ben, again, *mine):
            connection.sock.close()


def test_the_host_sends_an_accounts_watchers_away_and_it_may_not_watch_again() -> None:
    with TableThread(table()) as served:
        host, _welcome = join_as(HOST, served.name, seats=["Ann"])
        watcher, _welcome = join_as(5001, served.name, "watch", CODE)
        presence = read_until(host, lambda m: m["t"] == "presence" and m.get("watchers"))
        assert [(w["uid"], w["n"]) for w in presence["watchers"]] == [(5001, 1)]
        host.send({"t": "unwatch", "uid": 5001})
        assert read_until(watcher, lambda m: m["t"] == "bye")["why"] == NOT_WATCHING
        assert refused(lambda: join_as(5001, served.name, "watch", CODE)) == NOT_WATCHING
        host.send({"t": "forgive", "uid": 5001})
        read_until(host, lambda m: m["t"] == "presence")
        back, _welcome = join_as(5001, served.name, "watch", CODE)
        for connection in (host, watcher, back):
            connection.sock.close()


class Wire:
    """A client's end as the table sees it: what was written, and a live transport."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False
        self.transport = SimpleNamespace(
            is_closing=lambda: self.closing,
            get_write_buffer_size=lambda: 0,
            abort=lambda: None,
        )

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def close(self) -> None:
        self.closing = True


def seated(shared: SharedTable, count: int) -> list[Wire]:
    wires = []
    for index in range(count):
        end = Wire()
        client = Client(index + 1, 6000 + index, end)  # type: ignore[arg-type]
        shared.clients[client.cid] = client
        wires.append(end)
    return wires


def test_presence_goes_out_at_most_once_a_tick_and_is_encoded_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """450 watchers coming and going sent each one every other's name each time: n²
    bytes. Now a burst of changes is one message per client, sent at the tick."""
    shared = table()
    wires = seated(shared, 50)
    now = [100.0]
    shared.out.clock = lambda: now[0]  # the clock stands still while the burst comes
    encoded: list[str] = []
    real = wire.encode

    def counting(message: dict[str, Any]) -> bytes:
        encoded.append(str(message.get("t")))
        return real(message)

    monkeypatch.setattr(wire, "encode", counting)
    for _ in range(100):
        shared.out.presence()
    assert all(len(end.written) == 1 for end in wires), "the first change at once"
    assert encoded.count("presence") == 2, "once for all, once more for the host's"
    now[0] += PRESENCE_EVERY
    shared.tick(now[0])
    assert all(len(end.written) == 2 for end in wires), "the rest of the burst: one more"
    now[0] += PRESENCE_EVERY
    shared.tick(now[0])
    assert all(len(end.written) == 2 for end in wires), "nothing changed: nothing sent"
    names = wire.decode(wires[0].written[-1])["watching"]
    assert len(names) == 50 and len(set(names)) == 50


def test_a_closed_connection_is_dropped_once_not_written_to_and_logged_each_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shared = table()
    (end,) = seated(shared, 1)
    (client,) = shared.clients.values()
    end.closing = True  # the terminal has gone; the table has not read its end yet
    with caplog.at_level(logging.INFO, logger="party-dice.table"):
        for _ in range(50):
            shared.out.send(client, {"t": "x"})
    assert end.written == [] and not shared.clients
    assert len([r for r in caplog.records if "left" in r.getMessage()]) == 1


def test_the_log_takes_a_burst_then_a_line_now_and_then_and_says_how_many_it_left_out() -> None:
    thinned = Thinned(burst=3, per_second=1.0)
    record = logging.LogRecord("t", logging.INFO, "", 0, "line %d", (0,), None)
    kept = [thinned.filter(record) for _ in range(10)]
    assert kept == [True] * 3 + [False] * 7
    thinned.at -= 1.5  # a second and a half later: one more line, saying what was left out
    assert thinned.filter(record) and record.getMessage() == "(7 lines left out) line 0"


def test_a_tables_log_is_rotated_and_its_files_go_a_day_after_its_save(tmp_path: Path) -> None:
    folder, saves = tmp_path / "tables", tmp_path / "saves"
    folder.mkdir()
    saves.mkdir()
    log_path, older, seats = table_files(folder, "chase-1")
    handler = open_log(log_path)
    logging.getLogger().removeHandler(handler)
    line = logging.LogRecord("party-dice.table", logging.INFO, "", 0, "x" * 200, None, None)
    try:
        for _ in range(4000):
            handler.emit(line)  # past the thinning: as if lines came slowly for hours
    finally:
        handler.close()
    assert log_path.stat().st_size <= 256 * 1024 and older.stat().st_size <= 256 * 1024
    assert len(list(folder.iterdir())) == 2, "one older file kept, no more"
    seats.write_text("{}")
    (saves / "chase-2.json").write_text("{}")
    kept = table_files(folder, "chase-2")[0]
    kept.write_text("")
    old = time.time() - LEFT_FOR - 60
    for path in (log_path, older, seats, kept):
        os.utime(path, (old, old))
    assert sweep(folder, saves) == 3  # chase-1's save is gone: its files go
    assert sorted(path.name for path in folder.iterdir()) == ["chase-2.log"]


def test_a_watcher_does_not_keep_a_table_open() -> None:
    """A watcher kept the table alive for ever; only people do now."""
    with TableThread(table(), idle=0.5) as served:
        watcher, _welcome = join_as(5001, served.name, "watch", CODE)
        assert served.ended.wait(10), "the table stayed open for its watcher"
        bye = read_until(watcher, lambda m: m["t"] == "bye")
        watcher.sock.close()
        assert "host --resume" in bye["why"] or "not be saved" in bye["why"]


def test_the_door_keeps_room_for_the_host_and_seat_holders_and_says_busy_to_the_rest() -> None:
    """Eight accounts holding four silent connections each shut the door on everyone,
    the host included, and honest players were told no table was open (issue 33, 8)."""
    greeters = Greeters(each=2, all=3)
    assert greeters.enter(1) and greeters.enter(1) and greeters.enter(2)
    assert not greeters.enter(3), "full for everyone else"
    assert greeters.enter(0, always=True) and greeters.enter(0, always=True)
    assert not greeters.enter(0, always=True), "its own few only"
    with TableThread(table()) as served:
        ben, _welcome = join_as(5001, served.name, "play", CODE, ["Ben"])
        ben.sock.close()
        silent = [
            account_socket(7000 + n // 4, served.name) for n in range(GREETERS_ALL)
        ]  # eight accounts, four each
        time.sleep(0.3)
        with pytest.raises(TableBusy):
            join_as(5002, served.name, "play", CODE, ["Cleo"])
        host, welcome = join_as(HOST, served.name, seats=["Ann"])
        assert welcome["you"] == [0]
        back, welcome = join_as(5001, served.name, "play", CODE, ["Ben"])
        assert welcome["you"] == [1]
        for sock in silent:
            sock.close()
        host.sock.close()
        back.sock.close()


def gave_up(sentence: str) -> None:
    """A joiner who would have had to wait at the door: not waiting here."""
    raise ShareError(f"asked to wait: {sentence}")


def test_knocks_are_capped_one_per_account_and_a_few_in_all() -> None:
    with TableThread(table(approve=True)) as served:
        host, _welcome = join_as(HOST, served.name, seats=["Ann"])
        said: list[str] = []
        outcome: list[str] = []

        def knock(uid: int) -> None:
            try:
                join_as(uid, served.name, "watch", CODE, waiting=said.append)
            except ShareError as error:
                outcome.append(str(error))

        first = threading.Thread(target=knock, args=(5001,), daemon=True)
        first.start()
        read_until(host, lambda m: m["t"] == "presence" and m.get("asking"))
        assert refused(lambda: join_as(5001, served.name, "watch", CODE, waiting=gave_up)) == BUSY
        others = [threading.Thread(target=knock, args=(5100 + n,), daemon=True) for n in range(7)]
        for thread in others:
            thread.start()
        full = read_until(host, lambda m: m["t"] == "presence" and len(m.get("asking") or ()) == 8)
        assert refused(lambda: join_as(5200, served.name, "watch", CODE, waiting=gave_up)) == BUSY
        for asking in full["asking"]:  # each turned away: the door empties
            host.send({"t": "let", "id": asking["id"], "yes": False})
        for thread in (first, *others):
            thread.join(10)
        host.sock.close()
    assert said.count(WAITING) == 8 and outcome == [TURNED_AWAY] * 8


def test_the_full_door_says_busy_in_words_not_by_hanging_up() -> None:
    shared = table()
    greeters = Greeters(each=0, all=0)
    written: list[bytes] = []
    writer: Any = SimpleNamespace(
        write=written.append, close=lambda: None, transport=SimpleNamespace(abort=lambda: None)
    )
    assert not greeters.enter(1)
    greeters.turn_back(1, writer)
    assert wire.decode(written[0]) == {"t": "bye", "why": BUSY}
    assert shared.out.watch_problem(HOST, False) is None


def test_a_silent_flood_of_one_account_is_told_busy() -> None:
    with TableThread(table()) as served:
        socks = [account_socket(7000, served.name) for _ in range(10)]
        time.sleep(0.3)
        told = []
        for sock in socks:
            sock.settimeout(0.2)
            try:
                told.append(sock.recv(200))
            except TimeoutError:
                told.append(b"")
            sock.close()
        assert sum(1 for line in told if BUSY.encode() in line) == 10 - 4

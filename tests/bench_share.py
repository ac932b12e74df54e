"""Shared tables, measured (issues 11 and 33): ``python -m tests.bench_share`` (``make
bench``).

Rows: the table process's resident memory, the memory each further connected terminal
costs it, the latency from a move sent by one terminal to its arrival at another
(median and worst; the target is 50 ms key to drawn, and this is the table's share of
it, socket to socket), and the bytes sent per move to each terminal. Then a crowd
(issue 33: 450 watchers that never read took a table from 25 MB to 272 MB and stalled
it 3.7 s): the table's peak memory and the honest players' worst stall while 0, 50 and
the capped number of watchers (``WATCHERS_ALL``) watch and never read, each pair of
them another account (forked children that drop to uids of their own: root only;
otherwise the crowd rows are left out, saying so), and how many more were refused.
Per-user folders of its own under the user's cache directory, removed at the end; not
part of the test suite.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import statistics
import struct
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import platformdirs

from tests.support.share import Robot, chase_config
from tui.share import wire
from tui.share.outbox import WATCHERS_ALL, WATCHERS_EACH
from tui.share.process import launch
from tui.share.transport import address, connect

EXTRA_CLIENTS = 20


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def table_pid(name: str) -> int:
    sock = connect(name)
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    sock.close()
    return int(struct.unpack("3i", creds)[0])


def measure(extra: int = EXTRA_CLIENTS) -> dict[str, float]:
    name, code = launch(chase_config(seed=3), ["Ann"], idle=30)
    pid = table_pid(name)
    time.sleep(0.3)
    alone = rss_kib(pid)
    watchers = [Robot(name, None, code) for _ in range(extra)]
    for watcher in watchers:
        watcher.connect()
    time.sleep(0.3)
    crowded = rss_kib(pid)
    ann, ben = Robot(name, "Ann", code), Robot(name, "Ben", code)
    cleo = Robot(name, "Cleo", code)
    sent: dict[int, float] = {}
    arrived: dict[int, float] = {}
    ann_connection = ann.connect().connection
    ben_connection = ben.connect().connection
    cleo.connect()
    ann_send, ben_read = ann_connection.send, ben_connection.read

    def timed_send(message: dict[str, Any]) -> None:
        if message.get("t") == "act":
            sent[int(message["at"]) + 1] = time.perf_counter()
        ann_send(message)

    def timed_read() -> dict[str, Any] | None:
        message = ben_read()
        if message is not None and message.get("t") == "move":
            arrived.setdefault(int(message["snap"]["n"]), time.perf_counter())
        return message

    ann_connection.send = timed_send  # type: ignore[method-assign]
    ben_connection.read = timed_read  # type: ignore[method-assign]
    threads = [threading.Thread(target=r.play) for r in (ann, ben, cleo, *watchers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    latencies = [(arrived[n] - sent[n]) * 1000 for n in sent if n in arrived]
    moves = sum(1 for line in cleo.lines if line.startswith(b'{"t":"move"'))
    return {
        "table RSS alone (KiB)": alone,
        f"per extra terminal (KiB, {EXTRA_CLIENTS} watching)": (crowded - alone) / max(extra, 1),
        "move to other terminal, median (ms)": statistics.median(latencies) if latencies else -1,
        "move to other terminal, worst (ms)": max(latencies) if latencies else -1,
        "bytes per move, a player": cleo.controller.connection.received / max(moves, 1)
        if cleo.controller
        else -1,
        "bytes per move, a spectator": watchers[0].controller.connection.received / max(moves, 1)
        if watchers[0].controller
        else -1,
    }


CROWD_UID = 40000
"""The first of the uids the crowd's children drop to (no account need exist)."""


def silent_watchers(name: str, code: str, accounts: int, ready: threading.Event) -> Any:
    """Fork ``accounts`` children, each dropping to a uid of its own and watching table
    ``name`` from ``WATCHERS_EACH`` terminals that read their first line, then never
    again; yields how many were let in, and ends them when closed."""
    admitted = 0
    children: list[tuple[int, int]] = []
    for index in range(accounts):
        read_end, write_end = os.pipe()
        hold_read, hold_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.close(read_end)
            os.close(hold_write)
            for _pid, other in children:  # the others' holds: theirs to end, not ours
                os.close(other)
            uid = CROWD_UID + index
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            let_in, held = 0, []
            for _ in range(WATCHERS_EACH):
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.connect(address(name))
                sock.sendall(
                    wire.encode({"t": "hello", "v": wire.PROTOCOL, "want": "watch", "code": code})
                )
                first = sock.makefile("rb").readline()
                let_in += first.startswith(b'{"t":"welcome"')
                held.append(sock)
            os.write(write_end, bytes([let_in]))
            os.read(hold_read, 1)  # held, never read, until the parent lets go
            os._exit(0)
        os.close(write_end)
        os.close(hold_read)
        admitted += os.read(read_end, 1)[0]
        os.close(read_end)
        children.append((pid, hold_write))
    ready.set()
    yield admitted
    for pid, hold in children:
        os.close(hold)
        os.waitpid(pid, 0)


def crowd(watchers: int) -> dict[str, float]:
    """Three honest players play a whole game while ``watchers`` watchers (two per
    account) never read: the table's peak memory and the players' worst stall."""
    name, code = launch(chase_config(seed=3), ["Ann"], idle=30)
    pid = table_pid(name)
    time.sleep(0.3)
    alone = rss_kib(pid)
    ready = threading.Event()
    crowd_of = silent_watchers(name, code, watchers // WATCHERS_EACH, ready)
    admitted = next(crowd_of)
    peak = [rss_kib(pid)]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak.append(rss_kib(pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    players = [Robot(name, seat, code) for seat in ("Ann", "Ben", "Cleo")]
    sent: dict[int, float] = {}
    arrived: dict[int, float] = {}
    connections = [robot.connect().connection for robot in players]
    for connection in connections:
        send = connection.send

        def timed_send(message: dict[str, Any], send: Any = send) -> None:
            if message.get("t") == "act":
                sent[int(message["at"]) + 1] = time.perf_counter()
            send(message)

        connection.send = timed_send  # type: ignore[method-assign]
    watcher_read = connections[1].read

    def timed_read() -> dict[str, Any] | None:  # Ben's terminal: every move arrives there
        message = watcher_read()
        if message is not None and message.get("t") == "move":
            arrived.setdefault(int(message["snap"]["n"]), time.perf_counter())
        return message

    connections[1].read = timed_read  # type: ignore[method-assign]
    threads = [robot.thread() for robot in players]
    for thread in threads:
        thread.join(300)
    done.set()
    sampler.join(5)
    next(crowd_of, None)
    latencies = [(arrived[n] - sent[n]) * 1000 for n in sent if n in arrived]
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    return {
        "alone (KiB)": alone,
        "peak (KiB)": max(peak),
        "worst (ms)": max(latencies) if latencies else -1,
        "median (ms)": statistics.median(latencies) if latencies else -1,
        "admitted": admitted,
    }


def main() -> None:
    base = Path(platformdirs.user_cache_dir("party-dice-bench", appauthor=False))
    base.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp(prefix="share-", dir=base)
    try:
        for var in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            os.environ[var] = os.path.join(home, var)
        rows = measure()
        quiet = measure(1)
        rows["same, three players and one watcher: median (ms)"] = quiet[
            "move to other terminal, median (ms)"
        ]
        rows["same, three players and one watcher: worst (ms)"] = quiet[
            "move to other terminal, worst (ms)"
        ]
        if os.geteuid() == 0:
            for count in (0, 50, WATCHERS_ALL, WATCHERS_ALL + 36):
                got = crowd(count)
                label = f"{count} silent watchers ({got['admitted']:.0f} let in)"
                rows[f"{label}: table peak RSS (KiB)"] = got["peak (KiB)"]
                rows[f"{label}: players' worst stall (ms)"] = got["worst (ms)"]
                rows[f"{label}: players' median (ms)"] = got["median (ms)"]
        else:
            print("(the crowd rows need root: each pair of watchers is another account)")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    width = max(len(label) for label in rows)
    for label, value in rows.items():
        print(f"{label:<{width}}  {value:10.1f}")


if __name__ == "__main__":
    main()

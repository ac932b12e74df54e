"""Shared tables, measured (issue 11): ``python -m tests.bench_share`` (``make bench``).

Rows: the table process's resident memory, the memory each further connected terminal
costs it, the latency from a move sent by one terminal to its arrival at another
(median and worst; the target is 50 ms key to drawn, and this is the table's share of
it, socket to socket), and the bytes sent per move to each terminal. Per-user folders
of its own in a temporary directory, removed at the end; not part of the test suite.
"""

from __future__ import annotations

import os
import socket
import statistics
import struct
import tempfile
import threading
import time
from typing import Any

from tests.support.share import Robot, chase_config
from tui.share.process import launch
from tui.share.transport import connect

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


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
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
    width = max(len(label) for label in rows)
    for label, value in rows.items():
        print(f"{label:<{width}}  {value:10.1f}")


if __name__ == "__main__":
    main()

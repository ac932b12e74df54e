"""Key to screen across terminals, on real ptys (issue 11's 50 ms target).

Two terminals run the real app: one hosts an Aces table for Ann (``party-dice
host``), the other joins it as Ben (``party-dice join``, the code from the host's
screen through ``PARTY_DICE_CODE``). For each move of the first round, the key is
written to the mover's pty and the clock runs until the other terminal's pty shows
the change: its first byte (the redraw begins) and the move's words in the log. The
moves are known in advance from the same game played here (``shadow``). Rows go to
``python -m tests.bench_share``; not part of the test suite.
"""

from __future__ import annotations

import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.bench_share import table_pid
from tests.support.pty_driver import _ANSI, ROOT, PtyApp, app_env, write_app_settings
from tui.cli import parse
from tui.games import new_controller
from tui.share.transport import listed_tables

HOST = ["host", "aces", "--names", "Ann,Ben", "--first-seat", "1"]
SEED = "3"
"""The host's seed, from the environment: ``host`` refuses one on its command line."""
CODE = re.compile(r"Code: ([A-Z0-9]{4}-[A-Z0-9]{4})")
QUIET = 0.7
"""Both screens still this long before a key: past the key gate's 0.5 s rule."""


def app(home: Path, argv: list[str], extra: dict[str, str] | None = None) -> PtyApp:
    """``party-dice <argv>`` on a pty of its own, shared tables on."""
    env = {**app_env(home), **(extra or {})}
    env.pop("PARTY_DICE_SHARING", None)
    return PtyApp([sys.executable, "-m", "tui", *argv], env=env, cwd=str(ROOT))


def measure() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as root:
        home = Path(root)
        write_app_settings(home)
        before = set(listed_tables())
        host = app(home, HOST, {"PARTY_DICE_SEED": SEED})
        pid = None
        try:
            assert host.wait_for("Code: ", 20), "the host's screen never showed a code"
            host.quiet(0.3)
            code = CODE.search(host.text())
            assert code is not None
            table = next(iter(set(listed_tables()) - before))
            pid = table_pid(table)
            joiner = app(
                home,
                ["join", "--seat", "Ben", "--table", table.rsplit(".", 1)[1]],
                {"PARTY_DICE_CODE": code.group(1)},
            )
            try:
                return moves(host, joiner)
            finally:
                joiner.kill()
        finally:
            host.kill()
            if pid is not None:  # the table process this bench started, by its pid
                os.kill(pid, signal.SIGTERM)


def moves(host: PtyApp, joiner: PtyApp) -> dict[str, float]:
    command = parse(["play", *HOST[1:], "--seed", SEED])  # the same table, played here
    assert command.play is not None
    config = command.play.config()
    shadow = new_controller(config, random.Random(config.seed))
    terminals = {0: host, 1: joiner}
    first: list[float] = []
    drawn: list[float] = []
    for _step in range(40):
        if shadow.over:
            break
        seat = shadow.whose_turn()
        action = shadow.actions()[0]
        mover = terminals[0 if seat is None else seat]
        other = terminals[1 if seat in (0, None) else 0]
        for terminal in (mover, other):
            terminal.quiet(QUIET)
        start = len(other.output)
        sent = time.perf_counter()
        mover.send("\r" if action.key == "enter" else action.key)
        events = shadow.apply(action)
        got_first = got_drawn = None
        needle = "rolls" if action.kind in ("roll", "final_roll") else None
        deadline = sent + 5
        while time.perf_counter() < deadline and got_drawn is None:
            if other.read(0.002) and got_first is None:
                got_first = time.perf_counter()
            if got_first is not None and (
                needle is None or needle in _text(bytes(other.output[start:]))
            ):
                got_drawn = time.perf_counter()
        if got_first is not None:
            first.append((got_first - sent) * 1000)
        if got_drawn is not None and needle is not None:
            drawn.append((got_drawn - sent) * 1000)
        if any(event.kind == "round_won" for event in events):
            break
    return {
        "pty key to other pty, first byte, median (ms)": statistics.median(first),
        "pty key to other pty, first byte, worst (ms)": max(first),
        "pty key to the roll's words on the other pty, median (ms)": statistics.median(drawn),
        "pty key to the roll's words on the other pty, worst (ms)": max(drawn),
        "moves measured": float(len(first)),
    }


def _text(data: bytes) -> str:
    return _ANSI.sub(b"", data).decode("utf-8", "replace")


def main() -> None:
    rows = measure()
    width = max(len(label) for label in rows)
    for label, value in rows.items():
        print(f"{label:<{width}}  {value:10.1f}")


if __name__ == "__main__":
    main()

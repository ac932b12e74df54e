"""The headless table process: started detached, ends by itself, keeps its save.

``launch`` starts ``python -m tui.share.process`` in a new session (so the host's
hang-up, which signals the terminal's process group, never reaches it), with its
output in a per-user log under the state dir. The table's config and its code go
down a pipe on stdin, never on the command line: every user can read any process's
arguments in /proc. The child answers on stdout with one line, ``ready`` or why
not, then writes only to its log.

The process ends when nobody has been connected for ``idle`` seconds, or once the
game is over and the last terminal has left; its save stays, so ``party-dice host
--resume`` (or Continue) opens the table again with the same next dice. A
systemd-logind set to ``KillUserProcesses=yes`` ends it at the host's logout: the
save stays then too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.session.table_session import Sessions, TableSession
from tui.share import wire
from tui.share.host import SharedTable
from tui.share.transport import ShareError, address, new_code, table_name

IDLE_SECONDS = 15 * 60.0
"""A table nobody has been connected to for this long ends (its save stays)."""
READY_SECONDS = 15.0
TICK = 0.25
"""How often the table looks at the clock (idle end, away seats)."""


def log_dir() -> Path:
    from tui.storage.guard import ensure_private_dir
    from tui.storage.paths import state_dir

    return ensure_private_dir(state_dir() / "tables")


def config_out(config: GameConfig) -> dict[str, Any]:
    return {
        "game_id": config.game_id,
        "seats": wire.seats_out(config.seats),
        "variants": sorted(config.variants),
        "first_seat": config.first_seat,
        "options": dict(config.options),
        "seed": config.seed,
    }


def config_in(data: dict[str, Any]) -> GameConfig:
    return GameConfig(
        game_id=data["game_id"],
        seats=tuple(Seat(s["name"], s["bot"]) for s in data["seats"]),
        variants=frozenset(data["variants"]),
        first_seat=data["first_seat"],
        options=data["options"],
        seed=data["seed"],
    )


def launch(
    config: GameConfig | None,
    here: list[str],
    *,
    resume: str | None = None,
    idle: float = IDLE_SECONDS,
    away: float | None = None,
    approve: bool = False,
) -> tuple[str, str]:
    """Start a table process for ``config`` (or the save ``resume``, "latest" for the
    newest; ``approve``: the host lets each joiner in); returns its socket name and
    code, or raises ``ShareError``."""
    name = table_name()
    code = new_code()
    table_id = name.rsplit(".", 1)[1]
    log_path = log_dir() / f"{table_id}.log"
    order = {
        "name": name,
        "code": code,
        "here": here,
        "idle": idle,
        "away": away,
        "approve": approve,
        "config": None if config is None else config_out(config),
        "resume": resume,
        "log": str(log_path),
    }
    child = subprocess.Popen(
        [sys.executable, "-m", "tui.share.process"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(json.dumps(order).encode())
    child.stdin.close()
    ready, _, _ = select.select([child.stdout], [], [], READY_SECONDS)
    answer = child.stdout.readline().decode(errors="replace").strip() if ready else ""
    child.stdout.close()
    # Reaped when it ends: otherwise it stays a zombie under the host's app until that
    # app quits (a hosted game over, the host's terminal back at the title).
    threading.Thread(target=child.wait, name="party-dice-table-reaper", daemon=True).start()
    if answer != "ready":
        raise ShareError(answer or f"The table did not start: see {log_path}.")
    return name, code


def open_session(order: dict[str, Any]) -> TableSession:
    """The table's session: a new game, or a save brought back."""
    sessions = Sessions()
    if order.get("resume"):
        slot_id = order["resume"]
        if slot_id == "latest":
            slot_id, notices = sessions.latest()
            if slot_id is None:
                raise ShareError(notices[-1].message if notices else "No saved game.")
        from tui.storage.saves import SaveError

        try:
            return sessions.resume(slot_id)
        except SaveError as error:
            raise ShareError(error.message) from error
    session, notice = sessions.start(config_in(order["config"]))
    if session is None:
        raise ShareError(notice.message if notice else "The game cannot start.")
    return session


async def run_table(table: SharedTable, name: str, idle: float, ready: Any = None) -> None:
    """Serve until idle, or the game is over and everyone has left."""
    server = await asyncio.start_unix_server(table.serve, path=address(name), limit=wire.MAX_LINE)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    if ready is not None:
        ready()
    table.play_bots()
    while not stop.is_set():
        with_nobody = not table.clients
        if with_nobody and (table.controller.over or time.monotonic() - table.last_seen > idle):
            break
        table.cover_away()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), min(TICK, idle))
    server.close()
    for client in list(table.clients.values()):
        table.drop(client, "The table has closed; its game is saved.")
    table.session.autosave()
    table.session.release()


def main() -> int:
    """The table process: read its order, say ready, serve, end."""
    order = json.loads(sys.stdin.buffer.read())
    logging.basicConfig(filename=order["log"], level=logging.INFO, format="%(asctime)s %(message)s")
    os.chmod(order["log"], 0o600)
    log = logging.getLogger("party-dice.table")
    try:
        session = open_session(order)
    except ShareError as error:
        print(str(error), flush=True)
        return 1
    table = SharedTable(
        session,
        order["code"],
        os.getuid(),
        order.get("here") or [],
        away_after=order.get("away"),
        approve=bool(order.get("approve")),
    )

    def ready() -> None:
        print("ready", flush=True)
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1):
            os.dup2(devnull, fd)
        log.info("table %s open: %s", order["name"], session.controller.game_id)

    asyncio.run(run_table(table, order["name"], float(order.get("idle") or IDLE_SECONDS), ready))
    log.info("table %s closed", order["name"])
    return 0


if __name__ == "__main__":
    sys.exit(main())

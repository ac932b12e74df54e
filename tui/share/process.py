"""The headless table process: started detached, ends by itself, keeps its save.

``launch`` starts ``python -m tui.share.process`` in a new session (so the host's
hang-up, which signals the terminal's process group, never reaches it). The table's
config and its code go down a pipe on stdin, never on the command line: every user can
read any process's arguments in /proc. The child answers on stdout with one line,
``ready`` or why not (one sentence: a refused folder, a save that cannot open), then
writes only to its log.

Its log is a per-user file under the state dir, ``tables/<save>.log``: opened once
the game is (a table that cannot start leaves none behind), capped and rotated
(``LOG_BYTES``, one older file), its lines thinned under a flood (``Thinned``), and
removed with its table: when the game ends, or a day after its save is gone. Beside
it, ``tables/<save>.seats.json`` keeps who holds which seat, so ``host --resume``
brings everyone back to their own seat and no one else's.

The process ends when no person has been connected for ``idle`` seconds (watchers do
not keep it open), or once the game is over and the last person has left; its save
stays, so ``party-dice host --resume`` (or Continue) opens the table again with the
same next dice. A systemd-logind set to ``KillUserProcesses=yes`` ends it at the
host's logout: the save stays then too.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.session.table_session import Notice, Sessions, TableSession
from tui.share import reception, wire
from tui.share.host import SharedTable
from tui.share.seats import SEATS_EACH
from tui.share.transport import ShareError, address, name_uid, new_code, table_name

IDLE_SECONDS = 15 * 60.0
"""A table nobody has been connected to for this long ends (its save stays)."""
READY_SECONDS = 15.0
TICK = 0.25
"""How often the table looks at the clock (idle end, away seats, presence held back)."""
LOG_BYTES = 256 * 1024
"""A table's log is rotated at this size, one older file kept: 512 KiB at most."""
LOG_BURST = 30
LOG_PER_SECOND = 0.5
"""The log takes ``LOG_BURST`` lines at once, then one every two seconds (``Thinned``)."""
LEFT_FOR = 24 * 3600.0
"""Seconds a table's files stay once its save is gone (it ended, or was discarded)."""


def log_dir() -> Path:
    """The folder of the tables' logs and seat maps (``StorageError`` if refused)."""
    from tui.storage.guard import ensure_private_dir
    from tui.storage.paths import state_dir

    return ensure_private_dir(state_dir() / "tables")


class Thinned(logging.Filter):
    """Lets ``burst`` lines through at once, then ``per_second``; the lines left out
    are counted, and the next line let through says how many (a crowd coming and
    going wrote 107 KB a second to the log)."""

    def __init__(self, burst: int = LOG_BURST, per_second: float = LOG_PER_SECOND) -> None:
        super().__init__()
        self.burst = burst
        self.per_second = per_second
        self.tokens = float(burst)
        self.at = time.monotonic()
        self.left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            self.left_out += 1
            return False
        self.tokens -= 1
        if self.left_out:
            record.msg = f"({self.left_out} lines left out) {record.getMessage()}"
            record.args = None
            self.left_out = 0
        return True


def open_log(path: Path) -> logging.Handler:
    """The table's log: ``path``, rotated at ``LOG_BYTES`` (files 0600: the process's
    umask), thinned."""
    from logging.handlers import RotatingFileHandler

    handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    handler.addFilter(Thinned())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return handler


def table_files(folder: Path, key: str) -> list[Path]:
    """The files a table keeps under ``key`` (its save's id): log, older log, seat map."""
    return [folder / f"{key}.log", folder / f"{key}.log.1", folder / f"{key}.seats.json"]


def sweep(folder: Path, saves: Path, now: float | None = None) -> int:
    """Remove the files of tables whose save is gone (the game ended, or was discarded
    from Continue) and that nobody wrote to for ``LEFT_FOR``; how many."""
    now = time.time() if now is None else now
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        key = name.split(".", 1)[0]
        if not name.endswith((".log", ".log.1", ".seats.json")) or (saves / f"{key}.json").exists():
            continue
        path = folder / name
        with contextlib.suppress(OSError):
            if now - os.lstat(path).st_mtime > LEFT_FOR:
                os.unlink(path)
                removed += 1
    return removed


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
    given: dict[str, int] | None = None,
    seats_each: int = SEATS_EACH,
) -> tuple[str, str]:
    """Start a table process for ``config`` (or the save ``resume``, "latest" for the
    newest; ``approve``: the host lets each joiner in; ``given``: seats given to other
    accounts, name -> uid; ``seats_each``: seats another account may take by itself);
    returns its socket name and code, or raises ``ShareError``."""
    name = table_name()
    code = new_code()
    order = {
        "name": name,
        "code": code,
        "here": here,
        "given": given or {},
        "seats_each": seats_each,
        "idle": idle,
        "away": away,
        "approve": approve,
        "config": None if config is None else config_out(config),
        "resume": resume,
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
        raise ShareError(answer or "The table did not start.")
    return name, code


def open_session(order: dict[str, Any]) -> tuple[TableSession, Notice | None]:
    """The table's session, a new game or a save brought back, and why it will not be
    saved, if it will not be."""
    sessions = Sessions()
    if order.get("resume"):
        slot_id = order["resume"]
        if slot_id == "latest":
            slot_id, notices = sessions.latest()
            if slot_id is None:
                why = notices[-1].message if notices else "No saved game."
                raise ShareError(still_open(sessions) or why)
        from tui.storage.saves import SaveError

        try:
            return sessions.resume(slot_id), None
        except SaveError as error:
            raise ShareError(error.message) from error
    session, notice = sessions.start(config_in(order["config"]))
    if session is None:
        raise ShareError(notice.message if notice else "The game cannot start.")
    return session, notice


def still_open(sessions: Sessions) -> str | None:
    """When the newest save is open at one of this account's shared tables: where to
    go instead (``join``), rather than "open in another session"."""
    from tui.share.client import open_tables

    saves = sessions.store.list()
    if not saves or not saves[0].in_use:
        return None
    mine = [info for name, info in open_tables() if name_uid(name) == os.getuid()]
    if not any(info.get("slot") == saves[0].slot_id for info in mine):
        return None
    return (
        "Your latest game is still open at your shared table: `party-dice join` takes you"
        " back to it."
    )


async def serve_table(
    table: SharedTable,
    name: str,
    idle: float,
    stop: asyncio.Event,
    ready: Callable[[], None] | None = None,
) -> None:
    """Serve ``table`` on the abstract socket ``name`` until ``stop``, ``idle``
    seconds without a person, or the game over with no person left; then tell every
    terminal how the game comes back, and save."""
    serve = functools.partial(reception.serve, table)
    server = await asyncio.start_unix_server(serve, path=address(name), limit=wire.MAX_LINE)
    if ready is not None:
        ready()
    table.play_bots()
    while not stop.is_set():
        table.tick()
        if not table.people_here() and (
            table.controller.over or time.monotonic() - table.last_seen > idle
        ):
            break
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), min(TICK, idle))
    server.close()
    words = table.closing_words()
    for client in list(table.clients.values()):
        table.out.drop(client, words)
    table.session.autosave()
    table.session.release()


async def run_table(table: SharedTable, name: str, idle: float, ready: Any = None) -> None:
    """``serve_table`` until a signal (TERM, INT, HUP) too."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    await serve_table(table, name, idle, stop, ready)


def keeper(path: Path) -> Callable[[dict[str, Any]], None]:
    """Keeps the seat map in ``path`` (atomically, 0600)."""
    from tui.storage.files import atomic_write_bytes

    def keep(data: dict[str, Any]) -> None:
        atomic_write_bytes(path, json.dumps(data).encode())

    return keep


def kept_seats(path: Path) -> Any:
    """The seat map kept at ``path``, or ``None``."""
    from tui.storage.files import Damaged, read_limited

    try:
        data = read_limited(path, 64 * 1024)
        return None if data is None else json.loads(data)
    except (Damaged, ValueError):
        return None


def main() -> int:
    """The table process: read its order, open its game and its log, say ready, serve,
    end (its log and seat map go with a game that is over, or that has no save)."""
    os.umask(0o077)
    order = json.loads(sys.stdin.buffer.read())
    from tui.storage.guard import StorageError
    from tui.storage.paths import saves_dir

    try:
        folder = log_dir()
        session, notice = open_session(order)
    except (ShareError, StorageError) as error:
        print(getattr(error, "message", None) or str(error), flush=True)
        return 1
    key = session.slot.slot_id if session.slot is not None else order["name"].rsplit(".", 1)[1]
    log_path, _older, seats_path = table_files(folder, key)
    open_log(log_path)
    sweep(folder, saves_dir())
    log = logging.getLogger("party-dice.table")
    kept = kept_seats(seats_path) if session.resumed else None
    table = SharedTable(
        session,
        order["code"],
        os.getuid(),
        order.get("here") or [],
        given=order.get("given") or {},
        seats_each=int(order.get("seats_each") or SEATS_EACH),
        away_after=order.get("away"),
        approve=bool(order.get("approve")),
        unsaved=None if notice is None else notice.message,
        keep_seats=keeper(seats_path) if session.slot is not None else None,
    )
    if kept is not None and table.restore_seats(kept):
        log.info("each seat back to its account")

    def ready() -> None:
        print("ready", flush=True)
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1):
            os.dup2(devnull, fd)
        log.info("table %s open: %s", order["name"], session.controller.game_id)

    asyncio.run(run_table(table, order["name"], float(order.get("idle") or IDLE_SECONDS), ready))
    log.info("table %s closed", order["name"])
    slot = session.slot
    if session.controller.over or slot is None or not slot.path.exists():
        logging.shutdown()  # nothing comes back: a game over, or never saved
        for path in table_files(folder, key):
            with contextlib.suppress(OSError):
                os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

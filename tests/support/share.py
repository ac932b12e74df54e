"""Shared-table helpers: per-test XDG folders, a table process, robot terminals that
play through the same ``RemoteController`` the table screen drives, and a table run in
this process whose accounts are stood in for (``TableThread``, ``join_as``).

Standing in for accounts: the table learns who is at the other end of a connection
from the kernel (``SO_PEERCRED``), through ``SharedTable.peer``. A ``TableThread``
table reads it instead from the abstract address the joiner's socket is bound to
(``join_as`` binds ``@party-dice-test-account.<uid>.<random>``), so the account checks
(whose seat, whose code, the caps per account) run for a developer who is not root.
The real cross-account tests (``test_accounts``, ``test_door``) still drop a child to
another uid, as root, in CI.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import socket
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tui import games
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.share.client import Connection, greet, hello
from tui.share.remote import RemoteController
from tui.share.transport import address, peer_uid, table_name


def private_dirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saves, history, settings and table logs under ``tmp_path`` (the table process
    inherits the environment)."""
    for var, sub in (
        ("XDG_STATE_HOME", "state"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "cfg"),
    ):
        monkeypatch.setenv(var, str(tmp_path / sub))


def chase_config(seed: int = 7) -> GameConfig:
    seats = (Seat("Ann"), Seat("Ben"), Seat("Cleo"), Seat("Dot", "casual"))
    return GameConfig("chase", seats, first_seat=0, seed=seed)


def aces_config(seed: int = 5) -> GameConfig:
    seats = (Seat("Ann"), Seat("Ben"), Seat("Cleo"), Seat("Dot", "casual"))
    return GameConfig("aces", seats, first_seat=0, seed=seed)


@dataclass
class Robot:
    """A terminal that takes the first legal action whenever the move is its own."""

    name: str
    seat: str | None
    code: str = ""
    lines: list[bytes] = field(default_factory=list)
    moves: int = 0
    outcome: str = ""
    error: BaseException | None = None
    controller: RemoteController | None = None

    def connect(self) -> RemoteController:
        want = "watch" if self.seat is None else "play"
        connection, welcome = hello(self.name, want, self.code, [self.seat] if self.seat else [])
        connection.record = self.lines
        self.lines.append(json.dumps(welcome).encode())
        connection.start()
        self.controller = RemoteController(connection, welcome)
        return self.controller

    def play(self, stop_after: int | None = None) -> None:
        """Play until the game is over (or ``stop_after`` own moves, then hang up)."""
        try:
            controller = self.controller or self.connect()
            while not controller.over and controller.lost is None:
                if stop_after is not None and self.moves >= stop_after:
                    sock = controller.connection.sock  # a hang-up: no goodbye
                    sock.shutdown(socket.SHUT_RDWR)
                    sock.close()
                    self.outcome = "hung up"
                    return
                if controller.is_bot_turn():
                    controller.play_bot()
                    continue
                actions = controller.actions()
                if actions:
                    action = actions[0]
                    if action.arg_range is not None:
                        action = action.with_arg(action.arg_range[0])
                    try:
                        controller.apply(action)
                        self.moves += 1
                    except ValueError:
                        pass
                    continue
                controller._note(controller.connection.inbox.get(timeout=20))
            self.outcome = "over" if controller.over else f"lost: {controller.lost}"
            controller.connection.close()
        except BaseException as error:
            self.error = error

    def thread(self, **kwargs: Any) -> threading.Thread:
        thread = threading.Thread(target=self.play, kwargs=kwargs, daemon=True)
        thread.start()
        return thread


def offline_remote(
    config: GameConfig, held: set[int], presence: dict[str, Any]
) -> RemoteController:
    """A ``RemoteController`` holding ``held`` as the table process would open it for
    ``config`` (the same welcome, then ``presence``), with no table process behind it:
    for pictures of a shared table that must not depend on sockets or accounts."""
    return offline_pair(config, held, presence)[0]


def offline_pair(
    config: GameConfig, held: set[int], presence: dict[str, Any], *, host: bool = False
) -> tuple[RemoteController, socket.socket]:
    """``offline_remote``, and the socket's other end (what the terminal sends arrives
    there); ``host``: the welcome of the host's own account (it carries the code)."""
    from tui.session.table_session import TableSession
    from tui.share import wire
    from tui.share.client import Connection
    from tui.share.door import Client
    from tui.share.host import SharedTable

    controller = games.new_controller(config, random.Random(config.seed))
    table = SharedTable(TableSession(controller, config), "ABCDEFGH", os.getuid())
    client: Any = Client(1, os.getuid(), writer=None, seats=set(held))  # type: ignore[arg-type]
    welcome = {
        "t": "welcome",
        "v": wire.PROTOCOL,
        "game": config.game_id,
        "seats": wire.seats_out(controller.seats),
        "you": sorted(held),
        "code": "ABCD-EFGH" if host else None,
        "resumed": False,
        "snap": table.snapshot(client),
    }
    ours, theirs = socket.socketpair()
    connection = Connection(ours)
    connection.inbox.put({"t": "presence", **presence})
    return RemoteController(connection, welcome), theirs


def messages(lines: list[bytes]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines]


def hidden_cards(config: GameConfig, actions: list[dict[str, Any]]) -> list[dict[int, str]]:
    """By move number: each seat's card while it is face down to the public, from the
    game replayed here with the same seed and the moves the table made."""
    from tui.engine.core import find_legal
    from tui.share.wire import action_in

    controller = games.new_controller(config, random.Random(config.seed))
    states = []
    for step in range(len(actions) + 1):
        public = controller.view(None)
        hidden = {}
        for seat in range(len(config.seats)):
            own = controller.view(seat).seats[seat]
            if own.card is not None and public.seats[seat].card is None:
                hidden[seat] = own.card
        states.append(hidden)
        if step < len(actions):
            controller.apply(find_legal(controller.actions(), action_in(actions[step])))
    return states


def own_cards(message: dict[str, Any], held: set[int]) -> set[str]:
    """Cards the terminal's own seats know of in this message (each one's card, what
    it gave away and what it was handed), from those seats' views only."""
    known: set[str] = set()
    own = message.get("snap", {}).get("own", {})
    for seat in held:
        view = own.get(str(seat))
        if view is None:
            continue
        if view["seats"][seat]["card"]:
            known.add(view["seats"][seat]["card"])
        detail = view.get("detail") or {}
        for pair in (detail.get("gave"), detail.get("received")):
            if pair:
                known.add(pair[1])
    return known


def leaks(robot: Robot, truth: list[dict[int, str]], held: set[int]) -> list[str]:
    """Every face-down card of a seat ``robot`` does not hold found in its bytes."""
    found = []
    for line in robot.lines:
        message = json.loads(line)
        snap = message.get("snap")
        if snap is None:
            continue
        known = own_cards(message, held)
        for seat, card in truth[snap["n"]].items():
            if seat not in held and card not in known and f'"{card}"'.encode() in line:
                found.append(
                    f"{robot.seat or 'spectator'} saw seat {seat}'s {card} at move {snap['n']}"
                )
    return found


def environ_without_pytest() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}


TEST_ACCOUNT = "party-dice-test-account"
"""The abstract address prefix a stand-in account's socket is bound to."""


def account_peer(sock: socket.socket) -> int:
    """The account at the other end, for a ``TableThread``: the uid in the address the
    joiner bound (``join_as``), or the kernel's answer for a socket bound to none."""
    bound = sock.getpeername()
    text = bound.decode(errors="replace") if isinstance(bound, bytes) else str(bound)
    parts = text.lstrip("\0").split(".")
    if len(parts) == 3 and parts[0] == TEST_ACCOUNT and parts[1].isdigit():
        return int(parts[1])
    return peer_uid(sock)


def account_socket(uid: int, name: str) -> socket.socket:
    """A socket connected to table ``name`` as the stand-in account ``uid``."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(f"\0{TEST_ACCOUNT}.{uid}.{secrets.token_hex(4)}")
    sock.settimeout(10)
    sock.connect(address(name))
    return sock


def join_as(
    uid: int,
    name: str,
    want: str = "play",
    code: str = "",
    seats: list[str] | None = None,
    **hello_options: Any,
) -> tuple[Connection, dict[str, Any]]:
    """``client.hello`` as the stand-in account ``uid`` (``ShareError`` if refused)."""
    return greet(Connection(account_socket(uid, name)), want, code, seats, **hello_options)


def table_session(config: GameConfig, saves: Path | None = None) -> Any:
    """A session for an in-process table: saved under ``saves``, or never saved."""
    from tui.session.table_session import Sessions, TableSession

    if saves is None:
        return TableSession(games.new_controller(config, random.Random(config.seed)), config)
    session, _notice = Sessions(saves_dir=saves).start(config)
    assert session is not None
    return session


class TableThread:
    """A ``SharedTable`` served in this process, on an event loop of its own thread,
    its accounts stood in for (``account_peer``); ``with`` it to open and close it."""

    def __init__(self, table: Any, idle: float = 60.0) -> None:
        from tui.share.host import SharedTable

        assert isinstance(table, SharedTable)
        table.peer = account_peer
        self.table = table
        self.idle = idle
        self.name = table_name(os.getuid(), f"t{secrets.token_hex(5)}")
        self.loop = asyncio.new_event_loop()
        self.stop: asyncio.Event | None = None
        self.started = threading.Event()
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from tui.share.process import serve_table

        asyncio.set_event_loop(self.loop)

        async def main() -> None:
            self.stop = asyncio.Event()
            await serve_table(self.table, self.name, self.idle, self.stop, self.started.set)
            for knock in list(self.table.door.asking.values()):  # as the process's end would
                knock.client.writer.transport.abort()
            rest = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in rest:  # each connection's, as ``asyncio.run`` ends them
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        try:
            self.loop.run_until_complete(main())
        finally:
            self.ended.set()
            self.started.set()

    def __enter__(self) -> TableThread:
        self.thread.start()
        assert self.started.wait(10), "the table did not open"
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.stop is not None and not self.ended.is_set():
            self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)
        if not self.loop.is_closed():
            self.loop.close()

    def call(self, call: Any) -> Any:
        """``call()`` on the table's own thread (its state is that thread's), waited for."""

        async def run() -> Any:
            return call()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)


def read_until(connection: Connection, wanted: Any, limit: int = 200) -> dict[str, Any]:
    """The first message ``wanted(message)`` accepts (``AssertionError`` if the table
    closed first)."""
    for _ in range(limit):
        message = connection.read()
        assert message is not None, "the table closed the connection"
        if wanted(message):
            return message
    raise AssertionError("not said")

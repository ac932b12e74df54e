"""A terminal's connection to a shared table: the hello, then a reader thread.

The handshake is plain blocking Python, before any screen opens, so a refusal (wrong
code, locked out, another version, a squatted name) is one printed sentence. Then a
thread reads the table's lines into ``inbox`` and calls ``changed`` after each, so
the screen can be told (Textual's ``post_message`` is safe from other threads).
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tui.share import wire
from tui.share.transport import BUSY, ShareError, TableBusy, connect, listed_tables, name_uid

LOST = (
    "The connection to the table was lost. Its game is saved: the host can open it"
    " again with `party-dice host --resume`, and everyone `party-dice join` it."
)

HELLO_SECONDS = 10.0


class Connection:
    """One socket to a table; lines in through ``inbox``, out through ``send``."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.changed: Callable[[], None] | None = None
        self.received = 0
        """Bytes read so far (the bench counts bytes per turn)."""
        self.record: list[bytes] | None = None
        """Every line read, when set (the privacy tests read what arrived)."""
        self._file = sock.makefile("rb")
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def read(self) -> dict[str, Any] | None:
        """The next message, or ``None`` at the end (a bad line ends it too)."""
        line = self._file.readline(wire.MAX_LINE + 1)
        if not line:
            return None
        self.received += len(line)
        if self.record is not None:
            self.record.append(line)
        try:
            message: dict[str, Any] = wire.cleaned(wire.decode(line))
        except wire.WireError:
            return None
        return message

    def send(self, message: dict[str, Any]) -> None:
        with self._lock, contextlib.suppress(OSError):
            self.sock.sendall(wire.encode(message))

    def start(self) -> None:
        """Read on a thread from now on."""
        self.sock.settimeout(None)
        self._thread = threading.Thread(target=self._run, name="party-dice-table", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                message = self.read()
            except (OSError, ValueError):
                message = None
            if message is None:
                message = {"t": "bye", "why": LOST}
            self.inbox.put(message)
            if self.changed is not None:
                self.changed()
            if message["t"] == "bye":
                return

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.send({"t": "bye"})
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def hello(
    name: str,
    want: str,
    code: str = "",
    seats: list[str] | None = None,
    version: int = wire.PROTOCOL,
    waiting: Callable[[str], None] | None = None,
    terminal: int | None = None,
) -> tuple[Connection, dict[str, Any]]:
    """Connect to table ``name`` (its account checked by the kernel: ``connect``) and
    say hello (``greet``)."""
    connection = Connection(connect(name, HELLO_SECONDS))
    return greet(connection, want, code, seats, version, waiting, terminal)


def greet(
    connection: Connection,
    want: str,
    code: str = "",
    seats: list[str] | None = None,
    version: int = wire.PROTOCOL,
    waiting: Callable[[str], None] | None = None,
    terminal: int | None = None,
) -> tuple[Connection, dict[str, Any]]:
    """Say hello on ``connection``; the connection and the table's answer (``welcome``
    or ``info``), or ``ShareError`` with the table's sentence. At a table whose host
    lets each joiner in, ``waiting`` is told the table's one sentence while the host
    decides (for as long as they take); ``terminal``, a file descriptor read meanwhile
    (the command line's own), ends the wait at its end. A welcome this party-dice
    cannot read ends it too, in one sentence."""
    connection.send({"t": "hello", "v": version, "want": want, "code": code, "seats": seats or []})
    try:
        answer = connection.read()
        if answer is not None and answer["t"] == "wait":
            if waiting is not None:
                waiting(str(answer.get("why")))
            connection.sock.settimeout(None)  # the host takes the time they take
            if terminal is not None:
                wait_unless_gone(connection.sock, terminal)
            answer = connection.read()
            connection.sock.settimeout(HELLO_SECONDS)
    except TimeoutError:
        connection.sock.close()
        raise TableBusy() from None
    except (OSError, ValueError):
        answer = None
    if answer is None or answer["t"] not in ("welcome", "info"):
        connection.sock.close()
        why = str((None if answer is None else answer.get("why")) or "")
        if why == BUSY:
            raise TableBusy()
        raise ShareError(why or "The table closed the connection.")
    if answer.get("v") != wire.PROTOCOL:
        connection.sock.close()
        raise ShareError(
            f"That table speaks party-dice protocol {answer.get('v')} and this party-dice "
            f"speaks {wire.PROTOCOL}: join with the host's party-dice."
        )
    if answer["t"] == "welcome" and not readable_welcome(answer):
        connection.sock.close()
        raise ShareError(MALFORMED)
    return connection, answer


MALFORMED = "The table's welcome is not one this party-dice can read: not joined."


def readable_welcome(welcome: dict[str, Any]) -> bool:
    """Whether ``welcome`` holds all a table screen reads of it, each of its kind: the
    game (one this party-dice knows), the seats, the terminal's own, the first snapshot
    (its views and actions rebuilt here, as the screen will)."""
    from tui import games

    try:
        seats = wire.seats_in(welcome["seats"])
        mine = welcome["you"]
        if welcome["game"] not in games.ids() or not isinstance(mine, list):
            return False
        if not all(type(seat) is int and 0 <= seat < len(seats) for seat in mine):
            return False
        return isinstance(welcome.get("code"), str | None) and readable_snap(
            welcome["snap"], mine, len(seats)
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def readable_move(move: dict[str, Any], mine: Sequence[int], seats: int) -> bool:
    """Whether a ``move`` message holds all a table screen reads of it."""
    try:
        wire.action_in(move["action"])
        for event in move["events"]:
            wire.event_in(event)
        seat = move.get("seat")
        if seat is not None and not (type(seat) is int and 0 <= seat < seats):
            return False
        return readable_snap(move["snap"], mine, seats)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def readable_snap(snap: dict[str, Any], mine: Sequence[int], seats: int) -> bool:
    """Whether a snapshot holds its move number, whose turn (a seat), whether the
    game is over, the legal actions and every view the terminal reads, each rebuilt."""
    turn = snap["turn"]
    if type(snap["n"]) is not int or not isinstance(snap["over"], bool):
        return False
    if turn is not None and not (type(turn) is int and 0 <= turn < seats):
        return False
    for view in (snap["public"], *(snap["own"][str(seat)] for seat in mine)):
        if len(wire.view_in(view).seats) != seats:
            return False
    for action in snap["actions"]:
        wire.action_in(action)
    return True


GONE = "The terminal went away while the host was asked: not joined."


def wait_unless_gone(sock: socket.socket, terminal: int) -> None:
    """Wait until ``sock`` has something to read; ``ShareError`` if ``terminal`` ends
    first. A terminal that goes without SIGHUP (``su user -c``) only reads as ended:
    the wait at the host's door went on for ever. What is typed meanwhile is dropped
    (keys typed before the table is drawn are no moves)."""
    while True:
        ready, _, _ = select.select([sock.fileno(), terminal], [], [])
        if sock.fileno() in ready:
            return
        try:
            typed = os.read(terminal, 1024)
        except OSError:
            typed = b""
        if not typed:
            sock.close()
            raise ShareError(GONE)


LIST_SECONDS = 3.0
"""How long a list waits for all the tables together to say what they are."""
LISTED_EACH = 8
"""Tables of one account a list asks at most (an account may name many sockets)."""


def open_tables(
    wait: float = LIST_SECONDS, each: int = LISTED_EACH
) -> list[tuple[str, dict[str, Any]]]:
    """Every table on this machine whose account the kernel confirms (``each`` per
    account at most), with what it says of itself, all asked at once: a table that
    does not answer within ``wait`` seconds, or too busy to take the connection, is
    listed with ``{"busy": why}`` (it exists: "no table is open" would be false), and
    a crowd of tables that never answer cannot hold the list up."""
    per_account: Counter[int | None] = Counter()
    found: dict[str, dict[str, Any]] = {}
    asking: dict[socket.socket, tuple[str, bytearray]] = {}
    for name in listed_tables():
        per_account[name_uid(name)] += 1
        if per_account[name_uid(name)] > each:
            continue
        try:
            sock = connect(name, wait)
            sock.sendall(wire.encode({"t": "hello", "v": wire.PROTOCOL, "want": "list"}))
        except TableBusy as error:
            found[name] = {"busy": str(error)}
            continue
        except (ShareError, OSError):
            continue
        sock.setblocking(False)
        asking[sock] = (name, bytearray())
    deadline = time.monotonic() + wait
    while asking and (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select(list(asking), [], [], left)
        for sock in ready:
            name, line = asking[sock]
            try:
                chunk = sock.recv(65536)
            except OSError:
                chunk = b""
            line += chunk
            if chunk and b"\n" not in line and len(line) <= wire.MAX_LINE:
                continue
            del asking[sock]
            sock.close()
            info = _info(bytes(line))
            if info is not None:
                found[name] = info
    for sock, (name, _line) in asking.items():
        sock.close()
        found[name] = {"busy": BUSY}
    return sorted(found.items())


def _info(line: bytes) -> dict[str, Any] | None:
    """A list's answer, if it is one of this protocol's."""
    try:
        info: dict[str, Any] = wire.cleaned(wire.decode(line.split(b"\n", 1)[0]))
    except wire.WireError:
        return None
    if info.get("t") != "info" or info.get("v") != wire.PROTOCOL:
        return None
    return info

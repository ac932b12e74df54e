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
from collections.abc import Callable
from typing import Any

from tui.share import wire
from tui.share.transport import ShareError, connect, listed_tables

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
            return wire.decode(line)
        except wire.WireError:
            return None

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
    """Connect to table ``name`` and say hello; the connection and the table's
    answer (``welcome`` or ``info``), or ``ShareError`` with the table's sentence.
    At a table whose host lets each joiner in, ``waiting`` is told the table's one
    sentence while the host decides (for as long as they take); ``terminal``, a file
    descriptor read meanwhile (the command line's own), ends the wait at its end."""
    connection = Connection(connect(name, HELLO_SECONDS))
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
    except (OSError, ValueError):
        answer = None
    if answer is None or answer["t"] not in ("welcome", "info"):
        connection.sock.close()
        why = None if answer is None else answer.get("why")
        raise ShareError(str(why or "The table closed the connection."))
    if answer.get("v") != wire.PROTOCOL:
        connection.sock.close()
        raise ShareError(
            f"That table speaks party-dice protocol {answer.get('v')} and this party-dice "
            f"speaks {wire.PROTOCOL}: join with the host's party-dice."
        )
    return connection, answer


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


def open_tables() -> list[tuple[str, dict[str, Any]]]:
    """Every table on this machine that answers, with what it says of itself."""
    found = []
    for name in listed_tables():
        try:
            connection, info = hello(name, "list")
        except ShareError:
            continue
        connection.sock.close()
        found.append((name, info))
    return found

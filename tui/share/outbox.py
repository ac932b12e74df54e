"""A shared table's terminals and what goes out to them.

``Outbox`` holds the connected clients (``tui.share.door.Client``) and writes to them
without ever waiting: a client whose connection is gone is dropped at once (writing on
logged a warning per message), one whose unsent bytes pass ``buffer_limit`` is dropped
too, so a terminal that stops reading cannot slow the table for the others. Who is
here (``presence``) goes out at most once a ``PRESENCE_EVERY``, encoded once for all
the terminals and once more for the host's (a crowd coming and going sent each watcher
every other's name each time: n² bytes). Watchers are capped, in all and per account
(the host's account aside, and an account holding a seat never held to the total),
and the host can send an account's watchers away.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from tui.share import wire
from tui.share.door import Client

log = logging.getLogger("party-dice.table")

BUFFER_LIMIT = 256 * 1024
"""Unsent bytes a client may fall behind by before it is dropped (some fifty moves of
the largest table: a terminal that reads at all never comes near it)."""
WATCHERS_ALL = 64
"""Terminals watching at once, all accounts together (the host's account aside)."""
WATCHERS_EACH = 2
"""Terminals one account may watch from (the host's account aside)."""
PRESENCE_EVERY = 0.25
"""Seconds between two presence messages at least: a crowd coming and going costs one
message per client per tick, not one per arrival."""
NOT_WATCHING = "The host has asked your account not to watch this table."
WATCHERS_FULL = "That table is busy: it has as many watchers as it takes, so try again later."

Who = Callable[[], tuple[dict[str, Any], dict[str, Any]]]
"""Who is at the table now: the presence everyone gets, and what the host's add."""


class Outbox:
    """The table's connections; ``gone(client)`` hears of each one dropped."""

    def __init__(
        self,
        host_uid: int,
        who: Who,
        gone: Callable[[Client], None],
        *,
        buffer_limit: int = BUFFER_LIMIT,
        watchers_all: int = WATCHERS_ALL,
        watchers_each: int = WATCHERS_EACH,
    ) -> None:
        self.host_uid = host_uid
        self.who = who
        self.gone = gone
        self.buffer_limit = buffer_limit
        self.watchers_all = watchers_all
        self.watchers_each = watchers_each
        self.clients: dict[int, Client] = {}
        self.no_watching: set[int] = set()
        """Accounts whose watching the host ended (a yes at the door ends it too)."""
        self._due = False
        self._sent_at = float("-inf")
        self.clock: Callable[[], float] = time.monotonic

    def send(self, client: Client, message: dict[str, Any]) -> None:
        self.send_bytes(client, wire.encode(message))

    def send_bytes(self, client: Client, data: bytes) -> None:
        """Queue ``data`` (one encoded message) for ``client``; nobody waits."""
        if client.closed:
            return
        transport = client.writer.transport
        if transport.is_closing():
            self.drop(client, "")
            return
        if transport.get_write_buffer_size() + len(data) > self.buffer_limit:
            self.drop(client, None)
            return
        client.writer.write(data)

    def tell(self, text: str, *, host_only: bool = False) -> None:
        """A note for the terminals (the host's only, or all), and the table's log."""
        log.info("%s", text)
        data = wire.encode({"t": "note", "text": text})
        for client in list(self.clients.values()):
            if client.uid == self.host_uid or not host_only:
                self.send_bytes(client, data)

    def drop(self, client: Client, why: str | None) -> None:
        """Close ``client`` now, saying ``why`` if it is still listening (``None``:
        too far behind, what is queued is thrown away; ``""``: nothing to say)."""
        if client.closed:
            return
        if why:
            with contextlib.suppress(Exception):
                client.writer.write(wire.encode({"t": "bye", "why": why}))
        client.closed = True
        self.clients.pop(client.cid, None)
        if why is None:
            client.writer.transport.abort()
        else:
            client.writer.close()
        log.info("%s left: %s", client.user, "too far behind" if why is None else why or "hung up")
        self.gone(client)
        self.presence()

    # -- who is here -------------------------------------------------------------------

    def presence(self) -> None:
        """Who is here has changed: tell everyone now, or at the next ``tick`` if they
        were told less than ``PRESENCE_EVERY`` ago."""
        self._due = True
        if self.clock() - self._sent_at >= PRESENCE_EVERY:
            self.flush()

    def tick(self, now: float) -> None:
        if self._due and now - self._sent_at >= PRESENCE_EVERY:
            self.flush()

    def flush(self) -> None:
        """Tell everyone who is here, if that changed: one message encoded once, and
        once more with what only the host's terminals see."""
        if not self._due:
            return
        self._due = False
        self._sent_at = self.clock()
        public, extras = self.who()
        message = {"t": "presence", **public}
        data, host_data = wire.encode(message), wire.encode({**message, **extras})
        for client in list(self.clients.values()):
            self.send_bytes(client, host_data if client.uid == self.host_uid else data)

    # -- watchers ----------------------------------------------------------------------

    def watching(self, uid: int | None = None) -> list[Client]:
        """The clients that watch (of ``uid``, or of any account)."""
        return [c for c in self.clients.values() if not c.seats and uid in (None, c.uid)]

    def watch_problem(self, uid: int, holds_a_seat: bool) -> str | None:
        """Why ``uid`` may not watch now, or ``None``."""
        if uid == self.host_uid:
            return None
        if uid in self.no_watching:
            return NOT_WATCHING
        mine = len(self.watching(uid))
        if mine >= self.watchers_each:
            return f"Your account watches this table from {mine} terminals, as many as it may."
        if not holds_a_seat and len(self.watching()) >= self.watchers_all:
            return WATCHERS_FULL
        return None

    def unwatch(self, uid: int) -> None:
        """Close every terminal of ``uid`` that watches; it may not watch again."""
        if uid == self.host_uid:
            return
        self.no_watching.add(uid)
        for client in self.watching(uid):
            self.drop(client, NOT_WATCHING)
        self.presence()

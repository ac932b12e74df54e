"""Who may come in to a shared table: the hello's checks, the host's approval, kicks.

The checks run in order: the protocol's version, then (for anyone but the host's own
account) a kicked account, the lock-out, the code. With ``approve`` on, a joiner who
passes them waits at the door (``wait`` tells them so in one sentence) until the host's
terminal answers ``let`` yes or no; the host's terminals see who is asking in their
presence message, and nobody else does. ``kick`` frees a seat: its terminal is told
and closed, and the account is not let back in for as long as the table lives.

Before any of that, ``Greeters`` counts the connections that have not said hello yet:
a few for each account and a few dozen in all. Anyone on the server may connect, code
or not, and each connection is one of the table process's file descriptors; without a
limit one account's flood of silent connections used them all up (1,024), and the
players could not come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tui import __version__
from tui.share import wire
from tui.share.transport import LockOut, codes_match, user_name

if TYPE_CHECKING:
    from tui.engine.controller import Controller

log = logging.getLogger("party-dice.table")

WAITING = "The host has been asked to let you in: wait here until they answer."
TURNED_AWAY = "The host did not let you in to this table."
KICKED = "The host has asked you to leave this table."
GREETERS_EACH = 4
"""Connections one account may have open before their hello (a terminal needs one)."""
GREETERS_ALL = 32
"""Connections all accounts together may have open before their hello."""
TOLD_EVERY = 60.0
"""Seconds between two log lines about connections turned back or gone before hello."""


@dataclass
class Greeters:
    """The connections not yet past their hello, by account (``GREETERS_EACH`` each,
    ``GREETERS_ALL`` in all), and how many were turned back or gave no hello since the
    table's log last said so (once a ``TOLD_EVERY`` at most: a flood must not fill it)."""

    each: int = GREETERS_EACH
    all: int = GREETERS_ALL
    waiting: Counter[int] = field(default_factory=Counter)
    untold: Counter[int] = field(default_factory=Counter)
    told_at: float | None = None

    def enter(self, uid: int) -> bool:
        """Room for one more connection of ``uid`` to say hello? Counted in if so."""
        if self.waiting[uid] >= self.each or self.waiting.total() >= self.all:
            return False
        self.waiting[uid] += 1
        return True

    def leave(self, uid: int) -> None:
        """A connection of ``uid`` has said hello (or is gone)."""
        self.waiting[uid] -= 1
        if self.waiting[uid] <= 0:
            del self.waiting[uid]

    def turn_back(self, uid: int, writer: asyncio.StreamWriter, why: str | None) -> None:
        """Close a connection of ``uid`` turned back or gone before its hello (saying
        ``why`` if given): a log line once a minute at most, not one each, and no word
        to the players, as for someone who had joined (``SharedTable.drop``)."""
        if why is None:
            writer.transport.abort()
        else:
            with contextlib.suppress(Exception):
                writer.write(wire.encode({"t": "bye", "why": why}))
            writer.close()
        line = self.untold_line(uid)
        if line is not None:
            log.info(line)

    def untold_line(self, uid: int, now: float | None = None) -> str | None:
        """Count one connection of ``uid`` turned back or gone before its hello; the
        line for the log when it is time to say so (the counts since the last line)."""
        now = time.monotonic() if now is None else now
        self.untold[uid] += 1
        if self.told_at is not None and now - self.told_at < TOLD_EVERY:
            return None
        self.told_at = now
        counts = ", ".join(f"{user_name(u)} {n}" for u, n in sorted(self.untold.items()))
        self.untold.clear()
        return f"connections turned back or gone before their hello: {counts}"


@dataclass(eq=False)
class Client:
    """One connection: its account, the seats it holds (none: watching)."""

    cid: int
    uid: int
    writer: asyncio.StreamWriter
    seats: set[int] = field(default_factory=set)
    closed: bool = False

    @property
    def user(self) -> str:
        return user_name(self.uid)


@dataclass
class Door:
    """The table's door: the code's lock-out, who waits for the host, who was kicked."""

    code: str
    host_uid: int
    approve: bool = False
    lockout: LockOut = field(default_factory=LockOut)
    asking: dict[int, tuple[Client, asyncio.Future[bool]]] = field(default_factory=dict)
    """Connection id -> the joiner waiting for the host's answer."""
    kicked: set[int] = field(default_factory=set)
    """Accounts the host sent away."""

    def problem(self, uid: int, hello: dict[str, Any]) -> str | None:
        """Why a hello is refused (version, kicked, lock-out, code), or ``None``."""
        version = hello.get("v")
        if version != wire.PROTOCOL:
            return (
                f"This table speaks party-dice protocol {wire.PROTOCOL} (party-dice "
                f"{__version__}) and yours speaks {version}: join with the host's party-dice."
            )
        if hello.get("want") == "list" or uid == self.host_uid:
            return None
        if uid in self.kicked:
            return KICKED
        if self.lockout.locked(uid):
            return "Too many wrong codes from your account: wait a minute and try again."
        if not codes_match(str(hello.get("code", "")), self.code):
            self.lockout.failed(uid)
            return "That is not the table's code: ask the host for it again."
        return None

    async def knock(
        self, client: Client, reader: asyncio.StreamReader, presence: Callable[[], None]
    ) -> str | None:
        """Wait at the door for the host's answer (``presence`` tells the table who is
        asking): ``None`` if let in, the sentence if turned away, ``""`` if the joiner
        gave up first."""
        answer = self.ask(client)
        client.writer.write(wire.encode({"t": "wait", "why": WAITING}))
        log.info("%s asks to join", client.user)
        presence()
        gave_up = asyncio.ensure_future(reader.readline())
        both: set[asyncio.Future[Any]] = {answer, gave_up}
        try:
            await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not gave_up.done():  # the reading ends before the table reads on
                gave_up.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await gave_up
            elif not gave_up.cancelled():
                gave_up.exception()  # a reset while waiting: taken as giving up
            self.left(client)
        presence()
        if not answer.done():
            return ""
        return None if answer.result() else TURNED_AWAY

    def must_ask(self, client: Client) -> bool:
        return self.approve and client.uid != self.host_uid

    def ask(self, client: Client) -> asyncio.Future[bool]:
        """Put ``client`` at the door; the future is the host's answer."""
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.asking[client.cid] = (client, answer)
        return answer

    def left(self, client: Client) -> None:
        """``client`` stopped waiting (answered, or gave up)."""
        self.asking.pop(client.cid, None)

    def answer(self, cid: int, yes: bool) -> bool:
        """The host's answer for connection ``cid``; False if nobody waits there."""
        waiting = self.asking.pop(cid, None)
        if waiting is None or waiting[1].done():
            return False
        waiting[1].set_result(yes)
        return True

    def who_asks(self) -> list[dict[str, Any]]:
        """The joiners waiting, oldest first, for the host's terminals only."""
        return [{"id": cid, "user": user_name(c.uid)} for cid, (c, _) in self.asking.items()]


def info(host_uid: int, controller: Controller, free: list[str]) -> dict[str, Any]:
    """What ``party-dice join --list`` shows: host, game, free seats (no secret)."""
    return {
        "t": "info",
        "v": wire.PROTOCOL,
        "host": user_name(host_uid),
        "game": controller.game_id,
        "free": free,
        "over": controller.over,
    }


def who(
    controller: Controller, owners: dict[int, int], clients: dict[int, Client]
) -> dict[str, Any]:
    """Each seat's account and state (here, away, free, computer), and the watchers."""
    holders = {seat for client in clients.values() for seat in client.seats}
    seats = []
    for index, seat in enumerate(controller.seats):
        owner = owners.get(index)
        state = "free" if owner is None else "here" if index in holders else "away"
        seats.append(
            {
                "name": seat.name,
                "user": None if owner is None else user_name(owner),
                "state": "computer" if seat.bot else state,
            }
        )
    watching = [client.user for client in clients.values() if not client.seats]
    return {"seats": seats, "watching": watching}

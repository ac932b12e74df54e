"""Who may come in to a shared table: the hello's checks, the host's approval, the caps.

The checks run in order: the protocol's version, then (for anyone but the host's own
account) the lock-out and the code, which must be there and right. With ``approve``
on, a joiner who passes them and asks for a seat not already theirs, or to watch,
waits at the door (``wait`` tells them so in one sentence) until the host's terminal
answers ``let`` yes or no: a yes gives them the seat they asked for. The host's
terminals see who is asking, and for what, in their presence message, and hear of
wrong codes and lock-outs (``note``), which the table's log keeps too; nobody else
does. Joiners waiting at once are capped (a few dozen, one per account).

Before any of that, ``Greeters`` counts the connections that have not said hello yet:
a few for each account and a few dozen in all. Anyone on the server may connect, code
or not, and each connection is one of the table process's file descriptors; without a
limit one account's flood of silent connections used them all up (1,024), and the
players could not come back. The host's account and the accounts holding a seat are
held to their own few only, never to the total: a crowd of other accounts cannot shut
them out. Anyone turned back is told the table is busy, which is true.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tui import __version__
from tui.share import wire
from tui.share.transport import BUSY, LockOut, clean_code, codes_match, user_name

if TYPE_CHECKING:
    from tui.engine.controller import Controller
    from tui.share.seats import SeatMap

log = logging.getLogger("party-dice.table")

WAITING = "The host has been asked to let you in: wait here until they answer."
TURNED_AWAY = "The host did not let you in to this table."
KICKED = "The host has taken back your seat at this table."
NO_CODE = "This table needs its code: ask the host for it."
WRONG_CODE = "That is not the table's code: ask the host for it again."
LOCKED = "Too many wrong codes from your account: wait a minute and try again."
GREETERS_EACH = 4
"""Connections one account may have open before their hello (a terminal needs one)."""
GREETERS_ALL = 32
"""Connections all accounts together may have open before their hello."""
KNOCKS_EACH = 1
"""Joiners of one account waiting at the door at once."""
KNOCKS_ALL = 8
"""Joiners waiting at the door at once, all accounts together."""
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

    def enter(self, uid: int, always: bool = False) -> bool:
        """Room for one more connection of ``uid`` to say hello? Counted in if so.
        ``always``: the host's account or one holding a seat, held to its own few only."""
        if self.waiting[uid] >= self.each:
            return False
        if not always and self.waiting.total() >= self.all:
            return False
        self.waiting[uid] += 1
        return True

    def leave(self, uid: int) -> None:
        """A connection of ``uid`` has said hello (or is gone)."""
        self.waiting[uid] -= 1
        if self.waiting[uid] <= 0:
            del self.waiting[uid]

    def turn_back(self, uid: int, writer: asyncio.StreamWriter, why: str | None = BUSY) -> None:
        """Close a connection of ``uid`` turned back or gone before its hello, saying
        ``why`` (by default that the table is busy; ``None``: it has gone, say nothing):
        a log line once a minute at most, not one each, and no word to the players, as
        for someone who had joined (``SharedTable.drop``)."""
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
class Knock:
    """A joiner waiting at the door: their connection, what they ask for (in words,
    for the host), and the host's answer to come."""

    client: Client
    wants: str
    answer: asyncio.Future[bool]


@dataclass
class Door:
    """The table's door: the code and its lock-out, who waits for the host."""

    code: str
    host_uid: int
    approve: bool = False
    lockout: LockOut = field(default_factory=LockOut)
    asking: dict[int, Knock] = field(default_factory=dict)
    """Connection id -> the joiner waiting for the host's answer."""
    tell_host: Callable[[str], None] = log.info
    """Where wrong codes and lock-outs go: the table's log and the host's terminals."""
    told_locked: dict[int, float] = field(default_factory=dict)
    """Account -> when the host was told it is locked out (once per lock-out)."""

    def problem(self, uid: int, hello: dict[str, Any]) -> str | None:
        """Why a hello is refused (version, lock-out, code), or ``None``. A hello with
        no code, or an empty one, is refused as a wrong one is, and counts as one."""
        version = hello.get("v")
        if version != wire.PROTOCOL:
            return (
                f"This table speaks party-dice protocol {wire.PROTOCOL} (party-dice "
                f"{__version__}) and yours speaks {str(version)[:20]}: join with the host's "
                "party-dice."
            )
        if hello.get("want") == "list" or uid == self.host_uid:
            return None
        now = time.monotonic()
        if self.lockout.locked(uid, now):
            return LOCKED
        code = hello.get("code")
        typed = clean_code(code) if isinstance(code, str) else ""
        if typed and codes_match(typed, self.code):
            return None
        self.lockout.failed(uid, now)
        who = user_name(uid)
        if self.lockout.locked(uid, now):
            told = self.told_locked.get(uid)
            if told is None or now - told > self.lockout.seconds:
                self.told_locked[uid] = now
                self.tell_host(f"{who} is locked out for a minute: too many wrong codes.")
        else:
            self.tell_host(f"{who} tried to join with {'a wrong' if typed else 'no'} code.")
        return WRONG_CODE if typed else NO_CODE

    def may_knock(self, uid: int) -> bool:
        """Room at the door for one more joiner of ``uid`` to wait?"""
        mine = sum(1 for knock in self.asking.values() if knock.client.uid == uid)
        return mine < KNOCKS_EACH and len(self.asking) < KNOCKS_ALL

    async def knock(
        self,
        client: Client,
        reader: asyncio.StreamReader,
        wants: str,
        presence: Callable[[], None],
    ) -> str | None:
        """Wait at the door for the host's answer to ``client``, who asks for ``wants``
        (``presence`` tells the table who is asking): ``None`` if let in, the sentence
        if turned away, ``""`` if the joiner gave up first."""
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.asking[client.cid] = Knock(client, wants, answer)
        client.writer.write(wire.encode({"t": "wait", "why": WAITING}))
        log.info("%s asks to join (%s)", client.user, wants)
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
            self.asking.pop(client.cid, None)
        presence()
        if not answer.done():
            return ""
        return None if answer.result() else TURNED_AWAY

    def answer(self, cid: int, yes: bool) -> bool:
        """The host's answer for connection ``cid``; False if nobody waits there."""
        waiting = self.asking.pop(cid, None)
        if waiting is None or waiting.answer.done():
            return False
        waiting.answer.set_result(yes)
        return True

    def who_asks(self) -> list[dict[str, Any]]:
        """The joiners waiting, oldest first, for the host's terminals only."""
        return [
            {"id": cid, "user": knock.client.user, "wants": knock.wants}
            for cid, knock in self.asking.items()
        ]


def info(controller: Controller, seats: SeatMap, asker: int, opened: str) -> dict[str, Any]:
    """What ``party-dice join --list`` shows of a table (no secret): its game, its
    people's seats, those free and those of the asking account (waiting for it), its
    round and when it opened. Whose table it is comes from the kernel, not from here."""
    return {
        "t": "info",
        "v": wire.PROTOCOL,
        "game": controller.game_id,
        "seats": [seats.names[seat] for seat in seats.people],
        "free": seats.free_names(),
        "yours": [seats.names[seat] for seat in seats.of(asker)],
        "round": controller.view(None).round,
        "opened": opened,
        "over": controller.over,
    }


def who(
    controller: Controller, owners: dict[int, int], clients: Iterable[Client]
) -> dict[str, Any]:
    """Each seat's account and state (here, away, free, computer), and the accounts
    watching (each once, however many terminals it watches from)."""
    clients = list(clients)
    holders = {seat for client in clients for seat in client.seats}
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
    watching = list(dict.fromkeys(client.user for client in clients if not client.seats))
    return {"seats": seats, "watching": watching}

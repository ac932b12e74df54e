"""One connection at a shared table, from its first byte to its hang-up.

``serve`` counts it among the greeters (``tui.share.door.Greeters``: a few per account,
a few dozen in all, the host's account and the seat holders never kept out), reads its
hello, lets it in or not (``admit``), then hands its messages to the table: moves from
anyone, the host's commands from the host's account only. ``admit`` runs the door's
checks (version, lock-out, code), then the seat asked for (``tui.share.seats``) or the
watchers' caps (``tui.share.outbox``), and at a table whose host lets each joiner in,
the wait for their yes, which gives the seat asked for.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from tui.share import door, wire
from tui.share.door import Client
from tui.share.outbox import NOT_WATCHING
from tui.share.seats import Claim
from tui.share.transport import BUSY

if TYPE_CHECKING:
    from tui.share.host import SharedTable

log = logging.getLogger("party-dice.table")

HELLO_SECONDS = 10.0
"""How long a connection may take to say hello."""
BAD_LINE = "That line was too long or not a message: goodbye."
HOST_COMMANDS = ("let", "kick", "unwatch", "forgive")


async def serve(
    table: SharedTable, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    """One connection, from hello to hang-up."""
    uid = table.peer(writer.get_extra_info("socket"))
    always = uid == table.host_uid or uid in table.owners.values()
    if not table.greeters.enter(uid, always):
        table.greeters.turn_back(uid, writer)
        return
    try:
        line = await asyncio.wait_for(reader.readline(), HELLO_SECONDS)
        hello = wire.decode(line)
    except ConnectionError:
        table.greeters.turn_back(uid, writer, None)
        return
    except (ValueError, TimeoutError) as error:  # a long or bad line, or none
        why = BAD_LINE if isinstance(error, ValueError) else "No hello: goodbye."
        table.greeters.turn_back(uid, writer, why)
        return
    finally:
        table.greeters.leave(uid)
    client = Client(table.new_id(), uid, writer)
    try:
        problem = await admit(table, client, reader, hello)
        if problem is not None:
            if problem:
                writer.write(wire.encode({"t": "refused", "why": problem}))
            writer.close()
            return
        while not client.closed:
            line = await reader.readline()
            if not line:
                break
            message = wire.decode(line)
            if message["t"] == "act":
                table.act(client, message)
            elif message["t"] in HOST_COMMANDS and uid == table.host_uid:
                command(table, message)
            elif message["t"] == "bye":
                break
    except ConnectionError:
        table.out.drop(client, "")
    except ValueError:  # a long or bad line
        table.out.drop(client, BAD_LINE)
    except Exception as error:  # a message no check foresaw: that client goes, not the table
        log.warning("%s sent what could not be handled: %r", client.user, error)
        table.out.drop(client, BAD_LINE)
    finally:
        if not client.closed and client.cid in table.clients:
            table.out.drop(client, "")


async def admit(
    table: SharedTable, client: Client, reader: asyncio.StreamReader, hello: dict[str, Any]
) -> str | None:
    """Let ``client`` in (``None``: it has its welcome) or say why not (``""``:
    nothing to say)."""
    uid = client.uid
    problem = table.door.problem(uid, hello)
    if problem is not None:
        return problem
    if hello.get("want") == "list":
        info = door.info(table.controller, table.seats, uid, table.opened)
        if uid == table.host_uid and table.session.slot is not None:
            info["slot"] = table.session.slot.slot_id  # host --resume: is it open here?
        client.writer.write(wire.encode(info))
        return ""
    claim: Claim | None = None
    names: list[str] = []
    if hello.get("want") == "watch":
        problem = table.out.watch_problem(uid, uid in table.owners.values())
        soft = problem == NOT_WATCHING
        wants = "to watch"
    else:
        asked = hello.get("seats") or []
        if not isinstance(asked, list) or not all(isinstance(n, str) for n in asked):
            return "Seats are asked for by name."
        names = asked[: len(table.seats.people)]
        claim = table.seats.claim(uid, names)
        problem, soft = claim.problem, claim.host_may_give
        wants = ", ".join(table.seats.names[seat] for seat in claim.seats) or "a seat"
        if claim.seats and not claim.new and problem is None:
            return table.join(client, claim)  # back to its own seats: no need to ask
    if not table.door.approve or uid == table.host_uid:
        return problem if problem is not None else table.join(client, claim)
    if problem is not None and not soft:
        return problem
    if not table.door.may_knock(uid):
        return BUSY
    answer = await table.door.knock(client, reader, wants, table.out.presence)
    if answer is not None:
        return answer
    if claim is None:  # the host's yes to a watcher: watching again is allowed
        table.out.no_watching.discard(uid)
    else:  # the host gives the seat asked for, if it is still to be had
        claim = table.seats.claim(uid, names)
        if claim.problem is not None and not claim.host_may_give:
            return claim.problem
    return table.join(client, claim)


def command(table: SharedTable, message: dict[str, Any]) -> None:
    """The host's terminal lets a joiner in or not (``let``), takes a seat back
    (``kick``), sends an account's watchers away (``unwatch``), or lets an account kept
    off seats and watching take them again (``forgive``)."""
    try:
        kind = message["t"]
        if kind == "let":
            table.door.answer(int(message["id"]), message.get("yes") is True)
        elif kind == "kick":
            table.kick(int(message["seat"]))
        elif kind == "unwatch":
            table.unwatch(int(message["uid"]))
        elif kind == "forgive":
            table.forgive(int(message["uid"]))
    except (KeyError, TypeError, ValueError):
        log.info("a host command that made no sense: %s", str(message.get("t"))[:20])

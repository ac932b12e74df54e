"""A shared table, as the table process runs it: who holds which seat, what each
terminal may see, and the moves.

``SharedTable`` owns one ``TableSession`` (the engine, its random source, the
autosave). Each connection is a ``Client``: its Unix account (from the kernel), the
seats it holds, or none for a spectator. After every move each client is sent that
move's public events, the private events of its own seats only, and a snapshot: the
public view plus the engine's view of each seat it holds. Nothing else leaves the
process, so no face-down card reaches a terminal that does not hold its seat.

A seat belongs to the account that took it; the same account connecting again takes
it back and the older connection is closed (the newest connection wins). Writes
never wait: a client whose unsent bytes pass ``buffer_limit`` is dropped, so one
terminal that stops reading cannot slow the table for the others. Who may come in
(the code, the host's approval, kicked accounts) is ``tui.share.door``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Sequence
from typing import Any

from tui.engine.core import Action, Event, IllegalAction, find_legal
from tui.session.table_session import TableSession
from tui.share import door, wire
from tui.share.door import KICKED, Client, Door, Greeters
from tui.share.transport import LockOut, peer_uid, show_code, user_name

log = logging.getLogger("party-dice.table")

BUFFER_LIMIT = 1 << 20
"""Unsent bytes a client may fall behind by before it is dropped."""
HELLO_SECONDS = 10.0
"""How long a connection may take to say hello."""
BAD_LINE = "That line was too long or not a message: goodbye."


class SharedTable:
    """The table process's state: the session, the seats' owners, the connections."""

    def __init__(
        self,
        session: TableSession,
        code: str,
        host_uid: int,
        here: Sequence[str] = (),
        *,
        buffer_limit: int = BUFFER_LIMIT,
        lockout: LockOut | None = None,
        away_after: float | None = None,
        approve: bool = False,
    ) -> None:
        """``here``: the names of the seats the host's own terminal holds;
        ``away_after``: seconds a person may be away before a computer player takes
        their turns until they return (``None``: the table waits for them);
        ``approve``: each joiner waits for the host's yes."""
        self.session = session
        self.controller = session.controller
        self.code = code
        self.host_uid = host_uid
        self.buffer_limit = buffer_limit
        self.door = Door(code, host_uid, approve, lockout or LockOut())
        self.greeters = Greeters()
        self.clients: dict[int, Client] = {}
        self.owners: dict[int, int] = {}
        """Seat -> the uid that holds it, for as long as the table lives."""
        for seat in self._people_named(here):
            self.owners[seat] = host_uid
        self.away_after = away_after
        self.away_since: dict[int, float] = {}
        """Seat -> when its person's terminal went away."""
        self.moves = 0
        self.last_seen = time.monotonic()
        """When a client was last connected (the idle timeout counts from here)."""
        self._ids = itertools.count(1)

    # -- seats -------------------------------------------------------------------------

    def _people_named(self, names: Sequence[str]) -> list[int]:
        people = self.controller.humans
        wanted = {name.casefold() for name in names}
        return [seat for seat in people if self.controller.seats[seat].name.casefold() in wanted]

    def free_seats(self) -> list[str]:
        return [
            self.controller.seats[seat].name
            for seat in self.controller.humans
            if seat not in self.owners
        ]

    def _claim(self, uid: int, names: Sequence[str]) -> tuple[list[int], str | None]:
        """The seats ``uid`` may take for ``names`` (empty: back what it holds, else
        the first free seat), or why not."""
        if names:
            seats = self._people_named(names)
            if len(seats) != len(set(name.casefold() for name in names)):
                free = ", ".join(self.free_seats()) or "none"
                return [], f"There is no person's seat by that name (free: {free})."
            for seat in seats:
                owner = self.owners.get(seat)
                if owner is not None and owner != uid:
                    taken = self.controller.seats[seat].name
                    return [], f"{taken}'s seat belongs to {user_name(owner)}."
            return seats, None
        mine = [seat for seat, owner in self.owners.items() if owner == uid]
        if mine:
            return sorted(mine), None
        open_seats = [seat for seat in self.controller.humans if seat not in self.owners]
        if not open_seats:
            return [], "Every seat is taken: join with --watch to watch."
        return open_seats[:1], None

    def holder(self, seat: int) -> Client | None:
        for client in self.clients.values():
            if seat in client.seats:
                return client
        return None

    # -- sending -----------------------------------------------------------------------

    def send(self, client: Client, message: dict[str, Any]) -> None:
        """Queue ``message``; a client too far behind is dropped, nobody waits."""
        if client.closed:
            return
        data = wire.encode(message)
        if client.writer.transport.get_write_buffer_size() + len(data) > self.buffer_limit:
            self.drop(client, None)
            return
        client.writer.write(data)

    def drop(self, client: Client, why: str | None) -> None:
        """Close ``client`` now, saying ``why`` if it is still listening; its seats
        stay its account's (away)."""
        if client.closed:
            return
        if why:
            with contextlib.suppress(Exception):
                client.writer.write(wire.encode({"t": "bye", "why": why}))
        client.closed = True
        self.clients.pop(client.cid, None)
        for seat in client.seats:
            self.away_since[seat] = time.monotonic()
        if why is None:  # too far behind: what is queued is thrown away
            client.writer.transport.abort()
        else:
            client.writer.close()
        log.info("%s left: %s", client.user, "too far behind" if why is None else why or "hung up")
        self.last_seen = time.monotonic()
        self.presence()

    def may_act(self, client: Client) -> bool:
        if self.controller.over or not client.seats:
            return False
        seat = self.controller.whose_turn()
        return seat is None or seat in client.seats

    def snapshot(self, client: Client) -> dict[str, Any]:
        """What ``client`` may know of the table now: the public view, its seats'
        views, and the legal actions when the move is its own."""
        controller = self.controller
        actions = controller.actions() if self.may_act(client) else []
        return {
            "n": self.moves,
            "turn": controller.whose_turn(),
            "over": controller.over,
            "actions": [wire.action_out(action) for action in actions],
            "public": wire.view_out(controller.view(None)),
            "own": {str(seat): wire.view_out(controller.view(seat)) for seat in client.seats},
        }

    def presence(self) -> None:
        """Tell everyone who is here, who is away and who watches."""
        message = {"t": "presence", **door.who(self.controller, self.owners, self.clients)}
        hosts = {**message, "asking": self.door.who_asks()}
        for client in list(self.clients.values()):
            self.send(client, hosts if client.uid == self.host_uid else message)

    # -- moves -------------------------------------------------------------------------

    def moved(
        self,
        seat: int | None,
        action: Action,
        events: list[Event],
        reason: str | None,
        actor: Client | None,
    ) -> None:
        """A move was made: save it, then tell every client what it may know of it."""
        self.moves += 1
        job = self.session.finish()
        notice = self.session.autosave() if job is None else job()
        if notice is not None:
            log.warning("%s", notice.message)
        for client in list(self.clients.values()):
            shown = [
                wire.event_out(event)
                for event in events
                if event.private_to is None or event.private_to in client.seats
            ]
            self.send(
                client,
                {
                    "t": "move",
                    "seat": seat,
                    "action": wire.action_out(action),
                    "reason": reason,
                    "events": shown,
                    "mine": client is actor,
                    "snap": self.snapshot(client),
                },
            )

    def play_bots(self) -> None:
        """Computer players move at once; each terminal paces what it shows."""
        while self.controller.is_bot_turn():
            seat = self.controller.whose_turn()
            decision, events = self.controller.play_bot()
            self.moved(seat, decision.action, events, decision.reason, None)

    def cover_away(self, now: float | None = None) -> None:
        """A person away longer than ``away_after`` whose turn it is: a computer
        player moves for them (casual), until their terminal comes back."""
        now = time.monotonic() if now is None else now
        controller = self.controller
        while not controller.over and self.away_after is not None:
            seat = controller.whose_turn()
            since = None if seat is None else self.away_since.get(seat)
            if seat is None or since is None or now - since < self.away_after:
                return
            if controller.make_bot is None:
                return
            decision = controller.make_bot("casual").choose(
                controller.view(seat), controller.actions()
            )
            events = controller.apply(decision.action)
            name = controller.seats[seat].name
            self.moved(seat, decision.action, events, f"away, a computer plays for {name}", None)
            self.play_bots()

    def act(self, client: Client, message: dict[str, Any]) -> None:
        """A person's move from ``client``: refused unless it is theirs and current."""
        refusal = None
        if message.get("at") != self.moves:
            refusal = "The table moved on before that move arrived."
        elif not self.may_act(client):
            refusal = "It is not your move."
        if refusal is None:
            seat = self.controller.whose_turn()
            try:
                wanted = wire.action_in(message.get("action"))
                action = find_legal(self.controller.actions(), wanted)
            except (IllegalAction, wire.WireError):
                refusal = "That move is not allowed now."
            else:
                events = self.controller.apply(action)
                self.moved(seat, action, events, None, client)
                self.play_bots()
                return
        self.send(client, {"t": "nope", "why": refusal})

    # -- connections -------------------------------------------------------------------

    def join(self, client: Client, hello: dict[str, Any]) -> str | None:
        """Seat ``client`` (or let it watch) and send it the table; or why not."""
        if hello.get("want") != "watch":
            names = hello.get("seats") or []
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                return "Seats are asked for by name."
            seats, problem = self._claim(client.uid, names)
            if problem is not None:
                return problem
            for seat in seats:
                old = self.holder(seat)
                if old is not None:
                    self.drop(old, "Your seat was taken by a newer connection of your account.")
                self.owners[seat] = client.uid
                self.away_since.pop(seat, None)
            client.seats = set(seats)
        self.clients[client.cid] = client
        welcome = {
            "t": "welcome",
            "v": wire.PROTOCOL,
            "game": self.controller.game_id,
            "seats": wire.seats_out(self.controller.seats),
            "you": sorted(client.seats),
            "code": show_code(self.code) if client.uid == self.host_uid else None,
            "resumed": self.session.resumed,
            "snap": self.snapshot(client),
        }
        self.send(client, welcome)
        log.info("%s joined, seats %s", client.user, sorted(client.seats))
        self.presence()
        return None

    def command(self, message: dict[str, Any]) -> None:
        """The host's terminal lets a joiner in or not (``let``), or kicks a seat."""
        try:
            if message["t"] == "let":
                self.door.answer(int(message["id"]), message.get("yes") is True)
            else:
                self.kick(int(message["seat"]))
        except (KeyError, TypeError, ValueError):
            log.info("a host command that made no sense: %s", message.get("t"))

    def kick(self, seat: int) -> None:
        """Send the account holding ``seat`` away: its terminals are told and closed,
        its seats are free again, and it is not let back in (the host's own account
        cannot be kicked). A computer player covers a freed seat's turns if ``away``."""
        owner = self.owners.get(seat)
        if owner is None or owner == self.host_uid:
            return
        self.door.kicked.add(owner)
        for client in [c for c in self.clients.values() if c.uid == owner]:
            self.drop(client, KICKED)
        for freed in [s for s, uid in self.owners.items() if uid == owner]:
            del self.owners[freed]
        log.info("the host kicked %s", user_name(owner))
        self.presence()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, from hello to hang-up."""
        uid = peer_uid(writer.get_extra_info("socket"))
        if not self.greeters.enter(uid):
            self.greeters.turn_back(uid, writer, None)
            return
        try:
            line = await asyncio.wait_for(reader.readline(), HELLO_SECONDS)
            hello = wire.decode(line)
        except ConnectionError:
            self.greeters.turn_back(uid, writer, None)
            return
        except (ValueError, TimeoutError) as error:  # a long or bad line, or none
            why = BAD_LINE if isinstance(error, ValueError) else "No hello: goodbye."
            self.greeters.turn_back(uid, writer, why)
            return
        finally:
            self.greeters.leave(uid)
        client = Client(next(self._ids), uid, writer)
        try:
            problem = self.door.problem(uid, hello)
            if problem is None and hello.get("want") == "list":
                writer.write(
                    wire.encode(door.info(self.host_uid, self.controller, self.free_seats()))
                )
                problem = ""
            elif problem is None and self.door.must_ask(client):
                problem = await self.door.knock(client, reader, self.presence)
            if problem is None:
                problem = self.join(client, hello)
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
                    self.act(client, message)
                elif message["t"] in ("let", "kick") and uid == self.host_uid:
                    self.command(message)
                elif message["t"] == "bye":
                    break
        except ConnectionError:
            self.drop(client, "")
        except ValueError:  # a long or bad line
            self.drop(client, BAD_LINE)
        except Exception as error:  # a message no check foresaw: that client goes, not the table
            log.warning("%s sent what could not be handled: %r", client.user, error)
            self.drop(client, BAD_LINE)
        finally:
            if not client.closed and client.cid in self.clients:
                self.drop(client, "")

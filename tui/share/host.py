"""A shared table, as the table process runs it: who holds which seat, what each
terminal may see, and the moves.

``SharedTable`` owns one ``TableSession`` (the engine, its random source, the
autosave). Each connection is a ``Client``: its Unix account (from the kernel, read
through ``peer``: the one place the table learns who is at the other end, so tests can
stand in for other accounts), the seats it holds, or none for a watcher. After every
move each client is sent that move's public events, the private events of its own
seats only, and a snapshot: the public view plus the engine's view of each seat it
holds. Nothing else leaves the process, so no face-down card reaches a terminal that
does not hold its seat.

Seats are given, not grabbed (``tui.share.seats``); the same account connecting again
takes its seats back and the older connection is closed (the newest connection wins).
Writes never wait: a client whose unsent bytes pass ``buffer_limit`` is dropped, so one
terminal that stops reading cannot slow the table for the others. Watchers are capped
(in all and per account), the host can send an account's watchers away, and who is
here (``presence``) is sent at most once a ``PRESENCE_EVERY``, encoded once for all.
Who may come in (the code, the host's approval, the door's caps) is
``tui.share.door``'s.

The table narrates each move's public events into the session's log, so the save
keeps it and ``host --resume`` brings it back; each welcome carries its newest lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import socket
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tui import games
from tui.engine.core import Action, Event, IllegalAction, find_legal
from tui.session.table_session import TableSession
from tui.share import door, wire
from tui.share.door import KICKED, Client, Door, Greeters
from tui.share.seats import SEATS_EACH, Claim, SeatMap
from tui.share.transport import BUSY, LockOut, peer_uid, show_code, user_name

log = logging.getLogger("party-dice.table")

BUFFER_LIMIT = 256 * 1024
"""Unsent bytes a client may fall behind by before it is dropped (some fifty moves of
the largest table: a terminal that reads at all never comes near it)."""
HELLO_SECONDS = 10.0
"""How long a connection may take to say hello."""
WATCHERS_ALL = 64
"""Terminals watching at once, all accounts together (the host's account aside)."""
WATCHERS_EACH = 2
"""Terminals one account may watch from (the host's account aside)."""
PRESENCE_EVERY = 0.25
"""Seconds between two presence messages at least: a crowd coming and going costs one
message per client per tick, not one per arrival."""
LOG_KEPT = 1000
"""Lines of the table's log kept (the save keeps as many)."""
LOG_SENT = 200
"""The newest lines of the log each welcome carries."""
BAD_LINE = "That line was too long or not a message: goodbye."
NOT_WATCHING = "The host has asked your account not to watch this table."
WATCHERS_FULL = "That table is busy: it has as many watchers as it takes, so try again later."
SEAT_TAKEN_BY_NEWER = "Your seat was taken by a newer connection of your account."


class SharedTable:
    """The table process's state: the session, the seats' owners, the connections."""

    def __init__(
        self,
        session: TableSession,
        code: str,
        host_uid: int,
        here: Sequence[str] = (),
        *,
        given: Mapping[str, int] | None = None,
        seats_each: int = SEATS_EACH,
        buffer_limit: int = BUFFER_LIMIT,
        lockout: LockOut | None = None,
        away_after: float | None = None,
        approve: bool = False,
        unsaved: str | None = None,
        watchers_all: int = WATCHERS_ALL,
        watchers_each: int = WATCHERS_EACH,
        peer: Callable[[socket.socket], int] = peer_uid,
        keep_seats: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        """``here``: the seats the host's own terminal holds; ``given``: seats the host
        gives other accounts (name -> uid); ``seats_each``: seats another account may
        take by itself; ``away_after``: seconds a person may be away (or a seat never
        taken) before a computer player takes their turns until they come (``None``:
        the table waits for them); ``approve``: each joiner waits for the host's yes;
        ``unsaved``: why the game is not saved, if it is not; ``peer``: the account at
        the other end of a connection (the kernel's ``SO_PEERCRED``); ``keep_seats``:
        called with the seat map whenever it changes (kept beside the save)."""
        self.session = session
        self.controller = session.controller
        self.code = code
        self.host_uid = host_uid
        self.buffer_limit = buffer_limit
        self.peer = peer
        self.door = Door(code, host_uid, approve, lockout or LockOut(), tell_host=self.tell_host)
        self.greeters = Greeters()
        self.clients: dict[int, Client] = {}
        controller = self.controller
        self.seats = SeatMap(
            tuple(seat.name for seat in controller.seats),
            tuple(controller.humans),
            host_uid,
            seats_each,
        )
        self.seats.give(given or {})
        self.seats.seat_host(here)
        self.no_watching: set[int] = set()
        """Accounts whose watching the host ended (a yes at the door ends it too)."""
        self.watchers_all = watchers_all
        self.watchers_each = watchers_each
        self.keep_seats = keep_seats
        self.unsaved = unsaved if not session.saving else None
        if not session.saving and self.unsaved is None:
            self.unsaved = "The table cannot save its game."
        self.away_after = away_after
        now = time.monotonic()
        self.away_since: dict[int, float] = dict.fromkeys(controller.humans, now)
        """Seat -> since when nobody's terminal holds it (a seat never taken counts
        from the table's opening: it is away, and ``--away`` covers it too)."""
        self.moves = 0
        self.last_seen = now
        """When a person was last connected (the idle timeout counts from here)."""
        self.opened = time.strftime("%H:%M")
        self._ids = itertools.count(1)
        self._presence_due = False
        self._presence_at = float("-inf")
        self._seats_changed()

    @property
    def owners(self) -> dict[int, int]:
        """Seat -> the account it belongs to."""
        return self.seats.owners

    def restore_seats(self, data: Any) -> bool:
        """Bring back the seat map kept beside the save (``host --resume``)."""
        restored = self.seats.restore(data)
        if restored:
            self._seats_changed()
        return restored

    def _seats_changed(self) -> None:
        if self.keep_seats is None:
            return
        try:
            self.keep_seats(self.seats.to_dict())
        except Exception as error:  # the game goes on; resuming then seats people anew
            log.warning("the seat map could not be kept: %s", error)

    # -- seats -------------------------------------------------------------------------

    def free_seats(self) -> list[str]:
        return self.seats.free_names()

    def holder(self, seat: int) -> Client | None:
        for client in self.clients.values():
            if seat in client.seats:
                return client
        return None

    def people_here(self) -> bool:
        return any(client.seats for client in self.clients.values())

    # -- sending -----------------------------------------------------------------------

    def send(self, client: Client, message: dict[str, Any]) -> None:
        """Queue ``message``; a client too far behind is dropped, nobody waits."""
        self.send_bytes(client, wire.encode(message))

    def send_bytes(self, client: Client, data: bytes) -> None:
        """Queue ``data`` (one encoded message); a client whose connection is gone is
        dropped at once (writing on would log a warning per message), one too far
        behind is dropped too, and nobody waits."""
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

    def tell_host(self, text: str) -> None:
        """Something the host should know (a wrong code, a lock-out, a save that
        failed): in the table's log, and on the host's terminals."""
        log.info("%s", text)
        data = wire.encode({"t": "note", "text": text})
        for client in list(self.clients.values()):
            if client.uid == self.host_uid:
                self.send_bytes(client, data)

    def tell_everyone(self, text: str) -> None:
        log.info("%s", text)
        data = wire.encode({"t": "note", "text": text})
        for client in list(self.clients.values()):
            self.send_bytes(client, data)

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
        now = time.monotonic()
        for seat in client.seats:
            self.away_since[seat] = now
        if client.seats:
            self.last_seen = now
        if why is None:  # too far behind: what is queued is thrown away
            client.writer.transport.abort()
        else:
            client.writer.close()
        log.info("%s left: %s", client.user, "too far behind" if why is None else why or "hung up")
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
        """Who is here has changed: tell everyone now, or at the next tick if they
        were told less than ``PRESENCE_EVERY`` ago."""
        self._presence_due = True
        if time.monotonic() - self._presence_at >= PRESENCE_EVERY:
            self.flush_presence()

    def flush_presence(self) -> None:
        """Tell everyone who is here, who is away and who watches, if that changed:
        one message encoded once, and once more with what only the host's terminals
        see (who asks to join, who watches, who was kept off free seats)."""
        if not self._presence_due:
            return
        self._presence_due = False
        self._presence_at = time.monotonic()
        message = {"t": "presence", **door.who(self.controller, self.owners, self.clients.values())}
        watchers = Counter(c.uid for c in self.clients.values() if not c.seats)
        hosts = {
            **message,
            "asking": self.door.who_asks(),
            "watchers": [{"uid": u, "user": user_name(u), "n": n} for u, n in watchers.items()],
            "kept_off": [{"uid": u, "user": user_name(u)} for u in sorted(self.seats.kept_off)],
        }
        data, host_data = wire.encode(message), wire.encode(hosts)
        for client in list(self.clients.values()):
            self.send_bytes(client, host_data if client.uid == self.host_uid else data)

    def tick(self, now: float | None = None) -> None:
        """The table's clock: presence held back, away seats, the idle count."""
        now = time.monotonic() if now is None else now
        if self._presence_due and now - self._presence_at >= PRESENCE_EVERY:
            self.flush_presence()
        if self.people_here():
            self.last_seen = now
        self.cover_away(now)

    # -- moves -------------------------------------------------------------------------

    def narrate(self, events: list[Event]) -> None:
        """The move's public events in words, into the log the save keeps."""
        public = [event for event in events if event.private_to is None]
        names = [seat.name for seat in self.controller.seats]
        try:
            lines = games.narrate(self.controller.game_id, public, names)
        except Exception as error:  # words are not worth a failed move
            log.warning("a move could not be put in words: %r", error)
            return
        log_lines = self.session.log
        log_lines.extend((line, "") for line in lines)
        del log_lines[:-LOG_KEPT]

    def moved(
        self,
        seat: int | None,
        action: Action,
        events: list[Event],
        reason: str | None,
        actor: Client | None,
    ) -> None:
        """A move was made: save it, then tell every client what it may know of it
        (encoded once for all the clients that may know the same: the watchers)."""
        self.moves += 1
        self.narrate(events)
        job = self.session.finish()
        notice = self.session.autosave() if job is None else job()
        if notice is not None:
            self.tell_everyone(notice.message)
        if not self.controller.over:
            saving = self.session.saving
            self.unsaved = None if saving else notice.message if notice else self.unsaved
        encoded: dict[tuple[frozenset[int], bool], bytes] = {}
        for client in list(self.clients.values()):
            key = (frozenset(client.seats), client is actor)
            data = encoded.get(key)
            if data is None:
                shown = [
                    wire.event_out(event)
                    for event in events
                    if event.private_to is None or event.private_to in client.seats
                ]
                data = encoded[key] = wire.encode(
                    {
                        "t": "move",
                        "seat": seat,
                        "action": wire.action_out(action),
                        "reason": reason,
                        "events": shown,
                        "mine": client is actor,
                        "snap": self.snapshot(client),
                    }
                )
            self.send_bytes(client, data)

    def play_bots(self) -> None:
        """Computer players move at once; each terminal paces what it shows."""
        while self.controller.is_bot_turn():
            seat = self.controller.whose_turn()
            decision, events = self.controller.play_bot()
            self.moved(seat, decision.action, events, decision.reason, None)

    def cover_away(self, now: float | None = None) -> None:
        """A person away longer than ``away_after`` (or a seat nobody has taken for
        that long) whose turn it is: a computer player moves for them (casual), until
        their terminal comes."""
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

    # -- who comes in ------------------------------------------------------------------

    def watching(self, uid: int | None = None) -> list[Client]:
        return [c for c in self.clients.values() if not c.seats and uid in (None, c.uid)]

    def watch_problem(self, uid: int) -> str | None:
        """Why ``uid`` may not watch now, or ``None``: the host's account always may;
        an account the host stopped watching may not; a few terminals per account,
        some dozens in all (an account holding a seat is never held to the total)."""
        if uid == self.host_uid:
            return None
        if uid in self.no_watching:
            return NOT_WATCHING
        mine = len(self.watching(uid))
        if mine >= self.watchers_each:
            return f"Your account watches this table from {mine} terminals, as many as it may."
        if uid not in self.owners.values() and len(self.watching()) >= self.watchers_all:
            return WATCHERS_FULL
        return None

    async def admit(
        self, client: Client, reader: asyncio.StreamReader, hello: dict[str, Any]
    ) -> str | None:
        """Let ``client`` in (``None``) or say why not (``""``: nothing to say)."""
        uid = client.uid
        problem = self.door.problem(uid, hello)
        if problem is not None:
            return problem
        if hello.get("want") == "list":
            info = door.info(self.controller, self.seats, uid, self.opened)
            if uid == self.host_uid and self.session.slot is not None:
                info["slot"] = self.session.slot.slot_id  # host --resume: is it open here?
            client.writer.write(wire.encode(info))
            return ""
        claim: Claim | None = None
        names: list[str] = []
        if hello.get("want") == "watch":
            problem = self.watch_problem(uid)
            soft = problem == NOT_WATCHING
            wants = "to watch"
        else:
            asked = hello.get("seats") or []
            if not isinstance(asked, list) or not all(isinstance(n, str) for n in asked):
                return "Seats are asked for by name."
            names = asked[: len(self.seats.people)]
            claim = self.seats.claim(uid, names)
            problem, soft = claim.problem, claim.host_may_give
            wants = ", ".join(self.seats.names[seat] for seat in claim.seats) or "a seat"
            if claim.seats and not claim.new and problem is None:
                return self.join(client, claim)  # back to its own seats: no need to ask
        if not self.door.approve or uid == self.host_uid:
            return problem if problem is not None else self.join(client, claim)
        if problem is not None and not soft:
            return problem
        if not self.door.may_knock(uid):
            return BUSY
        answer = await self.door.knock(client, reader, wants, self.presence)
        if answer is not None:
            return answer
        if claim is None:  # the host's yes to a watcher: watching again is allowed
            self.no_watching.discard(uid)
        else:  # the host gives the seat asked for, if it is still to be had
            claim = self.seats.claim(uid, names)
            if claim.problem is not None and not claim.host_may_give:
                return claim.problem
        return self.join(client, claim)

    def join(self, client: Client, claim: Claim | None) -> str | None:
        """Seat ``client`` (``claim``; ``None``: let it watch) and send it the table."""
        if claim is not None:
            for seat in claim.seats:
                old = self.holder(seat)
                if old is not None:
                    self.drop(old, SEAT_TAKEN_BY_NEWER)
                self.away_since.pop(seat, None)
            self.seats.take(client.uid, claim.new)
            if claim.new:
                self._seats_changed()
            client.seats = set(claim.seats)
            self.last_seen = time.monotonic()
        self.clients[client.cid] = client
        welcome = {
            "t": "welcome",
            "v": wire.PROTOCOL,
            "game": self.controller.game_id,
            "seats": wire.seats_out(self.controller.seats),
            "you": sorted(client.seats),
            "code": show_code(self.code) if client.uid == self.host_uid else None,
            "resumed": self.session.resumed,
            "saving": self.unsaved is None,
            "unsaved": self.unsaved,
            "log": [list(line) for line in self.session.log[-LOG_SENT:]],
            "opened": self.opened,
            "snap": self.snapshot(client),
        }
        self.send(client, welcome)
        log.info("%s joined, seats %s", client.user, sorted(client.seats))
        self.presence()
        return None

    # -- the host's commands -----------------------------------------------------------

    def command(self, message: dict[str, Any]) -> None:
        """The host's terminal lets a joiner in or not (``let``), kicks a seat, sends
        an account's watchers away (``unwatch``), or lets an account kept off seats
        and watching take them again (``forgive``)."""
        try:
            kind = message["t"]
            if kind == "let":
                self.door.answer(int(message["id"]), message.get("yes") is True)
            elif kind == "kick":
                self.kick(int(message["seat"]))
            elif kind == "unwatch":
                self.unwatch(int(message["uid"]))
            elif kind == "forgive":
                self.forgive(int(message["uid"]))
        except (KeyError, TypeError, ValueError):
            log.info("a host command that made no sense: %s", str(message.get("t"))[:20])

    def kick(self, seat: int) -> None:
        """Free ``seat``: the terminals holding it are told and closed, and its
        account takes no free seat by itself any more (a seat it still holds stays its
        own, and one the host gives it later is its own too). The host's own seats are
        not kicked. A computer player covers a freed seat's turns if ``away``."""
        owner = self.seats.kick(seat)
        if owner is None:
            return
        for client in [c for c in self.clients.values() if seat in c.seats]:
            self.drop(client, KICKED)
        self.away_since[seat] = time.monotonic()
        self._seats_changed()
        log.info("the host took %s's seat back from %s", self.seats.names[seat], user_name(owner))
        self.presence()

    def unwatch(self, uid: int) -> None:
        """Close every terminal of ``uid`` that watches; it may not watch again."""
        if uid == self.host_uid:
            return
        self.no_watching.add(uid)
        for client in self.watching(uid):
            self.drop(client, NOT_WATCHING)
        log.info("the host stopped %s watching", user_name(uid))
        self.presence()

    def forgive(self, uid: int) -> None:
        self.seats.kept_off.discard(uid)
        self.no_watching.discard(uid)
        self._seats_changed()
        log.info("the host let %s take a seat or watch again", user_name(uid))
        self.presence()

    # -- connections -------------------------------------------------------------------

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, from hello to hang-up."""
        uid = self.peer(writer.get_extra_info("socket"))
        always = uid == self.host_uid or uid in self.owners.values()
        if not self.greeters.enter(uid, always):
            self.greeters.turn_back(uid, writer)
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
            problem = await self.admit(client, reader, hello)
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
                elif message["t"] in ("let", "kick", "unwatch", "forgive") and uid == self.host_uid:
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

    # -- closing -----------------------------------------------------------------------

    def closing_words(self) -> str:
        """What every terminal is told as the table closes: how its game comes back."""
        if self.controller.over:
            return "The game is over and the table has closed."
        if self.unsaved is None and self.session.saving:
            return (
                "The table has closed and its game is saved: the host opens it again with"
                " `party-dice host --resume` (with a new code), then everyone joins again."
            )
        return "The table has closed, and its game could not be saved."

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
Who may come in is ``tui.share.door``'s; the connections, and what goes out to them
without waiting, ``tui.share.outbox``'s. The table narrates each move's public events
into the session's log, so the save keeps it and ``host --resume`` brings it back;
each welcome carries its newest lines.
"""

from __future__ import annotations

import itertools
import logging
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tui import games
from tui.engine.core import Action, Event, IllegalAction, find_legal
from tui.session.table_session import TableSession
from tui.share import door, wire
from tui.share.door import KICKED, Client, Door, Greeters
from tui.share.outbox import Outbox
from tui.share.seats import SEATS_EACH, Claim, SeatMap
from tui.share.transport import LockOut, peer_uid, show_code, user_name

SAVE_BEFORE_TELLING = 5.0
"""Seconds a move waits for its save before the clients hear of it (a stuck disk costs
at most this, never the table)."""

log = logging.getLogger("party-dice.table")

LOG_KEPT = 1000
"""Lines of the table's log kept (the save keeps as many)."""
LOG_SENT = 200
"""The newest lines of the log each welcome carries."""
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
        lockout: LockOut | None = None,
        away_after: float | None = None,
        approve: bool = False,
        unsaved: str | None = None,
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
        called with the seat map whenever it changes (kept beside the save). The caps on
        buffers and watchers are ``out``'s (``tui.share.outbox``)."""
        self.session = session
        self.controller = session.controller
        self._words: Any = None
        """The game's table words (``TableWords``), made when the log first needs them."""
        self.code = code
        self.host_uid = host_uid
        self.peer = peer
        self.out = Outbox(host_uid, self.who, self._gone)
        self.door = Door(code, host_uid, approve, lockout or LockOut(), tell_host=self.tell_host)
        self.greeters = Greeters()
        controller = self.controller
        self.seats = SeatMap(
            tuple(seat.name for seat in controller.seats),
            tuple(controller.humans),
            host_uid,
            seats_each,
        )
        self.seats.give(given or {})
        self.seats.seat_host(here)
        self.keep_seats = keep_seats
        self.unsaved = None if session.saving else unsaved or "The table cannot save its game."
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
        self._seats_changed()

    def new_id(self) -> int:
        return next(self._ids)

    @property
    def clients(self) -> dict[int, Client]:
        return self.out.clients

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

    def holder(self, seat: int) -> Client | None:
        for client in self.clients.values():
            if seat in client.seats:
                return client
        return None

    def people_here(self) -> bool:
        return any(client.seats for client in self.clients.values())

    # -- sending -----------------------------------------------------------------------

    def tell_host(self, text: str) -> None:
        """A wrong code, a lock-out: in the table's log, and on the host's terminals."""
        self.out.tell(text, host_only=True)

    def _gone(self, client: Client) -> None:
        """A connection was dropped: its seats are away from now (still its account's)."""
        now = time.monotonic()
        for seat in client.seats:
            self.away_since[seat] = now
        if client.seats:
            self.last_seen = now

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

    def who(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Who is here, as everyone sees it, and what only the host's terminals see:
        who asks to join, who watches (each account once, with its count), who was
        kept off free seats."""
        clients = self.clients.values()
        watchers: dict[int, int] = {}
        for client in self.out.watching():
            watchers[client.uid] = watchers.get(client.uid, 0) + 1
        extras = {
            "asking": self.door.who_asks(),
            "watchers": [{"uid": u, "user": user_name(u), "n": n} for u, n in watchers.items()],
            "kept_off": [{"uid": u, "user": user_name(u)} for u in sorted(self.seats.kept_off)],
        }
        return door.who(self.controller, self.owners, clients), extras

    def tick(self, now: float | None = None) -> None:
        """The table's clock: presence held back, away seats, the idle count."""
        now = time.monotonic() if now is None else now
        self.out.tick(now)
        if self.people_here():
            self.last_seen = now
        self.cover_away(now)

    # -- moves -------------------------------------------------------------------------

    def narrate(self, events: list[Event]) -> None:
        """The move's public events in words, into the log the save keeps."""
        public = [event for event in events if event.private_to is None]
        names = [seat.name for seat in self.controller.seats]
        try:
            words = self._words
            if words is None:
                words = self._words = games.get(self.controller.game_id).new_words()
            lines = words.narrate(public, words.log_names(names, False), False, None)
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
        # Written before anyone is told: a table killed after telling comes back with it.
        self.session.flush(SAVE_BEFORE_TELLING)
        if notice is not None:
            self.out.tell(notice.message)
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
            self.out.send_bytes(client, data)

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
        self.out.send(client, {"t": "nope", "why": refusal})

    # -- who comes in ------------------------------------------------------------------

    def join(self, client: Client, claim: Claim | None) -> str | None:
        """Seat ``client`` (``claim``; ``None``: let it watch) and send it the table."""
        if claim is not None:
            for seat in claim.seats:
                old = self.holder(seat)
                if old is not None:
                    self.out.drop(old, SEAT_TAKEN_BY_NEWER)
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
        self.out.send(client, welcome)
        log.info("%s joined, seats %s", client.user, sorted(client.seats))
        self.out.presence()
        return None

    # -- the host's commands -----------------------------------------------------------

    def kick(self, seat: int) -> None:
        """Free ``seat``: the terminals holding it are told and closed, and its
        account takes no free seat by itself any more (a seat it still holds stays its
        own, and one the host gives it later is its own too). The host's own seats are
        not kicked. A computer player covers a freed seat's turns if ``away``."""
        owner = self.seats.kick(seat)
        if owner is None:
            return
        for client in [c for c in self.clients.values() if seat in c.seats]:
            self.out.drop(client, KICKED)
        self.away_since[seat] = time.monotonic()
        self._seats_changed()
        log.info("the host took %s's seat back from %s", self.seats.names[seat], user_name(owner))
        self.out.presence()

    def unwatch(self, uid: int) -> None:
        self.out.unwatch(uid)
        log.info("the host stopped %s watching", user_name(uid))

    def forgive(self, uid: int) -> None:
        self.seats.kept_off.discard(uid)
        self.out.no_watching.discard(uid)
        self._seats_changed()
        log.info("the host let %s take a seat or watch again", user_name(uid))
        self.out.presence()

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

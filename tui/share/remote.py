"""The controller of a table that lives in another process, for the table screen.

``RemoteController`` speaks the same protocol as ``tui.engine.controller.Controller``
(``tui.session.seat_control.TableController``), so the one table screen drives a
shared table with no branch of its own. It keeps the table as this terminal last
drew it; the table process's moves wait in ``pending`` until the screen takes them.
A move made elsewhere (another terminal's person, or a computer player, which the
table process plays at once) counts as "a computer's turn" here: the screen takes it
with ``play_bot`` after its usual pause for a computer player, and at once for a
person. A person's own move goes to the table process and ``apply`` returns its
events once the table has made it (a local socket answers in well under a
millisecond). ``watch`` tells the screen when something arrived.
"""

from __future__ import annotations

import contextlib
import queue
from collections import deque
from collections.abc import Callable
from typing import Any

from tui.engine.controller import Decision, Seat
from tui.engine.core import Action, Event, IllegalAction, TableView
from tui.gameconfig import GameConfig
from tui.session.seat_control import Presence
from tui.session.table_session import Notice
from tui.share import wire
from tui.share.client import Connection, readable_move
from tui.storage.save_format import Match

REPLY_SECONDS = 10.0
UNREADABLE = "The table sent what this party-dice cannot read: the connection is closed."


class RemoteController:
    """A table in the table process, as this terminal knows it."""

    def __init__(self, connection: Connection, welcome: dict[str, Any]) -> None:
        self.connection = connection
        self._game_id = str(welcome["game"])
        self._seats = wire.seats_in(welcome["seats"])
        self._mine = tuple(int(seat) for seat in welcome["you"])
        self.code: str | None = welcome.get("code")
        self.resumed = bool(welcome.get("resumed"))
        self.saving = welcome.get("saving") is not False
        self.unsaved = str(welcome.get("unsaved") or "") or None
        """Why the table cannot save its game, if it cannot."""
        self.log = [
            (str(line[0]), str(line[1]))
            for line in welcome.get("log") or ()
            if isinstance(line, list) and len(line) == 2
        ]
        """The table's log so far (public: what everyone saw), newest last."""
        self.pending: deque[dict[str, Any]] = deque()
        self._presence: Presence | None = None
        self._asking: list[tuple[int, str, str]] = []
        """(connection id, account, what they ask for) of each joiner waiting for this
        host's answer."""
        self._watchers: list[tuple[int, str, int]] = []
        """(uid, account, terminals) of each account watching (the host's view)."""
        self._kept_off: list[tuple[int, str]] = []
        """(uid, account) of each account whose seat the host took back."""
        self._users: list[str | None] = []
        """Each seat's account, as the table last said."""
        self.news: deque[str] = deque(maxlen=20)
        """What the table told this terminal (a wrong code at the door, a failed save),
        until shown (``news_since``)."""
        self.lost: str | None = None
        """Why the table is gone (``None`` while connected)."""
        self._watching: list[Callable[[], None]] = []
        self._views: dict[int | None, TableView] = {}
        self._take(welcome["snap"])
        connection.changed = self._changed

    # -- what arrives --------------------------------------------------------------------

    def _take(self, snap: dict[str, Any]) -> None:
        self._snap = snap
        self._views = {}

    def _changed(self) -> None:
        for watcher in list(self._watching):
            watcher()

    def watch(self, changed: Callable[[], None]) -> None:
        """``changed()`` is called, from the reader thread, whenever the table moved;
        at once too if words came before anyone watched (a goodbye just after the
        welcome was never heard, and the screen waited for good)."""
        self._watching.append(changed)
        if not self.connection.inbox.empty():
            changed()

    def _note(self, message: dict[str, Any]) -> bool:
        """File one message; True if it was a move (it waits in ``pending``)."""
        kind = message["t"]
        if kind == "move":
            if readable_move(message, self._mine, len(self._seats)):
                self.pending.append(message)
                return True
            self.lost = UNREADABLE
            self.connection.sock.close()
        elif kind == "presence":
            with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
                self._take_presence(message)
        elif kind == "note":
            self.news.append(str(message.get("text")))
        elif kind == "bye":
            self.lost = str(message.get("why") or "The table has closed.")
        return False

    def _take_presence(self, message: dict[str, Any]) -> None:
        """Who is here (everyone's view), who asks, watches or was kept off (the
        host's); a presence message this party-dice cannot read is left unread."""
        users = [seat.get("user") for seat in message.get("seats") or ()]
        asking = [
            (int(a["id"]), str(a["user"]), str(a.get("wants") or "a seat"))
            for a in message.get("asking") or ()
        ]
        watchers = [
            (int(w["uid"]), str(w["user"]), int(w["n"])) for w in message.get("watchers") or ()
        ]
        kept_off = [(int(k["uid"]), str(k["user"])) for k in message.get("kept_off") or ()]
        self._presence = presence_in(message)
        self._users = [None if user is None else str(user) for user in users]
        self._asking, self._watchers, self._kept_off = asking, watchers, kept_off

    def gone(self) -> str | None:
        """Why the table is gone, once its last words have been read (else ``None``);
        call it on the thread that drives the table."""
        self._drain()
        return self.lost

    def _drain(self) -> None:
        while True:
            try:
                message = self.connection.inbox.get_nowait()
            except queue.Empty:
                return
            self._note(message)

    # -- the controller protocol ---------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self._game_id

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats this terminal holds: the curtains are among them only."""
        return self._mine

    @property
    def over(self) -> bool:
        return bool(self._snap["over"])

    def whose_turn(self) -> int | None:
        turn = self._snap["turn"]
        return None if turn is None else int(turn)

    def actions(self) -> list[Action]:
        """The legal actions when the move is this terminal's, else none."""
        return [wire.action_in(action) for action in self._snap["actions"]]

    def is_bot_turn(self) -> bool:
        """True when a move made elsewhere is waiting to be shown."""
        self._drain()
        return bool(self.pending)

    def play_bot(self) -> tuple[Decision, list[Event]]:
        """The next move made elsewhere, as this terminal may know it."""
        self._drain()
        if not self.pending:
            raise IllegalAction("no move is waiting")
        return self._made(self.pending.popleft())

    def _made(self, move: dict[str, Any]) -> tuple[Decision, list[Event]]:
        self._take(move["snap"])
        events = [wire.event_in(event) for event in move["events"]]
        return Decision(wire.action_in(move["action"]), str(move.get("reason") or "")), events

    def apply(self, action: Action) -> list[Event]:
        """Make this terminal's move at the table; ``IllegalAction`` if the table
        refuses it (someone else moved first: the screen is told to catch up)."""
        self._drain()
        if self.pending:
            first = self.pending[0]
            if first["seat"] is None and first["action"]["kind"] == action.kind:
                return self._made(self.pending.popleft())[1]  # the same table action
            self._changed()
            raise IllegalAction("the table moved on")
        self.connection.send({"t": "act", "at": self._snap["n"], "action": wire.action_out(action)})
        while True:
            try:
                message = self.connection.inbox.get(timeout=REPLY_SECONDS)
            except queue.Empty:
                raise IllegalAction("the table did not answer") from None
            if message["t"] == "nope":
                self._changed()
                raise IllegalAction(str(message.get("why")))
            if message["t"] == "move" and message.get("mine"):
                return self._made(message)[1]
            self._note(message)
            if self.lost is not None:
                self._changed()
                raise IllegalAction(self.lost)

    def view(self, seat: int | None) -> TableView:
        key = seat if seat in self._mine else None
        view = self._views.get(key)
        if view is None:
            data = self._snap["public"] if key is None else self._snap["own"][str(key)]
            view = self._views[key] = wire.view_in(data)
        return view

    def presence(self) -> Presence | None:
        """Who is connected, away or watching, as the table process last said."""
        self._drain()
        return self._presence

    def news_since(self) -> list[str]:
        """What the table told this terminal since last asked (the app shows it)."""
        self._drain()
        told = list(self.news)
        self.news.clear()
        return told

    def door(self) -> list[tuple[str, str]]:
        """At the host's terminal: each joiner waiting (in, for what they asked, or
        away), each seat held by another account (take it back), each account
        watching (stop it), each account kept off seats (let it back)."""
        self._drain()
        if self.code is None:
            return []
        choices = [("note", f"Code: {self.code}. Others type it after `party-dice join`.")]
        for cid, user, wants in self._asking:
            choices += [(f"let:{cid}", giving(user, wants)), (f"away:{cid}", f"Turn {user} away")]
        mine = {self._users[seat] for seat in self._mine if seat < len(self._users)}
        for seat, owner in enumerate(self._users):
            if owner is not None and owner not in mine:
                name = self._seats[seat].name
                choices.append((f"kick:{seat}", f"Take {name}'s seat back from {owner}"))
        for uid, user, count in self._watchers:
            if user not in mine:
                terminals = "" if count == 1 else f" ({count} terminals)"
                choices.append((f"unwatch:{uid}", f"Stop {user} watching{terminals}"))
        for uid, user in self._kept_off:
            choices.append((f"forgive:{uid}", f"Let {user} take a free seat or watch again"))
        return choices

    def open_door(self, choice: str) -> None:
        what, _, number = choice.partition(":")
        if what in ("let", "away"):
            self.connection.send({"t": "let", "id": int(number), "yes": what == "let"})
        elif what == "kick":
            self.connection.send({"t": "kick", "seat": int(number)})
        elif what in ("unwatch", "forgive"):
            self.connection.send({"t": what, "uid": int(number)})

    def to_dict(self) -> dict[str, Any]:
        """The table process keeps the save; this terminal holds only its view."""
        return {"game": self._game_id}


def giving(user: str, wants: str) -> str:
    """The host's yes to a joiner, in words: what it gives them."""
    if wants == "to watch":
        return f"Let {user} watch"
    if wants == "a seat":
        return f"Give {user} a seat"
    if ", " in wants:
        return f"Give {user} the seats {wants}"
    return f"Give {user} {wants}'s seat"


def presence_in(message: dict[str, Any]) -> Presence:
    """A ``presence`` message (each seat's state by seat, the watchers' accounts)."""
    states: dict[str, list[int]] = {"here": [], "away": [], "free": []}
    for index, seat in enumerate(message.get("seats") or ()):
        if isinstance(seat, dict) and seat.get("state") in states:
            states[str(seat["state"])].append(index)
    watching = tuple(str(user) for user in message.get("watching") or ())
    asking = tuple(str(who.get("user")) for who in message.get("asking") or ())
    here, away, free = (tuple(states[state]) for state in ("here", "away", "free"))
    return Presence(here, away, free, watching, asking)


class RemoteSession:
    """A shared table as the table screen holds it: saving and the history are the
    table process's; leaving closes this terminal's connection only."""

    def __init__(self, controller: RemoteController, *, hosted: bool = False) -> None:
        """``hosted``: this terminal opened the table (``party-dice host``, Host a
        table): it alone is shown the code as the table opens (a second terminal of the
        host's account finds it under W)."""
        self.controller = controller
        self.config: GameConfig | None = None
        self.opening_notice: Notice | None = None
        self.released = False
        """Set once this terminal left the table (its going away is then no news)."""
        self.log: list[tuple[str, str]] = list(controller.log)
        """The table's log so far, then this terminal's (the table process keeps the
        game and the public log; rematches are local)."""
        self.tell: Callable[[Notice], None] | None = None
        if controller.unsaved is not None:
            self.opening_notice = Notice(
                controller.unsaved, "warning", timeout=15, title="This table's game is not saved"
            )
        elif hosted and controller.code is not None:
            self.opening_notice = Notice(
                f"Code: {controller.code}. Others type it after `party-dice join`; W shows it"
                " again.",
                timeout=15,
                title="Your table is open",
            )

    @property
    def resumed(self) -> bool:
        return self.controller.resumed

    @property
    def saving(self) -> bool:
        """Whether the table process saves this game (it said so as this terminal
        joined): leaving then loses nothing."""
        return self.controller.saving

    @property
    def comeback(self) -> str:
        """The table goes on in its own process: joining again is the way back."""
        return "The table goes on without you: party-dice join brings you back to it."

    def autosave(self) -> Notice | None:
        return None

    def flush(self, timeout: float | None = None) -> bool:
        """Nothing is written here: the table process keeps the save."""
        return True

    def finish(self) -> Callable[[], Notice | None] | None:
        return None

    def rematch_config(self) -> GameConfig | None:
        return None

    def match_after(self) -> Match:
        return Match()

    def match_totals(self) -> list[tuple[str, int]] | None:
        return None

    def release(self) -> None:
        """Leave the table: this terminal's connection closes, the table goes on."""
        self.released = True
        with contextlib.suppress(OSError):
            self.controller.connection.close()

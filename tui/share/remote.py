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
from tui.share.client import Connection
from tui.storage.save_format import Match

REPLY_SECONDS = 10.0


class RemoteController:
    """A table in the table process, as this terminal knows it."""

    def __init__(self, connection: Connection, welcome: dict[str, Any]) -> None:
        self.connection = connection
        self._game_id = str(welcome["game"])
        self._seats = wire.seats_in(welcome["seats"])
        self._mine = tuple(int(seat) for seat in welcome["you"])
        self.code: str | None = welcome.get("code")
        self.resumed = bool(welcome.get("resumed"))
        self.pending: deque[dict[str, Any]] = deque()
        self._presence: Presence | None = None
        self._asking: list[tuple[int, str]] = []
        """(connection id, account) of each joiner waiting for this host's answer."""
        self._users: list[str | None] = []
        """Each seat's account, as the table last said."""
        self.lost: str | None = None
        """Why the table is gone (``None`` while connected)."""
        self._watchers: list[Callable[[], None]] = []
        self._views: dict[int | None, TableView] = {}
        self._take(welcome["snap"])
        connection.changed = self._changed

    # -- what arrives --------------------------------------------------------------------

    def _take(self, snap: dict[str, Any]) -> None:
        self._snap = snap
        self._views = {}

    def _changed(self) -> None:
        for watcher in list(self._watchers):
            watcher()

    def watch(self, changed: Callable[[], None]) -> None:
        """``changed()`` is called, from the reader thread, whenever the table moved;
        at once too if words came before anyone watched (a goodbye just after the
        welcome was never heard, and the screen waited for good)."""
        self._watchers.append(changed)
        if not self.connection.inbox.empty():
            changed()

    def _note(self, message: dict[str, Any]) -> bool:
        """File one message; True if it was a move (it waits in ``pending``)."""
        kind = message["t"]
        if kind == "move":
            self.pending.append(message)
            return True
        if kind == "presence":
            self._presence = presence_in(message)
            asking = message.get("asking") or ()
            self._asking = [(int(a["id"]), str(a["user"])) for a in asking]
            self._users = [seat.get("user") for seat in message.get("seats") or ()]
        elif kind == "bye":
            self.lost = str(message.get("why") or "The table has closed.")
        return False

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

    def door(self) -> list[tuple[str, str]]:
        """At the host's terminal: each joiner waiting (in or away), and each seat
        held by another account (kick)."""
        self._drain()
        if self.code is None:
            return []
        choices = []
        for cid, user in self._asking:
            choices += [(f"let:{cid}", f"Let {user} in"), (f"away:{cid}", f"Turn {user} away")]
        mine = {self._users[seat] for seat in self._mine if seat < len(self._users)}
        for seat, owner in enumerate(self._users):
            if owner is not None and owner not in mine:
                choices.append((f"kick:{seat}", f"Kick {self._seats[seat].name} ({owner})"))
        return choices

    def open_door(self, choice: str) -> None:
        what, _, number = choice.partition(":")
        if what in ("let", "away"):
            self.connection.send({"t": "let", "id": int(number), "yes": what == "let"})
        elif what == "kick":
            self.connection.send({"t": "kick", "seat": int(number)})

    def to_dict(self) -> dict[str, Any]:
        """The table process keeps the save; this terminal holds only its view."""
        return {"game": self._game_id}


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

    def __init__(self, controller: RemoteController) -> None:
        self.controller = controller
        self.config: GameConfig | None = None
        self.opening_notice: Notice | None = None
        self.released = False
        """Set once this terminal left the table (its going away is then no news)."""
        self.log: list[tuple[str, str]] = []
        """This terminal's log (the table process keeps the game; rematches are local)."""
        self.tell: Callable[[Notice], None] | None = None
        if controller.code is not None:
            self.opening_notice = Notice(
                f"Code: {controller.code}. Others join with `party-dice join` and this code.",
                timeout=30,
                title="Your table is open",
            )

    @property
    def resumed(self) -> bool:
        return self.controller.resumed

    @property
    def saving(self) -> bool:
        return True

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

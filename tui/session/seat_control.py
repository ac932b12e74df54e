"""What a table needs of the game it shows: the controller protocol.

``tui.engine.controller.Controller`` implements it in this process; a controller in
another process (a table shared across terminals) implements the same methods, and
the table screen, its flow and the privacy rule work unchanged, since they use
nothing else: who sits where, the legal actions, applying one (events come back),
computer players' moves, and the view of one seat or the public one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tui.engine.controller import Decision, Seat
from tui.engine.core import Action, Event, TableView


@dataclass(frozen=True)
class Presence:
    """Who is at a table shared across terminals: the people's seats whose terminal is
    connected (``here``), gone (``away``) or never taken (``free``), by seat number,
    and the accounts watching. Computer players' seats are in none of them.
    ``asking``: the accounts waiting for this terminal's yes (its host's only)."""

    here: tuple[int, ...] = ()
    away: tuple[int, ...] = ()
    free: tuple[int, ...] = ()
    watching: tuple[str, ...] = ()
    asking: tuple[str, ...] = ()


class TableController(Protocol):
    """The calls a table makes; nothing here asks which game is played."""

    @property
    def game_id(self) -> str: ...

    @property
    def seats(self) -> tuple[Seat, ...]: ...

    @property
    def humans(self) -> tuple[int, ...]: ...

    @property
    def over(self) -> bool: ...

    def whose_turn(self) -> int | None: ...

    def actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> list[Event]: ...

    def is_bot_turn(self) -> bool: ...

    def play_bot(self) -> tuple[Decision, list[Event]]: ...

    def view(self, seat: int | None) -> TableView: ...

    def to_dict(self) -> dict[str, Any]: ...

    def watch(self, changed: Callable[[], None]) -> None:
        """Have ``changed()`` called, from any thread, when the table moves without
        this keyboard (another terminal's move); a controller here never calls it."""

    def presence(self) -> Presence | None:
        """Who is connected, away or watching; ``None`` for a table at one keyboard."""

    def door(self) -> list[tuple[str, str]]:
        """What this terminal may do about who sits at the table, as (choice, words):
        let a joiner in or turn them away, kick a seat (a shared table's host only)."""

    def open_door(self, choice: str) -> None:
        """Do one of ``door()``'s choices."""

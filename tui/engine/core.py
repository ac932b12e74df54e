"""The vocabulary both games speak: actions, events, views and the Game protocol.

Everything here is plain data so that a table screen, a computer player, the simulator
and a save file can all use it without knowing which game is being played.
Seats are 0-based in the engine; people see them 1-based.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

FORMAT_VERSION = 1
"""Version of the dict produced by ``Game.to_dict``; bump it when the shape changes."""


class RandomSource(Protocol):
    """What an engine needs from its random source (``random.Random`` fits).

    Every die is one ``randint(1, 6)`` call, in order. Every deck is one ``shuffle``
    of a 52-card list in the order of ``tui.engine.cards.FRESH_DECK``. A random seat
    (first dealer) is one ``randint(1, n)`` call.
    """

    def randint(self, a: int, b: int) -> int: ...

    def shuffle(self, x: list[Any]) -> None: ...


class IllegalAction(ValueError):
    """Raised when ``apply`` is given an action that is not legal now."""


@dataclass(frozen=True)
class Action:
    """One legal move for whoever must act now.

    ``kind`` is the machine name, ``label`` the short text for the action bar (it may name
    players, "Pass: Ben gets it"), ``key`` the key hint. An action that needs a number
    (the dealer's cut depth) has ``arg_range`` = (lowest, highest) in its legal form and
    is applied as ``action.with_arg(n)``.

    ``forced`` marks a move that is no decision: the only move on offer, and nothing the
    player does can change what follows (a King that must go face up, a roll with no
    chips to lose). The table plays it by itself after a short pause.
    """

    kind: str
    label: str
    key: str
    arg: int | None = None
    arg_range: tuple[int, int] | None = None
    forced: bool = False

    def with_arg(self, arg: int) -> Action:
        return Action(self.kind, self.label, self.key, arg, self.arg_range, self.forced)

    def matches(self, other: Action) -> bool:
        """True if ``other`` (what a player asked for) is this legal action."""
        if other.kind != self.kind:
            return False
        if self.arg_range is None:
            return other.arg is None or other.arg == self.arg
        lo, hi = self.arg_range
        return other.arg is not None and lo <= other.arg <= hi


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log, the animations and the computer players.

    ``seat`` is who it is about, ``other`` a second seat (who received the chip, the swap
    partner). ``value`` carries dice (a tuple), a card code, or a count.
    ``private_to`` is ``None`` for a public event, or the only seat allowed to see it
    (a card received in a swap); the public log must skip private events.
    """

    kind: str
    seat: int | None = None
    other: int | None = None
    value: Any = None
    private_to: int | None = None


@dataclass(frozen=True)
class SeatView:
    """One seat as a given viewer may see it.

    ``counters`` is chips in hand (Aces) or lives (Chase). ``card`` is the seat's card
    when this viewer may see it, else ``None``; ``card_state`` says why it is visible:
    "" (no card or face down), "own", "king" (face up), "announced", "showdown".
    ``flags`` holds words such as "turn", "dealer", "out", "zero", "final-roll",
    "leader", "winner", "loser".
    """

    seat: int
    name: str
    counters: int
    card: str | None = None
    card_state: str = ""
    flags: frozenset[str] = frozenset()

    @property
    def out(self) -> bool:
        return "out" in self.flags


class ViewDetail:
    """What a game's view adds to what every game has: its own fields, typed (Aces' dice
    and match, Chase's stock and swaps), as a frozen dataclass subclassing this one.

    It travels to a shared table's terminals as plain JSON (``to_wire``/``from_wire``):
    each field by its annotation (ints, strings, tuples of them, ``None``), checked as it
    is read, so a table that sends anything else is refused (``ValueError``) rather than
    drawn. A game with more to say overrides both. ``of(view)`` is a view's detail as the
    game's own type, for the game's own code."""

    def to_wire(self) -> dict[str, Any]:
        assert dataclasses.is_dataclass(self)
        return {f.name: as_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_wire(cls, data: Any) -> Self:
        if not isinstance(data, dict) or not dataclasses.is_dataclass(cls):
            raise ValueError(f"{cls.__name__}: not a view's detail")
        hints = typing.get_type_hints(cls)
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"{cls.__name__}: unknown fields {sorted(unknown)}")
        values = {}
        for name, value in data.items():
            value = from_json(value)
            if not typed(value, hints[name]):
                raise ValueError(f"{cls.__name__}.{name}: not {hints[name]}")
            values[name] = value
        return cls(**values)

    @classmethod
    def of(cls, view: TableView) -> Self:
        """``view``'s detail as this game's type (``TypeError`` for another game's)."""
        detail = view.detail
        if not isinstance(detail, cls):
            raise TypeError(f"a {view.game} view has no {cls.__name__}")
        return detail


def as_json(value: Any) -> Any:
    """The engine's tuples and frozensets as JSON lists (sets sorted, so bytes repeat)."""
    if isinstance(value, tuple | list):
        return [as_json(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(as_json(item) for item in value)
    if isinstance(value, dict):
        return {str(key): as_json(item) for key, item in value.items()}
    return value


def from_json(value: Any) -> Any:
    """JSON lists back as the engine's tuples, at any depth."""
    if isinstance(value, list):
        return tuple(from_json(item) for item in value)
    if isinstance(value, dict):
        return {key: from_json(item) for key, item in value.items()}
    return value


def typed(value: Any, hint: Any) -> bool:
    """True if ``value`` (read back from JSON) is of the annotated type ``hint``: ints
    (never bools), strings, ``None``, unions of them, and tuples (``tuple[X, ...]`` or of
    fixed length)."""
    origin = typing.get_origin(hint)
    if hint is type(None):
        return value is None
    if hint is int:
        return type(value) is int
    if hint in (str, bool, float):
        return type(value) is hint
    if origin in (typing.Union, types.UnionType):
        return any(typed(value, arg) for arg in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(typed(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(typed, value, args))
    return False


@dataclass(frozen=True)
class TableView:
    """All public information, plus the secrets of ``viewer`` (``None``: public only).

    This is the only thing a screen or a computer player gets from a game: what every game
    has here, and the game's own fields in ``detail`` (``ViewDetail``).
    """

    game: str
    viewer: int | None
    seats: tuple[SeatView, ...]
    pot: int
    current: int | None
    phase: str
    round: int
    variants: frozenset[str]
    winners: tuple[int, ...] = ()
    detail: ViewDetail | None = None

    def seat(self, index: int) -> SeatView:
        return self.seats[index]


class Game(Protocol):
    """What every game engine offers; the controller and the UI use nothing else."""

    game_id: ClassVar[str]
    names: tuple[str, ...]

    def current_seat(self) -> int | None:
        """The seat that must act, or ``None`` when the table as a whole acts
        (start a round, next round) or the game is over."""

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` (raises ``IllegalAction`` if it is not legal now)."""

    def view(self, seat: int | None) -> TableView: ...

    @property
    def over(self) -> bool: ...

    def winners(self) -> tuple[int, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self: ...


def rng_state_to_json(rng: random.Random) -> list[Any]:
    """``random.Random.getstate()`` as JSON-compatible lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(state: list[Any]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))
    return rng


def find_legal(legal: list[Action], wanted: Action) -> Action:
    """The legal action ``wanted`` stands for, with its argument; else ``IllegalAction``."""
    for action in legal:
        if action.matches(wanted):
            return action if action.arg_range is None else action.with_arg(wanted.arg or 0)
    raise IllegalAction(f"{wanted.kind!r} is not legal now")

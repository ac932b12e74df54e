"""What a game is, as data: the ``GameSpec`` and its parts (variants, options, who
starts, how ``simulate`` words it). The registry of games is ``tui.games``; this module
only says what a spec holds, so that it stays short enough to read in one go.

No Textual import, and no import of the table kit or of the screens: a spec names its
parts through lazy loaders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tui.engine.bots import Bot, BotFactory, check_level
from tui.engine.controller import Seat
from tui.engine.core import Game

if TYPE_CHECKING:  # only ``party-dice odds`` loads them (three classes: 4 ms of start-up)
    from tui.engine.fairness import Fairness, FairnessAsk

NarrateFn = Callable[..., list[str]]
"""``describe(events, names, ascii_only=False) -> list[str]``: log lines for events."""

FairnessFn = Callable[["FairnessAsk"], "Fairness"]
"""What a game's odds answer (``party-dice odds``): ``tui.engine.fairness``."""

TableKit = Any
"""A ``tui.table.kit.TableKit``; not imported, so that the kits (which use this
registry's words) and the registry do not import each other."""


class TableConfig(Protocol):
    """What ``new_controller`` reads of a ``tui.gameconfig.GameConfig``."""

    @property
    def game_id(self) -> str: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def variants(self) -> frozenset[str]: ...
    @property
    def first_seat(self) -> int | None: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def seed(self) -> int | None: ...


@dataclass(frozen=True)
class VariantSpec:
    """A variant: its name (as engines, settings and the command line spell it), its
    title for people, and the one-line explanation (from the rulings)."""

    name: str
    title: str
    line: str


@dataclass(frozen=True)
class Conflict:
    """``variant`` switched on makes each of ``cancels`` have no effect, ``because``."""

    variant: str
    cancels: frozenset[str]
    because: str


@dataclass(frozen=True)
class Choice:
    """One value of a setup option: the value the engine takes, its label, its line."""

    value: str
    label: str
    line: str = ""


@dataclass(frozen=True)
class NumberSpec:
    """A number a choice asks for (Aces "rounds": how many), as data for the setup
    screen: the engine keyword, lowest, highest, default and the word shown beside it."""

    key: str
    low: int
    high: int
    default: int
    word: str
    cli_help: str = ""
    """``party-dice play --<key> N``: what N means (after "<game id>: ")."""


@dataclass(frozen=True)
class OptionSpec:
    """A game's own setup option, drawn generically by the setup screen.

    ``key`` is the engine keyword, ``widget_id`` the id of its list on the setup screen,
    ``setting`` the ``Settings`` field holding its default (``None``: the first choice),
    ``numbers`` the number some choices ask for.
    """

    key: str
    label: str
    widget_id: str
    choices: tuple[Choice, ...]
    setting: str | None = None
    numbers: Mapping[str, NumberSpec] = field(default_factory=dict)
    cli_help: str = ""
    """``party-dice play --<key>``: what the option does (after "<game id>: ")."""

    @property
    def flag(self) -> str:
        return "--" + self.key.replace("_", "-")

    @property
    def default(self) -> str:
        return self.choices[0].value

    def labels(self) -> dict[str, str]:
        return {choice.value: choice.label for choice in self.choices}


@dataclass(frozen=True)
class FirstSeat:
    """Who acts first: the engine keyword, the setup label and the "nobody chosen" words."""

    key: str
    label: str
    auto: str


@dataclass(frozen=True)
class SimulateSpec:
    """How ``party-dice simulate`` plays and reports the game.

    ``forced`` are the action kinds of the one choice ``--ace-six`` may force (empty:
    the game has none); ``shared_note`` explains shared wins, when the game has them;
    ``unit_speed`` adds the length unit per second to the speed line.
    """

    players: int
    starts: str
    auto_order: str
    forced: tuple[str, ...] = ()
    shared_note: str = ""
    unit_speed: bool = False


def _no_length(game: Any) -> int:
    return 0


@dataclass(frozen=True)
class GameSpec:
    """Everything per game: facts as data, parts as lazy loaders (see the module doc)."""

    id: str
    title: str
    blurb: str
    """What the title menu says before the player range ("dice and chips")."""
    menu_key: str
    short_title: str
    players: tuple[int, int]
    variants: tuple[VariantSpec, ...]
    first_seat: FirstSeat
    engine: Callable[[], type[Game]]
    bot: BotFactory
    narrator: Callable[[], NarrateFn]
    kit: Callable[[Mapping[str, str]], TableKit]
    """A new kit for each table (kits may keep per-table state), given the variants'
    titles: the table writes with them and never looks the game up itself."""
    rules_markdown: Callable[[], str]
    options: tuple[OptionSpec, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    length_unit: str = "turns"
    counters: str = ""
    """What a seat's number is, plural ("chips", "lives"; empty: not shown in Continue)."""
    length: Callable[[Any], int] = _no_length
    """A finished game's length in ``length_unit`` (for the history and ``simulate``)."""
    simulate: SimulateSpec | None = None
    """How ``simulate`` plays it (``None``: the fewest seats, plain words)."""
    fairness: Callable[[], FairnessFn] | None = None
    """What ``party-dice odds`` answers for it (``None``: it has no odds to tell)."""
    ready: Callable[[int, frozenset[str], Callable[[Any], Any]], None] | None = None
    """Gets its computer players ready for a table of ``players`` with ``variants``, given
    the means to solve (and cache) what they read: Aces' sharp player reads exact odds."""

    @property
    def variant_names(self) -> tuple[str, ...]:
        return tuple(variant.name for variant in self.variants)

    @property
    def variant_titles(self) -> dict[str, str]:
        return {variant.name: variant.title for variant in self.variants}

    def new_kit(self) -> TableKit:
        """The table kit for one new table of this game."""
        return self.kit(self.variant_titles)

    def variant(self, name: str) -> VariantSpec | None:
        return next((v for v in self.variants if v.name == name), None)

    @property
    def menu_line(self) -> str:
        low, high = self.players
        return f"{self.blurb}, {low} to {high} players"

    @property
    def simulation(self) -> SimulateSpec:
        return self.simulate or SimulateSpec(self.players[0], "acts first", "random first seat")

    def make_bot(self, level: str) -> Bot:
        return self.bot(check_level(level))

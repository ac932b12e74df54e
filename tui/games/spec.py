"""What a game is, as data: the ``GameSpec`` and its parts (variants, options, who
starts, how ``simulate`` words it and what it may force). The index of games is
``tui.games``; each game's own module there (``tui/games/<game>.py``) fills one spec.

No Textual import, and no import of the table kit or of the screens: a spec names its
parts through lazy loaders, so ``party-dice rules`` and ``simulate`` load no Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tui.engine.bots import Bot, BotFactory, check_level
from tui.engine.controller import Seat
from tui.engine.core import Game, ViewDetail

if TYPE_CHECKING:  # only ``party-dice odds`` loads them (three classes: 4 ms of start-up)
    from tui.engine.fairness import Fairness, FairnessAsk, Shelf

NarrateFn = Callable[..., list[str]]
"""``describe(events, names, ascii_only=False) -> list[str]``: log lines for events (a
kit's ``Words`` carries its game's narrator)."""

FairnessFn = Callable[["FairnessAsk"], "Fairness"]
"""What a game's odds answer (``party-dice odds``): ``tui.engine.fairness``."""

TableKit = Any
"""A ``tui.table.kit.TableKit``; not imported, so that the kits (which use this
registry's words) and the registry do not import each other."""

TableWords = Any
"""A ``tui.session.table_words.TableWords``, the words of a game's table and its rule of
who may see what; not imported, for the same reason as ``TableKit``."""

ReadyFn = Callable[[int, frozenset[str], "Shelf"], None]
"""``ready(players, variants, shelf)``: see ``GameSpec.ready``."""


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
    ``in_settings`` whether the Settings screen chooses its default (kept in the settings
    file as ``<game id>_<key>``; otherwise the first choice is the default), ``numbers``
    the number some choices ask for.
    """

    key: str
    label: str
    widget_id: str
    choices: tuple[Choice, ...]
    in_settings: bool = False
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

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(choice.value for choice in self.choices)


@dataclass(frozen=True)
class FirstSeat:
    """Who acts first: the engine keyword, the setup label and the "nobody chosen" words."""

    key: str
    label: str
    auto: str


@dataclass(frozen=True)
class ForcedChoice:
    """The one choice ``party-dice simulate --force KIND`` may make always the same way
    instead of the computer player (``--force bot``, the default, leaves it to them).

    ``kinds`` are the choice's action kinds: a position offering exactly these is the
    choice. ``name`` is its own flag, the same option (``--ace-six pass``), and its key
    in the JSON report (``ace_six``); ``label`` names it in the text report ("ace+six:
    pass"); ``help`` says what forcing it does.
    """

    name: str
    label: str
    kinds: tuple[str, ...]
    help: str

    @property
    def flag(self) -> str:
        return "--" + self.name

    @property
    def json_key(self) -> str:
        return self.name.replace("-", "_")


@dataclass(frozen=True)
class SimulateSpec:
    """How ``party-dice simulate`` plays and reports the game.

    ``forced`` is the one choice ``--force`` may force (``None``: the game has none);
    ``shared_note`` explains shared wins, when the game has them; ``unit_speed`` adds
    the length unit per second to the speed line.
    """

    players: int
    starts: str
    auto_order: str
    forced: ForcedChoice | None = None
    shared_note: str = ""
    unit_speed: bool = False


def _no_length(game: Any) -> int:
    return 0


def packaged_rules(name: str) -> Callable[[], str]:
    """A ``rules_markdown`` loader reading ``tui/rules/<name>.md`` from the package (not
    at start-up: the title shows no rules)."""

    def read() -> str:
        from importlib.resources import files

        return files("tui.rules").joinpath(f"{name}.md").read_text(encoding="utf-8")

    return read


@dataclass(frozen=True)
class GameSpec:
    """Everything per game: facts as data, parts as lazy loaders (see the module doc)."""

    id: str
    """The game's name in saves, settings, the command line and the history: a lower-case
    letter, then up to 15 lower-case letters or digits."""
    title: str
    blurb: str
    """What the title menu says before the player range ("dice and chips")."""
    menu_key: str
    """Its key on the title and rules screens: one lower-case letter or digit that no
    other game and neither screen uses (``tui.games.SCREEN_KEYS``)."""
    short_title: str
    players: tuple[int, int]
    variants: tuple[VariantSpec, ...]
    first_seat: FirstSeat
    engine: Callable[[], type[Game]]
    bot: BotFactory
    words: Callable[[GameSpec], TableWords]
    """The words of one new table of this game (``tui.session.table_words``: the log, the
    info box, a round's end, the curtains and the privacy rule), made from this spec:
    every front end (the Textual table, the plain-text table) says what they say."""
    kit: Callable[[TableWords], TableKit]
    """The Textual drawing of one new table (``tui.table.kit``: its seats and its middle),
    given the table's words. A new one for each table: kits may keep per-table state."""
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
    ready: ReadyFn | None = None
    """Gets its computer players ready for a table of ``players`` with ``variants``, given
    a shelf of bytes kept between runs (the per-user cache, ``tui.storage.cache``) for
    what it solves: Aces' sharp player reads exact odds. Slow: run off the UI thread."""
    sheets: tuple[str, ...] = ()
    """The game's own style sheets (``styles/<name>.tcss``) the table reads."""
    view_detail: Callable[[], type[ViewDetail]] | None = None
    """The type of the game's own part of a view (``TableView.detail``), which is also
    its codec on a shared table's wire (``to_wire``/``from_wire``); ``None``: the game's
    views have nothing of their own."""

    @property
    def variant_names(self) -> tuple[str, ...]:
        return tuple(variant.name for variant in self.variants)

    @property
    def variant_titles(self) -> dict[str, str]:
        return {variant.name: variant.title for variant in self.variants}

    def new_words(self) -> TableWords:
        """The words of one new table of this game."""
        return self.words(self)

    def new_kit(self) -> TableKit:
        """The Textual table kit for one new table of this game, with its own words."""
        return self.kit(self.new_words())

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

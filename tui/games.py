"""The one registry of games: everything party-dice knows about a game, in one ``GameSpec``.

Screens, the command line, the simulator, the saves and the history never branch on a
game id: they ask ``get(game_id)`` for the spec and use what it says (the title, the
player range, the variants and their lines, the setup options, how a game's length is
counted) and what it loads (the engine, its bots, its narrator, its table kit, its
rules). Loaders import lazily, so ``party-dice rules`` and ``simulate`` load no Textual,
and nothing here imports Textual at module level.

Adding a game is one ``GameSpec`` passed to ``register``: the test suite registers a
dummy third game that way (``tests/test_third_game.py``) without touching ``tui/``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any, Protocol

from tui.engine.bots import Bot, BotFactory, check_level
from tui.engine.controller import Controller, SaveFormatError, Seat, new_game
from tui.engine.core import Event, Game, RandomSource

NarrateFn = Callable[..., list[str]]
"""``describe(events, names, ascii_only=False) -> list[str]``: log lines for events."""

TableKit = Any
"""A ``tui.table_kit.TableKit``; not imported, so that the kits (which use this
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
    kit: Callable[[], TableKit]
    """A new kit for each table (kits may keep per-table state)."""
    rules_markdown: Callable[[], str]
    options: tuple[OptionSpec, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    length_unit: str = "turns"
    length: Callable[[Any], int] = _no_length
    """A finished game's length in ``length_unit`` (for the history and ``simulate``)."""
    simulate: SimulateSpec | None = None
    """How ``simulate`` plays it (``None``: the fewest seats, plain words)."""

    @property
    def variant_names(self) -> tuple[str, ...]:
        return tuple(variant.name for variant in self.variants)

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


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add (or replace) a game; the built-in ones are registered below."""
    _GAMES[spec.id] = spec


def unregister(game_id: str) -> None:
    """Remove a game (for tests that registered one)."""
    _GAMES.pop(game_id, None)


def get(game_id: str) -> GameSpec:
    """The spec of ``game_id``; ``ValueError`` naming the choices for an unknown id."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}: choose {', '.join(_GAMES)}") from None


def all_games() -> tuple[GameSpec, ...]:
    """Every game, in the order menus list them."""
    return tuple(_GAMES.values())


def ids() -> tuple[str, ...]:
    return tuple(_GAMES)


def title_of(game_id: str) -> str:
    """The title of ``game_id``, or the id itself for a game this version does not know
    (an old history record, a save from a newer party-dice)."""
    spec = _GAMES.get(game_id)
    return spec.title if spec else game_id


# -- words shared by every game ---------------------------------------------------------


def variant_title(name: str) -> str:
    """A variant's title for people ("Four lives"), falling back to its name."""
    for spec in _GAMES.values():
        variant = spec.variant(name)
        if variant is not None:
            return variant.title
    return name


def variant_line(name: str) -> str:
    """A variant's one-line explanation ("" for an unknown name)."""
    for spec in _GAMES.values():
        variant = spec.variant(name)
        if variant is not None:
            return variant.line
    return ""


def variant_titles(game_id: str, variants: Iterable[str]) -> list[str]:
    """The titles of ``variants``, in the order the game lists them."""
    chosen = set(variants)
    return [v.title for v in get(game_id).variants if v.name in chosen]


def _join(titles: list[str]) -> str:
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def conflict_notes(variants: Iterable[str], game_id: str | None = None) -> list[str]:
    """One sentence per conflict among ``variants`` that are on ("Kings swap too is on:
    Kings have no power, so no King is ever found or shown; King stops play has no
    effect."), for the settings screen and the table; every game's when no id is given."""
    chosen = set(variants)
    specs = all_games() if game_id is None else (get(game_id),)
    notes = []
    for spec in specs:
        for conflict in spec.conflicts:
            cancelled = sorted(conflict.cancels & chosen)
            if conflict.variant in chosen and cancelled:
                titles = [variant_title(name) for name in cancelled]
                verb = "has" if len(titles) == 1 else "have"
                notes.append(
                    f"{variant_title(conflict.variant)} is on: {conflict.because};"
                    f" {_join(titles)} {verb} no effect."
                )
    return notes


def narrate(
    game_id: str, events: Sequence[Event], names: Sequence[str], ascii_only: bool = False
) -> list[str]:
    """Log lines for ``events`` of game ``game_id``, from the game's narrator."""
    describe = get(game_id).narrator()
    return list(describe(list(events), list(names), ascii_only=ascii_only))


# -- building controllers: the one place ------------------------------------------------


def engine_options(config: TableConfig) -> dict[str, Any]:
    """Keyword arguments for the engine of ``config.game_id``."""
    spec = get(config.game_id)
    return {spec.first_seat.key: config.first_seat, **dict(config.options)}


def new_engine(
    game_id: str,
    names: Sequence[str],
    rng: RandomSource,
    variants: Iterable[str] = (),
    **options: Any,
) -> Game:
    """A fresh engine of ``game_id``; ``options`` are the engine's own keywords."""
    source: Any = rng
    return new_game(get(game_id).engine(), names, source, variants, **options)


def controller(game: Game, seats: Sequence[Seat]) -> Controller:
    """A controller for ``game`` with its game's bots."""
    return Controller(game, seats, get(game.game_id).make_bot)


def new_controller(config: TableConfig, rng: RandomSource | None = None) -> Controller:
    """The game ``config`` describes, seated; ``rng`` defaults to one seeded by
    ``config.seed``. ``ValueError`` when the engine refuses an option."""
    spec = get(config.game_id)
    source: Any = random.Random(config.seed) if rng is None else rng
    game = new_game(spec.engine(), config.names, source, config.variants, **engine_options(config))
    return Controller(game, config.seats, spec.make_bot)


def _resolve(game_id: str) -> tuple[type[Game], BotFactory]:
    spec = get(game_id)
    return spec.engine(), spec.make_bot


def controller_from_dict(data: dict[str, Any]) -> Controller:
    """A controller saved by ``Controller.to_dict``; ``SaveFormatError`` if unreadable."""
    if not isinstance(data, dict):
        raise SaveFormatError("the saved game is damaged (not a table)")
    return Controller.from_dict(data, _resolve)


def option_defaults(game_id: str, settings: Any) -> dict[str, Any]:
    """The game's options as the settings choose them (``OptionSpec.setting``)."""
    spec = get(game_id)
    return {
        option.key: getattr(settings, option.setting)
        for option in spec.options
        if option.setting is not None
    }


# -- the two games ----------------------------------------------------------------------


def _rules(game_id: str) -> Callable[[], str]:
    def read() -> str:
        return files("tui.rules").joinpath(f"{game_id}.md").read_text(encoding="utf-8")

    return read


def _told(kit: TableKit, describe: NarrateFn) -> TableKit:
    """``kit`` with its game's narrator (the kit writes the log through it)."""
    kit.describe = describe
    return kit


def _aces_engine() -> type[Game]:
    from tui.engine.aces import AcesGame

    return AcesGame


def _aces_bot(level: str) -> Bot:
    from tui.engine.aces import bots

    return bots.make(level)


def _aces_narrator() -> NarrateFn:
    from tui.narrate.aces import describe

    return describe


def _aces_kit() -> TableKit:
    from tui.kits.aces import AcesKit

    return _told(AcesKit(), _aces_narrator())


def _chase_engine() -> type[Game]:
    from tui.engine.chase import ChaseGame

    return ChaseGame


def _chase_bot(level: str) -> Bot:
    from tui.engine.chase import bots

    return bots.make(level)


def _chase_narrator() -> NarrateFn:
    from tui.narrate.chase import describe

    return describe


def _chase_kit() -> TableKit:
    from tui.kits.chase import ChaseKit

    return _told(ChaseKit(), _chase_narrator())


AcesSpec = GameSpec(
    id="aces",
    title="Aces in the Pot",
    blurb="dice and chips",
    menu_key="a",
    short_title="Aces",
    players=(2, 6),
    variants=(
        VariantSpec(
            "three-chip", "Three-Chip Start", "Everyone starts with three chips instead of two."
        ),
        VariantSpec(
            "right-pass",
            "Right-Pass",
            "A six sends a chip to the player on the right instead of the left.",
        ),
        VariantSpec(
            "last-roll",
            "Last Roll",
            "When one player is left with chips, each player at zero gets a final roll:"
            " a six wins a chip back, anything else and they are out.",
        ),
        VariantSpec(
            "single-die", "Single-Die", "Everyone rolls one die instead of two: a shorter game."
        ),
    ),
    first_seat=FirstSeat("first_seat", "Who starts", "Roll-off"),
    options=(
        OptionSpec(
            key="match",
            label="Match",
            widget_id="match",
            choices=(
                Choice("single", "One round"),
                Choice("rounds", "Rounds"),
                Choice("bankroll", "Bankroll"),
            ),
            numbers={
                "rounds": NumberSpec("rounds", 1, 99, 3, "rounds", "play N rounds"),
                "bankroll": NumberSpec(
                    "bankroll",
                    1,
                    999,
                    10,
                    "chips each",
                    "bankroll play, everyone starting with N chips",
                ),
            },
            cli_help="one round (default), rounds, bankroll",
        ),
    ),
    engine=_aces_engine,
    bot=_aces_bot,
    narrator=_aces_narrator,
    kit=_aces_kit,
    rules_markdown=_rules("aces"),
    length_unit="turns",
    length=lambda game: int(game.turns),
    simulate=SimulateSpec(
        players=4,
        starts="rolls first",
        auto_order="roll-off for the first roller",
        forced=("pot", "pass"),
    ),
)

ChaseSpec = GameSpec(
    id="chase",
    title="Chase the Ace",
    blurb="one card each",
    menu_key="c",
    short_title="Chase",
    players=(3, 20),
    variants=(
        VariantSpec(
            "announce-low",
            "Announce low cards",
            "An Ace, 2 or 3 handed over in a swap is shown to everyone.",
        ),
        VariantSpec(
            "dealers-king",
            "Dealer's King",
            "A King found by the dealer's cut or draw also costs the dealer a life at once.",
        ),
        VariantSpec(
            "dealer-draws",
            "Dealer draws",
            "The dealer may take the top card of the stock instead of cutting the deck.",
        ),
        VariantSpec(
            "four-lives", "Four lives", "Everyone starts with four lives instead of three."
        ),
        VariantSpec(
            "kings-swap",
            "Kings swap too",
            "Kings have no power: they are swapped like any other card and never block.",
        ),
        VariantSpec(
            "king-stops",
            "King stops play",
            "As soon as a King is shown, the remaining turns are skipped and cards are turned up.",
        ),
        VariantSpec(
            "pairs-safe",
            "Pairs are safe",
            "A rank held by two or more players is safe; the lowest unpaired card loses.",
        ),
    ),
    conflicts=(
        Conflict(
            "kings-swap",
            frozenset({"dealers-king", "king-stops"}),
            "Kings have no power, so no King is ever found or shown",
        ),
    ),
    first_seat=FirstSeat("first_dealer", "First dealer", "Random seat"),
    options=(
        OptionSpec(
            key="all_out",
            label="All out at once",
            widget_id="all-out",
            choices=(
                Choice(
                    "replay",
                    "Keep the last life",
                    "Players who would all go out at once keep their last life and play again.",
                ),
                Choice(
                    "share", "Share the win", "Players who would all go out at once share the win."
                ),
            ),
            setting="chase_all_out",
            cli_help="when all would go out at once",
        ),
    ),
    engine=_chase_engine,
    bot=_chase_bot,
    narrator=_chase_narrator,
    kit=_chase_kit,
    rules_markdown=_rules("chase"),
    length_unit="rounds",
    length=lambda game: int(game.rounds_played),
    simulate=SimulateSpec(
        players=6,
        starts="deals first",
        auto_order="random dealer",
        shared_note="a shared Chase win (all out at once) counts as a win for each sharer",
        unit_speed=True,
    ),
)

register(AcesSpec)
register(ChaseSpec)

"""The one registry of games: everything party-dice knows about a game, in one ``GameSpec``.

Screens, the command line, the simulator, the saves and the history never branch on a game
id: they ask ``get(game_id)`` for the spec (``tui.game_spec``) and use what it says and what
it loads (engine, bots, narrator, table kit, rules, odds), lazily, so ``party-dice rules``
and ``simulate`` load no Textual. Adding a game is one ``GameSpec`` passed to ``register``:
the test suite registers a third game that way (``tests/app/test_third_game.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tui.engine.bots import Bot, BotFactory
from tui.engine.controller import Controller, SaveFormatError, Seat, new_game
from tui.engine.core import Event, Game, RandomSource
from tui.game_spec import (
    Choice,
    Conflict,
    FairnessFn,
    FirstSeat,
    GameSpec,
    NarrateFn,
    NumberSpec,
    OptionSpec,
    SimulateSpec,
    TableConfig,
    TableKit,
    VariantSpec,
)
from tui.narrate.words import join_names

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


def _variant(name: str) -> VariantSpec:
    found = (spec.variant(name) for spec in _GAMES.values())
    return next((v for v in found if v is not None), VariantSpec(name, name, ""))


def variant_title(name: str) -> str:
    """A variant's title for people ("Four lives"), falling back to its name."""
    return _variant(name).title


def variant_line(name: str) -> str:
    """A variant's one-line explanation ("" for an unknown name)."""
    return _variant(name).line


def variant_titles(game_id: str, variants: Iterable[str]) -> list[str]:
    """The titles of ``variants``, in the order the game lists them."""
    chosen = set(variants)
    return [v.title for v in get(game_id).variants if v.name in chosen]


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
                    f" {join_names(titles)} {verb} no effect."
                )
    return notes


def narrate(
    game_id: str, events: Sequence[Event], names: Sequence[str], ascii_only: bool = False
) -> list[str]:
    """Log lines for ``events`` of game ``game_id``, from the game's narrator."""
    describe = get(game_id).narrator()
    return list(describe(list(events), list(names), ascii_only=ascii_only))


def engine_options(config: TableConfig) -> dict[str, Any]:
    """Keyword arguments for the engine of ``config.game_id``."""
    spec = get(config.game_id)
    return {spec.first_seat.key: config.first_seat, **dict(config.options)}


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
    """A controller saved by ``Controller.to_dict``; ``SaveFormatError`` if unreadable.
    The one rebuild point of every save: the game's own ``validate`` runs inside its
    ``from_dict``, then ``Controller.from_dict`` draws every seat's view and plays a
    copy on (``PROBE_MOVES``), so anything that raises is a damaged save, never a crash."""
    if not isinstance(data, dict):
        raise SaveFormatError("not a table")
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
        from importlib.resources import files  # not at start-up: the title shows no rules

        return files("tui.rules").joinpath(f"{game_id}.md").read_text(encoding="utf-8")

    return read


def _aces_engine() -> type[Game]:
    from tui.engine.aces import AcesGame

    return AcesGame


def _aces_bot(level: str) -> Bot:
    from tui.engine.aces import bots

    return bots.make(level)


def _aces_narrator() -> NarrateFn:
    from tui.narrate.aces import describe

    return describe


def _aces_kit(titles: Mapping[str, str]) -> TableKit:
    from tui.table.kits.aces import AcesKit

    return AcesKit(titles)


def _aces_fairness() -> FairnessFn:
    from tui.engine.aces.fairness import fairness

    return fairness


def _aces_ready(players: int, variants: frozenset[str], solved: Callable[[Any], Any]) -> None:
    from tui.engine.aces.odds import ChainSpec, remember

    remember(solved(ChainSpec.for_table(variants, players)))


def _chase_fairness() -> FairnessFn:
    from tui.engine.chase.fairness import fairness

    return fairness


def _chase_engine() -> type[Game]:
    from tui.engine.chase import ChaseGame

    return ChaseGame


def _chase_bot(level: str) -> Bot:
    from tui.engine.chase import bots

    return bots.make(level)


def _chase_narrator() -> NarrateFn:
    from tui.narrate.chase import describe

    return describe


def _chase_kit(titles: Mapping[str, str]) -> TableKit:
    from tui.table.kits.chase import ChaseKit

    return ChaseKit(titles)


AcesSpec = GameSpec(
    id="aces",
    title="Aces in the Pot",
    blurb="dice and chips",
    counters="chips",
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
    fairness=_aces_fairness,
    ready=_aces_ready,
)

ChaseSpec = GameSpec(
    id="chase",
    title="Chase the Ace",
    blurb="one card each",
    counters="lives",
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
    fairness=_chase_fairness,
)

register(AcesSpec)
register(ChaseSpec)

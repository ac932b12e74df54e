"""The registry of games: one module per game in this package, and this small index.

Each game's own module (``tui/games/<game>.py``) holds its ``GameSpec`` as ``SPEC``:
facts as data, parts as lazy loaders (engine, bots, table kit, rules, odds, privacy),
so ``party-dice rules`` and ``simulate`` load no Textual. The index finds those modules
by listing this package's folder, never by name: a game dropped in here is new files
only. A game defined elsewhere is added with ``register`` (the test suite's third game
is).

Screens, the command line, the simulator, the saves and the history never branch on a
game id: they ask ``get(game_id)`` for the spec and use what it says and what it loads.
"""

from __future__ import annotations

import importlib
import os
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from tui.engine.bots import BotFactory
from tui.engine.controller import Controller, SaveFormatError, Seat, new_game
from tui.engine.core import Game, RandomSource
from tui.games.spec import GameSpec, TableConfig, VariantSpec
from tui.narrate.words import join_names

SCREEN_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "p": "Play again",
        "o": "Continue",
        "h": "Host a table",
        "j": "Join a table",
        "r": "Rules",
        "s": "Settings",
        "g": "Recent games",
        "w": "Records",
        "q": "Quit",
        "t": "the rules' Contents",
    }
)
"""The keys the title and the rules screens bind for themselves: a game's menu key (bound
on both, to start it and to show its rules) may be none of these. The screens' own
bindings are checked against this list (``tests/app/test_menu_keys.py``)."""

_ID = re.compile(r"[a-z][a-z0-9]{0,15}")
_MENU_KEY = re.compile(r"[a-z0-9]")

_GAMES: dict[str, GameSpec] = {}


class RegistryError(ValueError):
    """A game that cannot be registered as it is; the message says what to change."""


def _check(spec: GameSpec) -> None:
    """``RegistryError`` when ``spec`` cannot join the games registered now."""
    if not _ID.fullmatch(spec.id):
        raise RegistryError(
            f"game id {spec.id!r}: a lower-case letter, then up to 15 letters or digits"
        )
    key = spec.menu_key
    if not _MENU_KEY.fullmatch(key):
        raise RegistryError(
            f"{spec.title}: menu key {key!r} must be one lower-case letter or digit"
        )
    if key in SCREEN_KEYS:
        raise RegistryError(
            f"{spec.title}: menu key {key!r} is taken by {SCREEN_KEYS[key]} on the title"
            " or rules screen; choose another"
        )
    for other in _GAMES.values():
        if other.id != spec.id and other.menu_key == key:
            raise RegistryError(
                f"{spec.title}: menu key {key!r} is taken by {other.title}; choose another"
            )


def register(spec: GameSpec) -> None:
    """Add a game, or replace the one with its id. ``RegistryError`` (nothing changed)
    for an id that cannot name a save, or a menu key another game or the title and
    rules screens use (``SCREEN_KEYS``). Screens built after this list the game."""
    _check(spec)
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
    """Every game, in the order menus list them (the built-in ones by module name, then
    those registered later)."""
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


def style_sheets() -> tuple[str, ...]:
    """Every game's own style sheets, in the order of the games (the table's)."""
    return tuple(dict.fromkeys(sheet for spec in _GAMES.values() for sheet in spec.sheets))


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


def controller_from_dict(data: object) -> Controller:
    """A controller saved by ``Controller.to_dict``; ``SaveFormatError`` if unreadable.
    The one rebuild point of every save: the game's own ``validate`` runs inside its
    ``from_dict``, then ``Controller.from_dict`` draws every seat's view and plays a
    copy on (``PROBE_MOVES``), so anything that raises is a damaged save, never a crash."""
    if not isinstance(data, dict):
        raise SaveFormatError("not a table")
    return Controller.from_dict(data, _resolve)


def settings_key(game_id: str, option_key: str) -> str:
    """The settings file's key of a game's option (``<game id>_<option key>``)."""
    return f"{game_id}_{option_key}"


def option_defaults(game_id: str, settings: Any) -> dict[str, Any]:
    """The game's options as the settings choose them (``OptionSpec.in_settings``): the
    value chosen in Settings, else the option's first choice."""
    spec = get(game_id)
    return {
        option.key: settings.option(game_id, option.key) or option.default
        for option in spec.options
        if option.in_settings
    }


def _module_names() -> list[str]:
    """The modules of this package, by name (its folder listed: the package is always
    installed as files, as its style sheets are; ``pkgutil`` would cost start-up the
    import of ``importlib.util`` for the same answer)."""
    names = set()
    for folder in __path__:
        with os.scandir(folder) as entries:
            for entry in entries:
                name, _, suffix = entry.name.partition(".")
                if suffix == "py" and name.isidentifier() and not name.startswith("_"):
                    names.add(name)
    return sorted(names)


def _register_builtin() -> None:
    """Register every game module of this package: each one exposing ``SPEC``."""
    for name in _module_names():
        spec = getattr(importlib.import_module(f"{__name__}.{name}"), "SPEC", None)
        if isinstance(spec, GameSpec):
            register(spec)


_register_builtin()

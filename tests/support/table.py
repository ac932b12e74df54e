"""Helpers for the table's Pilot and snapshot tests: scripted dice, a table in one call.

``ScriptedDice`` is a real ``random.Random`` (so games started with it can be saved,
as the app does after every move) that hands out scripted dice first, then seeded
ones. ``open_table`` starts a game through the app's own ``start_game`` hook, the way
the setup screen and ``party-dice play`` do.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tui import games
from tui.engine.controller import Controller, Seat, new_game
from tui.engine.core import Game
from tui.gameconfig import GameConfig

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Fay")


class ScriptedDice(random.Random):
    """``randint`` returns the scripted dice in order, then seeded random ones."""

    def __init__(self, dice: Iterable[int] = (), seed: int = 7) -> None:
        super().__init__(seed)
        self.script = list(dice)

    def randint(self, a: int, b: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert a <= value <= b, f"scripted {value} outside randint({a}, {b})"
            return value
        return super().randint(a, b)


def aces_config(
    players: int = 3,
    bots: int = 0,
    *,
    names: Iterable[str] | None = None,
    level: str = "casual",
    variants: Iterable[str] = (),
    first_seat: int | None = None,
    match: str = "single",
    rounds: int = 3,
    bankroll: int = 10,
    seed: int | None = 11,
) -> GameConfig:
    """``players`` seats, the last ``bots`` of them computer players."""
    chosen = list(names) if names is not None else list(NAMES[:players])
    seats = tuple(
        Seat(name, level if index >= players - bots else None) for index, name in enumerate(chosen)
    )
    return GameConfig(
        "aces",
        seats,
        variants=frozenset(variants),
        first_seat=first_seat,
        options={"match": match, "rounds": rounds, "bankroll": bankroll},
        seed=seed,
    )


def write_settings(path: Any, **changes: Any) -> None:
    """Settings for the app under test (animation off unless asked otherwise)."""
    from tui.storage.settings import Settings, save_settings

    changes.setdefault("animation", "off")
    save_settings(Settings(**changes), path)


def scripted_factory(dice: Iterable[int]) -> Any:
    """An ``rng_factory`` for ``PartyDiceApp``: the first game gets ``dice``."""
    script = list(dice)

    def factory(config: GameConfig) -> random.Random:
        return ScriptedDice(script, seed=config.seed or 7)

    return factory


def table_of(app: Any) -> Any:
    """The table screen (under any modal screen on top of it)."""
    from tui.table.screen import TableScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table open: {app.screen_stack}")


def on_top(app: Any) -> Any:
    """What a person deals with now: the box over the table (a curtain, the private
    card, a round's end: ``TableScreen.cover``) when the table is the screen on top and
    has one, else the screen on top."""
    cover = getattr(app.screen, "cover", None)
    return app.screen if cover is None else cover


def log_text(app: Any) -> str:
    from tui.widgets.game_log import GameLog

    return str(table_of(app).query_one(GameLog).plain)


def new_engine(
    game_id: str,
    names: Sequence[str],
    rng: random.Random,
    variants: Iterable[str] = (),
    **options: Any,
) -> Game:
    """A fresh engine of ``game_id`` outside any table; ``options`` are its own keywords."""
    return new_game(games.get(game_id).engine(), names, rng, variants, **options)


def engine_move(controller: Controller) -> None:
    """The move a test that presses the action bar's first key makes (a computer's own
    on its turn), made in the engine."""
    if controller.is_bot_turn():
        controller.play_bot()
    else:
        controller.apply(controller.actions()[0])


def engine_play_to_the_end(controller: Controller, limit: int = 100_000) -> None:
    """Play ``controller`` to its end in the engine (``engine_move``)."""
    for _ in range(limit):
        if controller.over:
            return
        engine_move(controller)
    raise AssertionError("the game did not end")


def play_until_moves_left(controller: Controller, moves_left: int = 3) -> None:
    """Play ``controller`` in the engine (``engine_move``) until ``moves_left`` moves
    remain before its end, counted on a copy played to the end: the keys that end the
    game are left for the test to press."""
    probe = games.controller_from_dict(controller.to_dict())
    moves = 0
    while not probe.over:
        engine_move(probe)
        moves += 1
    for _ in range(moves - moves_left):
        engine_move(controller)
    assert not controller.over

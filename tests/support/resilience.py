"""Helpers for the "never lose a game" tests (issue 5): fast key bursts, engine
invariants, games played ahead in the engine, and hostile names.

``send_keys`` posts key events the way a terminal delivers a burst of typed-ahead keys
(all queued before the first is handled), then waits for the screen to handle them:
much faster than ``pilot.press``, which idles twice per key, and closer to what a
person mashing keys over a slow SSH link produces.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from textual import events

from tests.support.fast_pilot import wait_for_screen
from tests.support.table import new_engine
from tui.engine.cards import FRESH_DECK
from tui.engine.controller import Controller, Seat
from tui.games import controller as make_controller

HOSTILE_NAMES: tuple[str, ...] = (
    "[bold red]x",
    "[/]",
    "[link=https://x]y",
    "\x1b[31mred\x1b[0m",
    "tab\tbell\x07nul\x00",
    "zero\u200bwidth\u200d",
    "\u202eevil\u202c",
    "漢字かなカナ한글",
    "[b]" + "W" * 200,
    "@click=app.quit",
    "$(rm -rf)",
    "[reverse]",
)
"""Markup, closing tags, links, escape sequences, control characters, zero-width and
right-to-left characters, wide characters, a 200-character name, an action link."""


def key_event(key: str) -> events.Key:
    """The ``Key`` event a terminal sends for ``key`` ("a", "enter", "ctrl+c", "Ω")."""
    if len(key) == 1:
        return events.Key(key, key)
    special = {"space": " ", "enter": "\r", "tab": "\t", "escape": "\x1b"}
    return events.Key(key, special.get(key))


async def send_keys(pilot: Any, keys: Iterable[str], *, exact: bool = True) -> None:
    """Queue ``keys`` as one burst, then wait for the screen to handle them: the app
    passes each key on only once the screen has handled the one before, so ``exact``
    waits one round per key; without it the next burst may come while the last keys
    are still on their way (a monkey does not mind, and goes faster)."""
    app = pilot.app
    count = 0
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)  # as the driver queues what the terminal sent
        count += 1
    for _ in range(count + 1 if exact else 1):
        await wait_for_screen(pilot)


def check_invariants(controller: Controller) -> str | None:
    """What is wrong with the state of the game, or ``None``: chips conserved (Aces),
    lives plus pot conserved and the 52 cards all there once (Chase)."""
    game: Any = controller.game
    n = len(game.names)
    if controller.game_id == "aces":
        if min(game.chips) < 0 or game.pot < 0:
            return f"negative chips {game.chips} or pot {game.pot}"
        if game.match == "bankroll":
            total = sum(game.scores) + sum(game.chips) + game.pot
            if total != n * game._bankroll_setting:
                return f"bankroll total {total} != {n} x {game._bankroll_setting}"
        elif game.phase != "start":
            start = 3 if "three-chip" in game.variants else 2
            if sum(game.chips) + game.pot != start * n:
                return f"chips {game.chips} + pot {game.pot} != {start} x {n}"
        return None
    from tui.engine.chase.rules import starting_lives

    total = starting_lives(game.variants) * n
    if sum(game.lives) + game.pot != total or min(game.lives) < 0 or game.pot < 0:
        return f"lives {game.lives} + pot {game.pot} != {total}"
    hands = [card for card in game.hands if card is not None]
    if hands and sorted(hands + list(game.stock)) != sorted(FRESH_DECK):
        return f"not 52 distinct cards: hands {hands}, {len(game.stock)} in stock"
    return None


def played_ahead(
    game_id: str,
    seats: Sequence[Seat],
    seed: int,
    moves: int,
    *,
    chooser_seed: int = 0,
    **options: Any,
) -> tuple[Controller, list[int]]:
    """A game after ``moves`` random legal moves (fewer if it ends first), and the
    indexes of the moves chosen, so that a replay can make the same ones."""
    names = [seat.name for seat in seats]
    controller = make_controller(new_engine(game_id, names, random.Random(seed), **options), seats)
    chooser = random.Random(chooser_seed)
    picks: list[int] = []
    for _ in range(moves):
        if controller.over:
            break
        actions = controller.actions()
        pick = chooser.randrange(len(actions))
        picks.append(pick)
        controller.apply(_with_arg(actions[pick], chooser))
    return controller, picks


def _with_arg(action: Any, chooser: random.Random) -> Any:
    if action.arg_range is not None and action.arg is None:
        low, high = action.arg_range
        return action.with_arg(chooser.randint(low, high))
    return action

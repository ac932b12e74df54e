"""Helpers for the Chase the Ace table's tests: scripted decks, a table in one call,
and the text a person would see on the screen.

``ScriptedDeck`` is a real ``random.Random`` (games started with it can be saved, as
the app does after every move) whose ``shuffle`` puts the scripted cards on top, the
rest of the deck after them in the fresh order, then shuffles normally once the script
is used up. ``deck(...)`` lays out the scripted top for a deal: cards are dealt from
the top starting left of the dealer, the dealer last, and the stock follows.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tests.support.fast_pilot import screen_lines as screen_lines
from tui.engine.controller import Controller, Seat
from tui.engine.core import Action
from tui.gameconfig import GameConfig
from tui.games import new_controller

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Fay")


class ScriptedDeck(random.Random):
    """``shuffle`` deals the scripted decks in order, then seeded shuffles."""

    def __init__(self, decks: Iterable[Sequence[str]] = (), seed: int = 7) -> None:
        super().__init__(seed)
        self.decks = [list(deck) for deck in decks]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if not self.decks:
            super().shuffle(x)
            return
        top = self.decks.pop(0)
        assert len(set(top)) == len(top) and set(top) <= set(x), "scripted deck is not a deck"
        chosen = set(top)
        x[:] = top + [card for card in x if card not in chosen]


def deck(
    players: int, dealer: int, hands: Mapping[int, str], stock: Sequence[str] = ()
) -> list[str]:
    """The top of a deck that deals ``hands`` (seat -> card, the seats still in) with
    ``dealer`` dealing at a table of ``players`` seats, followed by ``stock`` (top
    first)."""
    order = [(dealer + 1 + k) % players for k in range(players)]
    order = [seat for seat in order if seat in hands]
    return [hands[seat] for seat in order] + list(stock)


def chase_config(
    names: Sequence[str] = NAMES[:3],
    bots: Iterable[int] = (),
    *,
    level: str = "casual",
    variants: Iterable[str] = (),
    dealer: int | None = 0,
    all_out: str = "replay",
    seed: int | None = 11,
) -> GameConfig:
    """A Chase table; ``bots`` are the seats (0-based) of computer players."""
    computers = set(bots)
    seats = tuple(
        Seat(name, level if index in computers else None) for index, name in enumerate(names)
    )
    return GameConfig(
        "chase",
        seats,
        variants=frozenset(variants),
        first_seat=dealer,
        options={"all_out": all_out},
        seed=seed,
    )


def deck_factory(decks: Iterable[Sequence[str]]) -> Any:
    """An ``rng_factory`` for ``PartyDiceApp``: the first game is dealt ``decks``."""
    script = [list(d) for d in decks]

    def factory(config: GameConfig) -> random.Random:
        return ScriptedDeck(script, seed=config.seed or 7)

    return factory


def controller_for(config: GameConfig, decks: Iterable[Sequence[str]] = ()) -> Controller:
    """The game ``config`` describes, outside any app (to play ahead of a snapshot)."""
    return new_controller(config, ScriptedDeck(decks, seed=config.seed or 7))


def play(controller: Controller, *moves: str | tuple[str, int]) -> None:
    """Apply moves by kind ("deal", "stand", "change", "show_king", "draw") or
    ("cut", depth), whoever's turn it is."""
    for move in moves:
        kind, arg = (move, None) if isinstance(move, str) else move
        controller.apply(Action(kind, "", "", arg))


def table_of(app: Any) -> Any:
    from tui.table.screen import TableScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table open: {app.screen_stack}")


async def step(pilot: Any, chooser: random.Random) -> str:
    """Take one step of a game by keys, whatever is on the screen; returns what was
    there: "curtain", "private", "cut", "round", "final" (nothing pressed) or "table"."""
    from tests.support.table import on_top
    from tui.session.table_model import NumberChoice, PassCurtain, PrivateCard, RoundEnd
    from tui.widgets.action_bar import ActionBar

    app = pilot.app
    screen = on_top(app)
    if isinstance(screen, PassCurtain):
        await pilot.press("enter")
        return "curtain"
    if isinstance(screen, PrivateCard):
        await pilot.press("enter")
        return "private"
    if isinstance(screen, NumberChoice):
        keys = chooser.choice([["enter"], ["r", "enter"], ["1", "enter"], ["right", "c"]])
        await pilot.press(*keys)
        return "cut"
    if isinstance(screen, RoundEnd):
        if screen.summary.final:
            return "final"
        await pilot.press(chooser.choice(["d", "enter"]))
        return "round"
    bar = app.screen.query_one(ActionBar)
    assert bar.actions, f"nothing to press: {bar.status!r}"
    await pilot.press(chooser.choice(bar.actions).key)
    return "table"


async def play_to_the_end(
    pilot: Any, chooser: random.Random, limit: int = 3000, check: Any = None
) -> list[str]:
    """Step until the winner's screen; ``check(app)`` runs before every step."""
    seen: list[str] = []
    for _ in range(limit):
        if check is not None:
            check(pilot.app)
        what = await step(pilot, chooser)
        seen.append(what)
        if what == "final":
            return seen
    raise AssertionError("the game did not end")

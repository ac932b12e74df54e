"""Small helpers for scripted Aces in the Pot tests: exact dice, one roll at a time."""

from __future__ import annotations

from collections.abc import Iterable

from tests.support.scripted import ScriptedRandom
from tui.engine.aces import AcesGame
from tui.engine.core import Event

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Fay")


def new_game(
    n: int = 3,
    variants: Iterable[str] = (),
    first: int | None = 0,
    dice: Iterable[int] = (),
    start: bool = True,
    **options: object,
) -> tuple[AcesGame, ScriptedRandom]:
    """A game of ``n`` players (Ann, Ben, ...) with a scripted random source.

    With ``first`` set there is no roll-off, so ``dice`` are only the ones a test scripts.
    """
    rng = ScriptedRandom(dice)
    game = AcesGame(list(NAMES[:n]), rng, variants=frozenset(variants), first_seat=first, **options)  # type: ignore[arg-type]
    if start:
        game.apply(game.legal_actions()[0])
    return game, rng


def roll(game: AcesGame, rng: ScriptedRandom, *dice: int) -> list[Event]:
    """The current seat rolls exactly ``dice`` (its one legal roll or final roll)."""
    rng.more(*dice)
    (action,) = game.legal_actions()
    assert action.kind in ("roll", "final_roll"), action
    events = game.apply(action)
    assert not rng.dice, "the game did not use every scripted die"
    return events


def choose(game: AcesGame, kind: str) -> list[Event]:
    """Resolve the one-chip ace+six choice with ``pot`` or ``pass``."""
    (action,) = [a for a in game.legal_actions() if a.kind == kind]
    return game.apply(action)


def ev(kind: str, seat: int | None = None, other: int | None = None, value: object = None) -> Event:
    return Event(kind, seat, other, value)


def flags(game: AcesGame, seat: int) -> frozenset[str]:
    return game.view(None).seats[seat].flags

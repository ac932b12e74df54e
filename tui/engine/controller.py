"""The one controller the UI, the simulator and the save files talk to, for both games.

A ``Controller`` holds a game engine and who sits where (a person or a computer
player). Screens never ask which game is running: they show ``actions()`` in the action
bar, route keys to ``apply()``, let ``play_bot()`` move for computer players, and draw
``view(seat)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tui.engine.bots import Bot, BotFactory, Decision, check_level
from tui.engine.core import FORMAT_VERSION, Action, Event, Game, IllegalAction, TableView

__all__ = ["Controller", "Decision", "SaveFormatError", "Seat", "new_game"]


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, and ``bot`` = ``None`` for a person or a bot level."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


class SaveFormatError(ValueError):
    """A saved game that this version cannot read; the message is the reason in a few
    words ("a player's lives is out of range"), which the storage puts in its sentence
    ("Your saved game ... was damaged (...)")."""


def new_game(
    engine: type[Game],
    names: Sequence[str],
    rng: random.Random,
    variants: Iterable[str] = (),
    **options: Any,
) -> Game:
    """A fresh engine; ``options`` are the engine's own keyword arguments."""
    cls: Any = engine
    game: Game = cls(list(names), rng, variants=frozenset(variants), **options)
    return game


class Controller:
    """A game plus its seats and computer players."""

    def __init__(
        self, game: Game, seats: Sequence[Seat], make_bot: BotFactory | None = None
    ) -> None:
        """``make_bot`` is the game's bot factory (from its ``GameSpec``); it is needed
        only when a seat is a computer player."""
        if len(seats) != len(game.names):
            raise ValueError("one Seat per player")
        self.game = game
        self.seats = tuple(seats)
        self.make_bot = make_bot
        self._bots: dict[int, Bot] = {}
        for index, seat in enumerate(self.seats):
            if seat.bot is None:
                continue
            if make_bot is None:
                raise ValueError("computer players need the game's bot factory")
            self._bots[index] = make_bot(check_level(seat.bot))

    @property
    def game_id(self) -> str:
        return self.game.game_id

    @property
    def over(self) -> bool:
        return self.game.over

    def winners(self) -> tuple[int, ...]:
        return self.game.winners()

    def whose_turn(self) -> int | None:
        return self.game.current_seat()

    def actions(self) -> list[Action]:
        return self.game.legal_actions()

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(index for index, seat in enumerate(self.seats) if seat.human)

    def is_bot_turn(self) -> bool:
        """True when the seat to act is a computer player (it should ``play_bot``)."""
        seat = self.whose_turn()
        return seat is not None and seat in self._bots and not self.over

    def apply(self, action: Action) -> list[Event]:
        return self.game.apply(action)

    def bot_decision(self) -> Decision:
        seat = self.whose_turn()
        if seat is None or seat not in self._bots:
            raise IllegalAction("it is not a computer player's turn")
        return self._bots[seat].choose(self.game.view(seat), self.game.legal_actions())

    def play_bot(self) -> tuple[Decision, list[Event]]:
        decision = self.bot_decision()
        return decision, self.game.apply(decision.action)

    def view(self, seat: int | None) -> TableView:
        return self.game.view(seat)

    def watch(self, changed: Callable[[], None]) -> None:
        """Nothing moves this table but its own calls: ``changed`` is never called."""

    def presence(self) -> None:
        """Everyone is at this one keyboard: nobody to show as connected or away."""
        return None

    def door(self) -> list[tuple[str, str]]:
        """Nobody comes or goes at one keyboard."""
        return []

    def open_door(self, choice: str) -> None:
        """Nothing to do (``door`` offers nothing)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "game": self.game_id,
            "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
            "state": self.game.to_dict(),
        }

    @classmethod
    def from_dict(
        cls, data: dict[str, Any], resolve: Callable[[str], tuple[type[Game], BotFactory]]
    ) -> Controller:
        """Rebuild a controller saved by ``to_dict``; ``SaveFormatError`` if unreadable.

        ``resolve`` turns the saved game id into its engine class and bot factory (the
        registry's job, ``tui.games.controller_from_dict``): the controller knows no game.
        The game's ``from_dict`` validates its state; then every seat's view is drawn
        and a copy plays on for ``PROBE_MOVES`` moves (its own random state: the real
        game is untouched), so whatever raises is a damaged save, never a crashed table.
        """
        controller = cls._rebuild(data, resolve)
        try:
            _probe(controller)
            _probe(cls._rebuild(controller.to_dict(), resolve), PROBE_MOVES)
        except SaveFormatError:
            raise
        except Exception as error:  # whatever breaks, the save is damaged
            raise SaveFormatError(f"it does not play on: {type(error).__name__}") from error
        return controller

    @classmethod
    def _rebuild(
        cls, data: dict[str, Any], resolve: Callable[[str], tuple[type[Game], BotFactory]]
    ) -> Controller:
        try:
            if type(data.get("format")) is not int or data["format"] != FORMAT_VERSION:
                raise SaveFormatError(f"save format {data.get('format')!r} is not supported")
            engine, make_bot = resolve(data["game"])
            game = engine.from_dict(data["state"])
            seats = _seats(data["seats"], game.names)
            return cls(game, seats, make_bot)
        except SaveFormatError:
            raise
        except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError) as error:
            raise SaveFormatError(str(error) or type(error).__name__) from error


PROBE_MOVES = 200
"""How far ``Controller.from_dict`` plays a copy of a loaded game to see it goes on."""


def _probe(controller: Controller, moves: int = 0) -> None:
    """Draw what the table draws first, then play ``moves`` moves (the first choice)."""
    for seat in (None, *range(len(controller.seats))):
        controller.view(seat)
    controller.to_dict()
    for _ in range(moves):
        actions = controller.actions()
        if controller.over or not actions:
            return
        action = actions[0]
        if action.arg_range is not None:
            action = action.with_arg(action.arg_range[0])
        controller.apply(action)
        controller.view(controller.whose_turn())


def _seats(saved: Any, names: Sequence[str]) -> list[Seat]:
    """The saved seats: one per player, named as the game names them, a person
    (``bot`` null) or a known computer level; ``ValueError`` otherwise."""
    if not isinstance(saved, list) or len(saved) != len(names):
        raise ValueError("the seats do not match the players")
    seats = []
    for entry, name in zip(saved, names, strict=True):
        if not isinstance(entry, dict) or entry.get("name") != name:
            raise ValueError("the seats do not match the players")
        bot = entry.get("bot")
        seats.append(Seat(name, None if bot is None else check_level(bot)))
    return seats

"""A dummy third game, "Race", made entirely in the test suite: engine, bots, narrator,
table kit, rules and its ``GameSpec``. ``tests/app/test_third_game.py`` registers it and
plays it through every part of the app, which proves that adding a game touches no
module of ``tui/``.

Race: players take turns to step forward 1 to 3 squares (one ``randint``); the first to
reach the goal wins. The goal is the game's own setup option ("short" 5, "long" 9).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tui.engine.bots import Decision
from tui.engine.core import (
    FORMAT_VERSION,
    Action,
    Event,
    RandomSource,
    SeatView,
    TableView,
    find_legal,
    rng_from_json,
    rng_state_to_json,
)
from tui.games.spec import Choice, FirstSeat, GameSpec, OptionSpec, VariantSpec
from tui.session.table_words import TableWords
from tui.table.kit import Seats, TableKit

GOALS = {"short": 5, "long": 9}
STEP = Action("step", "Step", "s")


class RaceGame:
    game_id: ClassVar[str] = "race"

    def __init__(
        self,
        names: Sequence[str],
        rng: RandomSource,
        variants: frozenset[str] = frozenset(),
        first_runner: int | None = None,
        goal: str = "short",
    ) -> None:
        if not 2 <= len(names) <= 4:
            raise ValueError("Race needs 2 to 4 players")
        if goal not in GOALS:
            raise ValueError(f"unknown goal {goal!r}")
        self.names = tuple(names)
        self.variants = frozenset(variants)
        self.goal = goal
        self.rng = rng
        self.squares = [0] * len(names)
        self.current = 0 if first_runner is None else first_runner
        self.turns = 0
        self._winners: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self._winners)

    def winners(self) -> tuple[int, ...]:
        return self._winners

    def current_seat(self) -> int | None:
        return None if self.over else self.current

    def legal_actions(self) -> list[Action]:
        return [] if self.over else [STEP]

    def apply(self, action: Action) -> list[Event]:
        find_legal(self.legal_actions(), action)
        seat = self.current
        steps = self.rng.randint(1, 3)
        self.squares[seat] += steps
        self.turns += 1
        events = [Event("stepped", seat, value=steps)]
        if self.squares[seat] >= GOALS[self.goal]:
            self._winners = (seat,)
            events.append(Event("won", seat))
        else:
            self.current = (seat + 1) % len(self.names)
        return events

    def view(self, seat: int | None) -> TableView:
        flags = [
            frozenset({"turn"}) if s == self.current_seat() else frozenset()
            for s in range(len(self.names))
        ]
        return TableView(
            game=self.game_id,
            viewer=seat,
            seats=tuple(
                SeatView(s, name, self.squares[s], flags=flags[s])
                for s, name in enumerate(self.names)
            ),
            pot=GOALS[self.goal],
            current=self.current_seat(),
            phase="over" if self.over else "turn",
            round=1,
            variants=self.variants,
            winners=self._winners,
        )

    def to_dict(self) -> dict[str, Any]:
        assert isinstance(self.rng, random.Random)
        return {
            "format": FORMAT_VERSION,
            "game": self.game_id,
            "names": list(self.names),
            "variants": sorted(self.variants),
            "goal": self.goal,
            "squares": list(self.squares),
            "current": self.current,
            "turns": self.turns,
            "winners": list(self._winners),
            "rng": rng_state_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        if data.get("game") != cls.game_id:
            raise ValueError("not a Race game")
        game = cls(
            data["names"],
            rng_from_json(data["rng"]),
            frozenset(data["variants"]),
            goal=data["goal"],
        )
        game.squares = [int(n) for n in data["squares"]]
        game.current = int(data["current"])
        game.turns = int(data["turns"])
        game._winners = tuple(int(s) for s in data["winners"])
        return game


class RaceBot:
    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: TableView, actions: list[Action]) -> Decision:
        return Decision(actions[0], "steps forward")


def describe(events: Sequence[Event], names: Sequence[str], ascii_only: bool = False) -> list[str]:
    lines = []
    for event in events:
        who = names[event.seat] if event.seat is not None else "?"
        if event.kind == "stepped":
            lines.append(f"{who} steps {event.value}")
        elif event.kind == "won":
            lines.append(f"{who} wins the race")
    return lines


class RaceSeats(Seats):
    counter_word = "square"
    counter_plural = "squares"
    pot_title = "Goal"


def _engine() -> type[Any]:
    return RaceGame


def _words(spec: GameSpec) -> TableWords:
    return TableWords(spec, describe)


def _kit(words: TableWords) -> TableKit:
    return TableKit(words, seats=RaceSeats())


RACE = GameSpec(
    id="race",
    title="Race",
    blurb="step by step",
    menu_key="x",
    short_title="Race",
    players=(2, 4),
    variants=(VariantSpec("long-legs", "Long legs", "Nothing changes: a variant for the menus."),),
    first_seat=FirstSeat("first_runner", "Who runs first", "The first seat"),
    options=(
        OptionSpec(  # the setup screen draws it from this data alone
            key="goal",
            label="Goal",
            widget_id="goal",
            choices=(Choice("short", "Five squares"), Choice("long", "Nine squares")),
            cli_help="how far to run",
        ),
    ),
    engine=_engine,
    bot=RaceBot,
    words=_words,
    kit=_kit,
    rules_markdown=lambda: "# Race\n\nStep 1 to 3 squares a turn; the first to the goal wins.\n",
    length_unit="steps",
    length=lambda game: int(game.turns),
)

"""A third game, "Race", made entirely in the test suite: engine, its view's detail, bots,
narrator, words with a privacy rule of its own, table kit, rules and its ``GameSpec``.
``tests/app/test_third_game.py`` registers it and plays it through every part of the
app (the title's key, setup, a table with curtains, saves, the history, the rules, a
shared table over the socket, the simulator), which proves that adding a game touches
no module of ``tui/``.

Race: players take turns to step forward 1 to 3 squares (one ``randint``); the first to
reach the goal wins. Each runner is dealt a secret sprint of 1 to 3 squares at the start
(one ``randint`` each, in seat order), which they may run once instead of a step: so
people sharing a keyboard pass it behind a curtain. The goal is the game's own setup
option ("short" 5, "long" 9).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from tui.engine.bots import Decision
from tui.engine.core import (
    FORMAT_VERSION,
    Action,
    Event,
    RandomSource,
    SeatView,
    TableView,
    ViewDetail,
    find_legal,
    rng_from_json,
    rng_state_to_json,
)
from tui.games.spec import Choice, FirstSeat, GameSpec, OptionSpec, VariantSpec
from tui.session.privacy import curtains_needed, people_in
from tui.session.seat_control import TableController
from tui.session.table_words import TableWords
from tui.table.kit import Seats, TableKit

GOALS = {"short": 5, "long": 9}
STEP = Action("step", "Step", "s")
SPRINT = Action("sprint", "Sprint", "p")


@dataclass(frozen=True)
class RaceView(ViewDetail):
    """What a Race view adds: the goal, and the viewer's own sprint while unused."""

    goal: int = 5
    sprint: int | None = None


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
        self.sprints = [rng.randint(1, 3) for _ in names]
        """Each runner's secret sprint, dealt at the start."""
        self.used = [False] * len(names)

    @property
    def over(self) -> bool:
        return bool(self._winners)

    def winners(self) -> tuple[int, ...]:
        return self._winners

    def current_seat(self) -> int | None:
        return None if self.over else self.current

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return [STEP] if self.used[self.current] else [STEP, SPRINT]

    def apply(self, action: Action) -> list[Event]:
        chosen = find_legal(self.legal_actions(), action)
        seat = self.current
        if chosen.kind == SPRINT.kind:
            steps, kind = self.sprints[seat], "sprinted"
            self.used[seat] = True
        else:
            steps, kind = self.rng.randint(1, 3), "stepped"
        self.squares[seat] += steps
        self.turns += 1
        events = [Event(kind, seat, value=steps)]
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
            detail=RaceView(
                goal=GOALS[self.goal],
                sprint=None if seat is None or self.used[seat] else self.sprints[seat],
            ),
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
            "sprints": list(self.sprints),
            "used": list(self.used),
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
        game.sprints = [int(n) for n in data["sprints"]]
        game.used = [bool(u) for u in data["used"]]
        game.rng = rng_from_json(data["rng"])  # as saved, not as the deal left it
        return game


class RaceBot:
    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: TableView, actions: list[Action]) -> Decision:
        if RaceView.of(view).sprint == 3 and len(actions) > 1:
            return Decision(actions[1], "sprints")
        return Decision(actions[0], "steps forward")


def describe(events: Sequence[Event], names: Sequence[str], ascii_only: bool = False) -> list[str]:
    lines = []
    for event in events:
        who = names[event.seat] if event.seat is not None else "?"
        if event.kind == "stepped":
            lines.append(f"{who} steps {event.value}")
        elif event.kind == "sprinted":
            lines.append(f"{who} sprints {event.value}")
        elif event.kind == "won":
            lines.append(f"{who} wins the race")
    return lines


class RaceSeats(Seats):
    counter_word = "square"
    counter_plural = "squares"
    pot_title = "Goal"


def _engine() -> type[Any]:
    return RaceGame


class HiddenSprints:
    """Race's privacy rule: with two or more people at the keyboard, each person's turn
    comes behind a curtain and only they see their sprint; one person sees theirs all
    the time."""

    def viewer(self, controller: TableController, current: int | None) -> int | None:
        if len(people_in(controller)) >= 2:
            return current if current == controller.whose_turn() else None
        people = controller.humans
        return people[0] if len(people) == 1 else None

    def curtain_before(self, controller: TableController, seat: int) -> bool:
        return curtains_needed(controller) and seat in controller.humans

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event]
    ) -> bool:
        return False


class RaceWords(TableWords):
    """The goal, the squares run, and the viewer's own sprint."""

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec, describe, privacy=HiddenSprints())

    def info_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        detail = RaceView.of(view)
        lines = [f"Goal: {detail.goal} squares"]
        if detail.sprint is not None and view.viewer is not None:
            lines.append(f"{names[view.viewer]}'s sprint: {detail.sprint} squares")
        return lines

    def pass_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        run = ", ".join(f"{names[s.seat]} {s.counters}" for s in view.seats)
        return [f"Squares run: {run}"]

    def own_card_line(self, view: TableView) -> str | None:
        """The plain-text table's "your own card": the viewer's sprint, while unused."""
        sprint = RaceView.of(view).sprint
        if view.viewer is None or sprint is None:
            return None
        return f"Your sprint is {sprint} square{'s' if sprint != 1 else ''}."


def _words(spec: GameSpec) -> TableWords:
    return RaceWords(spec)


def _view_detail() -> type[ViewDetail]:
    return RaceView


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
    view_detail=_view_detail,
    words=_words,
    kit=_kit,
    rules_markdown=lambda: (
        "# Race\n\nStep 1 to 3 squares a turn, or once run your secret sprint;"
        " the first to the goal wins.\n"
    ),
    length_unit="steps",
    length=lambda game: int(game.turns),
)

"""Ruling C10 as a property: no screen ever shows a card that its onlookers may not see.

Whole games are played by keys through the real app, for many seeds, variants and
mixes of people and computer players. Before every key the test reads the screen as a
person would (every cell of every visible layer, ``screen_lines``) and checks:

- the only person whose card may be on the screen is the one whose private view it
  is: the person at the table alone with computer players, or, with two or more people,
  the one who has taken the keyboard for their turn (the table's viewer, or the box
  showing what they got back); a curtain and every other moment show no face-down card
  of anyone;
- that person may see their own card and the card they just handed over, nothing else;
- the log of the round in progress names no face-down card, not even the viewer's.

Between the steps a typist types ahead, as people do at one keyboard (issue 15): after
each deliberate key, whenever the screen is a gate (a curtain, the private card, a
person's actions), a second Enter 0.05 to 0.4 s later, a burst of keys arriving at
once, or a key held down. None of those keys may change anything (the curtain stays,
no move is made: checked after each), and the screen after them is checked too. The times are
``ScriptedTimes``: each deliberate key comes a second after the last key.

A face-down card is one the public view does not show (not a King up, not announced,
not turned up at the showdown). Its label ("10♦") never appears on screen otherwise:
labels are unique in a deck, and earlier rounds' cards in the log are left out of the
screen check (the log is checked on its own, round by round).

Whole games are soaks (the slow tier, ``-m slow``); ``CHASE_PRIVACY_SEEDS=20`` plays
more of them per kind of table (2 by default, each takes a few seconds). The everyday
run plays the first two rounds of two tables, with the same checks before every key:
three people (curtains between people) and one person with three computers (the
computers' cards hidden from the one person). ``tests/app/test_chase_kit.py`` checks
the same property of everything the table writes, without the app, over hundreds of
games.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import chase_config, screen_lines, step, table_of
from tests.support.gate import ScriptedTimes
from tests.support.table import on_top, write_settings
from tui.engine.chase.rules import VARIANTS
from tui.engine.chase.view import ChaseView
from tui.glyphs import card as card_label
from tui.session.table_model import PassCurtain, PrivateCard
from tui.table.screen import TableScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.game_log import GameLog

MakeApp = Callable[..., Any]


def allowed_viewer(app: Any) -> int | None:
    """Whose private view is on the screen now, if anyone's."""
    top = on_top(app)
    if isinstance(top, PrivateCard):
        return int(top.seat)
    if isinstance(top, PassCurtain):
        return None
    viewer = table_of(app).viewer
    return None if viewer is None else int(viewer)


class PrivacyCheck:
    """Called before every key; counts what it checked so the test can tell it ran."""

    def __init__(self) -> None:
        self.checks = 0
        self.hidden_seen = 0
        self.private_views = 0

    def __call__(self, app: Any) -> None:
        table = table_of(app)
        controller = table.controller
        game = controller.game
        public = controller.view(None)
        people = [s for s in controller.humans if not public.seats[s].out]
        viewer = allowed_viewer(app)
        if len(people) >= 2 and viewer is not None:
            # Two or more people: a private view belongs to the one whose turn it is
            # (or who just moved and is looking at what they got back).
            assert viewer in controller.humans
            if not isinstance(on_top(app), PrivateCard):
                assert viewer == controller.whose_turn(), (viewer, controller.whose_turn())
        hidden = {
            seat: card
            for seat, card in enumerate(game.hands)
            if card is not None and public.seats[seat].card is None
        }
        may_see: set[str] = set()
        if viewer is not None:
            own = controller.view(viewer)
            if own.seats[viewer].card is not None:
                may_see.add(own.seats[viewer].card)
            gave = ChaseView.of(own).gave
            if gave is not None:
                may_see.add(gave[1])
            self.private_views += 1
        log = table.query_one(GameLog)
        lines = [line for line, _ in log.lines]
        start = max(
            (i for i, line in enumerate(lines) if " deals one card to each" in line), default=0
        )
        earlier = "\n".join(lines[:start])
        this_round = "\n".join(lines[start:])
        text = "\n".join(screen_lines(app))
        for seat, card in hidden.items():
            label = card_label(card)
            assert label not in this_round, f"{label} of seat {seat} in the log"
            if card in may_see or label in earlier:
                continue
            self.hidden_seen += 1
            assert label not in text, (
                f"face-down {label} of {controller.seats[seat].name} on screen "
                f"(viewer {viewer}, top {type(on_top(app)).__name__})"
            )
        self.checks += 1


TABLES = [
    ("three people", ["Ann", "Ben", "Cleo"], []),
    ("four people", ["Ann", "Ben", "Cleo", "Dan"], []),
    ("two people, two computers", ["Ann", "Ada", "Ben", "Alan"], [1, 3]),
    ("one person, three computers", ["Ada", "Ann", "Alan", "Grace"], [0, 2, 3]),
]


REPEAT = 1 / 30
"""A held key's repeat interval."""


def gated(app: Any) -> bool:
    """The screen is a gate: a curtain, the private card, or a person's actions."""
    top = on_top(app)
    if isinstance(top, PassCurtain | PrivateCard):
        return True
    return isinstance(top, TableScreen) and top.flow.ready and top.presenter.person_deciding()


def state(app: Any) -> tuple[int, int, int | None]:
    table = table_of(app)
    return id(on_top(app)), table.moves, table.viewer


async def type_ahead(
    pilot: Any, chooser: random.Random, times: ScriptedTimes, check: PrivacyCheck
) -> int:
    """Keys typed ahead of the gate now on screen (if it is one): none may pass."""
    app = pilot.app
    await pilot.pause()
    if not gated(app):
        return 0
    pool = ["enter", "enter", "space", "c", "s", "d"]
    if isinstance(on_top(app), TableScreen):
        pool += [action.key for action in app.screen.query_one(ActionBar).actions]
    kind = chooser.choice(["double", "burst", "held"])
    if kind == "double":
        keys, gaps = ["enter"], [chooser.uniform(0.05, 0.4)]
    elif kind == "burst":
        keys = [chooser.choice(pool) for _ in range(chooser.randint(2, 4))]
        gaps = [0.0] * len(keys)
    elif kind == "held":
        keys = [chooser.choice(pool)] * chooser.randint(4, 10)
        gaps = [REPEAT] * len(keys)
    before = state(app)
    for name, gap in zip(keys, gaps, strict=True):
        times.wait(gap)
        await pilot.press(name)
        assert state(app) == before, f"{kind} {keys}: {name!r} passed a gate"
    check(app)  # the screen after them (nothing changed, so it is checked once)
    return 1


async def play_typing_ahead(
    pilot: Any,
    chooser: random.Random,
    times: ScriptedTimes,
    check: PrivacyCheck,
    rounds: int | None = None,
) -> tuple[list[str], int]:
    """Step to the winner's screen (or past the end of ``rounds`` rounds), each step a
    deliberate key (a second after the last key), and keys typed ahead of every gate;
    returns the steps and the times keys were typed ahead."""
    seen: list[str] = []
    typed = 0
    for _ in range(4000):
        check(pilot.app)
        times.wait(1.0)
        what = await step(pilot, chooser)
        seen.append(what)
        if what == "final" or (rounds is not None and seen.count("round") == rounds):
            check(pilot.app)  # the screen the last step left
            return seen, typed
        typed += await type_ahead(pilot, chooser, times, check)
    raise AssertionError("the game did not end")


SEEDS = int(os.environ.get("CHASE_PRIVACY_SEEDS", "2"))
"""Games per kind of table (each a few seconds); raise it for a longer hunt."""


EVERYDAY = ("three people", "one person, three computers")
"""The tables whose first seed's first ``EVERYDAY_ROUNDS`` rounds the everyday run plays."""
EVERYDAY_ROUNDS = 2
LONG = {"four people": 55, "three people": 35, "two people, two computers": 20}
"""Seconds a game of each table takes in a run (``tests/support/schedule.py``)."""

GAMES = [
    *(
        pytest.param(0, *table, EVERYDAY_ROUNDS, id=f"{table[0]}-0-first-rounds")
        for table in TABLES
        if table[0] in EVERYDAY
    ),
    *(
        pytest.param(
            seed,
            *table,
            None,
            id=f"{table[0]}-{seed}",
            marks=[pytest.mark.slow, pytest.mark.long(LONG.get(table[0], 14))],
        )
        for table in TABLES
        for seed in range(SEEDS)
    ),
]


@pytest.mark.parametrize(("seed", "label", "names", "bots", "rounds"), GAMES)
async def test_no_face_down_card_is_ever_on_screen_for_onlookers(
    make_app: MakeApp,
    app_dirs: AppDirs,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    label: str,
    names: list[str],
    bots: list[int],
    rounds: int | None,
) -> None:
    chooser = random.Random(seed * 31 + len(names))
    variants = sorted(v for v in VARIANTS if chooser.random() < 0.3)
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    config = chase_config(names, bots, variants=variants, dealer=None, seed=seed + 100)
    check = PrivacyCheck()
    times = ScriptedTimes()
    monkeypatch.setattr(TableScreen, "default_times", staticmethod(lambda: times))
    size = chooser.choice([(80, 24), (160, 48)])
    async with app.run_test(size=size) as pilot:
        app.start_game(config)
        await pilot.pause()
        seen, typed = await play_typing_ahead(pilot, chooser, times, check, rounds)
        if rounds is None:
            assert table_of(app).controller.over
        else:
            assert seen.count("round") == rounds
    assert check.checks == len(seen) + typed + 1 and typed > 0
    assert check.hidden_seen > 0 and check.private_views > 0
    if len(names) - len(bots) >= 2:
        assert "curtain" in seen

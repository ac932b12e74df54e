"""Whole games played by keys through a pseudo-terminal, counting the bytes drawn per turn.

The driver keeps a replica of the game: the same command line gives the same
``GameConfig``, the same seed gives the same dice and decks, and computer players own no
randomness, so the replica knows every legal action (and its key) without reading the
screen. The screen (``tests.bench_screen``) is read only to know which modal screen is up:
the "Pass to ..." curtain, a private result, the dealer's cut, a round's end. A key that
draws nothing means the replica and the app disagree, and the run stops with the screen.

Animation is off (settings), so a turn's bytes are its repaint and nothing else.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tests.bench_session import PARTY_DICE, SETTINGS_OFF, Sandbox, Session
from tui.cli import parse
from tui.engine.controller import Controller
from tui.engine.core import Action, Event
from tui.games import new_controller
from tui.session.keygate import CURTAIN, DECISION, GateRule

SETTLE = 0.3
"""Seconds of silence that mean the app has finished answering a key."""

KEY_BYTES = {"enter": "\r", "space": " ", "escape": "\x1b"}
ROUND_END = frozenset(
    {"round_won", "showdown", "nobody_loses", "all_out_replay", "shared_win", "game_won"}
)
"""Event kinds after which the table opens its round-end screen (both games)."""

PASS_CURTAIN = "press Enter when only"
PRIVATE_RESULT = "only for you"
CUT_SCREEN = "cuts the deck"
ROUND_END_SCREEN = "Look at the table"
TURN_KINDS = frozenset({"roll", "final_roll", "stand", "change", "show_king", "cut"})


class Desync(RuntimeError):
    """The app did not answer a key as the replica expected."""


@dataclass
class Tally:
    """What one game (or part of one) cost on the terminal."""

    turns: int = 0
    person_turns: int = 0
    bytes: int = 0


def replica(argv: Sequence[str]) -> Controller:
    """The game ``party-dice <argv>`` opens, built the way the app builds it."""
    request = parse(list(argv)).play
    assert request is not None
    config = request.config()
    rng = random.Random(config.seed)
    return new_controller(config, rng)


class Driver:
    """One app on a pty and its replica, moved forward one key at a time."""

    def __init__(self, session: Session, game: Controller) -> None:
        self.session = session
        self.game = game
        self.round_over = False
        self.tally = Tally()
        self.sent_at = 0.0
        self.drawn_at = time.monotonic() - SETTLE

    def press(self, key: str, rule: GateRule | None = DECISION) -> int:
        """Send ``key`` (an ``Action.key`` name) and read until the app goes quiet.

        A key for a gate (a curtain, a person's move: ``rule``) comes as a person's
        would, a moment after the screen was drawn and after the last key: the app
        drops keys typed ahead there (``tui.session.keygate``)."""
        if rule is not None:
            wait = max(self.sent_at + rule.quiet, self.drawn_at + rule.settle) + 0.03
            time.sleep(max(0.0, wait - time.monotonic()))
        self.session.send(KEY_BYTES.get(key, key))
        self.sent_at = time.monotonic()
        first = self.session.read_chunk(10.0)
        if not first:
            raise Desync(f"no answer to {key!r}:\n{self.session.screen.text()}")
        written = first + self.session.pump(SETTLE)
        self.drawn_at = time.monotonic() - SETTLE  # quiet for SETTLE: drawn by then
        return written

    def apply(
        self, action: Action, key: str | None = None, rule: GateRule | None = DECISION
    ) -> None:
        """Press ``action``'s key and play it on the replica too."""
        self.press(key or action.key, rule)
        self._applied(self.game.apply(action), action.kind)

    def _applied(self, events: list[Event], kind: str) -> None:
        self.tally.turns += kind in TURN_KINDS
        self.round_over = any(event.kind in ROUND_END for event in events)

    def people_playing(self) -> bool:
        """True while the game goes on with a person still in it."""
        if self.game.over:
            return False
        seats = self.game.view(None).seats
        return any(not seats[seat].out for seat in self.game.humans)

    def bots(self) -> None:
        """Play the computers' moves the app has played on its own (none while a
        round-end screen waits for a key)."""
        while not self.round_over and not self.game.over and self.game.is_bot_turn():
            decision, events = self.game.play_bot()
            self._applied(events, decision.action.kind)

    def step(self, choose_second: bool) -> None:
        """Answer whatever the screen waits for: a modal screen or a person's move."""
        self.bots()
        screen = self.session.screen
        if ROUND_END_SCREEN in screen and self.round_over:
            self.press("escape", None)  # "Look at the table": the table plays on
            self.round_over = False
        elif PASS_CURTAIN in screen:
            self.tally.person_turns += 1
            self.press("enter", CURTAIN)
        elif PRIVATE_RESULT in screen:
            self.press("enter", CURTAIN)
        else:
            actions = self.game.actions()
            action = actions[-1] if choose_second and len(actions) > 1 else actions[0]
            if action.arg_range is not None:
                low, high = action.arg_range
                self.press(action.key)
                if CUT_SCREEN not in self.session.screen:
                    raise Desync(f"no cut screen:\n{self.session.screen.text()}")
                self.apply(action.with_arg((low + high) // 2), "enter", None)  # the middle
            else:
                self.apply(action)


def play_bytes(
    sandbox: Sandbox,
    argv: Sequence[str],
    ready: Sequence[str],
    max_keys: int,
    size: tuple[int, int] = (80, 24),
) -> Tally:
    """Play ``party-dice <argv>`` by keys until the game ends or ``max_keys`` were
    pressed; the bytes written from the first move on (not the opening frame)."""
    with Session([PARTY_DICE, *argv], sandbox.env(SETTINGS_OFF), size) as session:
        session.first_frame(ready)
        session.pump(SETTLE)
        driver = Driver(session, replica(argv))
        start = session.written
        keys = 0
        while keys < max_keys and driver.people_playing():
            driver.step(choose_second=keys % 3 == 1)
            keys += 1
        driver.tally.bytes = session.written - start
        return driver.tally


def aces_turns(sandbox: Sandbox, seed: int, people: int = 6, max_keys: int = 400) -> Tally:
    """A single round of Aces between ``people`` people, every turn by a key."""
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay"][:people]
    argv = ["play", "aces", "--names", ",".join(names), "--seed", str(seed)]
    argv += ["--first-seat", "1"]
    return play_bytes(sandbox, argv, ["Ann rolls first", "f2 Keys"], max_keys)


def chase_turns(sandbox: Sandbox, seed: int, max_keys: int = 80) -> Tally:
    """Chase the Ace with two people and four computers: every person's turn has its
    curtain, every change its private result, every round its end screen."""
    argv = ["play", "chase", "--names", "Ann,Ben", "--computers", "4", "--seed", str(seed)]
    argv += ["--first-seat", "6"]
    return play_bytes(sandbox, argv, [PASS_CURTAIN, "f2 Keys"], max_keys)

"""Whole games played by keys through a pseudo-terminal, counting the bytes drawn per turn.

The driver keeps a replica of the game: the same command line gives the same
``GameConfig``, the same seed gives the same dice and decks, and computer players own no
randomness, so the replica knows every legal action (and its key) without reading the
screen. The screen (``tests.bench_screen``) is read only to know which modal screen is up:
the "Pass to ..." curtain, a private result, the dealer's cut, a round's end. A key that
draws nothing means the replica and the app disagree, and the run stops with the screen.

Animation is off (settings), so a turn's bytes are its repaint and nothing else. A
person's forced move (a roll with no chips, a King shown) plays itself after a short
pause (``tui.session.table_flow``): the driver waits for it, as a person would, instead of
racing the app's timer with a key. Every key pressed is kept in ``Driver.presses``:
what it answered, its bytes, and the seconds from the key to the last byte of its
repaint (``tests.bench_latency`` and ``tests.bench_slowlink`` read them).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from tests.bench_session import PARTY_DICE, SETTINGS_OFF, Sandbox, Session
from tui.cli import parse
from tui.engine.controller import Controller
from tui.engine.core import Action, Event
from tui.games import new_controller
from tui.session.keygate import CURTAIN, DECISION, GateRule

SETTLE = 0.3
"""Seconds of silence that mean the app has finished answering a key."""

DROPPED_AFTER = 3.0
"""Seconds without an answer after which a gated key is taken as dropped."""

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


@dataclass(frozen=True)
class Press:
    """One key and its answer: ``what`` it answered (an action's kind, ``curtain``,
    ``private``, ``round_end``, ``cut_open``), the bytes of its repaint, and the seconds
    from sending it to the last of those bytes read."""

    what: str
    bytes: int
    seconds: float


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

    def __init__(self, session: Session, game: Controller, settle: float = SETTLE) -> None:
        self.session = session
        self.game = game
        self.settle = settle
        """Seconds of silence after which a key's repaint is taken as complete."""
        self.round_over = False
        self.tally = Tally()
        self.presses: list[Press] = []
        self.dropped = 0
        """Gated keys the app dropped and the driver pressed again (``press``)."""
        self.sent_at = 0.0
        self.drawn_at = time.monotonic() - settle

    def press(
        self, key: str, rule: GateRule | None = DECISION, what: str = "", expect: str = ""
    ) -> int:
        """Send ``key`` (an ``Action.key`` name) and read until the app goes quiet
        (after ``expect`` is on the screen, if given).

        A key for a gate (a curtain, a person's move: ``rule``) comes as a person's
        would, a moment after the screen was drawn and after the last key: the app
        drops keys typed ahead there (``tui.session.keygate``). Bytes that came after
        the last key's quiet window, before this key, still belong to the last key's
        repaint: its ``Press`` is corrected.

        A gated key the app did not answer within ``DROPPED_AFTER`` seconds was
        dropped (on a busy machine the app marks a gate drawn a refresh or more after
        its last byte, so the key came too soon for its clock): it is pressed again, as
        a person would, at most twice (``dropped`` counts them), and timed from the
        press that was answered."""
        if rule is not None:
            wait = max(self.sent_at + rule.quiet, self.drawn_at + rule.settle) + 0.03
            time.sleep(max(0.0, wait - time.monotonic()))
        late = self.session.pump(0.0)
        if late and self.presses:
            last = self.presses[-1]
            seconds = self.session.last_byte - self.sent_at
            self.presses[-1] = Press(last.what, last.bytes + late, seconds)
        for attempt in range(3):
            self.session.send(KEY_BYTES.get(key, key))
            self.sent_at = time.monotonic()
            retry = rule is not None and attempt < 2
            first = self.session.read_chunk(DROPPED_AFTER if retry else 10.0)
            if first or not retry:
                break
            self.dropped += 1
        if not first:
            raise Desync(f"no answer to {key!r}:\n{self.session.screen.text()}")
        deadline = self.sent_at + 10.0
        while expect not in self.session.screen and time.monotonic() < deadline:
            first += self.session.read_chunk(deadline - time.monotonic())
        if expect not in self.session.screen:
            raise Desync(f"{expect!r} never came after {key!r}:\n{self.session.screen.text()}")
        written = first + self.session.pump(self.settle)
        self.drawn_at = self.session.last_byte
        self.presses.append(Press(what or key, written, self.session.last_byte - self.sent_at))
        return written

    def apply(
        self, action: Action, key: str | None = None, rule: GateRule | None = DECISION
    ) -> None:
        """Press ``action``'s key and play it on the replica too."""
        self.press(key or action.key, rule, action.kind)
        self._applied(self.game.apply(action), action.kind)

    def forced(self, action: Action) -> None:
        """A person's forced move: the app plays it by itself after its pause; wait for
        its repaint, then play it on the replica."""
        if not self.session.read_chunk(10.0):
            raise Desync(f"the forced {action.kind} never came:\n{self.session.screen.text()}")
        self.session.pump(self.settle)
        self.drawn_at = self.session.last_byte
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
            self.press("escape", None, "round_end")  # "Look at the table": play on
            self.round_over = False
        elif PASS_CURTAIN in screen:
            self.tally.person_turns += 1
            self.press("enter", CURTAIN, "curtain")
        elif PRIVATE_RESULT in screen:
            self.press("enter", CURTAIN, "private")
        else:
            actions = self.game.actions()
            action = actions[-1] if choose_second and len(actions) > 1 else actions[0]
            if len(actions) == 1 and action.forced:
                self.forced(action)
            elif action.arg_range is not None:
                low, high = action.arg_range
                self.press(action.key, DECISION, "cut_open")
                if CUT_SCREEN not in self.session.screen:
                    raise Desync(f"no cut screen:\n{self.session.screen.text()}")
                self.apply(action.with_arg((low + high) // 2), "enter", None)  # the middle
            else:
                self.apply(action)


@contextmanager
def table(
    sandbox: Sandbox,
    argv: Sequence[str],
    ready: Sequence[str],
    size: tuple[int, int] = (80, 24),
    session_type: type[Session] = Session,
    settle: float = SETTLE,
) -> Iterator[Driver]:
    """``party-dice <argv>`` on a pty of ``size``, its first frame drawn (every one of
    ``ready`` on the screen, then quiet), and a driver for it."""
    env = sandbox.env(SETTINGS_OFF)
    with session_type([PARTY_DICE, *argv], env, size) as session:
        session.first_frame(ready)
        session.pump(settle)
        yield Driver(session, replica(argv), settle)


def play_bytes(
    sandbox: Sandbox,
    argv: Sequence[str],
    ready: Sequence[str],
    max_keys: int,
    size: tuple[int, int] = (80, 24),
) -> Tally:
    """Play ``party-dice <argv>`` by keys until the game ends or ``max_keys`` were
    pressed; the bytes written from the first move on (not the opening frame)."""
    with table(sandbox, argv, ready, size) as driver:
        start = driver.session.written
        keys = 0
        while keys < max_keys and driver.people_playing():
            driver.step(choose_second=keys % 3 == 1)
            keys += 1
        driver.tally.bytes = driver.session.written - start
        return driver.tally


ACES_NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay"]
ACES_READY = ["Ann rolls first", "f2 Keys"]


def aces_argv(seed: int, people: int = 6) -> list[str]:
    """A single round of Aces between ``people`` people; Ann rolls first."""
    names = ",".join(ACES_NAMES[:people])
    return ["play", "aces", "--names", names, "--seed", str(seed), "--first-seat", "1"]


def aces_turns(
    sandbox: Sandbox,
    seed: int,
    people: int = 6,
    max_keys: int = 400,
    size: tuple[int, int] = (80, 24),
) -> Tally:
    """A single round of Aces between ``people`` people, every turn by a key."""
    return play_bytes(sandbox, aces_argv(seed, people), ACES_READY, max_keys, size)


CHASE_PEOPLE = ["Ann", "Ben", "Cleo", "Dan"]
CHASE_DEAL = ["Deal", "f2 Keys"]
"""The first frame of a Chase table whose dealer is a person: the deal is on offer."""


def chase_people_argv(seed: int, people: int = 4) -> list[str]:
    """Chase the Ace between ``people`` people at one keyboard (a curtain before every
    turn); the last deals, so Ann plays first after the deal."""
    names = ",".join(CHASE_PEOPLE[:people])
    return ["play", "chase", "--names", names, "--seed", str(seed), "--first-seat", str(people)]


def chase_turns(
    sandbox: Sandbox, seed: int, max_keys: int = 80, size: tuple[int, int] = (80, 24)
) -> Tally:
    """Chase the Ace with two people and four computers: every person's turn has its
    curtain, every change its private result, every round its end screen."""
    argv = ["play", "chase", "--names", "Ann,Ben", "--computers", "4", "--seed", str(seed)]
    argv += ["--first-seat", "6"]
    return play_bytes(sandbox, argv, [PASS_CURTAIN, "f2 Keys"], max_keys, size)

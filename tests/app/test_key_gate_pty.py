"""Issue 15 through the real app on a pty: Enter pairs at every curtain of a whole game.

``party-dice play chase --names Ann,Ben --computers 1`` runs on a pseudo-terminal as over
``ssh -t``, with its real clock (nothing injected). Every time a key takes something
off the screen that a curtain may follow (the dealer's deal, Ann's or Ben's curtain,
the private card after a change, the round's end), a second Enter follows 50 to 400 ms
later, as a double press out of habit does. The deliberate keys come a moment after
the screen settled, and after what they answer (a curtain, the private card, the
round's end) is on it, as a person's do: on a busy machine the round's end may take
longer than the typist's moment of quiet to be drawn, and an Enter sent before the
box had been seen a moment is rightly held back by the gate. An engine game with the
same seed makes the same moves (the shadow) and says whose card is face down; the
screen text written after every key may show no face-down card but the ones of the
person who has taken the keyboard.

A second Enter that passed a gate would make the app leave the shadow's game: the
curtain the shadow expects would not come, and the test fails there.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from tests.support.pty_driver import _ANSI, PtyApp, shadow_of, start, write_app_settings
from tui.engine.chase import ChaseGame
from tui.engine.chase.view import ChaseView
from tui.engine.controller import Controller
from tui.engine.core import Action, Event
from tui.glyphs import card as card_label
from tui.session.keygate import CURTAIN, DECISION, GateRule
from tui.session.privacy import people_in
from tui.session.table_model import LOOK
from tui.table.kits.chase_words import ROUND_END_KINDS, SHARED_KEYBOARD

ARGV = ["play", "chase", "--names", "Ann,Ben", "--computers", "1", "--first-seat", "1"]
SEED = 38
"""A short whole game (four rounds) with six curtains and a private card."""
MARGIN = 0.08
"""Seconds a deliberate key waits beyond the rule (the pty's and the app's own lag)."""


class Typist:
    """Keys into the pty at chosen moments, and the text the app wrote since a mark."""

    def __init__(self, app: PtyApp) -> None:
        self.app = app
        self.last_key = 0.0
        self.mark = 0

    def settle(self) -> float:
        """Read until the app is quiet; the time its last byte arrived (it was drawn)."""
        last = time.monotonic()
        while self.app.read(0.12):
            last = time.monotonic()
        return last

    def written(self) -> str:
        """The text written since the last key (escape sequences removed)."""
        return _ANSI.sub(b"", bytes(self.app.output[self.mark :])).decode("utf-8", "replace")

    def send(self, keys: str) -> None:
        self.mark = len(self.app.output)
        self.app.send(keys)
        self.last_key = time.monotonic()

    def deliberate(self, keys: str, drawn: float, rule: GateRule) -> None:
        """``keys`` a moment after the screen drawn at ``drawn``, as a person would."""
        wait = max(self.last_key + rule.quiet, drawn + rule.settle) + MARGIN
        time.sleep(max(0.0, wait - time.monotonic()))
        self.send(keys)

    def second_enter(self, gap: float) -> None:
        """The habit's second Enter, ``gap`` seconds after the key just sent."""
        mark = self.mark
        time.sleep(max(0.0, self.last_key + gap - time.monotonic()))
        self.app.send("\r")
        self.last_key = time.monotonic()
        self.mark = mark  # what both keys led to is read together

    def wait_for(self, needle: str) -> float:
        """Read until ``needle`` was written since the mark; then settle."""
        end = time.monotonic() + 10
        while needle not in self.written():
            assert time.monotonic() < end and self.app.poll() is None, (
                f"{needle!r} never came: {self.written()[-1500:]!r}"
            )
            self.app.read(0.05)
        return self.settle()


class Table:
    """The shadow game and what its people may see."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.ever_public: set[str] = set()
        self.note_public()
        self.changed = False

    def hands(self) -> tuple[str | None, ...]:
        """Every seat's card, face down or not (the shadow game knows them all)."""
        game = self.controller.game
        assert isinstance(game, ChaseGame)
        return game.hands

    def note_public(self) -> None:
        """Cards that were face up, or shown at a round's end, may be in the log."""
        for seat in self.controller.view(None).seats:
            if seat.card is not None:
                self.ever_public.add(card_label(seat.card))

    def round_over(self) -> None:
        self.ever_public |= {card_label(c) for c in self.hands() if c is not None}

    def check(self, text: str, viewer: int | None) -> None:
        """``text`` shows no face-down card but the ``viewer``'s own, or the one they
        gave (with one person left in the game, theirs is always on the screen)."""
        controller = self.controller
        people = people_in(controller)
        if len(people) < 2:
            viewer = people[0] if people else None
        public = controller.view(None)
        allowed: set[str] = set()
        if viewer is not None:
            own = controller.view(viewer)
            mine = own.seats[viewer].card
            if mine is not None:
                allowed.add(card_label(mine))
            gave = ChaseView.of(own).gave
            if gave is not None:
                allowed.add(card_label(gave[1]))
        for seat, card in enumerate(self.hands()):
            label = card_label(card) if card is not None else None
            if label is None or public.seats[seat].card is not None:
                continue
            if label in allowed or label in self.ever_public:
                continue
            assert label not in text, (
                f"{controller.seats[seat].name}'s face-down {label} shown (viewer {viewer})"
            )

    def choice(self, seat: int) -> Action:
        """Ben changes the first time he may, everyone else stands (or deals)."""
        actions = [a for a in self.controller.actions() if a.arg_range is None]
        kinds = [a.kind for a in actions]
        if seat == 1 and not self.changed and "change" in kinds:
            self.changed = True
            return actions[kinds.index("change")]
        return actions[kinds.index("stand")] if "stand" in kinds else actions[0]

    def apply(self, action: Action) -> list[Event]:
        events = self.controller.apply(action)
        self.after(events)
        return events

    def after(self, events: list[Event]) -> None:
        if {e.kind for e in events} & ROUND_END_KINDS:
            self.round_over()
        self.note_public()

    def computers(self) -> bool:
        """Computers move (the app plays them at once); True if a round ended."""
        ended = False
        while self.controller.is_bot_turn():
            _decision, events = self.controller.play_bot()
            self.after(events)
            ended = ended or bool({e.kind for e in events} & ROUND_END_KINDS)
            if ended:
                break
        return ended


@pytest.mark.slow
def test_enter_pairs_at_every_curtain_of_a_whole_game_show_no_card_to_the_wrong_person(
    tmp_path: Path,
) -> None:
    argv = [*ARGV, "--seed", str(SEED)]
    write_app_settings(tmp_path)
    table = Table(shadow_of(argv))
    controller = table.controller
    gaps = random.Random(SEED)
    names = [seat.name for seat in controller.seats]
    counts = {"curtain": 0, "private": 0, "pairs": 0}
    with start(tmp_path, argv) as app:
        typist = Typist(app)
        drawn = typist.wait_for(names[0])
        round_end = table.computers()
        while not controller.over:
            if round_end:  # the round's end: Enter takes its first choice (the deal)
                drawn = typist.wait_for(LOOK.label)  # the box is on the screen
                typist.deliberate("\r", drawn, DECISION)
                typist.second_enter(gaps.uniform(0.05, 0.4))
                counts["pairs"] += 1
                table.apply(controller.actions()[0])
                round_end = table.computers()
                drawn = typist.settle()
                table.check(typist.written(), None)
                continue
            seat = controller.whose_turn()
            assert seat is not None and not controller.seats[seat].bot
            if SHARED_KEYBOARD.curtain_before(controller, seat):
                drawn = typist.wait_for(f"Pass to {names[seat]}")
                table.check(typist.written(), None)
                counts["curtain"] += 1
                typist.deliberate("\r", drawn, CURTAIN)
                typist.second_enter(gaps.uniform(0.05, 0.4))
                counts["pairs"] += 1
                drawn = typist.settle()
                table.check(typist.written(), seat)
            action = table.choice(seat)
            single = len(controller.actions()) == 1
            typist.deliberate("\r" if single else action.key, drawn, DECISION)
            events = table.apply(action)
            if single:  # the deal (the only action): a second Enter, at the next curtain
                typist.second_enter(gaps.uniform(0.05, 0.4))
                counts["pairs"] += 1
            if SHARED_KEYBOARD.curtain_after(controller, seat, events):
                drawn = typist.wait_for("only for you")
                table.check(typist.written(), seat)
                counts["private"] += 1
                typist.deliberate("\r", drawn, CURTAIN)
                typist.second_enter(gaps.uniform(0.05, 0.4))
                counts["pairs"] += 1
            round_end = bool({e.kind for e in events} & ROUND_END_KINDS)
            round_end = round_end or table.computers()
            drawn = typist.settle()
            table.check(typist.written(), None)
        assert app.poll() is None, typist.written()[-1500:]
    assert counts["curtain"] >= 6 and counts["private"] >= 1, counts
    assert counts["pairs"] >= counts["curtain"] + counts["private"], counts

"""The flow of a table, as pure logic: its states, who moves next, how long to wait.

``TableFlow`` is the table's state machine (``FlowState``): settled and waiting for a
person (``READY``), a computer player's pause (``THINKING``), a move's animation
(``ANIMATING``), a box over the table awaiting an answer (``GATED``: a curtain, the cut,
the round's end), and ``LEFT`` for good. Only the moves in ``TRANSITIONS`` are
allowed; nothing leaves ``LEFT`` (a timer or a screen closing after the table was
left changes nothing). Keys act only when ``READY``; while ``busy`` a key skips the
wait; while ``GATED`` or ``LEFT`` a key typed ahead acts no more.

The table screen asks ``next_step`` after every change. A person's move waits for a
key; a computer player's move (and a table action nobody at the keyboard owns, when
only computer players sit at the table) waits ``pace.bot_delay`` seconds, then plays.
A person's forced move (``Action.forced``: a King that must go face up, a roll with no
chips) is no decision: it plays itself after ``pace.forced`` seconds, a pause short
enough not to wait on, long enough to see whose move it was (even with animation "off",
and any key plays it at once). With animation "off" every other delay is zero and
computer turns play at once. Nothing here touches Textual, so the rules of pacing are
tested without an app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Literal

from tui.engine.core import Action, Event
from tui.session.seat_control import TableController

if TYPE_CHECKING:
    from tui.session.table_model import PrivateCard


@dataclass(frozen=True)
class Pace:
    """Seconds a computer player "thinks", and how long dice tumble (at most 0.6)."""

    bot_delay: float
    roll: float
    frames: int
    forced: float = 0.5
    """A person's forced move plays itself after this long."""
    reading: float = 3.0
    """A round's result stays this long before a computer deals the next round."""


PACES: dict[str, Pace] = {
    "off": Pace(bot_delay=0.0, roll=0.0, frames=0, forced=0.5, reading=2.5),
    "fast": Pace(bot_delay=0.45, roll=0.3, frames=2, forced=0.6, reading=3.0),
    "normal": Pace(bot_delay=1.1, roll=0.6, frames=3, forced=0.9, reading=4.0),
}
"""Settings value ``animation`` -> pace. Every wait can be skipped with any key.

Few frames on purpose: each one repaints the dice (issue 7 counts bytes per turn)."""


def pace_for(animation: str | None) -> Pace:
    return PACES.get(animation or "normal", PACES["normal"])


StepKind = Literal["person", "forced", "bot", "table", "over"]


@dataclass(frozen=True)
class Step:
    """What happens next at the table.

    ``person``: wait for a key (``seat`` is whose turn it is, or ``None`` for a table
    action any person may take, like "Next round"). ``forced``: person ``seat``'s only
    move is no decision; it plays itself after ``delay``. ``bot``: the computer player at
    ``seat`` moves after ``delay``. ``table``: a table action with no person at the
    table to press the key, taken after ``delay``. ``over``: the game has ended.
    """

    kind: StepKind
    seat: int | None = None
    delay: float = 0.0


def next_step(controller: TableController, pace: Pace) -> Step:
    if controller.over:
        return Step("over")
    seat = controller.whose_turn()
    if controller.is_bot_turn():
        # A computer player "thinks"; a person's move made at another terminal shows at once.
        thinks = seat is not None and controller.seats[seat].bot is not None
        return Step("bot", seat, pace.bot_delay if thinks else 0.0)
    actions = controller.actions()
    if seat is None and not controller.humans and actions:
        return Step("table", None, pace.bot_delay)
    if seat is not None and len(actions) == 1 and actions[0].forced:
        return Step("forced", seat, pace.forced)
    return Step("person", seat)


@dataclass(frozen=True)
class Move:
    """A move the table made by itself: its events, whose move it was, and the
    computer player's reason when it is worth a line in the log."""

    events: list[Event]
    seat: int | None
    reason: str | None = None


def computer_move(controller: TableController) -> Move | None:
    """One move by a computer player, or the move the table makes by itself (its own
    action when no person sits at it, a person's forced move: the first on offer);
    ``None`` when there is nothing to do."""
    seat = controller.whose_turn()
    if controller.is_bot_turn():
        choice = len(controller.actions()) > 1
        decision, events = controller.play_bot()
        # A reason is worth a line when there was a choice, not for every roll.
        return Move(events, seat, decision.reason if choice else None)
    actions = controller.actions()
    if not actions:
        return None
    return Move(controller.apply(actions[0]), seat)


def main_action_alias(actions_count: int) -> bool:
    """Enter and Space stand for the only action on offer, never for one of a choice."""
    return actions_count == 1


def match_key(actions: Sequence[Action], key: str) -> Action | None:
    """The action a key stands for: its own key (letters in either case), or Enter and
    Space for the only action on offer."""
    for action in actions:
        if action.key == key or (len(key) == 1 and action.key == key.lower()):
            return action
    if key in ("enter", "space") and main_action_alias(len(actions)):
        return actions[0]
    return None


class FlowState(Enum):
    READY = "ready"
    THINKING = "thinking"
    ANIMATING = "animating"
    GATED = "gated"
    LEFT = "left"


TRANSITIONS: dict[FlowState, frozenset[FlowState]] = {
    FlowState.READY: frozenset(
        {FlowState.THINKING, FlowState.ANIMATING, FlowState.GATED, FlowState.LEFT}
    ),
    FlowState.THINKING: frozenset({FlowState.READY, FlowState.LEFT}),
    FlowState.ANIMATING: frozenset({FlowState.READY, FlowState.LEFT}),
    FlowState.GATED: frozenset({FlowState.READY, FlowState.LEFT}),
    FlowState.LEFT: frozenset(),
}
"""Every move the table may make; a pause or an animation ends (``READY``) before the
next thing starts, and any state may end in ``LEFT``."""


PlanKind = Literal["wait", "forced", "move", "look", "ask"]
KeyUse = Literal["ignore", "binding", "skip", "action"]


@dataclass(frozen=True)
class Plan:
    """The table's next step (``TableFlow.plan``), for ``seat`` after ``delay``."""

    kind: PlanKind
    seat: int | None = None
    delay: float = 0.0


class FlowError(RuntimeError):
    """A move ``TRANSITIONS`` does not allow: a bug in the table, never a player's key."""


@dataclass
class TableFlow:
    """The table's state, and what it remembers between steps: the events of the move
    being animated, the seat whose turn's curtain was already considered, and the
    curtain to show once the move is revealed (after a person's swap)."""

    state: FlowState = FlowState.READY
    pending: list[Event] = field(default_factory=list)
    curtained: int | None = None
    after_curtain: PrivateCard | None = None

    def to(self, state: FlowState) -> None:
        """Move to ``state``; from ``LEFT`` nothing moves (late timers, closing screens)."""
        if self.state is FlowState.LEFT:
            return
        if state not in TRANSITIONS[self.state]:
            raise FlowError(f"the table cannot go from {self.state.name} to {state.name}")
        self.state = state

    @property
    def ready(self) -> bool:
        """Settled: play may go on, a person's key may act."""
        return self.state is FlowState.READY

    @property
    def busy(self) -> bool:
        """A computer's pause or an animation runs (any key skips it)."""
        return self.state in (FlowState.THINKING, FlowState.ANIMATING)

    @property
    def closed(self) -> bool:
        """A screen is on top, or the table was left: keys typed ahead act no more."""
        return self.state in (FlowState.GATED, FlowState.LEFT)

    def take_pending(self) -> list[Event]:
        events, self.pending = self.pending, []
        return events

    def moved(self, events: Sequence[Event]) -> None:
        """A move was made: its events wait to be revealed."""
        self.pending = list(events)

    def person_moved(self) -> None:
        """A person moved: the next person's turn gets its curtain considered afresh."""
        self.curtained = None

    def plan(self, controller: TableController, pace: Pace, on_top: bool) -> Plan:
        """What the table does next when ``READY`` (``on_top``: no screen covers it).

        ``wait``: a computer's pause (also when covered: the move waits for the table
        to be seen); ``forced``: the pause before a person's forced move (it plays
        itself); ``move``: a computer moves now; ``look``: a person's turn comes
        up for the first time, its curtain is to be considered; ``ask``: show the
        actions and wait for a key."""
        step = next_step(controller, pace)
        if step.kind == "forced":
            return Plan("forced", step.seat, step.delay)
        if step.kind in ("bot", "table"):
            if step.delay > 0 or not on_top:
                return Plan("wait", step.seat, step.delay)
            return Plan("move", step.seat)
        if step.kind == "person" and step.seat is not None and self.first_look(step.seat):
            return Plan("look", step.seat)
        return Plan("ask", step.seat)

    def key(self, bound: bool) -> KeyUse:
        """What a key does now: nothing when ``closed`` (typed ahead of a screen on
        top, or after leaving); while ``busy`` it skips the wait, unless it is one of
        the screen's ``bound`` keys (Escape); otherwise it may choose an action."""
        if self.closed:
            return "ignore"
        if self.busy:
            return "binding" if bound else "skip"
        return "action"

    def take_after_curtain(self) -> PrivateCard | None:
        request, self.after_curtain = self.after_curtain, None
        return request

    def first_look(self, seat: int) -> bool:
        """True the first time ``seat``'s turn comes up (its curtain is considered once)."""
        if seat == self.curtained:
            return False
        self.curtained = seat
        return True

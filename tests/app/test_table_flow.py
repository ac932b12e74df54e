"""The table's state machine without Textual (``tui.session.table_flow.TableFlow``): the moves
it allows, what a key does in each state, and what comes next."""

from __future__ import annotations

import pytest

from tests.support.chase import chase_config, controller_for, deck, play
from tui.engine.core import Event
from tui.session.table_flow import (
    PACES,
    TRANSITIONS,
    FlowError,
    FlowState,
    Plan,
    TableFlow,
    computer_move,
)
from tui.session.table_model import PrivateCard

S = FlowState


def test_every_state_has_its_transitions_and_left_is_final() -> None:
    assert set(TRANSITIONS) == set(FlowState)
    assert TRANSITIONS[S.LEFT] == frozenset()
    for state in FlowState:
        if state is not S.LEFT:
            assert S.LEFT in TRANSITIONS[state], f"{state} can be left"


@pytest.mark.parametrize("busy", [S.THINKING, S.ANIMATING, S.GATED])
def test_a_wait_ends_before_the_next_one_starts(busy: FlowState) -> None:
    flow = TableFlow()
    flow.to(busy)
    for other in (S.THINKING, S.ANIMATING, S.GATED):
        with pytest.raises(FlowError):
            flow.to(other)
    flow.to(S.READY)
    assert flow.ready


def test_nothing_moves_once_left() -> None:
    flow = TableFlow()
    flow.to(S.THINKING)
    flow.to(S.LEFT)
    flow.to(S.READY)  # a late timer or a screen closing after the table was left
    flow.to(S.GATED)
    assert flow.state is S.LEFT and flow.closed and not flow.busy and not flow.ready


def test_what_a_key_does_in_each_state() -> None:
    flow = TableFlow()
    assert flow.key(bound=False) == "action"
    flow.to(S.THINKING)
    assert flow.busy
    assert flow.key(bound=False) == "skip", "any key skips a computer's pause"
    assert flow.key(bound=True) == "binding", "Escape still leaves"
    flow.to(S.READY)
    flow.to(S.ANIMATING)
    assert flow.key(bound=False) == "skip"
    flow.to(S.READY)
    flow.to(S.GATED)
    assert flow.key(bound=False) == "ignore", "typed ahead of a curtain: acts no more"
    flow.to(S.LEFT)
    assert flow.key(bound=False) == "ignore"


def test_pending_events_and_the_curtain_after_are_taken_once() -> None:
    flow = TableFlow()
    events = [Event("swap", 1, 2)]
    flow.moved(events)
    assert flow.take_pending() == events and flow.take_pending() == []
    flow.after_curtain = PrivateCard(1, "Ben", "9H", ("lines",))
    assert flow.take_after_curtain() is not None and flow.take_after_curtain() is None


def test_a_persons_curtain_is_considered_once_per_turn() -> None:
    flow = TableFlow()
    assert flow.first_look(1) and not flow.first_look(1)
    flow.person_moved()
    assert flow.first_look(1), "after a person's move the next turn is looked at afresh"


def test_the_plan_waits_for_computers_and_looks_once_at_a_persons_turn() -> None:
    controller = controller_for(
        chase_config(("Ann", "Ben", "Cleo"), [2]), [deck(3, 0, {1: "4C", 2: "9H", 0: "QS"})]
    )
    flow = TableFlow()
    normal, off = PACES["normal"], PACES["off"]
    assert flow.plan(controller, normal, on_top=True) == Plan("look", 0)
    assert flow.plan(controller, normal, on_top=True) == Plan("ask", 0)
    play(controller, "deal", "stand")
    assert controller.whose_turn() == 2
    assert flow.plan(controller, normal, True) == Plan("wait", 2, normal.bot_delay)
    assert flow.plan(controller, off, True) == Plan("move", 2)
    assert flow.plan(controller, off, on_top=False) == Plan("wait", 2, 0.0), "covered: wait"
    move = computer_move(controller)
    assert move is not None and move.seat == 2 and move.events


def test_every_table_gets_its_own_kit() -> None:
    import pytest

    from tui import games
    from tui.table.kits.chase import ChaseKit

    spec = games.get("chase")
    first, second = spec.new_kit(), spec.new_kit()
    assert isinstance(first, ChaseKit) and first is not second
    assert first.seats is not second.seats and first.words is not second.words
    assert first.words.titles["four-lives"] == spec.variant("four-lives").title  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="unknown game 'no-such-game'"):
        games.get("no-such-game")

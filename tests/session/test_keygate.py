"""The key gate's rule, on arrival times alone: bursts, held keys, double presses."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui.session.keygate import CURTAIN, DECISION, GateRule, KeyClock

REPEAT = 1 / 30  # a held key's repeat interval on a typical terminal


def first_passing(times: list[float], opened_at: float, rule: GateRule) -> float | None:
    clock = KeyClock()
    for at in times:
        if clock.passes(at, opened_at, rule):
            return at
    return None


def test_a_key_typed_before_the_gate_was_drawn_never_passes() -> None:
    assert first_passing([0.0, 0.1, 0.2], opened_at=0.25, rule=CURTAIN) is None


def test_a_second_enter_soon_after_the_first_does_not_lift_the_next_curtain() -> None:
    """Ann covers her card (Enter at 0.0), Ben's curtain is drawn at 0.05; her habit's
    second Enter at 0.05 to 0.4 s later must not lift it."""
    for gap in (0.05, 0.1, 0.2, 0.3, 0.4):
        assert first_passing([0.0, gap], opened_at=0.05, rule=CURTAIN) is None, gap


def test_a_held_key_never_passes_until_it_is_let_go_and_pressed_again() -> None:
    held = [i * REPEAT for i in range(300)]  # ten seconds of key repeat
    assert first_passing(held, opened_at=0.5, rule=CURTAIN) is None
    again = held[-1] + CURTAIN.quiet
    assert first_passing([*held, again], opened_at=0.5, rule=CURTAIN) == again


def test_the_first_deliberate_press_passes() -> None:
    assert first_passing([3.0], opened_at=1.0, rule=CURTAIN) == 3.0
    assert first_passing([1.0 + DECISION.settle], opened_at=1.0, rule=DECISION) is not None


def test_a_gate_not_yet_drawn_takes_nothing() -> None:
    clock = KeyClock()
    assert not clock.passes(5.0, None, CURTAIN)


def test_hurrying_the_computers_does_not_decide_for_the_person() -> None:
    """`c` every 0.35 s while computers play (the issue's case); the person's turn is
    drawn at 2.0: no `c` of that rhythm is taken as their decision."""
    hammering = [i * 0.35 for i in range(40)]
    assert first_passing(hammering, opened_at=2.0, rule=DECISION) is None


@given(
    st.lists(st.floats(min_value=0, max_value=30, allow_nan=False), min_size=1, max_size=60),
    st.floats(min_value=0, max_value=30, allow_nan=False),
)
def test_whatever_the_keys_a_passing_key_came_late_and_after_a_still_moment(
    times: list[float], opened_at: float
) -> None:
    times = sorted(times)
    clock = KeyClock()
    previous: float | None = None
    for at in times:
        if clock.passes(at, opened_at, CURTAIN):
            assert at >= opened_at + CURTAIN.settle
            assert previous is None or at - previous >= CURTAIN.quiet
        previous = at

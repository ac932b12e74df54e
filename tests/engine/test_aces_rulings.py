"""Every Aces in the Pot ruling (A1-A8) played with exact, scripted dice."""

from __future__ import annotations

import pytest

from tests.support.aces import choose, ev, flags, new_game, roll
from tests.support.scripted import ScriptedRandom
from tui.engine.aces import AcesGame
from tui.engine.aces.view import AcesView
from tui.engine.core import Action, IllegalAction

# --------------------------------------------------------------------------- A1


def test_a1_everyone_starts_with_two_chips_and_an_empty_pot() -> None:
    game, _ = new_game(3, start=False)
    assert game.phase == "start" and game.current_seat() is None
    events = game.apply(game.legal_actions()[0])
    assert events == [
        ev("round_start", value=1),
        ev("stake", 0, value=2),
        ev("stake", 1, value=2),
        ev("stake", 2, value=2),
        ev("first_player", 0),
    ]
    assert game.chips == (2, 2, 2) and game.pot == 0
    assert game.phase == "turn" and game.current_seat() == 0


def test_a1_three_chip_start() -> None:
    game, _ = new_game(4, variants={"three-chip"})
    assert game.chips == (3, 3, 3, 3)


@pytest.mark.parametrize(
    ("variants", "match", "stakes"),
    [
        ((), "single", (2, 2, 2)),
        (("three-chip",), "single", (3, 3, 3)),
        (("three-chip",), "bankroll", (2, 2, 2)),
    ],
)
def test_a1_before_the_round_the_view_tells_what_each_will_stake(
    variants: tuple[str, ...], match: str, stakes: tuple[int, ...]
) -> None:
    """The table shows the chips everyone starts with before the roll-off; they are
    what the round then stakes (no more than a bankroll of two), and nobody holds them
    yet."""
    game, _ = new_game(3, variants=variants, start=False, match=match, bankroll=2)
    view = game.view(None)
    assert AcesView.of(view).stakes == stakes
    assert [seat.counters for seat in view.seats] == [0, 0, 0]
    game.apply(game.legal_actions()[0])
    assert game.chips == stakes
    assert AcesView.of(game.view(None)).stakes is None, "once staked, the chips are in hand"


# --------------------------------------------------------------------------- A2


def test_a2_roll_off_highest_starts_and_only_the_tied_roll_again() -> None:
    game, rng = new_game(4, first=None, start=False, dice=[3, 5, 5, 2, 6, 4])
    (action,) = game.legal_actions()
    assert (action.kind, action.label, action.key) == (
        "start_round",
        "Roll off for first turn",
        "r",
    )
    events = game.apply(action)
    assert events[5:] == [
        ev("rolloff", 0, value=3),
        ev("rolloff", 1, value=5),
        ev("rolloff", 2, value=5),
        ev("rolloff", 3, value=2),
        ev("rolloff_tie", value=(1, 2)),
        ev("rolloff", 1, value=6),
        ev("rolloff", 2, value=4),
        ev("first_player", 1),
    ]
    assert rng.randint_calls == [(1, 6)] * 6
    assert game.current_seat() == 1


def test_a2_roll_off_ties_can_repeat() -> None:
    game, _ = new_game(2, first=None, dice=[4, 4, 2, 2, 1, 5])
    assert game.current_seat() == 1


def test_a2_a_fixed_first_seat_needs_no_dice() -> None:
    game, rng = new_game(3, first=2, start=False)
    (action,) = game.legal_actions()
    assert action.label == "Start: Cleo rolls first"
    game.apply(action)
    assert game.current_seat() == 2 and rng.randint_calls == []


# --------------------------------------------------------------------------- A3


def test_a3_ace_to_pot_six_to_the_left_and_play_goes_clockwise() -> None:
    game, rng = new_game(3)
    assert roll(game, rng, 1, 6) == [
        ev("roll", 0, value=(1, 6)),
        ev("chip_to_pot", 0),
        ev("chip_passed", 0, 1),
    ]
    assert game.chips == (0, 3, 2) and game.pot == 1
    assert game.current_seat() == 1
    assert roll(game, rng, 3, 4) == [ev("roll", 1, value=(3, 4)), ev("nothing_moves", 1)]
    assert game.current_seat() == 2
    roll(game, rng, 6, 2)  # Cleo's left is Ann, round the table
    assert game.chips == (1, 3, 1)
    assert game.current_seat() == 0


def test_a3_right_pass_sends_sixes_to_the_right_but_turns_still_go_clockwise() -> None:
    game, rng = new_game(3, variants={"right-pass"})
    assert roll(game, rng, 6, 5)[1] == ev("chip_passed", 0, 2)
    assert game.chips == (1, 2, 3)
    assert game.current_seat() == 1
    roll(game, rng, 6, 6)
    assert game.chips == (3, 0, 3)


@pytest.mark.parametrize("variants", [(), ("right-pass",)])
def test_a3_a5_a_six_goes_to_the_neighbour_at_zero_not_past_them(
    variants: tuple[str, ...],
) -> None:
    """A player at zero is still in (A5): the six reaches them, not the next holder."""
    game, rng = new_game(4, variants=variants, first=1)
    roll(game, rng, 1, 1)  # Ben 0
    if "right-pass" in variants:
        assert roll(game, rng, 6, 4)[1] == ev("chip_passed", 2, 1)  # Cleo's right is Ben
        assert game.chips == (2, 1, 1, 2)
    else:
        roll(game, rng, 2, 3)  # Cleo
        roll(game, rng, 2, 3)  # Dan
        assert roll(game, rng, 6, 4)[1] == ev("chip_passed", 0, 1)  # Ann's left is Ben
        assert game.chips == (1, 1, 2, 2)


def test_a3_right_pass_skips_a_player_out_to_the_next_on_the_right() -> None:
    """Last Roll: Ann is out, so Ben's right neighbour is Cleo (Ann is nobody's)."""
    game, rng = new_game(3, variants={"right-pass", "last-roll"})
    roll(game, rng, 1, 1)  # Ann 0
    roll(game, rng, 1, 1)  # Ben 0: Cleo leads
    roll(game, rng, 2, 3)  # Cleo
    roll(game, rng, 2, 3)  # Ann's final roll: out
    roll(game, rng, 6, 2)  # Ben's final roll: saved, Ben 1, Cleo 1
    roll(game, rng, 2, 2)  # Cleo; Ann is skipped
    assert game.current_seat() == 1 and game.chips == (0, 1, 1)
    events = roll(game, rng, 6, 3)
    assert events == [ev("roll", 1, value=(6, 3)), ev("chip_passed", 1, 2)]
    assert game.chips == (0, 0, 2) and not game.over
    assert game.current_seat() == 2 and "final-roll" in flags(game, 1)


def test_a3_a8_right_pass_skips_a_player_out_of_the_match() -> None:
    """Bankroll play: Ben's bankroll is empty, so Cleo's right neighbour is Ann."""
    game, rng = new_game(3, variants={"right-pass"}, match="bankroll", bankroll=3)
    roll(game, rng, 1, 1)  # Ann 0
    roll(game, rng, 1, 1)  # Ben 0: Cleo takes 6
    game.apply(game.legal_actions()[0])  # stakes 1, 1, 2
    roll(game, rng, 1, 2)  # Ann 0, pot 1
    roll(game, rng, 6, 2)  # Ben's right is Ann, at zero: Ann 1, Ben 0
    roll(game, rng, 1, 1)  # Cleo 0: Ann takes 4
    assert game.scores == (4, 0, 5) and flags(game, 1) == {"out", "broke"}
    game.apply(game.legal_actions()[0])  # Ann 2, Cleo 2
    roll(game, rng, 2, 2)  # Ann
    assert game.current_seat() == 2
    assert roll(game, rng, 6, 2)[1] == ev("chip_passed", 2, 0)
    assert game.chips == (3, 0, 1)


def test_a3_single_die_rolls_one_die() -> None:
    game, rng = new_game(2, variants={"single-die"})
    assert roll(game, rng, 6) == [ev("roll", 0, value=(6,)), ev("chip_passed", 0, 1)]
    assert roll(game, rng, 1) == [ev("roll", 1, value=(1,)), ev("chip_to_pot", 1)]
    assert rng.randint_calls == [(1, 6), (1, 6)]
    assert game.chips == (1, 2) and game.dice == (1,)


def test_a3_two_aces_and_two_sixes_with_enough_chips_pay_both() -> None:
    game, rng = new_game(4)
    assert roll(game, rng, 1, 1)[1:] == [ev("chip_to_pot", 0), ev("chip_to_pot", 0)]
    assert game.chips == (0, 2, 2, 2) and game.pot == 2
    assert roll(game, rng, 6, 6)[1:] == [ev("chip_passed", 1, 2), ev("chip_passed", 1, 2)]
    assert game.chips == (0, 0, 4, 2)
    assert not game.over


# --------------------------------------------------------------------------- A4


def test_a4_one_chip_and_two_aces_sends_only_that_chip_to_the_pot() -> None:
    game, rng = new_game(3)
    roll(game, rng, 6, 2)  # Ann 1, Ben 3
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    assert roll(game, rng, 1, 1) == [ev("roll", 0, value=(1, 1)), ev("chip_to_pot", 0)]
    assert game.chips == (0, 3, 2) and game.pot == 1


def test_a4_one_chip_and_two_sixes_passes_only_that_chip() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 3)  # Ann 1
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    assert roll(game, rng, 6, 6) == [ev("roll", 0, value=(6, 6)), ev("chip_passed", 0, 1)]
    assert game.chips == (0, 3, 2)


def one_chip_choice(
    variants: frozenset[str] = frozenset(), dice: tuple[int, int] = (1, 6)
) -> AcesGame:
    """Ann holds one chip and has just rolled an ace and a six."""
    game, rng = new_game(3, variants=variants)
    roll(game, rng, 1, 3)
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    events = roll(game, rng, *dice)
    other = 2 if "right-pass" in variants else 1
    assert events == [ev("roll", 0, value=dice), ev("choice_needed", 0, other)]
    return game


@pytest.mark.parametrize("dice", [(1, 6), (6, 1)])
def test_a4_ace_and_six_with_one_chip_asks_the_roller(dice: tuple[int, int]) -> None:
    game = one_chip_choice(dice=dice)
    assert game.phase == "choice" and game.current_seat() == 0
    assert game.chips == (1, 2, 2)  # nothing has moved yet
    actions = game.legal_actions()
    assert [(a.kind, a.label, a.key) for a in actions] == [
        ("pot", "Pot: Ann's last chip into the pot, then Ben rolls next", "p"),
        ("pass", "Pass: Ben gets it, then Ben rolls next", "n"),
    ]
    assert AcesView.of(game.view(0)).pass_to == 1
    with pytest.raises(IllegalAction):
        game.apply(Action("roll", "Roll", "r"))


def test_a4_choosing_the_pot() -> None:
    game = one_chip_choice()
    assert choose(game, "pot") == [ev("chip_to_pot", 0)]
    assert game.chips == (0, 2, 2) and game.pot == 2
    assert game.phase == "turn" and game.current_seat() == 1
    assert game.turns == 4  # the choice is part of Ann's turn, not another one


def test_a4_choosing_to_pass() -> None:
    game = one_chip_choice()
    assert choose(game, "pass") == [ev("chip_passed", 0, 1)]
    assert game.chips == (0, 3, 2) and game.pot == 1
    assert game.current_seat() == 1


def test_a4_the_choice_names_the_right_neighbour_under_right_pass() -> None:
    game = one_chip_choice(variants=frozenset({"right-pass"}))
    assert game.legal_actions()[1].label == "Pass: Cleo gets it, then Ben rolls next"
    choose(game, "pass")
    assert game.chips == (0, 2, 3)


@pytest.mark.parametrize(
    ("kind", "events", "chips"),
    [
        ("pot", [ev("chip_to_pot", 0), ev("round_won", 2, value=4)], (0, 0, 2)),
        ("pass", [ev("chip_passed", 0, 1)], (0, 1, 2)),
    ],
)
def test_a4_the_choice_can_decide_the_round(
    kind: str, events: list[object], chips: tuple[int, ...]
) -> None:
    """Ann holds one chip, Ben none, Cleo two: the pot leaves Cleo alone (she wins),
    passing keeps Ben in the round."""
    game, rng = new_game(3)
    roll(game, rng, 1, 3)  # Ann 1, pot 1
    roll(game, rng, 1, 1)  # Ben 0, pot 3
    roll(game, rng, 2, 2)
    roll(game, rng, 6, 1)
    assert game.phase == "choice"
    assert choose(game, kind) == events
    assert game.chips == chips
    assert game.over == (kind == "pot")


def test_a4_a_roller_without_chips_moves_nothing_and_the_turn_counts() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 1)  # Ann 0
    roll(game, rng, 2, 3)
    roll(game, rng, 2, 3)
    turns = game.turns
    assert roll(game, rng, 1, 6) == [ev("roll", 0, value=(1, 6)), ev("nothing_moves", 0)]
    assert game.turns == turns + 1 and game.chips == (0, 2, 2)
    assert game.current_seat() == 1


# --------------------------------------------------------------------------- A5


def test_a5_a_player_at_zero_keeps_turns_and_can_receive_chips() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 1)  # Ann 0
    assert "zero" in flags(game, 0) and "out" not in flags(game, 0)
    roll(game, rng, 2, 3)
    roll(game, rng, 6, 3)  # Cleo passes to Ann
    assert game.chips == (1, 2, 1)
    assert game.current_seat() == 0
    roll(game, rng, 4, 4)
    assert game.turns == 4


# --------------------------------------------------------------------------- A6


def test_a6_the_round_ends_between_the_two_dice() -> None:
    """Ann's first six hands Ben her last chip: Ben is the only holder, the round ends at
    once and Ann's second six is never played; Ben takes no further turn."""
    game, rng = new_game(2)
    roll(game, rng, 1, 2)  # Ann 1, pot 1
    roll(game, rng, 3, 3)
    events = roll(game, rng, 6, 6)
    assert events == [
        ev("roll", 0, value=(6, 6)),
        ev("chip_passed", 0, 1),
        ev("round_won", 1, value=1),
    ]
    assert game.over and game.winners() == (1,)
    assert game.current_seat() is None and game.legal_actions() == []
    assert game.chips == (0, 3) and game.pot == 1
    assert "winner" in flags(game, 1)


def test_a6_ends_at_the_first_die_with_three_players() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 1)  # Ann 0, pot 2
    roll(game, rng, 1, 3)  # Ben 1, pot 3
    roll(game, rng, 6, 6)  # Cleo 0, Ann 2
    roll(game, rng, 2, 2)  # Ann
    events = roll(game, rng, 1, 1)  # Ben's last chip: Ann is the only holder
    assert events == [
        ev("roll", 1, value=(1, 1)),
        ev("chip_to_pot", 1),
        ev("round_won", 0, value=4),
    ]
    assert game.turns == 5


def test_a6_ends_after_the_second_die_whoever_is_next() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 1)  # Ann 0, Ben 2, Cleo 2
    events = roll(game, rng, 6, 1)  # Ben: one to Cleo, one to the pot: Cleo alone
    assert events == [
        ev("roll", 1, value=(6, 1)),
        ev("chip_passed", 1, 2),
        ev("chip_to_pot", 1),
        ev("round_won", 2, value=3),
    ]
    assert game.chips == (0, 0, 3)


def test_a6_no_further_actions_after_the_end() -> None:
    game, rng = new_game(2)
    roll(game, rng, 6, 6)
    assert game.over
    for kind in ("roll", "final_roll", "pot", "pass", "start_round", "next_round"):
        with pytest.raises(IllegalAction):
            game.apply(Action(kind, "", ""))


# --------------------------------------------------------------------------- A7


def last_roll_leader_cleo() -> tuple[AcesGame, ScriptedRandom]:
    """Ann and Ben put both their chips in the pot: Cleo leads with 2, pot 4, her turn."""
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 1)
    roll(game, rng, 1, 1)
    return game, rng


def test_a7_last_roll_goes_on_with_one_holder() -> None:
    game, rng = last_roll_leader_cleo()
    assert not game.over and game.chips == (0, 0, 2)
    assert flags(game, 2) == {"leader", "turn"}
    assert flags(game, 0) == {"zero", "final-roll"} == flags(game, 1)
    (action,) = game.legal_actions()
    assert action.kind == "roll"  # the leader plays normally
    roll(game, rng, 2, 3)
    (action,) = game.legal_actions()
    assert (action.kind, action.label, action.key) == (
        "final_roll",
        "Final roll: any six wins a chip back",
        "r",
    )
    with pytest.raises(IllegalAction):
        game.apply(Action("roll", "Roll", "r"))


def test_a7_a_six_on_the_final_roll_wins_one_chip_back() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 3)
    events = roll(game, rng, 6, 6)  # one chip however many sixes
    assert events == [ev("final_roll", 0, value=(6, 6)), ev("final_roll_saved", 0, 2)]
    assert game.chips == (1, 0, 1)
    assert flags(game, 1) == {"zero", "turn"}  # two holders: Ben is simply at zero
    (action,) = game.legal_actions()
    assert action.kind == "roll"


def test_a7_aces_on_a_final_roll_do_nothing() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 3)
    assert roll(game, rng, 1, 6)[1] == ev("final_roll_saved", 0, 2)
    assert game.chips == (1, 0, 1) and game.pot == 4


def test_a7_no_six_means_out_skipped_and_nobodys_neighbour() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 3)
    assert roll(game, rng, 1, 2) == [ev("final_roll", 0, value=(1, 2)), ev("player_out", 0)]
    assert flags(game, 0) == {"out"}
    assert game.current_seat() == 1
    roll(game, rng, 5, 6)  # Ben saved: Ben 1, Cleo 1
    assert game.chips == (0, 1, 1)
    assert game.current_seat() == 2
    events = roll(game, rng, 6, 3)  # Cleo's left is Ann, who is out: the chip goes to Ben
    assert events[1] == ev("chip_passed", 2, 1)
    assert game.chips == (0, 2, 0)
    assert game.current_seat() == 1  # Ann's turn is skipped
    assert flags(game, 2) == {"zero", "final-roll"} and "leader" in flags(game, 1)


def test_a7_everyone_else_out_ends_the_round() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 3)
    roll(game, rng, 2, 3)  # Ann out
    events = roll(game, rng, 4, 5)  # Ben out: Cleo holds chips and everyone else is out
    assert events == [
        ev("final_roll", 1, value=(4, 5)),
        ev("player_out", 1),
        ev("round_won", 2, value=4),
    ]
    assert game.over and game.winners() == (2,)


def test_a7_fresh_final_rolls_once_two_hold_chips_again() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 3)
    roll(game, rng, 2, 3)  # Ann out
    roll(game, rng, 6, 2)  # Ben saved: Ben 1, Cleo 1
    roll(game, rng, 6, 3)  # Cleo -> Ben (Ann is out): Ben 2, Cleo 0, Ben leads
    roll(game, rng, 6, 1)  # Ben: one to Cleo, one to the pot: Cleo leads with 1
    assert game.chips == (0, 0, 1)
    assert "final-roll" in flags(game, 1)  # a fresh final roll for Ben
    roll(game, rng, 3, 3)  # Cleo
    events = roll(game, rng, 3, 6)  # Ben saved again, with Cleo's last chip
    assert events[-1] == ev("final_roll_saved", 1, 2)
    assert game.chips == (0, 1, 0)
    assert "leader" in flags(game, 1) and "final-roll" in flags(game, 2)
    assert game.current_seat() == 2
    events = roll(game, rng, 2, 2)
    assert events[-2:] == [ev("player_out", 2), ev("round_won", 1, value=5)]
    assert game.turns == 10


def test_a7_the_lead_can_change_hands_on_final_rolls() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 1, 4)  # Cleo 1, pot 5
    roll(game, rng, 3, 3)  # Ann: final roll, no six: out
    roll(game, rng, 6, 6)  # Ben saved with Cleo's last chip: Ben leads
    assert game.chips == (0, 1, 0)
    roll(game, rng, 6, 3)  # Cleo: final roll, saved: Cleo leads again
    assert game.chips == (0, 0, 1) and game.current_seat() == 1  # Ann is skipped
    roll(game, rng, 2, 2)  # Ben: a fresh final roll, no six: out
    assert game.over and game.winners() == (2,)


def test_a7_the_empty_table_the_leaders_last_chip_into_the_pot_wins() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 6, 3)  # Cleo -> Ann: two holders again
    roll(game, rng, 4, 4)  # Ann
    roll(game, rng, 3, 3)  # Ben: at zero with two holders, a plain roll
    roll(game, rng, 1, 4)  # Cleo's last chip: Ann leads with one, pot 5
    assert flags(game, 0) == {"leader", "turn"} and flags(game, 1) == {"zero", "final-roll"}
    events = roll(game, rng, 1, 5)
    assert events == [
        ev("roll", 0, value=(1, 5)),
        ev("chip_to_pot", 0),
        ev("round_won", 0, value=6),
    ]
    assert game.chips == (0, 0, 0) and game.winners() == (0,)


def test_a7_the_leaders_last_chip_into_the_pot_wins_mid_roll() -> None:
    game, rng = last_roll_leader_cleo()
    events = roll(game, rng, 1, 1)  # both of the leader's chips into the pot
    assert events == [
        ev("roll", 2, value=(1, 1)),
        ev("chip_to_pot", 2),
        ev("chip_to_pot", 2),
        ev("round_won", 2, value=6),
    ]
    assert game.chips == (0, 0, 0) and game.pot == 6 and game.winners() == (2,)


def test_a7_the_leaders_one_chip_ace_and_six_pot_wins_at_once() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 4)
    roll(game, rng, 6, 4)  # Ann saved: Ann 1, Cleo 1
    roll(game, rng, 3, 4)  # Ben at zero with two holders: a plain roll
    roll(game, rng, 1, 4)  # Cleo's last chip: Ann leads
    assert game.chips == (1, 0, 0) and "leader" in flags(game, 0)
    assert roll(game, rng, 6, 1)[-1] == ev("choice_needed", 0, 1)
    assert choose(game, "pot") == [ev("chip_to_pot", 0), ev("round_won", 0, value=6)]
    assert game.chips == (0, 0, 0)


def test_a7_the_leaders_one_chip_pass_makes_the_neighbour_leader() -> None:
    game, rng = last_roll_leader_cleo()
    roll(game, rng, 2, 4)
    roll(game, rng, 6, 4)  # Ann 1, Cleo 1
    roll(game, rng, 3, 4)
    roll(game, rng, 1, 4)  # Ann leads with 1
    roll(game, rng, 1, 6)
    assert choose(game, "pass") == [ev("chip_passed", 0, 1)]
    assert game.chips == (0, 1, 0) and not game.over
    assert "leader" in flags(game, 1) and "final-roll" in flags(game, 0)


def test_a7_without_last_roll_the_last_chip_never_reaches_the_pot() -> None:
    game, rng = new_game(2)
    roll(game, rng, 1, 1)
    assert game.over and game.winners() == (1,)
    assert game.chips == (0, 2)


# --------------------------------------------------------------------------- A8


def test_a8_rounds_match_scores_the_pot_and_ties_are_shared() -> None:
    game, rng = new_game(2, match="rounds", rounds=2)
    roll(game, rng, 1, 6)  # Ann: pot 1, Ben 3: Ann 0, Ben wins a pot of 1
    assert game.phase == "round_over" and game.current_seat() is None
    assert game.scores == (0, 1) and "winner" in flags(game, 1)
    (action,) = game.legal_actions()
    assert (action.kind, action.label, action.key) == ("next_round", "Next round", "enter")
    events = game.apply(action)
    assert events[0] == ev("round_start", value=2)
    assert events[-1] == ev("first_player", 0)  # the fixed first seat starts again
    assert game.chips == (2, 2) and game.pot == 0 and game.round == 2
    roll(game, rng, 3, 3)
    events = roll(game, rng, 1, 6)  # Ben: Ann wins a pot of 1
    assert events[-3:] == [
        ev("round_won", 0, value=1),
        ev("match_scores", value=(1, 1)),
        ev("match_over", value=(0, 1)),
    ]
    assert game.over and game.winners() == (0, 1) and game.rounds_played == 2
    assert game.turns == 3
    assert flags(game, 0) >= {"winner"} and flags(game, 1) >= {"winner"}


def test_a8_rounds_match_rolls_off_again_and_the_highest_total_wins() -> None:
    game, rng = new_game(2, first=None, match="rounds", rounds=2, dice=[5, 2])
    assert game.current_seat() == 0
    roll(game, rng, 1, 1)  # Ann's two chips in the pot: Ben wins 2
    assert game.scores == (0, 2)
    rng.more(2, 6)
    events = game.apply(game.legal_actions()[0])
    assert events[-3:] == [
        ev("rolloff", 0, value=2),
        ev("rolloff", 1, value=6),
        ev("first_player", 1),
    ]
    roll(game, rng, 1, 4)  # Ben 1, pot 1
    roll(game, rng, 6, 6)  # Ann passes both to Ben: Ben wins a pot of 1
    assert game.winners() == (1,) and game.scores == (0, 3)


def test_a8_bankroll_match_to_its_end() -> None:
    game, rng = new_game(3, match="bankroll", bankroll=3)
    assert game.scores == (1, 1, 1) and game.chips == (2, 2, 2)
    roll(game, rng, 6, 6)  # Ann -> Ben twice
    roll(game, rng, 6, 6)  # Ben -> Cleo twice: Ben 2, Cleo 4
    roll(game, rng, 1, 6)  # Cleo: pot 1, Ann 1
    roll(game, rng, 1, 3)  # Ann: pot 2, Ann 0
    events = roll(game, rng, 6, 6)  # Ben: Cleo holds every chip in hand
    assert events[-3:] == [
        ev("round_won", 2, value=2),
        ev("table_taken", 2, value=6),
        ev("match_scores", value=(1, 1, 7)),
    ]
    assert game.scores == (1, 1, 7) and game.chips == (0, 0, 0) and game.pot == 0
    assert game.phase == "round_over"
    events = game.apply(game.legal_actions()[0])  # everyone stakes what they have
    assert [e for e in events if e.kind == "stake"] == [
        ev("stake", 0, value=1),
        ev("stake", 1, value=1),
        ev("stake", 2, value=2),
    ]
    assert game.scores == (0, 0, 5) and game.chips == (1, 1, 2)
    roll(game, rng, 6, 2)  # Ann -> Ben: Ann 0, Ben 2
    events = roll(game, rng, 6, 6)  # Ben -> Cleo twice: Cleo alone
    assert events[-6:] == [
        ev("round_won", 2, value=0),
        ev("table_taken", 2, value=4),
        ev("match_out", 0),
        ev("match_out", 1),
        ev("match_scores", value=(0, 0, 9)),
        ev("match_over", value=(2,)),
    ]
    assert game.over and game.winners() == (2,) and game.rounds_played == 2


def test_a8_a_bankroll_of_one_stake_ends_in_one_round() -> None:
    game, rng = new_game(3, match="bankroll", bankroll=2)
    assert game.scores == (0, 0, 0)
    roll(game, rng, 1, 1)  # Ann's whole bankroll in the pot
    roll(game, rng, 6, 3)  # Ben -> Cleo: Ben 1, Cleo 3
    roll(game, rng, 6, 3)  # Cleo -> Ann: Cleo 2, Ann 1
    roll(game, rng, 1, 3)  # Ann's last chip to the pot: pot 3
    events = roll(game, rng, 1, 2)  # Ben's last chip: Cleo alone, takes 2 + 4
    assert events[-2:] == [ev("match_scores", value=(0, 0, 6)), ev("match_over", value=(2,))]
    assert game.scores == (0, 0, 6) and game.over


def test_a8_a_broke_player_is_out_of_the_match_skipped_and_nobodys_neighbour() -> None:
    game, rng = new_game(3, first=1, match="bankroll", bankroll=3)
    roll(game, rng, 6, 6)  # Ben -> Cleo twice: Ben 0, Cleo 4
    roll(game, rng, 1, 3)  # Cleo: pot 1
    roll(game, rng, 1, 1)  # Ann: pot 3, Ann 0: Cleo alone, takes 6
    assert game.scores == (1, 1, 7)
    game.apply(game.legal_actions()[0])  # Ann 1, Ben 1, Cleo 2; Ben first
    roll(game, rng, 6, 3)  # Ben -> Cleo: Ben 0
    roll(game, rng, 6, 6)  # Cleo -> Ann twice: Ann 3, Cleo 1
    roll(game, rng, 6, 2)  # Ann -> Ben: Ann 2, Ben 1
    roll(game, rng, 1, 1)  # Ben's last chip: pot 1
    events = roll(game, rng, 1, 2)  # Cleo's last: Ann alone, takes 2 + 2
    assert ev("match_out", 1) in events
    assert game.scores == (4, 0, 5)
    assert flags(game, 1) == {"out", "broke"}
    events = game.apply(game.legal_actions()[0])
    assert [e for e in events if e.kind == "stake"] == [
        ev("stake", 0, value=2),
        ev("stake", 2, value=2),
    ]
    assert events[-1] == ev("first_player", 2)  # Ben is out of the match: the next seat in
    roll(game, rng, 2, 2)  # Cleo
    assert game.current_seat() == 0
    assert roll(game, rng, 6, 3)[1] == ev("chip_passed", 0, 2)  # Ann's left is Cleo now
    assert game.current_seat() == 2
    roll(game, rng, 6, 6)  # Cleo -> Ann twice: Cleo 1, Ann 3
    roll(game, rng, 1, 1)  # Ann: pot 2
    roll(game, rng, 6, 2)  # Cleo's last chip to Ann: Ann alone, takes 4
    assert game.phase == "round_over" and game.scores == (6, 0, 3)


def test_a8_bankroll_rounds_roll_off_among_the_players_still_in() -> None:
    game, rng = new_game(3, first=None, match="bankroll", bankroll=4, dice=[6, 1, 1])
    roll(game, rng, 1, 1)  # Ann: pot 2
    roll(game, rng, 6, 6)  # Ben -> Cleo: Cleo alone, takes 6
    assert game.scores == (2, 2, 8)
    rng.more(3, 5, 2)
    events = game.apply(game.legal_actions()[0])
    assert [e for e in events if e.kind.startswith("rolloff")] == [
        ev("rolloff", 0, value=3),
        ev("rolloff", 1, value=5),
        ev("rolloff", 2, value=2),
    ]
    assert game.current_seat() == 1


# --------------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("names", "options", "message"),
    [
        (["Ann"], {}, "2 to 6 players"),
        (["A", "B", "C", "D", "E", "F", "G"], {}, "2 to 6 players"),
        (["Ann", "Ben"], {"variants": frozenset({"wild"})}, "unknown Aces variant wild"),
        (["Ann", "Ben"], {"match": "league"}, "unknown match mode"),
        (["Ann", "Ben"], {"match": "rounds", "rounds": 0}, "rounds must be"),
        (["Ann", "Ben"], {"match": "bankroll", "bankroll": 0}, "bankroll must be"),
        (["Ann", "Ben"], {"first_seat": 2}, "first seat"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(
    names: list[str], options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        AcesGame(names, ScriptedRandom(), **options)  # type: ignore[arg-type]


def test_illegal_actions_are_refused() -> None:
    game, _ = new_game(2, start=False)
    with pytest.raises(IllegalAction, match="'roll' is not legal now"):
        game.apply(Action("roll", "Roll", "r"))
    game.apply(game.legal_actions()[0])
    for kind in ("start_round", "next_round", "pot", "pass", "final_roll", "fold"):
        with pytest.raises(IllegalAction):
            game.apply(Action(kind, "", ""))
    with pytest.raises(IllegalAction):
        game.apply(Action("roll", "Roll", "r", arg=3))
    assert game.current_seat() == 0 and game.turns == 0


def test_only_a_random_random_can_be_saved() -> None:
    game, _ = new_game(2)
    with pytest.raises(TypeError):
        game.to_dict()

"""The ace+six choice says what follows each option, not only the move (issue 15 bug 11).

The words come from the game state: each option is played out on a copy of the table
(so the real game is untouched) and its label ends with who wins or who rolls next.
"""

from __future__ import annotations

from tests.support.aces import choose, new_game, roll
from tui.engine.aces import AcesGame


def labels(game: AcesGame) -> dict[str, str]:
    assert game.phase == "choice"
    return {action.kind: action.label for action in game.legal_actions()}


def test_both_options_say_who_rolls_next_when_the_round_goes_on() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 3)  # Ann 1 chip
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    roll(game, rng, 1, 6)
    assert labels(game) == {
        "pot": "Pot: Ann's last chip into the pot, then Ben rolls next",
        "pass": "Pass: Ben gets it, then Ben rolls next",
    }


def test_the_pot_ends_the_round_when_only_one_other_holds_chips() -> None:
    """The issue's own example: Ann's last chip into the pot leaves Cleo the only holder;
    passing it gives Ben a chip, so the round goes on with Ben."""
    game, rng = new_game(3)
    roll(game, rng, 1, 3)  # Ann 1 chip
    roll(game, rng, 1, 1)  # Ben 0 chips
    roll(game, rng, 2, 2)
    roll(game, rng, 1, 6)
    assert labels(game) == {
        "pot": "Pot: Ann's last chip into the pot, then Cleo wins the round",
        "pass": "Pass: Ben gets it, then Ben rolls next",
    }
    before = (game.chips, game.pot, game.phase, game.current_seat())
    game.legal_actions()
    assert (game.chips, game.pot, game.phase, game.current_seat()) == before
    choose(game, "pot")
    assert game.over and game.winners() == (2,)


def test_either_option_ends_the_round_at_two_players() -> None:
    game, rng = new_game(2)
    roll(game, rng, 1, 3)  # Ann 1 chip
    roll(game, rng, 2, 2)
    roll(game, rng, 6, 1)
    assert labels(game) == {
        "pot": "Pot: Ann's last chip into the pot, then Ben wins the round",
        "pass": "Pass: Ben gets it, then Ben wins the round",
    }


def test_the_last_round_of_a_match_says_who_wins_the_match() -> None:
    game, rng = new_game(2, match="rounds", rounds=1)
    roll(game, rng, 1, 3)
    roll(game, rng, 2, 2)
    roll(game, rng, 6, 1)
    assert labels(game)["pot"] == "Pot: Ann's last chip into the pot, then Ben wins the match"


def test_last_roll_says_who_takes_a_final_roll_or_wins_with_the_last_chip() -> None:
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 3)  # Ann 1 chip
    roll(game, rng, 1, 1)  # Ben 0 chips
    roll(game, rng, 2, 2)
    roll(game, rng, 1, 6)
    assert labels(game) == {
        "pot": "Pot: Ann's last chip into the pot, then Ben takes a final roll",
        "pass": "Pass: Ben gets it, then Ben rolls next",
    }


def test_right_pass_sends_the_chip_right_and_play_still_goes_left() -> None:
    game, rng = new_game(3, variants={"right-pass"})
    roll(game, rng, 1, 3)
    roll(game, rng, 2, 2)
    roll(game, rng, 2, 2)
    roll(game, rng, 1, 6)
    assert labels(game)["pass"] == "Pass: Cleo gets it, then Ben rolls next"

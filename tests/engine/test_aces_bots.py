"""Aces computer players: legal moves with reasons, and the sharp one's pot-or-pass sense."""

from __future__ import annotations

import random

import pytest

from tests.support.aces import NAMES, new_game, roll
from tui import games
from tui.engine.aces import AcesGame
from tui.engine.aces.bots import make
from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Seat


def test_levels_and_descriptions() -> None:
    for level, description in BOT_LEVELS.items():
        bot = make(level)
        assert bot.level == level and bot.description == description
        assert games.get("aces").make_bot(level).level == level
    with pytest.raises(ValueError, match="unknown computer level"):
        make("grandmaster")


@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
def test_bots_only_return_legal_actions_with_a_reason(level: str) -> None:
    bot = make(level)
    chooser = random.Random(9)
    for seed in range(120):
        n = 2 + seed % 5
        variants = frozenset(
            v for v in ("last-roll", "right-pass", "three-chip") if chooser.random() < 0.5
        )
        match = ("single", "rounds", "bankroll")[seed % 3]
        game = AcesGame(NAMES[:n], random.Random(seed), variants, match=match, bankroll=3)
        while not game.over:
            actions = game.legal_actions()
            seat = game.current_seat()
            decision = bot.choose(game.view(seat), actions)
            assert decision.action in actions
            assert decision.reason and "\n" not in decision.reason
            game.apply(decision.action)


def leader_on_one_chip_rolls_ace_and_six(dice: tuple[int, int]) -> AcesGame:
    """Last Roll: Ann is the only holder, on one chip, and rolls an ace and a six."""
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 1)
    roll(game, rng, 1, 1)  # Cleo leads with 2
    roll(game, rng, 2, 4)
    roll(game, rng, 6, 4)  # Ann saved: Ann 1, Cleo 1
    roll(game, rng, 3, 4)
    roll(game, rng, 1, 4)  # Cleo's last chip: Ann leads on one
    roll(game, rng, *dice)
    assert game.phase == "choice" and game.chips == (1, 0, 0)
    return game


def test_sharp_takes_the_empty_table_under_last_roll() -> None:
    game = leader_on_one_chip_rolls_ace_and_six((6, 1))
    decision = make("sharp").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == "pot"
    assert decision.reason == "puts the chip in the pot: the empty table wins the round"
    game.apply(decision.action)
    assert game.winners() == (0,)


@pytest.mark.parametrize(("dice", "kind"), [((6, 1), "pass"), ((1, 6), "pot")])
def test_casual_reads_the_dice_in_order(dice: tuple[int, int], kind: str) -> None:
    game = leader_on_one_chip_rolls_ace_and_six(dice)
    decision = make("casual").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == kind
    assert decision.reason.startswith("reads the dice in order")


def test_sharp_keeps_the_round_alive_when_the_pot_would_end_it() -> None:
    game, rng = new_game(3)
    roll(game, rng, 1, 3)  # Ann 1
    roll(game, rng, 1, 1)  # Ben 0
    roll(game, rng, 2, 2)  # Cleo 2
    roll(game, rng, 1, 6)
    decision = make("sharp").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == "pass"
    assert decision.reason == "passes to Ben: keeps the round going"


def test_sharp_does_not_feed_a_leading_neighbour_among_many_holders() -> None:
    game, rng = new_game(5)
    roll(game, rng, 6, 3)  # Ann 1, Ben 3
    for _ in range(4):
        roll(game, rng, 2, 2)
    roll(game, rng, 1, 6)
    decision = make("sharp").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == "pot"
    assert decision.reason == "puts the chip in the pot: Ben leads already"


def test_sharp_under_last_roll_never_leaves_a_leader_on_one_chip() -> None:
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 3)  # Ann 1
    roll(game, rng, 1, 3)  # Ben 1
    roll(game, rng, 1, 1)  # Cleo 0
    roll(game, rng, 1, 6)
    decision = make("sharp").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == "pass"
    game, rng = new_game(3, variants={"last-roll"})
    roll(game, rng, 1, 3)  # Ann 1
    roll(game, rng, 1, 1)  # Ben 0
    roll(game, rng, 2, 2)  # Cleo 2
    roll(game, rng, 1, 6)
    decision = make("sharp").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == "pot"


def test_sharp_respects_right_pass() -> None:
    game, rng = new_game(3, variants={"right-pass"})
    roll(game, rng, 1, 3)  # Ann 1
    roll(game, rng, 2, 2)  # Ben 2
    roll(game, rng, 1, 1)  # Cleo 0, and Cleo is Ann's right-hand neighbour
    roll(game, rng, 6, 1)
    decision = make("sharp").choose(game.view(0), game.legal_actions())
    assert decision.action.kind == "pass"
    assert decision.reason == "passes to Cleo: keeps the round going"


def test_a_whole_game_through_the_controller() -> None:
    game = AcesGame(NAMES[:4], random.Random(3), variants=frozenset({"last-roll"}))
    controller = games.controller(
        game, [Seat("Ann"), Seat("Ben", "sharp"), Seat(NAMES[2], "casual"), Seat("Dan", "sharp")]
    )
    controller.apply(controller.actions()[0])  # the table starts the round
    while not controller.over:
        if controller.is_bot_turn():
            decision, events = controller.play_bot()
            assert decision.reason and events
        else:
            controller.apply(controller.actions()[0])
    assert controller.winners()

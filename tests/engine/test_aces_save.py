"""Saving and loading Aces games: exact round trips, and damaged saves refused up front."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.support.aces import NAMES
from tui.engine.aces import AcesGame
from tui.engine.controller import SaveFormatError, Seat
from tui.games import controller as make_controller
from tui.games import controller_from_dict


def saved_mid_choice() -> dict[str, Any]:
    """A real game stopped at a pot-or-pass choice (found by playing seeded games)."""
    for seed in range(500):
        game = AcesGame(NAMES[:4], random.Random(seed), variants=frozenset({"last-roll"}))
        while not game.over and game.phase != "choice":
            game.apply(game.legal_actions()[0])
        if game.phase == "choice":
            return game.to_dict()
    raise AssertionError("no choice in 500 games")


def test_a_choice_survives_saving_and_the_same_dice_follow() -> None:
    data = saved_mid_choice()
    a = AcesGame.from_dict(json.loads(json.dumps(data)))
    b = AcesGame.from_dict(data)
    assert a.phase == "choice" and [x.kind for x in a.legal_actions()] == ["pot", "pass"]
    assert a.legal_actions() == b.legal_actions()
    while not a.over:
        assert a.apply(a.legal_actions()[-1]) == b.apply(b.legal_actions()[-1])
    assert a.to_dict() == b.to_dict()


def test_through_the_controller() -> None:
    game = AcesGame(NAMES[:3], random.Random(1), match="rounds", rounds=2)
    controller = make_controller(game, [Seat("Ann"), Seat("Ben", "sharp"), Seat("Cleo", "casual")])
    controller.apply(controller.actions()[0])
    controller.apply(controller.actions()[0])
    restored = controller_from_dict(json.loads(json.dumps(controller.to_dict())))
    assert restored.to_dict() == controller.to_dict()
    assert restored.view(None) == controller.view(None)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("game", "chase", "not a saved Aces"),
        ("format", 99, "not a saved Aces"),
        ("chips", [1, -1, 2, 2], "chips is out of range"),
        ("chips", [1, 2], "one entry per player"),
        ("phase", "dancing", "the phase is not one of"),
        ("current", None, "no seat to act"),
        ("current", 9, "the seat to act is out of range"),
        ("dice", [7, 1], "a die is out of range"),
        ("winners", [5], "a seat in the winners is out of range"),
        ("variants", ["wild"], "a variant is unknown"),
    ],
)
def test_damaged_saves_are_refused(key: str, value: object, message: str) -> None:
    data = saved_mid_choice()
    data[key] = value
    with pytest.raises(ValueError, match=message):
        AcesGame.from_dict(data)
    with pytest.raises(SaveFormatError):
        controller_from_dict({"format": 1, "game": "aces", "seats": [], "state": data})


def test_a_missing_field_is_refused_by_the_controller() -> None:
    data = saved_mid_choice()
    del data["pot"]
    seats = [{"name": n, "bot": None} for n in NAMES[:4]]
    with pytest.raises(SaveFormatError):
        controller_from_dict({"format": 1, "game": "aces", "seats": seats, "state": data})


class ScriptedDice(random.Random):
    """A real ``random.Random`` (a game with it can be saved) whose first dice are the
    scripted ones; the saved state is the seeded one, so a twin loaded from the save
    rolls what the game itself rolls next."""

    def __init__(self, dice: list[int], seed: int = 5) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        return self.dice.pop(0) if self.dice else super().randint(a, b)


def played(variants: set[str], dice: list[int], **options: Any) -> AcesGame:
    """A game (Ann first) after every scripted die has been rolled."""
    rng = ScriptedDice(dice)
    game = AcesGame(list(NAMES[:3]), rng, variants=frozenset(variants), first_seat=0, **options)
    game.apply(game.legal_actions()[0])
    while rng.dice:
        game.apply(game.legal_actions()[0])
    return game


def plays_on_as_its_twin(game: AcesGame) -> AcesGame:
    """The game loaded from its own save: same state, and the same moves and dice to the
    end (it is returned played out)."""
    saved = json.loads(json.dumps(game.to_dict()))
    twin = AcesGame.from_dict(saved)
    assert twin.to_dict() == game.to_dict() and twin.view(None) == game.view(None)
    for _ in range(10_000):
        if game.over:
            break
        action = game.legal_actions()[-1]
        assert twin.apply(action) == game.apply(action)
    assert game.over and twin.to_dict() == game.to_dict()
    return twin


@pytest.mark.parametrize("match", ["single", "rounds", "bankroll"])
def test_a_three_chip_start_round_saves_and_resumes(match: str) -> None:
    """Three chips each (A1): the save holds 9 chips, not 6, and loads."""
    game = played({"three-chip"}, [1, 3, 6, 2], match=match, rounds=2, bankroll=5)
    assert game.chips == (2, 2, 4) and game.pot == 1
    plays_on_as_its_twin(game)


def test_a_last_roll_round_with_a_player_out_saves_and_resumes() -> None:
    """Saved with Ann out of the round and Ben due a final roll (A7): it loads, and
    Ben's failed final roll ends the round at once, as it would have unsaved."""
    game = played({"last-roll"}, [1, 1, 1, 1, 2, 3, 2, 3])
    assert game.chips == (0, 0, 2) and game.current_seat() == 1
    assert game.view(None).seats[0].out and game.legal_actions()[0].kind == "final_roll"
    saved = json.loads(json.dumps(game.to_dict()))
    twin = AcesGame.from_dict(saved)
    twin._rng = ScriptedDice([4, 5])  # Ben: no six
    events = twin.apply(twin.legal_actions()[0])
    assert [e.kind for e in events] == ["final_roll", "player_out", "round_won"]
    assert twin.over and twin.winners() == (2,)
    plays_on_as_its_twin(game)

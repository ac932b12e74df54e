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

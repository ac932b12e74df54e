"""The round each player went out in: kept by the engine, and derived for old saves."""

from __future__ import annotations

from tests.support.chase import chase_config, controller_for
from tui.engine.chase import ChaseGame


def test_out_rounds_are_kept_and_a_save_without_them_still_loads() -> None:
    controller = controller_for(chase_config(["Ann", "Ben", "Cleo", "Dan"], range(4), seed=6))
    while not controller.over:
        controller.play_bot() if controller.is_bot_turn() else controller.apply(
            controller.actions()[0]
        )
    game = controller.game
    assert isinstance(game, ChaseGame)
    out = game.table.out_round
    assert [bool(r) for r in out] == [seat not in game.winners() for seat in range(4)]
    assert all(1 <= r <= game.rounds_played for r in out if r)
    data = game.to_dict()
    del data["out_round"]  # as saved before the rounds were kept
    old = ChaseGame.from_dict(data)
    assert [bool(r) for r in old.table.out_round] == [bool(r) for r in out]

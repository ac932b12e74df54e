"""Less waiting at the table: forced moves, finishing a game no person is left in, and
the next round going on by itself. The rules are tested without an app; Pilot only for
what the screen does with them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import chase_config, controller_for, deck, play
from tests.support.fast_pilot import settle
from tests.support.pace import hold_reading
from tests.support.table import (
    ScriptedDice,
    aces_config,
    log_text,
    on_top,
    table_of,
    write_settings,
)
from tui.engine.core import Event
from tui.gameconfig import BOT_NAMES
from tui.games import new_controller
from tui.session.finish import can_finish, play_out
from tui.session.table_flow import PACES, Step, TableFlow, next_step
from tui.session.table_model import GO_ON, RoundEnd

MakeApp = Callable[..., Any]
KING_FOR_BEN = deck(3, 0, {1: "KH", 2: "4C", 0: "QS"}, ["7D"])


def test_a_king_that_must_go_face_up_is_a_forced_step_even_with_animation_off() -> None:
    controller = controller_for(chase_config(), [KING_FOR_BEN])
    play(controller, "deal")
    step = next_step(controller, PACES["off"])
    assert step == Step("forced", 1, PACES["off"].forced) and step.delay > 0
    assert TableFlow().plan(controller, PACES["off"], True).kind == "forced"
    play(controller, "show_king")
    assert next_step(controller, PACES["off"]).kind == "person", "Cleo has a choice"


def test_a_roll_with_no_chips_is_forced_a_roll_with_chips_is_not() -> None:
    # Ann rolls 1 and 1: both chips to the pot, Ben 3 and 4, Cleo 2 and 5: Ann at zero.
    controller = new_controller(aces_config(3, first_seat=0), ScriptedDice([1, 1, 3, 4, 2, 5]))
    controller.apply(controller.actions()[0])
    assert next_step(controller, PACES["normal"]).kind == "person"
    for _ in range(3):
        controller.apply(controller.actions()[0])
    assert controller.whose_turn() == 0 and controller.view(None).seats[0].counters == 0
    assert next_step(controller, PACES["normal"]).kind == "forced"


def test_play_out_ends_the_game_and_tells_every_move_but_the_last() -> None:
    names = ["Ann", *BOT_NAMES[:3]]
    with_ann = controller_for(chase_config(names, range(1, 4), dealer=1, seed=4))
    assert not can_finish(with_ann), "Ann is still in"
    computers = controller_for(chase_config(BOT_NAMES[:4], range(4), dealer=0, seed=4))
    assert can_finish(computers), "no person at the table"
    told: list[list[Event]] = []

    def narrate(events: Any) -> list[str]:
        told.append(list(events))
        return [f"{len(events)} events"]

    played = play_out(computers, narrate, [Event("stand", 0)])
    assert computers.over and played.moves > 4
    assert told[0] == [Event("stand", 0)], "the move not yet revealed is told first"
    assert any(e.kind == "game_won" for e in played.last)
    assert len(played.lines) == played.moves


async def test_finish_plays_a_game_of_computers_out_at_once(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings, animation="normal")
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(BOT_NAMES[:5], range(5), dealer=1, seed=9))
        await pilot.pause()
        table = table_of(app)
        assert table.check_action("finish", ()) and table.busy, "a computer is thinking"
        await pilot.press("f")
        await pilot.pause()
        assert table.controller.over, "finished at once, no pauses"
        assert isinstance(on_top(app), RoundEnd) and on_top(app).summary.final
        assert "wins the game" in log_text(app)


async def test_the_next_round_goes_on_by_itself_when_a_computer_deals(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold_reading(monkeypatch)
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    config = chase_config(["Ann", "Ben", "Cleo"], [0, 2], dealer=2, seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        for _ in range(50):
            await settle(pilot)
            if isinstance(on_top(app), RoundEnd):
                break
            await pilot.press("s")
        assert isinstance(on_top(app), RoundEnd)
        screen = on_top(app)
        assert table_of(app).controller.is_bot_turn(), (
            "the deal passes from Cleo to Ann, a computer"
        )
        assert screen.goes_on and screen.choices[0] == GO_ON
        table_of(app).presenter.timer()  # the reading pause is over (without waiting for it)
        await settle(pilot)
        assert not isinstance(on_top(app), RoundEnd)
        assert table_of(app).controller.view(None).round == 2, "dealt without a key"

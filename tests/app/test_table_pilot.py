"""The Aces table played by keys through the real app (animations off unless said)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static

from tests.support.app import AppDirs
from tests.support.fast_pilot import settle
from tests.support.table import (
    aces_config,
    log_text,
    on_top,
    play_until_moves_left,
    scripted_factory,
    table_of,
    write_settings,
)
from tui.engine.aces.view import AcesView
from tui.gameconfig import GameConfig
from tui.session.table_model import RoundEnd
from tui.storage.saves import SaveStore
from tui.table.screen import TableScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.game_log import GameLog
from tui.widgets.player_panel import PlayerPanel

MakeApp = Callable[..., Any]


def chips(app: Any) -> list[int]:
    view = table_of(app).controller.view(None)
    return [seat.counters for seat in view.seats]


async def open_near_the_end(pilot: Any, config: GameConfig, moves_left: int = 3) -> Any:
    """Open the table of ``config`` (as ``start_game`` does, with its save slot) with
    all but its last ``moves_left`` moves played in the engine; returns the table. The
    keys that end the game are pressed by the test."""
    session, _notice = pilot.app.sessions.start(config)
    play_until_moves_left(session.controller, moves_left)
    pilot.app.open_table(session)
    await pilot.pause()
    return table_of(pilot.app)


async def play_to_the_end(pilot: Any, limit: int = 2000) -> None:
    """Press the key of whatever the action bar offers until the game is over."""
    app = pilot.app
    for _ in range(limit):
        if isinstance(on_top(app), RoundEnd):
            if on_top(app).summary.final:
                return
            await pilot.press("enter")
            continue
        bar = app.screen.query_one(ActionBar)
        assert bar.actions, f"nothing to press: {bar.status!r}"
        await pilot.press(bar.actions[0].key)
    raise AssertionError("the game did not end")


async def test_a_two_player_game_played_by_keys_to_its_end(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=5))
        await pilot.pause()
        assert isinstance(on_top(app), TableScreen)
        await play_to_the_end(pilot)
        table = table_of(app)
        assert table.controller.over
        (winner,) = table.controller.winners()
        assert isinstance(on_top(app), RoundEnd)
        summary = on_top(app).summary
        assert table.names[winner] in summary.title
        assert "wins" in log_text(app)
        await pilot.press("t")
        await pilot.pause()
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)


@pytest.mark.slow  # a whole match key by key (everyday: the two-player game, the bankroll match)
async def test_a_six_player_rounds_match_played_by_keys_to_its_end(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        # Seed 11: 62 keys to the end, where seed 8 took 84.
        app.start_game(aces_config(6, match="rounds", rounds=2, seed=11))
        await pilot.pause()
        rounds_seen = 0
        for _ in range(5000):
            if isinstance(on_top(app), RoundEnd):
                rounds_seen += 1
                if on_top(app).summary.final:
                    break
                assert on_top(app).summary.standings, "standings between rounds"
                await pilot.press("enter")
                continue
            bar = app.screen.query_one(ActionBar)
            await pilot.press(bar.actions[0].key)
        assert rounds_seen == 2
        assert table_of(app).controller.over
        assert "Match over" in on_top(app).summary.title


async def test_a_six_player_single_round_with_every_chip_in_sight(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(6, seed=9))  # 35 keys to the end, where seed 3 took 49
        await pilot.pause()
        table = table_of(app)
        assert len(table.query(PlayerPanel)) == 6
        await play_to_the_end(pilot)
        view = table.controller.view(None)
        assert sum(seat.counters for seat in view.seats) + view.pot == 12


async def _one_chip_ace_six(make_app: MakeApp, app_dirs: AppDirs, key: str) -> list[int]:
    """Ann: ace (pot), Ben and Cleo: nothing, Ann: ace and six with her last chip."""
    write_settings(app_dirs.settings)
    dice = [1, 3, 2, 3, 2, 3, 1, 6]
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory(dice))
    async with app.run_test(size=(80, 24)) as pilot:
        # The start and the first three rolls in the engine; Ann's last roll by key.
        session, _notice = app.sessions.start(aces_config(3, first_seat=0))
        for _ in range(4):
            (action,) = session.controller.actions()
            session.controller.apply(action)
        app.open_table(session)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        bar = app.screen.query_one(ActionBar)
        labels = [action.label for action in bar.actions]
        assert labels == [
            "Pot: Ann's last chip into the pot, then Ben rolls next",
            "Pass: Ben gets it, then Ben rolls next",
        ]
        await pilot.press(key)
        await pilot.pause()
        view = table_of(app).controller.view(None)
        return [*chips(app), view.pot]


async def test_ace_and_six_with_one_chip_into_the_pot(make_app: MakeApp, app_dirs: AppDirs) -> None:
    assert await _one_chip_ace_six(make_app, app_dirs, "p") == [0, 2, 2, 2]


async def test_ace_and_six_with_one_chip_passed(make_app: MakeApp, app_dirs: AppDirs) -> None:
    assert await _one_chip_ace_six(make_app, app_dirs, "n") == [0, 3, 2, 1]


async def test_escape_asks_before_leaving_a_game_in_progress(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.screens.confirm import ConfirmScreen

    write_settings(app_dirs.settings, confirm_quit=True)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2))
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(on_top(app), TableScreen)
        await pilot.press("q", "y")
        await pilot.pause()
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert list(app_dirs.saves.glob("*.json")), "the game left behind is saved"


async def test_escape_leaves_at_once_when_the_setting_says_so(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings, confirm_quit=False)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2))
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)


async def test_question_mark_and_f1_open_the_rules_of_this_game(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.screens.rules import RulesScreen

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, variants=["last-roll"]))
        await pilot.pause()
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(on_top(app), RulesScreen)
            assert table_of(app).rules_context() == ("aces", frozenset({"last-roll"}))
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(on_top(app), TableScreen)


async def test_every_move_is_saved(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, seed=2))
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        store = SaveStore(app_dirs.saves)
        (summary,) = store.list()
        before = store.load(summary.slot_id)
        assert before == table_of(app).controller.to_dict()
        await pilot.press("r")
        await pilot.pause()
        after = store.load(summary.slot_id)
        assert after != before and after == table_of(app).controller.to_dict()


async def test_hostile_names_are_shown_literally(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    names = ["[bold red]x[/]", "\u5f20\u4f1f" * 10, "[link=http://x]y"]
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, names=names))
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        table = table_of(app)
        first = table.query(PlayerPanel).first().render().plain
        # Literal, not parsed as markup, and whole: "person" would leave it 13 cells at
        # 80x24, so the word gives way rather than the name.
        assert "[bold red]x[/]" in first and "person" not in first
        assert "[bold red]x[/]" in table.query_one(GameLog).plain
        panel_text = table.query(PlayerPanel)[1].render().plain
        assert "\u2026" in panel_text
        assert "[link=http://x]y" in table.query_one(GameLog).plain


BEN_DECIDES = [2, 3, 1, 3, 2, 3, 2, 3, 1, 6]
"""Ann blank; Ben pots one chip; Cleo blank; Ann blank; Ben: ace and six on his last chip."""


async def test_computer_players_move_by_themselves_and_explain_a_choice(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory(BEN_DECIDES))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, bots=2, first_seat=0))
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        log = log_text(app)
        assert "Ben rolls" in log and "Cleo rolls" in log
        assert table_of(app).controller.whose_turn() == 0, "back to Ann, the only person"
        await pilot.press("r")
        await pilot.pause()
        said = [line for line in log_text(app).splitlines() if line.startswith("Ben ")]
        explained = [line for line in said if " came first" in line]
        assert len(explained) == 1, said  # the choice and why, on the move's own line
        assert not any("(computer)" in line for line in said), "the move was told twice"


async def test_any_key_skips_a_computer_players_pause(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: Any
) -> None:
    from tui.session import table_flow

    monkeypatch.setitem(table_flow.PACES, "normal", table_flow.Pace(60.0, 0.0, 0))
    write_settings(app_dirs.settings, animation="normal")
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([2, 3, 4, 5]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, bots=1, first_seat=0))
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        table = table_of(app)
        assert table.busy, "Ben's pause is running"
        assert "thinking" in app.screen.query_one(ActionBar).status
        assert "Ben rolls" not in log_text(app)
        await pilot.press("x")
        await pilot.pause()
        assert "Ben rolls" in log_text(app)
        assert not table.busy
        assert table.controller.whose_turn() == 0


async def test_any_key_skips_the_roll_animation(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: Any
) -> None:
    from tui.session import table_flow
    from tui.widgets import dice

    monkeypatch.setattr(dice, "MAX_ROLL_SECONDS", 60.0)
    monkeypatch.setitem(table_flow.PACES, "normal", table_flow.Pace(0.0, 60.0, 4))
    write_settings(app_dirs.settings, animation="normal")
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([2, 3]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, first_seat=0))
        await pilot.pause()
        await pilot.press("enter", "r")
        await pilot.pause()
        table = table_of(app)
        roller = table.query_one(dice.DiceView)
        assert roller.rolling and table.busy
        assert "Ann rolls \u2681" not in log_text(app), "the result waits for the dice"
        await pilot.press("space")
        await pilot.pause()
        assert not roller.rolling and not table.busy
        assert roller.dice == (2, 3)
        assert "Ann rolls \u2681 \u2682" in log_text(app)
        assert table.controller.whose_turn() == 1


async def test_nothing_runs_while_the_table_waits_for_a_person(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.widgets.dice import DiceView

    write_settings(app_dirs.settings, animation="normal")
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2))
        await settle(pilot)  # the opening runs out by itself (a pause is too short when loaded)
        table = table_of(app)
        assert not table.busy
        assert table.query_one(DiceView)._timer is None
        assert app.screen.query_one(ActionBar).actions


async def test_a_small_terminal_says_what_size_the_table_needs(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(4))
        await pilot.pause()
        for size in ((40, 12), (1, 1), (59, 30), (160, 48), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            table = table_of(app)
            small = size[0] < 60 or size[1] < 20
            assert table.has_class("-too-small") == small
            if small:  # the notice names the terminal's size and the table's least
                notice = str(table.query_one("#too-small", Static).render())
                assert f"{size[0]}x{size[1]}" in notice and "60x20" in notice, notice
        await pilot.press("enter", "r")
        await pilot.pause()
        assert table.moves == 2


async def test_rematch_opens_a_fresh_table_with_the_same_players(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        first = await open_near_the_end(pilot, aces_config(2, bots=1, seed=5))
        await play_to_the_end(pilot)
        await pilot.press("r")
        await pilot.pause()
        second = table_of(app)
        assert second is not first
        assert not second.controller.over
        assert [seat.name for seat in second.controller.seats] == ["Ann", "Ben"]
        assert second.session.config.seed == 6
        assert sum(isinstance(s, TableScreen) for s in app.screen_stack) == 1


async def test_look_at_the_table_after_the_game_then_leave(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_near_the_end(pilot, aces_config(2, seed=5))
        await play_to_the_end(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), TableScreen)
        kinds = [action.kind for action in app.screen.query_one(ActionBar).actions]
        assert kinds == ["rematch", "title"]
        assert not list(app_dirs.saves.glob("*.json")), "a finished game leaves no save"
        await pilot.press("t")
        await pilot.pause()
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)


async def test_the_keys_screen_lists_this_turns_actions(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([2, 3, 4, 5]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, first_seat=0))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert ("R", "Roll") in table_of(app).help_keys()
        assert ("Enter or Space", "Roll") in table_of(app).help_keys()
        await pilot.press("f2")
        await pilot.pause()
        assert not isinstance(on_top(app), TableScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), TableScreen)


async def test_a_bankroll_match_runs_until_one_player_has_every_chip(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, bots=2, match="bankroll", bankroll=3, seed=4))
        await pilot.pause()
        for _ in range(3000):
            screen = on_top(app)
            if isinstance(screen, RoundEnd):
                if screen.summary.final:
                    break
                await pilot.press("enter")
                continue
            await pilot.press(screen.query_one(ActionBar).actions[0].key)
        assert isinstance(on_top(app), RoundEnd)
        assert on_top(app).summary.final
        view = table_of(app).controller.view(None)
        assert max(AcesView.of(view).scores) == 9, "the winner holds every chip"
        (winner,) = view.winners
        panels = {panel.seat: panel.model for panel in app.screen.query(PlayerPanel)}
        model = panels[winner]
        assert model is not None and model.counters == 9 and "winner" in model.flags, (
            "the winner's seat says 0 chips while the box says every chip is theirs"
        )
        assert all(p.counters == 0 for s, p in panels.items() if s != winner and p)


async def test_resizing_during_a_roll_and_a_computers_pause(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: Any
) -> None:
    from tui.session import table_flow
    from tui.widgets import dice

    monkeypatch.setattr(dice, "MAX_ROLL_SECONDS", 60.0)
    monkeypatch.setitem(table_flow.PACES, "normal", table_flow.Pace(60.0, 60.0, 4))
    write_settings(app_dirs.settings, animation="normal")
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([2, 3, 4, 5]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, bots=1, first_seat=0))
        await pilot.pause()
        await pilot.press("enter", "r")
        table = table_of(app)
        for size in ((1, 1), (200, 60), (61, 20), (30, 10), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert table.busy, "still rolling"
        await pilot.press("x")
        await pilot.pause()
        assert table.controller.whose_turn() == 1
        await pilot.press("r", "x")
        await pilot.pause()
        assert "Ben rolls" in log_text(app)
        for size in ((160, 48), (1, 1), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert table.busy, "Cleo (computer) thinks"
        await pilot.press("x")
        await pilot.pause()
        assert table.busy, "then her dice tumble"
        await pilot.press("x")
        await pilot.pause()
        assert "Cleo rolls" in log_text(app)
        assert not table.busy

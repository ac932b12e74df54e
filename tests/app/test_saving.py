"""Saving through the app (Pilot): after every move, exactly; Continue and ``resume``
restore the game and its next dice or deck; two sessions never share a game; quitting
by Ctrl+C or the quit key saves; a game whose random source cannot be saved plays on
unsaved; every file and directory is private.
"""

from __future__ import annotations

import random
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import chase_config
from tests.support.scripted import ScriptedRandom
from tests.support.table import (
    aces_config,
    on_top,
    play_until_moves_left,
    table_of,
    write_settings,
)
from tui.commands import Command
from tui.engine.controller import Controller
from tui.gameconfig import GameConfig
from tui.games import controller_from_dict
from tui.screens.confirm import ConfirmScreen
from tui.screens.title import TitleScreen
from tui.storage.saves import SaveStore
from tui.table.screen import TableScreen
from tui.widgets.action_bar import ActionBar

MakeApp = Callable[..., Any]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def saved_payloads(dirs: AppDirs) -> dict[str, dict[str, Any]]:
    store = SaveStore(dirs.saves)
    return {summary.slot_id: store.load(summary.slot_id) for summary in store.list()}


async def press_offered(pilot: Any, chooser: random.Random) -> None:
    """Press one of the keys the action bar offers (Enter on a screen without one, or
    on a box over the table: a curtain, a private card, a round's end)."""
    screen = pilot.app.screen
    bar = screen.query(ActionBar) if on_top(pilot.app) is screen else None
    actions = list(getattr(bar.first(), "actions", ())) if bar else []
    await pilot.press(chooser.choice(actions).key if actions else "enter")


def copy_of(controller: Controller) -> Controller:
    return controller_from_dict(controller.to_dict())


def saved_after_one_move(app: Any, config: GameConfig) -> dict[str, Any]:
    """A game of ``config`` saved by the app's own autosave after a first move (made in
    the engine), then released as its table does when it closes; its state."""
    session, _notice = app.sessions.start(config)
    session.controller.apply(session.controller.actions()[0])
    app.autosave(session)
    session.release()
    state: dict[str, Any] = session.controller.to_dict()
    return state


@pytest.mark.parametrize(
    "config",
    [aces_config(3, seed=21), chase_config(seed=22)],
    ids=["aces", "chase"],
)
async def test_every_move_is_saved_and_continue_restores_it_exactly(
    make_app: MakeApp, app_dirs: AppDirs, config: Any
) -> None:
    write_settings(app_dirs.settings)
    chooser = random.Random(5)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        table = table_of(app)
        for _ in range(8):
            await press_offered(pilot, chooser)
            (payload,) = saved_payloads(app_dirs).values()
            assert payload == table.controller.to_dict()
        assert not table.controller.over
        interrupted = copy_of(table.controller)
        table.leave()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    again = make_app(settings_path=app_dirs.settings)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        resumed = table_of(again).controller
        assert resumed.to_dict() == interrupted.to_dict()
    # The next dice or deck are those the game would have had without the break.
    for _ in range(6):
        if interrupted.over:
            break
        action = interrupted.actions()[0]
        if action.arg_range is not None:
            action = action.with_arg(action.arg_range[0])
        assert resumed.apply(action) == interrupted.apply(action)


@pytest.mark.parametrize(
    "config",
    [
        aces_config(3, bots=2, first_seat=0, match="rounds", seed=23),
        chase_config(bots=(1, 2), seed=24),
    ],
    ids=["aces", "chase"],
)
async def test_a_computer_players_move_is_saved_too(
    make_app: MakeApp, app_dirs: AppDirs, config: Any
) -> None:
    """One person and two computers: after the person's key the computers move by
    themselves, and the save on disk, loaded, is the game after their moves (a save
    after the person's move only would hold the game before them)."""
    write_settings(app_dirs.settings)
    chooser = random.Random(9)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        controller = table_of(app).controller
        after_computer: list[dict[str, Any]] = []
        play_bot = controller.play_bot

        def watched() -> Any:
            result = play_bot()
            after_computer.append(controller.to_dict())
            return result

        controller.play_bot = watched
        computer_last = 0
        for _ in range(12):
            await press_offered(pilot, chooser)
            await pilot.pause()
            if controller.over:
                break  # its save is gone, the game is in the history
            (payload,) = saved_payloads(app_dirs).values()
            assert payload == controller.to_dict()
            computer_last += bool(after_computer) and after_computer[-1] == payload
        assert computer_last >= 3, "the computers' moves were the last ones saved"


async def test_resume_command_opens_the_newest_free_game(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        # Two games saved after a first move; the second is the newest.
        for config in (aces_config(2, seed=1), chase_config(seed=2)):
            newest = saved_after_one_move(app, config)
        await pilot.pause()
    resumed = make_app(settings_path=app_dirs.settings, start=Command("resume"))
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table_of(resumed).controller.to_dict() == newest


async def test_hang_up_inside_the_app_saves_and_exits(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """What the signal handler runs on the loop: save now, then exit."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=3))
        await pilot.pause()
        await pilot.press("enter", "r")
        controller = table_of(app).controller
        app._hang_up()
        await pilot.pause()
    assert app.return_code == 0
    assert list(saved_payloads(app_dirs).values()) == [controller.to_dict()]


async def test_hang_up_saves_what_the_last_autosave_could_not(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hang-up save is a save of its own, not a reliance on the last autosave: the
    autosave after the last move failed (a full disk a moment ago), so the file holds
    the move before it; the hang-up, with the disk writable again, saves the game as it
    stands."""
    from tui.storage.files import StorageError

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, seed=3, first_seat=0))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        table = table_of(app)
        slot = table.session.slot
        write = slot.write_encoded
        before = table.controller.to_dict()
        assert list(saved_payloads(app_dirs).values()) == [before]

        def full_disk(*args: Any, **kwargs: Any) -> None:
            raise StorageError("the disk is full")

        monkeypatch.setattr(slot, "write_encoded", full_disk)
        await pilot.press("r")
        await pilot.pause()
        assert table.session.saving_off, "the autosave after the roll failed"
        assert list(saved_payloads(app_dirs).values()) == [before]
        monkeypatch.setattr(slot, "write_encoded", write)
        controller = table.controller
        assert controller.to_dict() != before
        app._hang_up()
        await pilot.pause()
    assert app.return_code == 0
    assert list(saved_payloads(app_dirs).values()) == [controller.to_dict()]


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
@pytest.mark.parametrize("confirm", [True, False])
async def test_ctrl_c_and_the_quit_key_at_a_table_save(
    make_app: MakeApp, app_dirs: AppDirs, key: str, confirm: bool
) -> None:
    write_settings(app_dirs.settings, confirm_quit=confirm)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(seed=4))
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        controller = table_of(app).controller
        await pilot.press(key)
        await pilot.pause()
        if confirm:
            assert isinstance(app.screen, ConfirmScreen)
            assert "saved" in str(app.screen.question)
            await pilot.press("y")
            await pilot.pause()
    assert not app.is_running
    assert list(saved_payloads(app_dirs).values()) == [controller.to_dict()]


async def test_a_random_source_that_cannot_be_saved_turns_saving_off_not_the_game(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    rng = ScriptedRandom(dice=[3, 5] * 40)
    app = make_app(settings_path=app_dirs.settings, rng_factory=lambda config: rng)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(2, first_seat=0, seed=None))
        await pilot.pause()
        await pilot.press("enter", "r", "r", "r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        notes = [n.message for n in app._notifications]
        assert sum("Saving is off" in note for note in notes) == 1, notes
        assert saved_payloads(app_dirs) == {}
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "cannot be saved" in str(app.screen.question)
        await pilot.press("n", "ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "cannot be saved" in str(app.screen.question)


# -- two sessions of one user ---------------------------------------------------------------


async def test_two_sessions_keep_their_own_games(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """Two apps (two SSH logins) each start a game: two saves, neither overwritten."""
    write_settings(app_dirs.settings)
    tables: list[dict[str, Any]] = []
    for seed in (31, 32):
        app = make_app(settings_path=app_dirs.settings)
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game(aces_config(2, seed=seed))
            await pilot.pause()
            await pilot.press("enter", "r")
            tables.append(table_of(app).controller.to_dict())
            app._hang_up()
    assert sorted(map(str, saved_payloads(app_dirs).values())) == sorted(map(str, tables))


async def test_a_game_open_in_another_session_says_so(make_app: MakeApp, app_dirs: AppDirs) -> None:
    from textual.widgets import OptionList

    from tui.screens.saves import SavesScreen

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        for config in (aces_config(2, seed=41), chase_config(seed=42)):
            saved_after_one_move(app, config)
        await pilot.pause()
    store = SaveStore(app_dirs.saves)
    busy = store.list()[0]
    other_session, _payload = store.open(busy.slot_id)  # another login has it open
    try:
        app = make_app(settings_path=app_dirs.settings)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, SavesScreen)
            menu = app.screen.query_one("#saves", OptionList)
            option = menu.get_option(busy.slot_id)
            assert option.disabled and "open in another session" in str(option.prompt)
            assert not app.resume_game(busy.slot_id)
            await pilot.pause()
            notes = [n.message for n in app._notifications]
            assert "This game is open in another session." in notes
        # ``resume`` never opens another game in place of the latest (issue 16, item 5):
        # it says which game is open elsewhere, and stays on the title.
        resumed = make_app(settings_path=app_dirs.settings, start=Command("resume"))
        async with resumed.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert [type(s).__name__ for s in resumed.screen_stack] == ["TitleScreen"]
            notes = [n.message for n in resumed._notifications]
            assert any(n.startswith("Your latest game, ") for n in notes), notes
    finally:
        other_session.release()


# -- private files ------------------------------------------------------------------------------


async def test_every_file_and_directory_is_private(make_app: MakeApp, app_dirs: AppDirs) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.update_settings(animation="off")
        # The game as ``start_game`` builds it, its save slot too, played in the engine
        # until three moves before its end; those are pressed: each is saved, and the
        # last records the game in the history.
        session, _notice = app.sessions.start(aces_config(2, seed=5, first_seat=0))
        play_until_moves_left(session.controller, 3)
        app.open_table(session)
        await pilot.pause()
        table = table_of(app)
        keys = 0
        while not table.controller.over:
            await pilot.press(table.controller.actions()[0].key)
            keys += 1
        assert keys == 3
        await pilot.pause()
    files = [
        app_dirs.settings,
        app_dirs.data / "party-dice" / "history.sqlite3",
    ]
    folders = [
        app_dirs.config / "party-dice",
        app_dirs.state / "party-dice",
        app_dirs.saves,
        app_dirs.data / "party-dice",
    ]
    for path in files:
        assert mode(path) == 0o600, path
    for path in folders:
        assert mode(path) == 0o700, path
    for path in app_dirs.state.rglob("*"):
        assert mode(path) & 0o077 == 0, path


async def test_an_internal_error_reaches_the_test_and_the_game_is_saved(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The crash handler saves and keeps tracebacks from players, but never hides an
    error from a test: Pilot's ``run_test`` raises it."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    with pytest.raises(RuntimeError, match="boom"):
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game(aces_config(2, seed=6, first_seat=0))
            await pilot.pause()
            await pilot.press("enter")
            table = table_of(app)

            def broken(*args: Any) -> list[str]:
                raise RuntimeError("boom")

            monkeypatch.setattr(table.kit.words, "narrate", broken)
            await pilot.press("r")
            await pilot.pause()
    assert list(saved_payloads(app_dirs).values()) == [table.controller.to_dict()]

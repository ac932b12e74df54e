"""Hostile names on every screen that shows a name, and on the command line.

Names may hold Rich markup (``[bold red]x``, ``[/]``, ``[link=...]``), escape sequences,
control characters, zero-width and right-to-left characters, wide characters and run to
200 characters. The setup screen and ``party-dice play`` clean what a terminal would act
on; a game from a save (hand-edited, or written by another version) brings its names
raw, so every screen must cope with them too. Everywhere: markup shown literally, no
control or invisible character reaches the screen, no line wider than the terminal,
nothing breaks. The two snapshots show a table full of them at 80x24.
"""

from __future__ import annotations

import os
import random
import sys
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from tests.support.app import AppDirs, drawn, resize
from tests.support.chase import screen_lines
from tests.support.resilience import HOSTILE_NAMES
from tests.support.table import (
    log_text,
    new_engine,
    on_top,
    play_until_moves_left,
    table_of,
    write_settings,
)
from tui.engine.controller import Controller, Seat
from tui.games import controller as make_controller
from tui.session import TableSession
from tui.session.table_model import RoundEnd

MakeApp = Callable[..., Any]

ACES_NAMES = (
    "[bold red]x",
    "[/]",
    "[link=https://x]y",
    "\x1b[31mred\x1b[0m",
    "漢字かなカナ한글",
    "[b]" + "W" * 200,
)
"""Six seats: the most Aces takes."""

LITERAL = ("[bold red]x", "[/]", "[link=https:")
"""Text that must be on the screen as typed (interpreted markup would vanish)."""

INVISIBLE = frozenset("\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2069")


def check_screen(app: Any, literal: Sequence[str] = ()) -> str:
    """The screen as text: as many lines as the terminal has, none wider, nothing that
    a terminal would act on; each of ``literal`` somewhere on it. Returns the text."""
    width, height = app.size
    lines = screen_lines(app)
    assert len(lines) <= height
    for line in lines:
        assert cell_len(line) <= width, line
        for ch in line:
            assert ch not in INVISIBLE, repr(line)
            assert unicodedata.category(ch) not in ("Cc", "Cf"), repr(line)
    text = "\n".join(lines)
    for piece in literal:
        assert piece in text, f"{piece!r} is not on the screen"
    return text


def assert_columns_line_up(text: str) -> None:
    """In one-line seat panels, the lives of every seat start in the same cell column
    (a wide name padded by characters instead of cells would push its row right)."""
    columns: dict[int, set[int]] = {}
    for line in text.splitlines():
        at = line.find("\u25cf\u25cf\u25cf")
        column = 0
        while at >= 0:
            columns.setdefault(column, set()).add(cell_len(line[:at]))
            at = line.find("\u25cf\u25cf\u25cf", at + 3)
            column += 1
    assert columns and all(len(starts) == 1 for starts in columns.values()), columns


def hostile_game(game_id: str, names: Sequence[str], bots: bool, seed: int = 5) -> Controller:
    """A game with raw names, as a save from elsewhere would bring them."""
    seats = [Seat(name, "casual" if bots else None) for name in names]
    options: dict[str, Any] = {"first_seat" if game_id == "aces" else "first_dealer": 0}
    game = new_engine(game_id, list(names), random.Random(seed), **options)
    return make_controller(game, seats)


async def play_to_the_end(pilot: Any, limit: int = 400) -> None:
    app = pilot.app
    for _ in range(limit):
        screen = on_top(app)
        if isinstance(screen, RoundEnd) and screen.summary.final:
            return
        if isinstance(screen, RoundEnd):
            await pilot.press("enter")
            continue
        controller = table_of(app).controller
        actions = controller.actions()
        await pilot.press(actions[0].key if actions else "enter")
    raise AssertionError("the game did not end")


# -- the tables, the log, curtains and the winner ---------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (200, 50)], ids=["80x24", "min", "large"])
async def test_an_aces_table_of_hostile_names(
    make_app: MakeApp, app_dirs: AppDirs, size: tuple[int, int]
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=size) as pilot:
        app.open_table(TableSession(hostile_game("aces", ACES_NAMES, bots=False)))
        await pilot.pause()
        check_screen(app, LITERAL[:2])
        for _ in range(4):
            await pilot.press(table_of(app).controller.actions()[0].key)
        check_screen(app)
        assert "[bold red]x" in log_text(app)


async def test_hostile_names_to_the_winners_screen(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """Played to the end (in the engine, the last moves by keys): the winner's screen
    shows the markup name literally ("wins!"), and the finished table behind it marks
    the winner."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    controller = hostile_game("aces", ACES_NAMES[2:], bots=False, seed=8)
    play_until_moves_left(controller, 3)  # the first action, as ``play_to_the_end`` presses
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableSession(controller))
        await play_to_the_end(pilot)
        final = on_top(app)
        assert isinstance(final, RoundEnd) and final.summary.final, app.screen_stack
        await drawn(pilot)
        table = table_of(app)
        (winner,) = table.controller.winners()
        name = table.controller.seats[winner].name
        assert name == "[link=https://x]y", "the seed makes the markup name win"
        text = check_screen(app, [f"{name} wins!", "is the last player holding chips"])
        assert "Rematch" in text and "Back to title" in text
        await pilot.press("escape")  # look at the finished table
        await pilot.pause()
        assert on_top(app) is table
        check_screen(app, ["★ winner", f"{name} wins the round"])


async def test_a_chase_table_of_hostile_names_curtains_and_winner(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.session.table_model import PassCurtain

    names = [*HOSTILE_NAMES, "Ann"]
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableSession(hostile_game("chase", names, bots=False)))
        await pilot.pause()
        check_screen(app, ["[bold red]x"])
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain)
        text = check_screen(app)
        assert "Pass to [/]" in text  # seat 2 after the dealer, literally
        assert_columns_line_up(text)
        for _ in range(60):
            if isinstance(on_top(app), PassCurtain):
                await pilot.press("enter")
                check_screen(app)
                continue
            break
        await pilot.press("s")
        check_screen(app)


# Aces' winner's screen over hostile names is everyday in test_hostile_names_to_the_winners_screen.
@pytest.mark.parametrize("game_id", [pytest.param("aces", marks=pytest.mark.slow), "chase"])
async def test_computer_players_with_hostile_names_play_to_the_end(
    make_app: MakeApp, app_dirs: AppDirs, game_id: str
) -> None:
    """All seats computers: the game plays itself; the log and the winner's screen,
    which names the winner (as the table cleans and cuts the name)."""
    names = ACES_NAMES if game_id == "aces" else HOSTILE_NAMES[:7]  # to right-to-left
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableSession(hostile_game(game_id, names, bots=True)))
        for _ in range(400):
            await pilot.pause()
            if isinstance(on_top(app), RoundEnd):
                if on_top(app).summary.final:
                    break
                await pilot.press("enter")
        final = on_top(app)
        assert isinstance(final, RoundEnd) and final.summary.final
        await drawn(pilot)
        (winner,) = table_of(app).controller.winners()
        shown = table_of(app).log_names[winner]
        assert final.summary.title.startswith(f"{shown} wins"), final.summary.title
        check_screen(app, [shown[:12], " wins"])
        log = log_text(app)
        assert "\x1b" not in log and "\u202e" not in log


# -- setup, Continue and Recent games -----------------------------------------------------------


async def test_setup_takes_hostile_names_literally_and_cleans_them(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from textual.widgets import Input

    from tui.screens.setup import SetupScreen

    write_settings(app_dirs.settings)
    started: list[Any] = []
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game = started.append
        await pilot.press("c")
        await pilot.pause()
        screen = on_top(app)
        assert isinstance(screen, SetupScreen)
        fields = list(screen.query(".seat-name").results(Input))
        for field, name in zip(
            fields, ["[bold red]x", "\x1b[31mred\u202e", "W" * 200], strict=False
        ):
            field.value = name
        await pilot.pause()
        check_screen(app, ["[bold red]x"])
        # The 200-character name is refused next to its field; shortened, Start goes.
        fields[2].value = "漢字" * 5
        await pilot.pause()
        check_screen(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
    (config,) = started
    assert config.names[:3] == ("[bold red]x", "[31mred", "漢字" * 5)


async def test_continue_and_recent_games_show_names_literally(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.screens.recent import RecentScreen
    from tui.screens.saves import SavesScreen

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        for game_id, names in (("aces", ACES_NAMES), ("chase", HOSTILE_NAMES)):
            controller = hostile_game(game_id, names, bots=False)
            slot = app.store.new_slot(game_id)
            controller.apply(controller.actions()[0])
            app.autosave(TableSession(controller, slot=slot))
            slot.release()
            finished = hostile_game(game_id, names, bots=True)
            while not finished.over:
                if finished.is_bot_turn():
                    finished.play_bot()
                else:
                    finished.apply(finished.actions()[0])
            TableSession(finished).record_history()
        app.screen.refresh_menu()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(on_top(app), SavesScreen)
        check_screen(app, ["[bold red]x ", "[/] ", "[link=https://x]y "])  # each with its chips
        await pilot.press("escape", "g")
        await pilot.pause()
        assert isinstance(on_top(app), RecentScreen)
        check_screen(app, ["[bold red]x"])
        for size in ((40, 12), (200, 50)):
            await resize(pilot, *size)
            check_screen(app)


async def test_resume_tells_of_hostile_names_literally(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """``party-dice resume`` says "Continuing ... with <names>" in a notice. As markup,
    a saved name "[/]" stopped the app (``MarkupError``), and an escape sequence in one
    reached the terminal: a notice is plain, printable text. (A saved name holding the
    escape itself is refused now, as setup refuses it: issue 33; its printable rest is
    saved here.)"""
    from tui.commands import Command

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)):
        printable = tuple(name.replace("\x1b", "") for name in ACES_NAMES)
        controller = hostile_game("aces", printable, bots=False)
        slot = app.store.new_slot("aces")
        controller.apply(controller.actions()[0])
        app.autosave(TableSession(controller, slot=slot))
        slot.release()
    app = make_app(settings_path=app_dirs.settings, start=Command("resume"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (told,) = [n.message for n in app._notifications if "Continuing" in n.message]
        assert "[bold red]x, [/], [link=https://x]y, [31mred[0m" in told  # no Escape
        assert table_of(app).controller.game.names[1] == "[/]"  # the game itself untouched
        app.notify("Title [b]x\x1b[2J", title="[/]\x07")
        await pilot.pause()
        (shown,) = [n for n in app._notifications if n.message.startswith("Title")]
        assert (shown.message, shown.title, shown.markup) == ("Title [b]x[2J", "[/]", False)
        check_screen(app)


# -- the command line ---------------------------------------------------------------------------


def test_the_command_line_cleans_names_and_never_prints_them_as_markup(tmp_path: Path) -> None:
    """``party-dice play`` in a real terminal: markup comes out as text, and nothing from
    a name reaches the terminal as an escape sequence (title change, hyperlink)."""
    from tests.support.pty_driver import PtyApp, app_env, write_app_settings

    names = "[bold red]x,[link=https://x]y,\x1b]0;pwned\x07Eve,漢字かな"
    write_app_settings(tmp_path)
    argv = [sys.executable, "-m", "tui", "play", "aces", "--names", names, "--seed", "1"]
    root = Path(__file__).resolve().parents[2]
    with PtyApp(argv, env=app_env(tmp_path), cwd=str(root)) as app:
        assert app.wait_for("漢字かな", timeout=20), app.text()[-1500:]
        app.quiet(settle=0.2, limit=5)
        raw = bytes(app.output)
        text = app.text()
        os.kill(app.pid, 15)
        app.wait(2.0)
    assert b"\x1b]0;pwned" not in raw and b"\x1b]8;" not in raw
    assert "[bold red]x" in text and "[link=https:" in text and "]0;pwnedEve" in text


def test_the_command_line_refuses_a_name_too_long_in_one_line() -> None:
    import subprocess

    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-m", "tui", "play", "aces", "--names", "W" * 200 + ",Ben"],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=30,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


# -- pictures -------------------------------------------------------------------------------------


def hostile_table_app(
    make_app: MakeApp, app_dirs: AppDirs, game_id: str, names: Sequence[str], keys: Sequence[str]
) -> tuple[Any, Callable[[Any], Any]]:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)

    async def before(pilot: Any) -> None:
        app.open_table(TableSession(hostile_game(game_id, names, bots=False, seed=12)))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return app, before


def test_snapshot_an_aces_table_full_of_hostile_names(
    snap_compare: Any, make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Six seats: "[bold red]x", "[/]" and "[link=https://x]y" in plain text (no red, no
    link), "[31mred[0m" without its escape characters, the wide name whole, the
    200-character name cut with "…" in its panel; the log names them the same way; every
    panel the same size, nothing past the right edge."""
    app, before = hostile_table_app(
        make_app, app_dirs, "aces", ACES_NAMES, ["enter", "r", "r", "r", "r"]
    )
    assert snap_compare(app, terminal_size=(80, 24), run_before=before)


def test_snapshot_a_chase_curtain_over_hostile_names(
    snap_compare: Any, make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Twelve seats of hostile names in one-line panels, the dealer dealt: the curtain
    reads "Pass to [/]: press Enter when only [/] is looking." literally; names with
    zero-width or right-to-left characters show without them; the 200-character name is
    cut; the table keeps its columns."""
    names = [*HOSTILE_NAMES[:11], "Ann"]
    app, before = hostile_table_app(make_app, app_dirs, "chase", names, ["d"])
    assert snap_compare(app, terminal_size=(80, 24), run_before=before)


def test_standings_line_up_with_wide_names() -> None:
    from tui.session.table_model import RoundSummary
    from tui.table.covers.round_end import standings_text

    standings = (("漢字かな", "3 points", "winner"), ("Ann", "1 point", ""), ("[b]x", "0", ""))
    text = standings_text(RoundSummary("Round 2", (), standings), ascii_only=False)
    starts = {
        cell_len(line[: line.index(value)])
        for line, (_, value, _) in zip(text.plain.splitlines(), standings, strict=True)
    }
    assert len(starts) == 1, text.plain

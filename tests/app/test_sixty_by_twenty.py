"""The smallest terminal the table takes, 60x20, off the table too (issue 38, item 9):
the title's card keeps its four borders and its whole menu, setup's seat rows keep their
buttons, and Chase's game-over list says or shows what does not fit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.app.test_sizes import game_with_saves
from tests.support.app import AppDirs, resize
from tests.support.chase import screen_lines
from tests.support.fast_pilot import settle
from tests.support.table import write_settings

MakeApp = Callable[..., Any]


def _box(lines: list[str]) -> list[str]:
    """The lines of the one rounded box on the screen, top to bottom border."""
    top = next((i for i, line in enumerate(lines) if line.strip().startswith("╭")), None)
    bottom = next((i for i, line in enumerate(lines) if line.strip().startswith("╰")), None)
    assert top is not None and bottom is not None, ("no whole box", lines)
    return [line.strip() for line in lines[top : bottom + 1]]


async def test_the_title_card_keeps_its_borders_and_menu_at_60x20(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Every line of the menu (Play again with a long table, Continue, Recent games,
    Records) inside a card closed on all four sides at 60x20; the dice come back at
    80x24."""
    from tui.engine.controller import Seat
    from tui.gameconfig import GameConfig
    from tui.kept_settings import KeptTables

    names = ("Annabelle", "Bartholomew", "Cleopatra")
    KeptTables().remember(GameConfig("chase", (*map(Seat, names), Seat("Ada", "casual"))))
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        game_with_saves(app)
        app.screen.refresh_menu()
        await resize(pilot, 60, 20)
        await settle(pilot)
        box = _box(screen_lines(app))
        assert box[0].endswith("╮") and box[-1].endswith("╯"), box
        assert all(line.startswith("│") and line.endswith("│") for line in box[1:-1]), box
        text = "\n".join(box)
        for title in ("Play again", "Continue", "Recent games", "Records", "Quit"):
            assert title in text, (title, box)
        again = next(line for line in box if "Play again" in line)
        assert "Chase: Annabelle" in again and again.rstrip(" │").endswith("…"), box
        await resize(pilot, 80, 24)
        await settle(pilot)
        assert "⚀" in "\n".join(screen_lines(app))


async def test_setup_rows_keep_their_buttons_at_60_columns(make_app: MakeApp) -> None:
    """Every seat row on one line with its name box, kind, both arrows and the remove
    button inside 60 columns (the name box gives way); at 80 the name box is 24 cells."""
    from textual.widgets import Button, Input

    from tui.screens.seat_row import SeatRow

    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        rows = list(app.screen.query(SeatRow))
        assert len(rows) >= 3
        for row in rows:
            buttons = list(row.query(Button))
            assert len(buttons) == 3, buttons
            for button in buttons:
                region = button.region
                assert region.width == 3 and region.right <= 60, (button.classes, region)
                assert region.y == row.query_one(Input).region.y
            assert row.query_one(Input).region.width >= 12
        await resize(pilot, 80, 24)
        await settle(pilot)
        assert {row.query_one(Input).region.width for row in rows} == {24}


async def test_chase_game_over_of_five_scrolls_at_60x20(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Five standings do not fit the game-over box at 60x20: its body shows a scroll
    bar, PgDn brings the last of them (Eve) into sight, PgUp goes back to the winner's
    line, and the keys (down to "Esc Look at the table") stay in sight throughout."""
    from tests.support.chase import chase_config, controller_for, deck_factory
    from tests.support.table import play_until_moves_left
    from tui.session import TableSession
    from tui.table.covers.round_end import RoundEndBox

    config = chase_config(("Ann", "Ben", "Cleo", "Dan", "Eve"))
    controller = controller_for(config)
    play_until_moves_left(controller, 1)
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([]))
    async with app.run_test(size=(60, 20)) as pilot:
        app.open_table(TableSession(controller, config))
        await settle(pilot)
        await pilot.press("enter")  # the curtain: the last player takes the keyboard
        await settle(pilot)
        await pilot.press(controller.actions()[0].key)
        await settle(pilot)
        assert controller.over

        def shown() -> str:
            return "\n".join(screen_lines(app))

        assert "Eve" not in shown() and "Look at the table" in shown()
        await pilot.press("pagedown")
        await settle(pilot)
        assert "Eve" in shown() and "Look at the table" in shown()
        body = app.screen.query_one(RoundEndBox).query_one("#round-end-body")
        assert body.show_vertical_scrollbar and body.scroll_y == body.max_scroll_y > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert body.scroll_y == 0 and "wins" in shown()

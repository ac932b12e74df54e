"""Plain terminals get a plain table (issue 15 bug 10).

The Linux console (``TERM=linux``) has no die faces in its font, so it gets ASCII glyphs
by itself; ASCII glyphs draw every border of ours with ``+ - |`` (the style sheets name
borders by ``$box-*`` variables, ``tui.look``), also when the setting changes in play;
under ``NO_COLOR`` the pot keeps a bright border and a bold title; a Choice's open list
leaves the footer in sight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.color import Color

from tests.support.app import AppDirs
from tests.support.chase import screen_lines
from tests.support.table import aces_config, write_settings
from tui.output_encoding import lacks_die_faces
from tui.widgets.choice import Choice, ChoiceList
from tui.widgets.key_bar import KeyBar

MakeApp = Callable[..., Any]

ROUND_CORNERS = "\u256d\u256e\u2570\u256f"


def test_which_terminals_lack_die_faces() -> None:
    assert lacks_die_faces("linux") and lacks_die_faces("linux-16color")
    assert not lacks_die_faces("xterm-256color") and not lacks_die_faces("screen")
    assert not lacks_die_faces(None) and not lacks_die_faces("")


@pytest.mark.parametrize("name", ["linux", "xterm-256color"])
async def test_the_linux_console_gets_ascii_by_itself(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("TERM", name)
    write_settings(app_dirs.settings, glyphs="unicode")
    app = make_app(settings_path=app_dirs.settings)
    linux = name == "linux"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.ascii_glyphs is linux
        text = "\n".join(screen_lines(app))
        assert ("[1] [2] [3]" in text) is linux
        assert ("\u2680" in text) is not linux
        assert any(corner in text for corner in ROUND_CORNERS) is not linux


async def test_ascii_borders_follow_the_glyph_setting(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings, glyphs="unicode")
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, first_seat=0))
        await pilot.pause()
        assert any(corner in "".join(screen_lines(app)) for corner in ROUND_CORNERS)
        app.update_settings(glyphs="ascii")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert not any(corner in text for corner in ROUND_CORNERS), text
        assert "+- Pot " in text, text
        app.update_settings(glyphs="unicode")
        await pilot.pause()
        assert any(corner in "".join(screen_lines(app)) for corner in ROUND_CORNERS)


@pytest.mark.parametrize("no_color", [True, False], ids=["NO_COLOR", "colour"])
async def test_the_pot_stands_out_without_colour(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    """Under NO_COLOR the pot's border is the foreground colour (every other colour
    turns a grey close to the background) and its title bold; in colour it is as it was."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, first_seat=0))
        await pilot.pause()
        pot = app.screen.query_one("#pot")
        foreground = Color.parse(app.get_css_variables()["foreground"])
        assert (pot.styles.border_top[1] == foreground) is no_color
        assert pot.styles.border_title_style.bold is (True if no_color else None)


async def test_an_open_choice_leaves_the_key_bar_in_sight(make_app: MakeApp) -> None:
    """The theme list in Settings is the longest: opened near the bottom of an 80x24
    screen it used to cover the footer ("Esc Dismiss menu")."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        choice = list(app.screen.query(Choice))[-1]
        choice.focus()
        await choice.action_open()
        await pilot.pause()
        overlay = choice.query_one(ChoiceList)
        footer = app.screen.query_one(KeyBar)
        assert overlay.region.height > 1
        assert overlay.region.bottom <= footer.region.y, (overlay.region, footer.region)
        assert "Dismiss menu" in screen_lines(app)[-1]

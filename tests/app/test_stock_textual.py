"""The app without its workarounds: it starts and plays a hot-seat Chase round with a
curtain as stock Textual (``PARTY_DICE_TEXTUAL_FIXES=off``), and in the slow tier with
each private name of Textual's gone in turn (faked: the installer's lookup says it is
not there). CI also runs the real app on a pty that way
(``tests/app/test_stock_textual_pty.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.table import write_settings
from tests.textual_compat.test_install import declared_names, gone
from tui.textual_compat import install
from tui.textual_compat.install import FIXES

MakeApp = Callable[..., Any]


def quick_app(make_app: MakeApp, app_dirs: AppDirs) -> Any:
    """An app with nothing animated (settings written as the table tests write them)."""
    write_settings(app_dirs.settings)
    return make_app(settings_path=app_dirs.settings)


async def play_a_round(app: Any) -> list[str]:
    """A hot-seat Chase round at three people from the title: a curtain, a private card
    if a change is made, the round's end; what ``tests.support.chase.step`` saw."""
    from tests.support.chase import chase_config, step

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        app.start_game(chase_config(seed=3))
        await pilot.pause()
        chooser = random.Random(4)
        seen = []
        while "round" not in seen and "final" not in seen:
            seen.append(await step(pilot, chooser))
            await pilot.pause()
            assert len(seen) < 60, seen
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(declared_names()))
async def test_with_any_one_name_gone_the_app_starts_and_plays_a_round(
    name: str, reinstall: Any, make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """(The everyday run checks each name's skip in ``tests/textual_compat`` and plays the
    round with every workaround off.)"""
    installed = reinstall(gone(name))
    assert not any(
        name in need.names for fix in FIXES if fix.name in installed for need in fix.needs
    )
    seen = await play_a_round(quick_app(make_app, app_dirs))
    assert "curtain" in seen


async def test_stock_textual_starts_and_plays_a_round(
    reinstall: Any, make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(install.SWITCH, "off")
    assert reinstall() == frozenset()
    import textual.drivers.linux_driver as linux_driver
    from textual._xterm_parser import XTermParser
    from textual.widgets import OptionList

    assert vars(linux_driver)["XTermParser"] is XTermParser
    assert not hasattr(OptionList._move_page, "__wrapped__")
    seen = await play_a_round(quick_app(make_app, app_dirs))
    assert "curtain" in seen

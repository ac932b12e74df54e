"""``safe_palette``: ``CommandPalette._gather_commands`` and its private watchers."""

from __future__ import annotations

import inspect

import pytest
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches

from tui.textual_compat.safe_palette import SafeCommandPalette

OVERRIDDEN = (
    "_gather_commands",
    "_watch__list_visible",
    "_watch__show_busy",
    "_action_command_list",
)


def test_the_private_names_are_still_there() -> None:
    assert isinstance(CommandPalette._GATHER_COMMANDS_GROUP, str)
    gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
    assert inspect.iscoroutinefunction(gather)
    assert list(inspect.signature(gather).parameters) == ["self", "search_value"]
    assert inspect.iscoroutinefunction(CommandPalette._watch__show_busy)
    assert list(inspect.signature(CommandPalette._watch__list_visible).parameters) == ["self"]
    params = inspect.signature(CommandPalette._action_command_list).parameters
    assert list(params) == ["self", "action"]
    for name in OVERRIDDEN:  # each override replaces a method Textual still has
        assert name in SafeCommandPalette.__dict__ and name in CommandPalette.__dict__, name


class PaletteApp(App[None]):
    pass


async def test_a_palette_whose_list_is_gone_stays_quiet() -> None:
    app = PaletteApp()
    async with app.run_test() as pilot:
        plain = CommandPalette()
        await app.push_screen(plain)
        await pilot.pause()
        await plain.query_one(CommandList).remove()
        with pytest.raises(NoMatches):  # what the workaround is for
            plain._watch__list_visible()
        app.pop_screen()
        await pilot.pause()
        safe = SafeCommandPalette()
        await app.push_screen(safe)
        await pilot.pause()
        await safe.query_one(CommandList).remove()
        safe._watch__list_visible()
        await safe._watch__show_busy()
        safe._action_command_list("cursor_down")
        await pilot.pause()

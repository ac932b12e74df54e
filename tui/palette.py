"""The command palette's commands (Ctrl+P): party-dice's own, not Textual's list.

Textual's list is not offered: its Screenshot would save hidden cards to disk, and
Maximize has nothing to offer here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from textual.app import SystemCommand

from tui import games


class PaletteHost(Protocol):
    """The app's actions the palette offers."""

    def action_new_game(self, game_id: str) -> None: ...
    def action_show_rules(self) -> None: ...
    def action_open_settings(self) -> None: ...
    def action_show_help(self) -> None: ...
    def action_change_theme(self) -> None: ...
    def action_quit(self) -> Any: ...


def _new_game(host: PaletteHost, game_id: str) -> Callable[[], None]:
    def open_setup() -> None:
        host.action_new_game(game_id)

    return open_setup


def system_commands(host: PaletteHost) -> Iterable[SystemCommand]:
    """The palette's commands, in the order they are listed."""
    for spec in games.all_games():
        yield SystemCommand(f"New {spec.title} game", "Set up a table", _new_game(host, spec.id))
    yield SystemCommand("Rules", "How to play, every variant and ruling", host.action_show_rules)
    yield SystemCommand("Settings", "Variants, animation, glyphs, theme", host.action_open_settings)
    yield SystemCommand("Keys", "Every key, on one screen", host.action_show_help)
    yield SystemCommand("Theme", "Change the colours (remembered)", host.action_change_theme)
    yield SystemCommand("Quit", "Leave party-dice (a game in progress is saved)", host.action_quit)

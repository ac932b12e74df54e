"""Every key on one screen, read from the screens' own bindings so it never goes stale.

A screen may add keys that are not bindings (the action keys a table takes from the
game) with ``help_keys() -> list[tuple[str, str]]``; the screen the help was opened from
comes first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from tui.look import sheets
from tui.screens import SubScreen
from tui.widgets.key_bar import KeyBar

EVERYWHERE: tuple[tuple[str, str], ...] = (
    ("? or F1", "Rules (of the game at the table, with its variants)"),
    ("F2", "Keys: this screen"),
    ("Escape", "Back to the previous screen"),
    ("Tab / Shift+Tab", "Next / previous field or button"),
    ("Arrows, Enter", "Move in a list and choose; Space flips a switch"),
    ("Ctrl+P", "Commands: new game, rules, settings, theme, keys, quit"),
    ("Ctrl+Q", "Quit (asks first during a game, if the setting says so)"),
    ("Ctrl+L", "Draw the whole screen again"),
)

TABLE_NOTE: tuple[tuple[str, str], ...] = (
    ("Action keys", "The action bar shows this turn's actions with their keys"),
    ("Any key", "Skips the wait while a computer player thinks"),
)


_NAMES = {"question_mark": "?", "escape": "Escape", "enter": "Enter", "space": "Space"}


def key_name(key: str) -> str:
    """A key as people write it: ``ctrl+up`` -> ``Ctrl+Up``, ``f2`` -> ``F2``, ``a`` -> ``a``."""
    parts = key.split("+")
    if len(parts) == 1:
        return _NAMES.get(key, key if len(key) == 1 else key.capitalize())
    *mods, last = parts
    shown = _NAMES.get(last, last.upper() if len(last) == 1 else last.capitalize())
    return "+".join([*(mod.capitalize() for mod in mods), shown])


def binding_rows(
    bindings: Iterable[Any], usable: Callable[[str], bool] | None = None
) -> list[tuple[str, str]]:
    """(key, what it does) for every binding that has a description (and that is
    ``usable`` now, by its action, when that is asked); keys that do the same are one
    row ("o or O")."""
    keys: dict[tuple[str, str], list[str]] = {}
    for _key, binding in BindingsMap(bindings):
        if not isinstance(binding, Binding) or not binding.description:
            continue
        if usable is not None and not usable(binding.action):
            continue
        key = binding.key_display or key_name(binding.key)
        same = keys.setdefault((binding.action, binding.description), [])
        if key not in same:
            same.append(key)
    return [(" or ".join(same), description) for (_, description), same in keys.items()]


def _section(title: str, rows: Iterable[tuple[str, str]], key_width: int) -> Group:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=key_width, style="bold")
    grid.add_column()
    for key, what in rows:
        grid.add_row(Text(key), Text(what))
    return Group(Text(title, style="bold underline"), grid, Text(""))


def help_text(sections: Iterable[tuple[str, list[tuple[str, str]]]]) -> Group:
    """Every section with its key column as wide as the widest key of any section, so
    the descriptions line up down the whole screen (one long key, "Arrows, PgUp/PgDn",
    used to push only its own section's column one cell right)."""
    listed = list(sections)
    width = max([16, *(cell_len(key) for _, rows in listed for key, _ in rows)])
    return Group(*(_section(title, rows, width) for title, rows in listed))


def usable(screen: Screen[Any], action: str) -> bool:
    """True unless ``screen`` says the action does nothing now (its ``check_action``)."""
    name = action.partition("(")[0]
    return screen.check_action(name, ()) is not False


class HelpScreen(SubScreen):
    """The keys of the screen below, then of every other screen."""

    CSS_PATH = sheets("help")

    def __init__(self, below: Screen[Any] | None = None) -> None:
        super().__init__()
        self.below = below

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help-body"):
            yield Static(help_text(self.sections()), id="help-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = "Keys"

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(title, [(key, what it does)]) for the screen below first, then the rest."""
        from tui.screens.rules import RulesScreen
        from tui.screens.settings import SettingsScreen
        from tui.screens.setup import SetupScreen
        from tui.screens.title import TitleScreen

        sections: list[tuple[str, list[tuple[str, str]]]] = []
        below = self.below
        known = (TitleScreen, SetupScreen, SettingsScreen, RulesScreen)
        if below is not None and not isinstance(below, known):
            rows = list(getattr(below, "help_keys", list)())
            rows += binding_rows(type(below).BINDINGS, lambda action: usable(below, action))
            sections.append(("At this table (where you were)", rows + list(TABLE_NOTE)))
        sections.append(("Everywhere", list(EVERYWHERE)))
        for title, cls in (
            ("Title screen", TitleScreen.built()),
            ("Setting up a game", SetupScreen),
            ("Settings", SettingsScreen),
            ("Rules", RulesScreen.built()),
        ):
            rows = binding_rows(cls.BINDINGS)
            rows += list(getattr(cls, "EXTRA_KEYS", ()))
            if isinstance(below, cls):
                sections.insert(0, (f"{title} (where you were)", rows))
            else:
                sections.append((title, rows))
        return sections

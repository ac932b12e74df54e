"""How the app looks: its style sheets and the themes it offers.

Under ``NO_COLOR`` Textual greys every colour, and an ANSI theme's colours turn black on
black, so those themes are not offered; ``DEFAULT_THEME`` stays readable either way.

The style sheets name their borders by CSS variables (``$box-round``, ``$box-double``,
``$box-heavy``, ``$box-thick``, ``$box-tall``: a list's frame) rather than by kind, so
that ASCII glyphs (``--ascii``, the setting, or a console without die faces) draw every
box of ours with ``+ - |``: the rounded corners, heavy lines and half blocks are as rare
in such fonts as the die faces.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any

from textual.app import App

from tui import games
from tui.storage.settings import DEFAULT_THEME


def styles_dir() -> Path:
    """The folder of ``.tcss`` files: ``tui/styles`` in a wheel, ``styles/`` in a checkout."""
    packaged = Path(__file__).resolve().parent / "styles"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "styles"


def sheets(*names: str) -> list[str | PurePath]:
    """The style sheets ``styles/<name>.tcss``, for a screen's ``CSS_PATH``.

    Textual reads a screen's own sheets the first time the screen is shown, so each
    screen names its own and start-up parses only the app's and the title's: reading
    every sheet at start was a third of the CPU the title took beyond a bare Textual
    app (issue 12). Every sheet's rules are scoped under its screen's type, so the order
    they arrive in decides nothing between two screens.
    """
    return [styles_dir() / f"{name}.tcss" for name in names]


def css_paths() -> list[str | PurePath]:
    """The app's own sheets: what every screen shares, and the title's (the default
    screen: Textual reads no ``CSS_PATH`` of it)."""
    return sheets("app", "title")


TABLE_SHEETS = ("table",)
"""The table screen's own sheet (every game's table, and the boxes over it)."""


def game_sheets(game_id: str) -> list[str | PurePath]:
    """A game's own sheets for its table (``GameSpec.sheets``): read when a table of
    that game is first shown, never for another game's."""
    return sheets(*games.get(game_id).sheets)


BOX_KINDS = ("round", "double", "heavy", "thick", "tall")
"""The border kinds the style sheets use, each through a ``$box-<kind>`` variable."""


def box_variables(ascii_only: bool) -> dict[str, str]:
    """The ``$box-<kind>`` CSS variables: each kind itself, or ``ascii`` for all."""
    return {f"box-{kind}": "ascii" if ascii_only else kind for kind in BOX_KINDS}


def drop_unreadable_themes(app: App[Any]) -> None:
    """Under ``NO_COLOR``, offer only the themes that stay readable. A saved ANSI choice
    falls back to ``DEFAULT_THEME`` for this run and stays saved for runs in colour."""
    for name, theme in app.available_themes.items():
        if theme.ansi:
            app.unregister_theme(name)


def apply_theme(app: App[Any], name: str) -> None:
    """Use the theme ``name``, or ``DEFAULT_THEME`` when this run does not offer it."""
    app.theme = name if name in app.available_themes else DEFAULT_THEME

"""KeyBar must look and act like Textual's Footer: same cells, same colours, clicks work."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from tui.widgets.key_bar import KeyBar


class KeysScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "pick('a')", "Aces"),
        Binding("c", "pick('c')", "Chase"),
        Binding("x", "pick('x')", "Greyed"),
        Binding("h", "pick('h')", "Hidden", show=False),
        Binding("escape", "pick('escape')", "Leave table"),
    ]

    def __init__(self, bar: type[Widget]) -> None:
        super().__init__()
        self.bar = bar
        self.picked: list[str] = []
        self.greyed = True

    def compose(self) -> ComposeResult:
        yield Static("keys below")
        yield self.bar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if parameters == ("x",) and self.greyed:
            return None  # shown, but disabled (dim), as Textual's Footer shows it
        return True

    def action_pick(self, key: str) -> None:
        self.picked.append(key)


class KeysApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f2", "app.bell", "Keys")]

    def __init__(self, bar: type[Widget]) -> None:
        super().__init__()
        self.bar = bar

    def get_default_screen(self) -> Screen[Any]:
        return KeysScreen(self.bar)


async def bottom_line(
    bar: type[Widget], size: tuple[int, int], theme: str
) -> list[tuple[str, str]]:
    app = KeysApp(bar)
    async with app.run_test(size=size) as pilot:
        app.theme = theme
        await pilot.pause()
        await pilot.pause()
        strip = app.screen._compositor.render_strips()[-1]
        # Footer's segments also carry mouse offsets (meta); only cells and colours count.
        return [(segment.text, str(segment.style)) for segment in strip]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "nord"])
async def test_key_bar_draws_the_footer_line(theme: str) -> None:
    """Every cell and colour of the bottom line matches Textual's Footer, the disabled
    key dim and the palette key after its thin rule on the right."""
    footer = await bottom_line(Footer, (80, 10), theme)
    keys = await bottom_line(KeyBar, (80, 10), theme)
    assert keys == footer
    text = "".join(text for text, _ in keys)
    assert " a Aces " in text and " x Greyed " in text and "Hidden" not in text
    assert text.rstrip().endswith("\u258f^p palette")


async def test_key_bar_click_presses_the_key_and_follows_the_bindings() -> None:
    app = KeysApp(KeyBar)
    async with app.run_test(size=(80, 10)) as pilot:
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        assert await pilot.click(KeyBar, offset=(10, 0))  # on " c Chase "
        await pilot.pause()
        assert screen.picked == ["c"]
        await pilot.click(KeyBar, offset=(18, 0))  # " x Greyed ": disabled, nothing
        await pilot.pause()
        assert screen.picked == ["c"]
        screen.greyed = False
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.click(KeyBar, offset=(18, 0))
        await pilot.pause()
        assert screen.picked == ["c", "x"]


class TwoInputs(KeysScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f3", "pick('x')", "Greyed too")]

    def compose(self) -> ComposeResult:
        yield Input(id="one")
        yield Input(id="two")
        yield self.bar()


async def test_key_bar_repaints_when_the_keys_it_shows_change_not_on_every_focus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Focus moving between two inputs changes the screen's bindings, not the keys the
    line shows: no repaint (it cost a frame of its own when a seat was added)."""
    app = KeysApp(KeyBar)
    async with app.run_test(size=(80, 10)) as pilot:
        screen = TwoInputs(KeyBar)
        await app.push_screen(screen)
        await pilot.pause()
        bar = screen.query_one(KeyBar)
        refreshes: list[bool] = []
        refresh = bar.refresh

        def counted(*args: Any, **kwargs: Any) -> Any:
            refreshes.append(True)
            return refresh(*args, **kwargs)

        monkeypatch.setattr(bar, "refresh", counted)
        screen.query_one("#two", Input).focus()
        await pilot.pause()
        screen.query_one("#one", Input).focus()
        await pilot.pause()
        assert refreshes == []
        screen.greyed = False  # " f3 Greyed too " is no longer dim: the line changes
        screen.refresh_bindings()
        await pilot.pause()
        assert refreshes == [True]


async def test_key_bar_draws_its_rule_in_ascii_where_the_app_does() -> None:
    """Under ``--ascii`` or on the Linux console the app draws in ASCII: the thin rule
    before the palette key (U+258F, not in the console's font) is "|" there."""
    from tui.app import PartyDiceApp

    app = PartyDiceApp(ascii_glyphs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bottom = "".join(segment.text for segment in app.screen._compositor.render_strips()[-1])
        assert bottom.rstrip().endswith("|^p palette") and "\u258f" not in bottom


class KeptBell(KeyBar):
    """The test app's F2 (``app.bell``) is its key that lists every key."""

    KEPT_ACTION = "app.bell"


async def test_a_line_too_narrow_drops_whole_keys_from_its_end_but_keeps_f2() -> None:
    """44 columns hold " a Aces  c Chase " and F2 beside the palette's key: " x Greyed "
    and " esc Leave table " go whole (the Footer would end on "f2 K"), and a click
    still finds the key under it."""
    app = KeysApp(KeptBell)
    async with app.run_test(size=(44, 10)) as pilot:
        await pilot.pause()
        bottom = "".join(segment.text for segment in app.screen._compositor.render_strips()[-1])
        assert bottom == " a Aces  c Chase  f2 Keys " + " " * 6 + "\u258f^p palette "
        rang: list[bool] = []
        app.bell = lambda: rang.append(True)  # type: ignore[method-assign]
        await pilot.click(KeptBell, offset=(19, 0))  # on " f2 Keys "
        await pilot.pause()
        assert rang == [True]
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        await pilot.click(KeptBell, offset=(10, 0))  # on " c Chase "
        await pilot.pause()
        assert screen.picked == ["c"]


@pytest.mark.parametrize(
    ("size", "keys", "line"),
    [
        ((60, 20), (), "a Aces c Chase s Settings q Quit f2 Keys ▏^p palette"),
        (
            (80, 24),
            ("c", "ctrl+n", "tab"),
            "esc Back ^s Start ^n Add seat ^o Computer ^t Variants f2 Keys ▏^p palette",
        ),
    ],
    ids=["title-60x20", "setup-80x24"],
)
async def test_the_apps_screens_keep_f2_in_view_when_their_keys_do_not_fit(
    size: tuple[int, int], keys: tuple[str, ...], line: str
) -> None:
    """The title at 60 columns, and the setup at 80 with a seat's kind in focus (where
    "? Rules" is a key too), have more keys than room: whole keys go from the end, F2
    (which lists them all) stays."""
    from tests.support.fast_pilot import screen_lines
    from tui.app import PartyDiceApp

    app = PartyDiceApp()
    async with app.run_test(size=size) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        assert " ".join(screen_lines(app)[-1].split()) == line

"""Every kind of terminal: NO_COLOR, 16 and 256 colours, fonts without dice or suits.

How Textual picks colours, and how these tests show it:

- ``NO_COLOR`` is read by ``App.__init__``: Textual then adds a line filter that turns
  every colour grey (``Monochrome``; ``NoColor`` when the starting theme is an ANSI
  one). The filter works while rendering, so ``export_screenshot`` (and the snapshot
  plugin) shows it: these tests set ``NO_COLOR`` before the app is built.
- The number of colours is the app console's ``color_system``: ``TEXTUAL_COLOR_SYSTEM``
  (default ``auto``) and, for ``auto``, Rich's detection from ``COLORTERM`` and
  ``TERM`` (``TERM=linux``: "standard", 16 colours; ``xterm-256color``: "256").
  Textual downgrades each colour only when it writes to the terminal
  (``Strip.render``), while ``export_screenshot`` always records true colour, so a
  snapshot never shows the terminal's colour system by itself. The snapshots below
  set ``TERM``, check the console's detection, and add a line filter that applies the
  very downgrade Rich applies on output (``Color.downgrade``) for that colour system.
  The SVG then draws the 16 (or 256) colours with the SVG palette: a real terminal uses
  its own palette, but which colours end up equal (text on its own background) is
  exactly what the terminal gets.
- ASCII glyphs come from ``--ascii`` (``PartyDiceApp(ascii_glyphs=True)``) or the
  glyph setting; both are covered.

After ``--snapshot-update``, render each SVG to PNG and look at it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

import pytest
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter
from textual.widgets import OptionList

from tests.support.app import SEED, AppDirs
from tests.support.chase import chase_config, deck, deck_factory, screen_lines
from tests.support.fast_pilot import press_settled
from tests.support.pace import hold_forced_moves
from tests.support.table import aces_config, scripted_factory, write_settings
from tui.app import PartyDiceApp

SMALL = (80, 24)

MID_GAME_DICE = [1, 6, 6, 4, 2, 5, 1, 1]
"""Ann: ace and six (a chip to the pot, one to Ben); Ben: a six (a chip to Cleo); Cleo:
nothing; Dan (computer): two aces (both chips to the pot). Ann, at zero, is to play."""
MID_GAME_KEYS = ["enter", "r", "r", "r"]


@pytest.fixture(autouse=True)
def held_forced_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's roll at zero is forced: it waits for a key, so the pictures never race it."""
    hold_forced_moves(monkeypatch)


COLOUR_SYSTEMS = {
    "standard": ColorSystem.STANDARD,
    "256": ColorSystem.EIGHT_BIT,
    "truecolor": ColorSystem.TRUECOLOR,
}


@lru_cache(4096)
def _downgraded(style: Style, system: ColorSystem) -> Style:
    color = style.color.downgrade(system) if style.color else None
    bgcolor = style.bgcolor.downgrade(system) if style.bgcolor else None
    return style + Style(color=color, bgcolor=bgcolor)


class TerminalColours(LineFilter):
    """What the terminal receives: every colour downgraded to ``system`` as Rich does
    when Textual writes a line (``textual.strip.Strip.render_ansi``)."""

    def __init__(self, system: ColorSystem) -> None:
        super().__init__()
        self.system = system

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        system = self.system
        return [
            Segment(text, _downgraded(style, system) if style else style, control)
            for text, style, control in segments
        ]


class TerminalApp(PartyDiceApp):
    """The real app, drawn in the colours its console detected from the environment."""

    def get_line_filters(self) -> Sequence[LineFilter]:
        system = COLOUR_SYSTEMS[self.console.color_system or "truecolor"]
        return [*super().get_line_filters(), TerminalColours(system)]


def term(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """A terminal as SSH gives it: ``TERM`` forwarded, ``COLORTERM`` not."""
    monkeypatch.setenv("TERM", name)
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)


def build(app_dirs: AppDirs, cls: type[PartyDiceApp] = PartyDiceApp, **kwargs: Any) -> Any:
    kwargs.setdefault("seed", SEED)
    kwargs.setdefault("settings_path", app_dirs.settings)
    return cls(**kwargs)


def aces_mid_game(app: Any) -> Callable[[Any], Any]:
    """A ``run_before``: four at the Aces table (Dan a computer), four rolls in."""

    async def before(pilot: Any) -> None:
        app.start_game(aces_config(4, bots=1, first_seat=0))
        await pilot.pause()
        for key in MID_GAME_KEYS:
            await pilot.press(key)
        await pilot.pause()

    return before


def aces_app(app_dirs: AppDirs, cls: type[PartyDiceApp] = PartyDiceApp, **kwargs: Any) -> Any:
    return build(app_dirs, cls, rng_factory=scripted_factory(MID_GAME_DICE), **kwargs)


# -- NO_COLOR --------------------------------------------------------------------------


def test_title_no_color(
    snap_compare: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR with the ANSI theme saved in the settings (the worst case: its colours
    turn black on black under NO_COLOR): the title in greys and readable, light text on
    a dark ground, the selected menu line a lighter bar, the Footer keys readable."""
    write_settings(app_dirs.settings, theme="ansi-dark")
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(build(app_dirs), terminal_size=SMALL)


def test_aces_table_no_color(
    snap_compare: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR at the Aces table, four rolls in: every panel readable in greys; whose
    turn it is shown by "▶" and a light bar on Ann's name line, being at zero by "○ at
    zero" (Ann and Dan), the computer player by "computer", the pot's three chips by three
    dots and "3 chips": nothing is told by colour alone. The pot keeps a bright border
    (heavy once it holds chips) and a bold, reversed title: its colours were lost."""
    write_settings(app_dirs.settings)
    monkeypatch.setenv("NO_COLOR", "1")
    app = aces_app(app_dirs)
    assert snap_compare(app, terminal_size=SMALL, run_before=aces_mid_game(app))


async def test_no_color_offers_only_readable_themes(
    app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under NO_COLOR the ANSI themes are not offered (settings list, palette theme
    chooser) and a saved ANSI theme gives way to textual-dark for this run only: the
    setting stays saved for the next run in colour."""
    write_settings(app_dirs.settings, theme="ansi-dark")
    monkeypatch.setenv("NO_COLOR", "1")
    app = build(app_dirs)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.no_color
        assert app.theme == "textual-dark"
        assert not [name for name, theme in app.available_themes.items() if theme.ansi]
    assert 'theme = "ansi-dark"' in app_dirs.settings.read_text()

    monkeypatch.delenv("NO_COLOR")
    app = build(app_dirs)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.theme == "ansi-dark"


# -- 16 and 256 colours ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [("linux", "standard"), ("xterm", "standard"), ("xterm-256color", "256")],
)
def test_colour_system_follows_term(
    app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch, name: str, expected: str
) -> None:
    """Textual takes the colour system from TERM when COLORTERM is not forwarded."""
    term(monkeypatch, name)
    assert build(app_dirs).console.color_system == expected


def test_title_16_colours(
    snap_compare: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TERM=linux (16 colours): the title with every colour reduced to the 16 of the
    terminal: the name, tagline, menu and Footer keys all readable on the ground, the
    selected line a distinct bar. The Linux console has no die faces: dice [1]..[6],
    cards As Kh Qd Jc, the box drawn with + - | (issue 15 bug 10)."""
    term(monkeypatch, "linux")
    app = build(app_dirs, TerminalApp)
    assert app.console.color_system == "standard"
    assert snap_compare(app, terminal_size=SMALL)


def test_aces_table_16_colours(
    snap_compare: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TERM=linux (16 colours) at the Aces table, four rolls in: names, chips, the pot,
    the dice, the action bar and the log readable on the ground; ASCII glyphs by
    themselves (the console has no die faces): dice [1] [1], chips "o", every box drawn
    with + - |; Ann's turn marked ">" with a bar on her name line, Ann and Dan "o at
    zero", Dan "computer"."""
    term(monkeypatch, "linux")
    write_settings(app_dirs.settings)
    app = aces_app(app_dirs, TerminalApp)
    assert app.console.color_system == "standard"
    assert snap_compare(app, terminal_size=SMALL, run_before=aces_mid_game(app))


def test_aces_table_256_colours(
    snap_compare: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TERM=xterm-256color (the usual over SSH, which does not forward COLORTERM): the
    Aces table four rolls in looks as in true colour, every word readable."""
    term(monkeypatch, "xterm-256color")
    write_settings(app_dirs.settings)
    app = aces_app(app_dirs, TerminalApp)
    assert app.console.color_system == "256"
    assert snap_compare(app, terminal_size=SMALL, run_before=aces_mid_game(app))


# -- ASCII glyphs ----------------------------------------------------------------------


def test_title_ascii_setting(snap_compare: Any, app_dirs: AppDirs) -> None:
    """The glyph setting at ASCII: dice drawn [1] to [6], cards As Kh Qd Jc, no icon at
    the left of the header, the box drawn with + - |; everything else as with Unicode."""
    write_settings(app_dirs.settings, glyphs="ascii")
    assert snap_compare(build(app_dirs), terminal_size=SMALL)


def test_aces_table_ascii(snap_compare: Any, app_dirs: AppDirs) -> None:
    """``--ascii`` at the Aces table, four rolls in: chips as "o", dice as [1] [6] in the
    dice box and the log, the turn as ">" before Ann's name, at zero as "o at zero";
    every border drawn with + - |; no die face or rounded corner anywhere."""
    write_settings(app_dirs.settings)
    app = aces_app(app_dirs, ascii_glyphs=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=aces_mid_game(app))


BOX_DRAWING = range(0x2500, 0x2580)
"""Textual's borders (round, heavy, double, solid...) and the cut chooser's stock."""
BLOCK_ELEMENTS = range(0x2580, 0x25A0)
"""Textual's tall, wide and outer borders (▊ ▎ ▔ ▁), scrollbar ends, face-down cards."""


def foreign(lines: Iterable[str]) -> dict[str, str]:
    """Characters other than printable ASCII and block elements (scrollbars), each with
    the first line it was found on. Box drawing counts: with ASCII glyphs every border is
    drawn with ``+ - |`` (issue 15 bug 10: ``--ascii`` drew rounded corners)."""
    found: dict[str, str] = {}
    for line in lines:
        for char in line:
            code = ord(char)
            if 0x20 <= code < 0x7F or code in BLOCK_ELEMENTS:
                continue
            found.setdefault(char, line.strip())
    return found


async def check_ascii(pilot: Any, where: str, expect: str, seen: dict[str, dict[str, str]]) -> None:
    """Note what is foreign on the screen at ``where``, once ``expect`` shows there."""
    await pilot.pause()
    lines = screen_lines(pilot.app)
    assert any(expect in line for line in lines), (where, expect, lines)
    bad = foreign(lines)
    if bad:
        seen[where] = bad


CHASE_DECK = deck(3, 0, {1: "4C", 2: "KS", 0: "QS"}, ["7D", "5S", "JH", "TD"])
"""Ann deals; Ben 4♣, Cleo the King of spades, Ann Q♠; then 7♦ 5♠ J♥ 10♦."""
CHASE_SWAP = deck(3, 1, {2: "9H", 0: "2D", 1: "AC"}, ["3S"])
"""Round 2, Ben deals: Cleo 9♥, Ann 2♦, Ben A♣ (the dealer cuts)."""


@pytest.mark.parametrize("how", [pytest.param("flag", marks=pytest.mark.slow), "setting"])
async def test_ascii_screens_hold_no_symbols(
    app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """With ASCII glyphs the title, the Aces table (start, mid-game, the winner) and
    the Chase table (curtain, private view, a King blocking, the showdown, the cut
    chooser, the next round) show only printable ASCII plus box drawing (U+2500 to
    U+257F) and block elements (U+2580 to U+259F), which Textual's borders and
    scrollbars use: no die face, suit, arrow, star, bullet, dash or ellipsis."""
    monkeypatch.setenv("TERM", "linux")
    write_settings(app_dirs.settings, glyphs="ascii" if how == "setting" else "unicode")
    flag = True if how == "flag" else None
    seen: dict[str, dict[str, str]] = {}

    app = build(app_dirs, ascii_glyphs=flag, rng_factory=scripted_factory([1, 1, 6, 6]))
    async with app.run_test(size=SMALL) as pilot:
        await check_ascii(pilot, "title", "[1] [2] [3]", seen)
        app.start_game(aces_config(3, bots=1, first_seat=0))
        await check_ascii(pilot, "aces start", "Start: Ann rolls first", seen)
        await pilot.press("enter", "r")  # Ann: two aces, both chips to the pot
        await check_ascii(pilot, "aces mid-game", "o at zero", seen)
        await pilot.press("r")  # Ben: two sixes, both chips to Cleo, who wins
        await check_ascii(pilot, "aces winner", "Cleo wins!", seen)
        await pilot.press("escape")
        await check_ascii(pilot, "aces finished table", "* winner", seen)

    app = build(app_dirs, ascii_glyphs=flag, rng_factory=deck_factory([CHASE_DECK, CHASE_SWAP]))
    async with app.run_test(size=SMALL) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        await pilot.press("d")
        await check_ascii(pilot, "chase curtain", "Pass to Ben", seen)
        await pilot.press("enter")
        await check_ascii(pilot, "chase private view", "[4c] yours", seen)
        await pilot.press("c")
        await check_ascii(pilot, "chase King blocks", "[Ks] King up", seen)
        await pilot.press("s", "enter", "s")
        await check_ascii(pilot, "chase showdown", "Showdown: Ann Qs, Ben 4c, Cleo Ks", seen)
        await pilot.press("escape")
        await check_ascii(pilot, "chase table after the round", "v loses", seen)
        await press_settled(pilot, "d", "enter", "s", "enter", "s", "enter")
        await pilot.press("c")
        await check_ascii(pilot, "chase cut chooser", "Ben cuts the deck", seen)
    assert not seen, seen


async def test_a_linux_console_frames_the_lists_without_block_elements(
    app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TERM=linux: the lists of the host's game, the host's door (W) and Continue are
    framed with + - |, not Textual's "tall" half blocks (U+2580 to U+259F), which a
    Linux console's font lacks."""
    from tui.screens.door import DoorScreen
    from tui.screens.shared import HostPick

    monkeypatch.setenv("TERM", "linux")
    write_settings(app_dirs.settings)
    app = build(app_dirs)
    async with app.run_test(size=SMALL) as pilot:
        for screen in (HostPick(), DoorScreen([("let:7", "Give eve a seat")])):
            await app.push_screen(screen)
            await pilot.pause()
            lists = list(app.screen.query(OptionList))
            assert lists
            for widget in lists:
                region = widget.region
                rows = screen_lines(app)[region.y : region.bottom]
                frame = [row[region.x : region.right] for row in rows]
                blocks = {c for row in frame for c in row if ord(c) in BLOCK_ELEMENTS}
                assert not blocks, (type(screen).__name__, frame)
                assert frame[0].startswith("+-") and frame[0].endswith("-+"), frame
            app.pop_screen()
            await pilot.pause()


# -- Textual conventions: palette and mouse ----------------------------------------------


async def palette_prompts(pilot: Any) -> list[str]:
    """Open the command palette with nothing typed; every command it lists."""
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)
    results = pilot.app.screen.query_one(OptionList)
    prompts = [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return prompts


USEFUL = ("New Aces in the Pot game", "New Chase the Ace game", "Rules", "Settings", "Theme")


async def test_palette_lists_useful_commands_and_no_screenshot(app_dirs: AppDirs) -> None:
    """Ctrl+P on the title and at an Aces table lists new game, rules, settings and
    theme, and nothing that takes a screenshot (it would save hidden cards)."""
    write_settings(app_dirs.settings)
    app = aces_app(app_dirs)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        on_title = await palette_prompts(pilot)
        await aces_mid_game(app)(pilot)
        at_table = await palette_prompts(pilot)
        assert type(app.screen).__name__ == "TableScreen"
    for prompts in (on_title, at_table):
        text = "\n".join(prompts)
        assert "screenshot" not in text.casefold()
        for wanted in USEFUL:
            assert wanted in text, (wanted, prompts)


async def test_clicks_choose_from_the_menu_and_the_action_bar(app_dirs: AppDirs) -> None:
    """The mouse works where it is natural: a click on a title menu line opens it, a
    click on an action in the table's action bar takes it."""
    from tui.screens.setup import SetupScreen
    from tui.table.screen import TableScreen
    from tui.widgets.action_bar import ActionBar

    write_settings(app_dirs.settings)
    app = aces_app(app_dirs)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert await pilot.click("#menu", offset=(8, 1))
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.game_id == "chase"
        app.back_to_title()
        await pilot.pause()
        app.start_game(aces_config(3, first_seat=0))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        bar = table.query_one(ActionBar)
        assert [action.kind for action in bar.actions] == ["roll"]
        before = table.controller.view(None).current
        assert await pilot.click(ActionBar, offset=(8, 0))
        await pilot.pause()
        assert table.controller.view(None).current != before

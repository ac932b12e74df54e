"""Snapshots of the shell's screens (pytest-textual-snapshot), each from a fresh app.

Update with ``pytest tests/app/test_snapshots_screens.py --snapshot-update``, then render
the SVGs to PNG and look at them before committing. Text in double quotes in a test's
docstring is quoted from its picture (``test_snapshot_docstrings.py`` checks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tui.app import PartyDiceApp
from tui.screens.setup import SetupScreen
from tui.widgets.choice import Choice

MakeApp = Callable[..., Any]


def test_title(snap_compare: Any, make_app: MakeApp) -> None:
    """The title at 80x24: the name, dice and suits, the menu with a key on every line
    (Aces, Chase, Rules, Settings, Quit; no Continue without saves), the Footer keys."""
    assert snap_compare(make_app(), terminal_size=(80, 24))


@pytest.mark.slow  # a larger size: the thorough tier
def test_title_large(snap_compare: Any, make_app: MakeApp) -> None:
    """The title at 160x48: the same card centred in a large terminal."""
    assert snap_compare(make_app(), terminal_size=(160, 48))


def test_title_ascii(snap_compare: Any, make_app: MakeApp) -> None:
    """``--ascii``: dice drawn as [1]..[6], cards as As Kh Qd Jc and the box with + - |,
    nothing else changes."""
    assert snap_compare(make_app(ascii_glyphs=True), terminal_size=(80, 24))


def test_setup_aces(snap_compare: Any, make_app: MakeApp) -> None:
    """Setup for Aces at 80x24, a new group: two numbered people to type over (the first
    focused, its name selected) and two computers, each with person/computer, move and
    remove buttons; "+ Add computer" and "Computers 2" beside "+ Add seat"; "4 players
    (2 to 6)"; who starts (roll-off), match (one round); no variants, and "Change"."""
    assert snap_compare(make_app(), press=["a"], terminal_size=(80, 24))


def _remember_a_table() -> None:
    from tui.engine.controller import Seat
    from tui.gameconfig import GameConfig
    from tui.kept_settings import KeptTables

    seats = (Seat("Ann"), Seat("Ben"), Seat("Ada", "casual"), Seat("Alan", "sharp"))
    KeptTables().remember(GameConfig("aces", seats))


def test_title_play_again(snap_compare: Any, make_app: MakeApp) -> None:
    """The title at 80x24 after a table was set up: "Play again" comes first, with the
    table in a few words ("Aces: Ann, Ben + 2 computers"), so p or Enter starts it."""
    _remember_a_table()
    assert snap_compare(make_app(), terminal_size=(80, 24))


@pytest.mark.slow  # a larger size: the thorough tier
def test_title_play_again_large(snap_compare: Any, make_app: MakeApp) -> None:
    """The same at 160x48: "Play again" first in the centred menu."""
    _remember_a_table()
    assert snap_compare(make_app(), terminal_size=(160, 48))


def test_setup_variants(snap_compare: Any, make_app: MakeApp) -> None:
    """Ctrl+T on the Aces setup at 80x24: the variants over the setup, with the same
    switches and lines as Settings ("Three-Chip Start", "Everyone starts with three
    chips instead of two.") and how to leave ("Escape: done.")."""
    assert snap_compare(make_app(), press=["a", "ctrl+t"], terminal_size=(80, 24))


@pytest.mark.slow  # a larger size: the thorough tier
def test_setup_variants_large(snap_compare: Any, make_app: MakeApp) -> None:
    """The same at 160x48, every Aces variant shown at once ("Single-Die")."""
    assert snap_compare(make_app(), press=["a", "ctrl+t"], terminal_size=(160, 48))


def test_setup_chase(snap_compare: Any, make_app: MakeApp) -> None:
    """Setup for Chase at 80x24: two people, two casual computers and a seat added and
    made a sharp computer (named, with its one-line description under the row);
    "Computers 3"; "5 players (3 to 20)"; first dealer random; all out at once: keep
    the last life."""

    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("c")
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        rows = screen.rows()
        rows[-1].kind_select.value = "sharp"
        await pilot.pause()
        pilot.app.screen.query_one("#start").focus()

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_setup_invalid(snap_compare: Any, make_app: MakeApp) -> None:
    """Setup with problems: seat 2 empty ("Needs a name." under it), seat 3 repeats seat
    1 ("Same name as seat 1."), both marked; "Fix what is marked to start."; Start
    greyed out."""

    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("a")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, SetupScreen)
        rows = screen.rows()
        rows[1].name_input.value = ""
        rows[2].name_input.value = "player 1"
        await pilot.pause()
        rows[1].name_input.focus()

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_setup_too_few(snap_compare: Any, make_app: MakeApp) -> None:
    """Setup for Chase with two seats left: the count "2 players (3 to 20)" marked, and
    beside Back and Start the reason, "Chase the Ace needs at least 3 players (2 now).";
    Start greyed out."""

    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("ctrl+r", "ctrl+r")
        await pilot.pause()

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


@pytest.mark.slow  # a larger size: the thorough tier
def test_setup_chase_large(snap_compare: Any, make_app: MakeApp) -> None:
    """Setup for Chase at 160x48 with 12 seats: every seat visible without scrolling,
    the options and Start below them."""

    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("c")
        for _ in range(9):
            await pilot.press("ctrl+n")
        await pilot.pause()
        pilot.app.screen.query_one("#first", Choice).value = "4"
        pilot.app.screen.query_one("#start").focus()

    assert snap_compare(make_app(), run_before=before, terminal_size=(160, 48))


def test_settings(snap_compare: Any, make_app: MakeApp) -> None:
    """Settings at 80x24: the Aces variants first, each a switch with "off" beside it,
    its title and its one-line explanation; the first switch focused."""
    assert snap_compare(make_app(), press=["s"], terminal_size=(80, 24))


def test_settings_conflict(snap_compare: Any, make_app: MakeApp) -> None:
    """Settings scrolled to Chase with Kings swap too and King stops play on: King
    stops play says "No effect while Kings swap too is on." and the box below the
    variants explains the conflict."""

    async def before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, PartyDiceApp)
        app.update_settings(variants={"chase": frozenset({"kings-swap", "king-stops"})})
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#row-kings-swap").scroll_visible(top=True, animate=False)
        app.screen.query_one("#variant-kings-swap").focus(scroll_visible=False)
        await pilot.pause()

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_settings_display(snap_compare: Any, make_app: MakeApp) -> None:
    """The end of the settings at 80x24: animation, dice and cards with the glyph check
    line (six die faces and four suits), computer level, "Old saved games" (offered for
    removal after "A month"), theme, and the first line of confirm before quitting."""

    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("s")
        await pilot.pause()
        pilot.app.screen.query_one("#row-animation").scroll_visible(top=True, animate=False)
        pilot.app.screen.query_one("#choice-animation").focus(scroll_visible=False)
        await pilot.pause()

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_settings_plain_text(snap_compare: Any, make_app: MakeApp) -> None:
    """The very end of the settings at 80x24: confirm before quitting, show the odds,
    and "Plain text (screen readers)", off, focused, saying it takes effect from the
    next start (party-dice --plain)."""

    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("s")
        await pilot.pause()
        pilot.app.screen.query_one("#plain").focus()
        await pilot.pause()

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_rules(snap_compare: Any, make_app: MakeApp) -> None:
    """Rules from the title at 80x24: two tabs, Aces in the Pot open at its start
    ("Everyone gets 2 chips"), and no note of a table's variants (none is open)."""
    assert snap_compare(make_app(), press=["r", "_"], terminal_size=(80, 24))


def test_rules_for_a_table(snap_compare: Any, make_app: MakeApp) -> None:
    """Rules opened by a Chase table with Four lives and Dealer draws: the Chase tab,
    the note "At this table, the rules below with these changes." under the title, each
    variant with what it changes ("Four lives: Everyone starts with four lives instead
    of three.")."""

    async def before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, PartyDiceApp)
        app.action_show_rules("chase", {"four-lives", "dealer-draws"})
        await pilot.pause(0.3)

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_help(snap_compare: Any, make_app: MakeApp) -> None:
    """Keys (F2) from the title at 80x24: the title's keys first ("where you were"),
    then keys that work everywhere."""
    assert snap_compare(make_app(), press=["f2"], terminal_size=(80, 24))


def test_confirm_quit(snap_compare: Any, make_app: MakeApp) -> None:
    """The quit question over a game in progress: the question in a box, Quit (y) and
    Keep playing (n), the latter focused."""
    from tui.screens import SubScreen

    class BusyTable(SubScreen):
        game_in_progress = True

    async def before(pilot: Pilot[Any]) -> None:
        pilot.app.push_screen(BusyTable())
        await pilot.pause()
        await pilot.press("ctrl+q")

    assert snap_compare(make_app(), run_before=before, terminal_size=(80, 24))


def test_title_play_again_at_60x20(snap_compare: Any, make_app: MakeApp) -> None:
    """The title at 60x20 (issue 38 item 9): the card fills the width with its four
    borders whole, without the dice and spare lines, "Play again" first ("Aces: Ann,
    Ben + 2 computers") and every line of the menu down to "Quit"."""
    _remember_a_table()
    assert snap_compare(make_app(), terminal_size=(60, 20))


def test_setup_chase_at_60x20(snap_compare: Any, make_app: MakeApp) -> None:
    """Setup for Chase at 60x20 (issue 38 item 9): each seat row keeps its name box
    (narrower), its kind, both arrows and the remove button on its line."""
    assert snap_compare(make_app(), press=["c"], terminal_size=(60, 20))

"""At 80x24 nothing a player needs runs off the screen (issue 15 bug 5).

Each test reads the screen as text (``screen_lines``) and looks for every word the
reported place lost: the Pass option of the ace+six choice with long names, the range
in the setup's number note, the setup's count of players and why it is wrong, "safe" at
the end of the table info's variants, and the Length and Variants columns and a 20-seat
game's names in Recent games.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from textual.widgets import DataTable, Input

from tests.support.app import AppDirs
from tests.support.chase import chase_config, screen_lines
from tests.support.table import aces_config, scripted_factory, write_settings
from tui.gameconfig import BOT_NAMES
from tui.widgets.action_bar import ActionBar
from tui.widgets.choice import Choice
from tui.widgets.table_info import TableInfo

MakeApp = Callable[..., Any]

LONG_NAMES = ["Alexandra Katharina", "Bartholomew Cunning", "Cleopatra Smithson"]
ACE_SIX_CHOICE = [1, 3, 2, 3, 2, 3, 1, 6]
"""Ann pots a chip, the others roll blanks, Ann rolls ace and six on her last chip."""


def flat(lines: list[str]) -> str:
    """Screen rows as one line of words, so a wrapped sentence reads as one."""
    return " ".join(" ".join(lines).split())


def rows_of(app: Any, widget: Any) -> list[str]:
    """The screen rows of ``widget``'s content, cut to its columns (no border)."""
    region = widget.content_region
    lines = screen_lines(app)[region.y : region.y + region.height]
    return [line[region.x : region.x + region.width] for line in lines]


async def test_the_ace_six_choice_reads_whole_with_long_names(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory(ACE_SIX_CHOICE))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(3, names=LONG_NAMES, first_seat=0))
        await pilot.pause()
        await pilot.press("enter", "r", "r", "r", "r")
        await pilot.pause()
        bar = app.screen.query_one(ActionBar)
        assert [action.kind for action in bar.actions] == ["pot", "pass"]
        shown = flat(rows_of(app, bar))
        for action in bar.actions:
            assert action.label in shown, (action.label, shown)


async def test_the_setup_number_note_keeps_its_range(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        screen = app.screen
        for mode, expected in (("rounds", "1 to 99 rounds"), ("bankroll", "1 to 999 chips each")):
            screen.query_one("#match", Choice).value = mode
            await pilot.pause()
            screen.query_one("#match-number", Input).value = "0"
            await pilot.pause()
            line = next(line for line in screen_lines(app) if "Match" in line)
            assert expected in line, line


async def test_the_setup_count_reads_whole_beside_a_scroll_bar_and_says_what_is_wrong(
    make_app: MakeApp,
) -> None:
    """Twenty seats scroll, and the scroll bar takes two columns from the count line:
    "20 players (3 to 20)" still reads whole. Too few players: the count is marked and
    the line beside Start says why (the sentence was cut to "Chase the Ace needs")."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        for _ in range(16):  # the setup's own Add seat (Ctrl+N), one by one
            await screen.action_add_seat()
        await pilot.pause()
        assert len(screen.rows()) == 20
        assert screen.seats.show_vertical_scrollbar
        line = next(line for line in screen_lines(app) if "Add seat" in line)
        assert "Computers 2" in line and line.rstrip().endswith("20 players (3 to 20)"), line
        for _ in range(18):  # Remove seat (Ctrl+R), the focused one or else the last
            await screen.action_remove_seat()
        await pilot.pause()
        assert len(screen.rows()) == 2
        lines = screen_lines(app)
        line = next(line for line in lines if "Add seat" in line)
        assert line.rstrip().endswith("2 players (3 to 20)"), line
        assert screen.query_one("#count-note").has_class("-invalid")
        start = next(line for line in lines if "Start" in line and "Back" in line)
        assert "Chase the Ace needs at least 3 players (2 now)." in start, start


async def test_the_table_info_keeps_every_variant(make_app: MakeApp, app_dirs: AppDirs) -> None:
    """Six seats leave the info box three rows; a long dealer's name wraps the status
    line, and the variants must still read to the end."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    names = ["Bartholomew Cunning", "Ben", "Cleo", "Dan", "Eve", "Fay"]
    variants = {"dealers-king", "four-lives", "pairs-safe"}
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(names, variants=variants, dealer=0))
        await pilot.pause()
        info = app.screen.query_one(TableInfo)
        shown = flat(rows_of(app, info))
        assert "Bartholomew Cunning to deal" in shown, shown
        assert "Variants: Dealer's King, Four lives, Pairs are safe" in shown, shown


async def test_recent_games_fit_the_width(make_app: MakeApp, app_dirs: AppDirs) -> None:
    from tui.screens.recent import RecentScreen
    from tui.storage.history import History

    players = ["Alexandra Katharina", *BOT_NAMES[:19]]
    when = datetime(2026, 11, 30, 20, 15, tzinfo=UTC)
    History().record(
        game="chase",
        players=players,
        winners=["Ada"],
        length=57,
        unit="rounds",
        variants=["pairs-safe", "dealers-king", "four-lives"],
        finished_at=when,
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.refresh_menu()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RecentScreen)
        table = app.screen.query_one("#recent", DataTable)
        assert table.max_scroll_x == 0, "the table scrolls sideways"
        lines = screen_lines(app)
        assert "Length" in lines[4] and "Variants" in lines[4], lines[4]
        words = {word.strip(",") for line in lines for word in line.split()}
        wanted = {"57", "rounds", "Dealer's", "King", "Four", "lives", "Pairs", "are", "safe"}
        wanted |= {word for name in players for word in name.split()}
        assert wanted <= words, wanted - words


async def test_aces_odds_read_whole_beside_three_chips(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Four seats at 80 columns leave a panel 15 cells: "3 chips, 22 %" fits only
    without the chip dots, so the dots go (not a lone "+", nor a cut percentage)."""
    from tui.engine.aces.odds import ChainSpec, forget, known
    from tui.narrate.words import percent
    from tui.widgets.player_panel import PlayerPanel

    forget()
    write_settings(app_dirs.settings, show_odds=True)
    app = make_app(settings_path=app_dirs.settings, rng_factory=scripted_factory([2, 3] * 20))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(4, variants={"three-chip"}, first_seat=0))
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(200):
            if known(ChainSpec.for_table(frozenset({"three-chip"}), 4)) is not None:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        panels = list(app.screen.query(PlayerPanel))
        assert len(panels) == 4
        for panel in panels:
            assert panel.model is not None and panel.model.odds is not None
            shown = flat(rows_of(app, panel))
            assert f"3 chips, {percent(panel.model.odds)}" in shown, shown
            assert "+" not in shown and "\u2026" not in shown, shown
    forget()


async def test_eight_chase_seats_show_every_computer_name_whole(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Eight seats at 80 columns leave a panel 15 cells: "Barbara computer" does not fit,
    so every computer seat says "computer" on its status line and its name whole (not
    "Ba…ra" while the log says Barbara)."""
    from tui.widgets.player_panel import PlayerPanel

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    names = ["Ann", "Ben", "Cleo", *BOT_NAMES[:5]]
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(names, bots=range(3, 8), dealer=0))
        await pilot.pause()
        panels = list(app.screen.query(PlayerPanel))
        assert len(panels) == 8
        for panel, name in zip(panels, names, strict=True):
            rows = rows_of(app, panel)
            first = rows[0].split()
            assert name in first, (name, first)
            kind = "computer" if name in BOT_NAMES else "person"
            assert kind in " ".join(rows[:3]).split(), (name, rows)


async def test_the_default_names_read_whole_at_four_chase_seats(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Four seats at 80 columns: "Player 1 person" does not fit a panel, so the name
    goes whole and "person" gives way (not "Pla… 1 person"); computers still say so."""
    from tui.widgets.player_panel import PlayerPanel

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    names = ["Player 1", "Player 2", "Ada", "Alan"]
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(names, bots=range(2, 4), dealer=2))
        await pilot.pause()
        panels = list(app.screen.query(PlayerPanel))
        for panel, name in zip(panels, names, strict=True):
            first = rows_of(app, panel)[0]
            assert name in first, (name, first)
        assert "computer" in rows_of(app, panels[2])[0]


async def test_the_aces_info_keeps_its_lines_apart_with_three_variants(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Three variants wrap the variants line: the reminder of the rules makes room
    (the variants say it), so no line runs into the next ("Single round  Variants")."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    variants = {"three-chip", "right-pass", "last-roll"}
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(aces_config(4, variants=variants, first_seat=0))
        await pilot.pause()
        rows = [row.strip() for row in rows_of(app, app.screen.query_one(TableInfo))]
        assert rows[0] == "Single round", rows
        assert "Variants: Last Roll, Right-Pass, Three-Chip Start" in flat(rows[1:]), rows


async def test_the_host_sees_who_asks_to_join_an_aces_table(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """An Aces info box is three rows at 80x24: who asks to join comes first and reads
    whole, and so does who is here ("Here: Ann · away: Ben · free: Cleo")."""
    from tests.support.fast_pilot import settle
    from tests.support.share import aces_config as shared_aces
    from tests.support.share import offline_pair
    from tui.share.remote import RemoteSession

    write_settings(app_dirs.settings)
    seats: list[dict[str, Any]] = [
        {"name": "Ann", "user": "root", "state": "here"},
        {"name": "Ben", "user": "ben", "state": "away"},
        {"name": "Cleo", "user": None, "state": "free"},
        {"name": "Dot", "user": None, "state": "computer"},
    ]
    presence = {"seats": seats, "watching": [], "asking": [{"id": 7, "user": "eve"}]}
    remote, _peer = offline_pair(shared_aces(), {0}, presence, host=True)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(RemoteSession(remote))
        await settle(pilot)
        rows = [row.strip() for row in rows_of(app, app.screen.query_one(TableInfo))]
        assert rows[0] == "Asking to join: eve (W answers)", rows
        assert "Here: Ann \u00b7 away: Ben \u00b7 free: Cleo" in rows, rows


async def test_the_setup_variants_line_keeps_all_five_and_its_change_button(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Five Chase variants are longer than the line: they wrap under "Variants:", and
    the Change button stays on the screen beside them."""
    from tui import games

    chosen = frozenset({"announce-low", "dealers-king", "dealer-draws", "four-lives", "king-stops"})
    write_settings(app_dirs.settings, variants={"chase": chosen})
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        button = app.screen.query_one("#setup-change-variants")
        assert app.screen.region.contains_region(button.region), button.region
        assert "Change" in flat(rows_of(app, button))
        shown = flat(rows_of(app, app.screen.query_one("#setup-variants")))
        for title in games.variant_titles("chase", chosen):
            assert title in shown, (title, shown)


async def test_a_tied_showdown_names_both_losers_in_the_middle(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Ben and Cleo tie for the lowest card: the middle says so in lines that fit
    ("Ben and Cleo" / "lose a life"), not "Ben +1 lose a …"."""
    from tests.support.chase import deck, deck_factory
    from tests.support.table import table_of

    tie = deck(3, 0, {1: "4C", 2: "4H", 0: "QS"}, ["7D"])
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([tie]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        for key in ["d", "enter", "s", "enter", "s", "enter", "s", "escape"]:
            await pilot.press(key)
        await pilot.pause()
        shown = flat(rows_of(app, table_of(app).centre))
        for words in ("Lowest card:", "Ben and Cleo", "lose a life"):
            assert words in shown, shown
        assert "\u2026" not in shown, shown


async def test_every_rules_contents_entry_reads_whole_on_its_line(make_app: MakeApp) -> None:
    """Issue 38, item 14: the rules' contents (t) at 80x24 wrapped "A6. The round ends
    at / once" and "C10. Hidden cards at one / keyboard"; every entry of both games is
    one row of the list, whole."""
    from tui.screens.rules import RulesContents

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        for game_key, game_id in (("a", "aces"), ("c", "chase")):
            await pilot.press(game_key)
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            contents = app.screen.query_one(f"#contents-{game_id}", RulesContents)
            rows = [row.strip() for row in rows_of(app, contents)]
            labels = [
                str(contents.get_option_at_index(i).prompt).strip()
                for i in range(contents.option_count)
            ]
            assert len(labels) >= 10
            for label in labels:
                assert label in rows, (label, rows)
            await pilot.press("t")
            await pilot.pause()

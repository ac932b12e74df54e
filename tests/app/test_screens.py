"""Pilot tests of the shell: moving between screens by keys, setup checks, settings
that survive a restart, the command palette, and the hooks the tables use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.widgets import Button, DataTable, Input, OptionList, Static, Switch

from tests.support.app import AppDirs
from tests.support.resilience import send_keys
from tests.support.table import engine_play_to_the_end, new_engine
from tui.gameconfig import GameConfig
from tui.screens import SubScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.rules import RulesScreen
from tui.screens.rules_document import RulesDocument
from tui.screens.seat_row import SeatRow
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen
from tui.session import TableSession
from tui.widgets.choice import Choice

MakeApp = Callable[..., Any]

# How to reach each screen from the title, by keys only.
ROUTES: dict[str, tuple[list[str], type]] = {
    "setup-aces": (["a"], SetupScreen),
    "setup-chase": (["c"], SetupScreen),
    "settings": (["s"], SettingsScreen),
    "rules": (["r"], RulesScreen),
    "help": (["f2"], HelpScreen),
}


def _text(widget: Static) -> str:
    return str(widget.render())


@pytest.mark.parametrize("route", list(ROUTES))
async def test_escape_goes_back_to_the_title(make_app: MakeApp, route: str) -> None:
    keys, screen_class = ROUTES[route]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, screen_class)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert len(app.screen_stack) == 1


RULES_KEYS = ("question_mark", "f1")
"""The two keys that open the rules: one binding of the app (``?`` and F1)."""


def rules_bindings(app: Any) -> dict[str, tuple[Any, str, bool]]:
    """What ``?`` and F1 do on the screen on top, as its focus stands: where each is
    bound, its action and whether it is enabled (a key the focused widget types, as
    ``?`` in a name, is not among them)."""
    return {
        key: (found.node, found.binding.action, found.enabled)
        for key, found in app.screen.active_bindings.items()
        if key in RULES_KEYS
    }


async def test_rules_key_opens_the_rules_from_every_screen(make_app: MakeApp) -> None:
    """On every screen ``?`` and F1 are the same binding (one action, bound in one
    place, enabled), so the keys take turns opening the rules, screen by screen, and
    Escape comes back to that screen (to the title from the rules themselves). In a new
    setup's first name ``?`` is typed like any letter while F1 still opens the rules:
    F1 is pressed there from inside the name, ``?`` once the name is left."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for index, route in enumerate(["title", *ROUTES]):
            key = RULES_KEYS[index % 2]
            opened: type = TitleScreen
            if route != "title":
                keys, opened = ROUTES[route]
                await pilot.press(*keys)
                await pilot.pause()
            assert isinstance(app.screen, opened), (route, app.screen)
            if opened is SetupScreen:
                name = app.focused
                assert isinstance(name, Input), (route, name)
                bound = rules_bindings(app)
                assert "question_mark" not in bound, (route, bound)
                assert bound["f1"][1:] == ("show_rules", True), (route, bound)
                name.blur()
                await pilot.pause()
            bound = rules_bindings(app)
            assert bound["question_mark"] == bound["f1"], (route, bound)
            assert bound["f1"][1:] == ("show_rules", True), (route, bound)
            if opened is SetupScreen and key == "f1":
                name.focus()
                await pilot.pause()
                assert app.focused is name, (route, app.focused)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen), (route, key, app.screen)
            await pilot.press("escape")
            await pilot.pause()
            back = TitleScreen if route == "rules" else opened
            assert isinstance(app.screen, back), (route, key, app.screen)
            if back is not TitleScreen:
                await pilot.press("escape")
                await pilot.pause()
            assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1, route


async def test_escape_on_the_title_stays(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.is_running


async def test_title_menu_by_arrows_and_enter(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        assert [menu.get_option_at_index(i).id for i in range(menu.option_count)] == [
            "aces",
            "chase",
            "host",
            "join",
            "rules",
            "settings",
            "quit",
        ]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.game_id == "chase"


async def test_q_on_the_title_quits(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


# -- setup ------------------------------------------------------------------------------


async def _setup(pilot: Any, game: str = "a") -> SetupScreen:
    await pilot.press(game)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


def _start(screen: SetupScreen) -> Button:
    return screen.query_one("#start", Button)


async def test_setup_starts_valid_with_numbered_players(make_app: MakeApp) -> None:
    """A new group: two numbered people to type over, two computers, the first name
    focused with its placeholder selected (typing replaces it)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot)
        seats = [(row.name_input.value, row.kind) for row in screen.rows()]
        assert seats == [
            ("Player 1", "person"),
            ("Player 2", "person"),
            ("Ada", "casual"),
            ("Alan", "casual"),
        ]
        assert not _start(screen).disabled
        assert app.focused is screen.rows()[0].name_input


BAD_NAMES = (("", "Needs a name."), ("player 1", "Same name as seat 1."), ("x" * 21, "at most 20"))
"""A name left empty, one already taken (letter case aside) and one too long."""


async def test_setup_marks_a_bad_name_next_to_it_and_disables_start(make_app: MakeApp) -> None:
    """Each bad name in turn, typed over the second seat's: marked beside it, Start
    disabled and Ctrl+S refused; a good name clears both before the next one."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot)
        row = screen.rows()[1]
        note = row.query_one(".seat-note", Static)
        for typed, message in BAD_NAMES:
            row.name_input.value = typed
            await pilot.pause()
            assert note.display and message in _text(note), (typed, _text(note))
            assert row.has_class("-invalid"), typed
            assert _start(screen).disabled, typed
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is screen, f"ctrl+s must not start an invalid table ({typed!r})"
            row.name_input.value = "Cleo"
            await pilot.pause()
            assert not note.display, typed
            assert not row.has_class("-invalid"), typed
            assert not _start(screen).disabled, typed


async def test_setup_typing_a_name_by_keys(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot)
        screen.rows()[0].name_input.focus()
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert _start(screen).disabled
        await pilot.press(*"Ann")
        await pilot.pause()
        assert screen.rows()[0].clean == "Ann"
        assert not _start(screen).disabled


async def test_setup_player_count_limits(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot)
        await send_keys(pilot, ["ctrl+n"] * 5)
        await pilot.pause()
        assert len(screen.rows()) == 6, "Aces takes at most 6"
        assert screen.query_one("#add-seat", Button).disabled
        for _ in range(5):
            screen.rows()[0].name_input.focus()
            await pilot.press("ctrl+r")
            await pilot.pause()
        assert len(screen.rows()) == 1
        count = screen.query_one("#count-note", Static)
        assert _text(count) == "1 player (2 to 6)" and count.has_class("-invalid")
        summary = _text(screen.query_one("#setup-problem", Static))
        assert summary == "Aces in the Pot needs at least 2 players (1 now)."
        assert _start(screen).disabled


async def test_setup_chase_has_three_to_twenty(make_app: MakeApp) -> None:
    """Chase seats 3 to 20: the seat list is filled to one short of twenty as the
    Computers number fills it (two people, seventeen computers), then Ctrl+N, pressed
    four times, adds the twentieth seat and no more."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot, "c")
        assert (screen.low, screen.high) == (3, 20)
        assert await screen.seats.set_computers(17) == 17
        await send_keys(pilot, ["ctrl+n"] * 4)
        await pilot.pause()
        assert len(screen.rows()) == 20
        assert not _start(screen).disabled


async def test_setup_moves_seats_and_sets_computers(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot)
        rows = screen.rows()
        rows[0].name_input.value = "Ann"
        rows[2].kind_select.value = "sharp"
        await pilot.pause()
        bot_name = rows[2].clean
        assert bot_name and not bot_name.startswith("Player")
        note = rows[2].query_one(".seat-note", Static)
        assert "odds" in _text(note), "the level's one-line description"
        rows[0].name_input.focus()
        await pilot.press("ctrl+down")
        await pilot.pause()
        assert [row.clean for row in screen.rows()] == ["Player 2", "Ann", bot_name, "Alan"]
        assert app.focused is screen.rows()[1].name_input
        config = screen.config()
        assert [seat.bot for seat in config.seats] == [None, None, "sharp", "casual"]


async def test_setup_start_hands_a_config_to_the_app(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    started: list[GameConfig] = []
    monkeypatch.setattr(app, "start_game", started.append)
    async with app.run_test(size=(80, 24)) as pilot:
        app.update_settings(variants={"chase": frozenset({"four-lives"})})
        screen = await _setup(pilot, "c")
        screen.query_one("#first", Choice).value = "2"
        screen.query_one("#all-out", Choice).value = "share"
        screen.rows()[0].name_input.value = "Ann"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    (config,) = started
    assert config.game_id == "chase"
    assert config.variants == {"four-lives"}
    assert config.first_seat == 2
    assert config.options["all_out"] == "share"
    assert config.names == ("Ann", "Player 2", "Ada", "Alan")
    assert app.settings.last_names == ("Ann",), "the typed name, not the placeholders"


async def test_setup_aces_match_number_is_checked(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _setup(pilot)
        screen.query_one("#match", Choice).value = "bankroll"
        await pilot.pause()
        number = screen.query_one("#match-number", Input)
        assert number.display and number.value == "10"
        number.value = "0"
        await pilot.pause()
        assert _start(screen).disabled
        number.value = "25"
        await pilot.pause()
        config = screen.config()
        assert (config.options["match"], config.options["bankroll"]) == ("bankroll", 25)


async def test_setup_remembers_people_from_last_time(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        app.update_settings(last_names=("Ann", "Ben", "Cleo", "Dan"))
        screen = await _setup(pilot)
        assert [r.clean for r in screen.rows()] == ["Ann", "Ben", "Cleo", "Dan"]
        await pilot.press("escape", "c")
        await pilot.pause()
        assert [r.kind for r in app.screen.query(SeatRow)] == ["person"] * 4


async def test_setup_start_opens_a_table(make_app: MakeApp) -> None:
    """With no table module yet or with one, Start leaves the setup for a table."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _setup(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, (SetupScreen, TitleScreen))
        assert isinstance(app.screen_stack[0], TitleScreen)


# -- settings ----------------------------------------------------------------------------


async def test_settings_survive_a_restart(make_app: MakeApp, app_dirs: AppDirs) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert app.focused is screen.query_one("#variant-three-chip", Switch)
        await pilot.press("space")  # three-chip on
        screen.query_one("#variant-kings-swap", Switch).value = True
        screen.query_one("#variant-king-stops", Switch).value = True
        screen.query_one("#choice-animation", Choice).value = "off"
        screen.query_one("#choice-glyphs", Choice).value = "ascii"
        screen.query_one("#choice-theme", Choice).value = "nord"
        screen.query_one("#confirm-quit", Switch).value = False
        screen.query_one("#plain", Switch).value = True
        await pilot.pause()
        conflicts = screen.query_one("#conflicts-chase", Static)
        assert conflicts.display and "King stops play" in _text(conflicts)
        note = screen.query_one("#row-king-stops .setting-note", Static)
        assert note.display and "Kings swap too" in _text(note)
        assert app.theme == "nord"
    assert app_dirs.settings.exists()

    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        settings = again.settings
        assert settings.variants_for("aces") == {"three-chip"}
        assert settings.variants_for("chase") == {"kings-swap", "king-stops"}
        assert settings.plain, "Plain text (screen readers) is kept for the next start"
        assert (settings.animation, settings.glyphs, settings.confirm_quit) == (
            "off",
            "ascii",
            False,
        )
        assert again.theme == "nord"
        assert again.ascii_glyphs
        await pilot.press("s")
        await pilot.pause()
        assert again.screen.query_one("#variant-three-chip", Switch).value


async def test_a_theme_from_the_palette_is_remembered(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        app.theme = "gruvbox"
        await pilot.pause()
    assert make_app().settings.theme == "gruvbox"


async def test_ascii_flag_overrides_the_glyph_setting(make_app: MakeApp) -> None:
    app = make_app(ascii_glyphs=True)
    async with app.run_test():
        assert app.settings.glyphs == "unicode"
        assert app.ascii_glyphs
        assert "[6]" in _text(app.screen.query_one("#title-glyphs", Static))


async def test_a_damaged_settings_file_is_told_and_defaults_used(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    app_dirs.settings.parent.mkdir(parents=True)
    app_dirs.settings.write_bytes(b"\x00\xff not toml")
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.settings.theme == "textual-dark"
        assert any("settings" in n.message.lower() for n in app._notifications)


# -- rules and help -----------------------------------------------------------------------


async def test_rules_hook_opens_the_game_with_its_variants_and_ruling(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase", {"four-lives", "kings-swap"}, ruling="C8")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen) and screen.game_id == "chase"
        viewer = screen.query_one("#viewer-chase", RulesDocument)
        await pilot.pause()
        assert "At this table" in viewer.source and "Four lives" in viewer.source
        line = viewer.heading_line("C8")
        assert line is not None and line > 0
        assert viewer.scroll_y == line, "C8 at the top"
        assert "C8." in viewer.render_line(0).text
        await pilot.press("a")
        await pilot.pause()
        assert screen.game_id == "aces"


async def test_rules_contents_list_the_headings_and_scroll_to_the_one_chosen(
    make_app: MakeApp,
) -> None:
    """``t`` shows the headings beside the rules; choosing one scrolls it to the top;
    ``t`` again hides the list and gives the keys back to the rules."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase", None)
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        contents = app.screen.query_one("#contents-chase", OptionList)
        assert contents.display and contents.has_focus
        labels = [str(contents.get_option_at_index(i).prompt) for i in range(contents.option_count)]
        assert "How to play" in labels and any(label.strip().startswith("C5.") for label in labels)
        contents.highlighted = next(i for i, label in enumerate(labels) if "C5." in label)
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen.query_one("#viewer-chase", RulesDocument)
        assert viewer.scroll_y == viewer.heading_line("C5")
        await pilot.press("t")
        await pilot.pause()
        assert not contents.display and viewer.has_focus
        await pilot.press("pagedown")
        await pilot.pause()
        assert viewer.scroll_y > viewer.heading_line("C5")


async def test_rules_screen_uses_a_tables_rules_context(make_app: MakeApp) -> None:
    from tui.screens import SubScreen

    class FakeTable(SubScreen):
        def rules_context(self) -> tuple[str, frozenset[str]]:
            return "aces", frozenset({"last-roll"})

    app = make_app()
    async with app.run_test() as pilot:
        app.push_screen(FakeTable())
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause(0.3)
        assert isinstance(app.screen, RulesScreen)
        assert "Last Roll" in app.screen.query_one("#viewer-aces", RulesDocument).source


async def test_help_lists_every_screens_keys(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        text = "\n".join(
            f"{title}\n" + "\n".join(f"{key} {what}" for key, what in rows)
            for title, rows in screen.sections()
        )
        for words in ("where you were", "Add seat", "Ctrl+P", "Contents", "Escape"):
            assert words in text
        assert text.index("where you were") < text.index("Everywhere")


# -- quitting, palette ----------------------------------------------------------------------


class BusyTable(SubScreen):
    """A screen with a game in progress that counts its saves."""

    game_in_progress = True

    def __init__(self) -> None:
        super().__init__()
        self.saved = 0

    def save_game(self) -> None:
        self.saved += 1


async def test_quit_during_a_game_asks_first(make_app: MakeApp) -> None:
    table = BusyTable()
    app = make_app()
    async with app.run_test() as pilot:
        app.push_screen(table)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, BusyTable)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert table.saved == 1
    assert not app.is_running


async def test_quit_over_another_question_asks_to_quit(make_app: MakeApp) -> None:
    """Ctrl+Q while "Leave this game?" is open (Escape at a table, or a storm's last
    byte) did nothing: the app looked deaf. It answers that question "no" and asks the
    quit question in its place; Ctrl+Q over the quit question itself asks nothing more."""
    left: list[bool | None] = []
    table = BusyTable()
    app = make_app()
    async with app.run_test() as pilot:
        app.push_screen(table)
        await pilot.pause()
        app.push_screen(ConfirmScreen("Leave this game?", yes="Leave"), left.append)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmScreen) and question.quitting
        assert question.question.startswith("Quit party-dice?")
        assert left == [False] and app.screen_stack[-2] is table
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.screen is question and app.screen_stack[-2] is table
        await pilot.press("y")
        await pilot.pause()
    assert table.saved == 1
    assert not app.is_running


async def test_keys_typed_before_the_quit_question_do_not_answer_it(make_app: MakeApp) -> None:
    """A storm left keys on the Settings screen that it had not handled when Ctrl+Q
    overtook them (``quit_lane``): they came up to the app with the quit question on
    top, and an "n" answered it "no" before it was ever drawn. Ctrl+Q looked ignored.
    A key pressed once the question is up still answers it."""
    table = BusyTable()
    app = make_app()
    async with app.run_test() as pilot:
        app.push_screen(table)
        await pilot.pause()
        app.action_open_settings()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await app.on_event(events.Key("n", "n"))  # forwarded, not yet handled
        await app.action_quit()  # Ctrl+Q, ahead of it (the quit lane)
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmScreen) and question.quitting
        assert isinstance(app.screen_stack[-2], SettingsScreen)
        await pilot.press("y")
        await pilot.pause()
    assert table.saved == 1
    assert not app.is_running


async def test_palette_has_useful_commands_and_no_screenshot(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test():
        titles = [command.title for command in app.get_system_commands(app.screen)]
    assert "Screenshot" not in titles
    for wanted in ("New Aces in the Pot game", "New Chase the Ace game", "Rules", "Settings"):
        assert wanted in titles
    assert "Theme" in titles and "Keys" in titles


async def test_palette_search_finds_no_screenshot(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await send_keys(pilot, "screensh")  # typed as one burst
        await pilot.pause(0.5)
        results = app.screen.query_one(OptionList)
        prompts = [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]
        assert not any("Screenshot" in prompt for prompt in prompts)


# -- never a traceback ---------------------------------------------------------------------


def test_an_internal_error_is_one_line_with_the_details_in_a_file(
    make_app: MakeApp, app_dirs: AppDirs, capsys: pytest.CaptureFixture[str]
) -> None:
    from rich.text import Text

    app = make_app()
    app._exit_renderables.append(Text("Traceback (most recent call last):\nValueError: boom"))
    app._print_error_renderables()
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err and "party-dice stopped" in err
    (log,) = (app_dirs.state / "party-dice").glob("crash-*.log")
    assert "ValueError: boom" in log.read_text()
    assert str(log) in err


# -- saves, Continue and Recent games ---------------------------------------------------------


def _bots_game(game_id: str = "aces", seed: int = 3) -> Any:
    import random

    from tui.engine.controller import Seat
    from tui.games import controller as make_controller

    names = ["Ann", "Ben", "Cleo"]
    game = new_engine(game_id, names, random.Random(seed))
    return make_controller(game, [Seat(name, "casual") for name in names])


async def test_autosave_then_history_once_the_game_is_over(make_app: MakeApp) -> None:
    from tui.screens.recent import RecentScreen
    from tui.storage.history import History

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        controller = _bots_game()
        slot = app.store.new_slot("aces")
        session = TableSession(controller, slot=slot)
        app.autosave(session)
        assert [save.slot_id for save in app.store.list()] == [slot.slot_id]
        engine_play_to_the_end(controller)
        app.autosave(session)
        app.autosave(session)
        assert app.store.list() == []
        await app.workers.wait_for_complete()  # the history is written on a thread
        records, message = History().recent()
        assert message is None and len(records) == 1
        record = records[0]
        assert record.players == ("Ann", "Ben", "Cleo") and record.unit == "turns"
        assert record.winners == tuple(controller.seats[s].name for s in controller.winners())
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        screen.refresh_menu()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RecentScreen)
        assert app.screen.query_one("#recent", DataTable).row_count == 1
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_continue_resumes_the_only_save(make_app: MakeApp) -> None:
    from tui.table.screen import TableScreen

    controller = _bots_game("chase")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        slot = app.store.new_slot("chase")
        app.autosave(TableSession(controller, slot=slot))
        slot.release()
        app.screen.refresh_menu()
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.get_option_at_index(0).id == "continue"
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.controller.to_dict() == controller.to_dict()


async def test_continue_lists_several_saves(make_app: MakeApp) -> None:
    from tui.screens.saves import SavesScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for game_id in ("aces", "chase"):
            slot = app.store.new_slot(game_id)
            app.autosave(TableSession(_bots_game(game_id), slot=slot))
            slot.release()
        app.screen.refresh_menu()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert app.screen.query_one("#saves", OptionList).option_count == 2
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert len(app.store.list()) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_resume_command_without_saves_says_so(make_app: MakeApp) -> None:
    from tui.commands import Command

    app = make_app(start=Command("resume"))
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        # The notice is posted from the title's mount: under load, a pause or two later.
        for _ in range(50):
            if any("no saved game" in n.message for n in app._notifications):
                break
            await pilot.pause()
        assert any("no saved game" in n.message for n in app._notifications)


async def test_play_command_opens_the_table_over_the_title(make_app: MakeApp) -> None:
    from tui.cli import parse
    from tui.table.screen import TableScreen

    command = parse(["play", "chase", "--names", "Ann,[b]Ben", "--computers", "2", "--seed", "5"])
    app = make_app(start=command)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert isinstance(app.screen_stack[0], TitleScreen)
        seats = app.screen.controller.seats
        assert [seat.name for seat in seats[:2]] == ["Ann", "[b]Ben"]
        assert [seat.human for seat in seats] == [True, True, False, False]

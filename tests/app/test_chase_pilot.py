"""The Chase the Ace table played by keys through the real app (animations off)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import (
    chase_config,
    controller_for,
    deck,
    deck_factory,
    play,
    play_to_the_end,
    screen_lines,
    table_of,
)
from tests.support.fast_pilot import press_settled, settle
from tests.support.table import on_top, write_settings
from tui.gameconfig import BOT_NAMES, GameConfig
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.session import TableSession
from tui.session.table_model import NumberChoice, PassCurtain, PrivateCard, RoundEnd
from tui.table.covers.cut import CutChooser
from tui.table.screen import TableScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.game_log import GameLog

MakeApp = Callable[..., Any]


def log_of(app: Any) -> str:
    return str(table_of(app).query_one(GameLog).plain)


def info_of(app: Any) -> tuple[str, ...]:
    from tui.widgets.table_info import TableInfo

    return tuple(table_of(app).query_one(TableInfo).lines)


def bar_labels(app: Any) -> list[str]:
    return [action.label for action in app.screen.query_one(ActionBar).actions]


async def open_after(
    pilot: Any, config: GameConfig, decks: list[list[str]], *moves: str | tuple[str, int]
) -> None:
    """Open the table of ``config`` with ``moves`` already played in the engine (the
    keys before them are not what the test is about), once it has settled: the curtain
    of whoever's turn it is stands over it."""
    controller = controller_for(config, decks)
    play(controller, *moves)
    pilot.app.open_table(TableSession(controller, config))
    await settle(pilot)


async def test_three_people_play_a_whole_game_by_keys(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(seed=2))  # 42 steps by keys, where seed 3 took 61
        await pilot.pause()
        seen = await play_to_the_end(pilot, random.Random(1))
        table = table_of(app)
        assert table.controller.over
        (winner,) = table.controller.winners()
        assert on_top(app).summary.title == f"{table.names[winner]} wins!"
        assert [a.kind for a in on_top(app).choices][:2] == ["rematch", "title"]
        assert {"curtain", "cut", "round", "final"} <= set(seen)
        assert "wins the game" in log_of(app)
        # Rematch: a fresh table with the same people.
        await pilot.press("r")
        await pilot.pause()
        fresh = table_of(app)
        assert fresh is not table and not fresh.controller.over
        assert fresh.names == table.names


@pytest.mark.slow  # a whole 20-seat game key by key: a soak
@pytest.mark.long(64)
async def test_one_person_and_nineteen_computers(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([]))
    names = ["Ann", *BOT_NAMES[:19]]
    config = chase_config(names, bots=range(1, 20), level="sharp", seed=5, dealer=None)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()

        def only_ann(app: Any) -> None:
            table = table_of(app)
            assert not any(isinstance(s, PassCurtain) for s in app.screen_stack)
            assert table.viewer == 0, "the only person's card is shown all the time"

        seen = await play_to_the_end(pilot, random.Random(2), limit=5000, check=only_ann)
        assert "curtain" not in seen and "private" not in seen
        assert table_of(app).controller.over
        assert "wins" in on_top(app).summary.title


async def test_the_dealer_cuts_with_arrows_digits_and_goes_back(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    stock = ["7D", "5S", "JH", "9C", "2S"]
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, stock)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_after(pilot, chase_config(), [cards], "deal", "stand", "stand")
        await press_settled(pilot, "enter")  # Ann's curtain: the dealer's turn
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(on_top(app), NumberChoice)
        cut = app.screen.query_one(CutChooser)
        assert (cut.low, cut.high, cut.depth) == (1, 49, 25), "starts in the middle"
        await pilot.press("right", "right", "left")
        assert cut.depth == 26
        await pilot.press("pagedown")
        assert cut.depth == 31
        await pilot.press("home")
        assert cut.depth == 1
        await pilot.press("4", "2")
        assert cut.depth == 42
        await pilot.press("7")
        assert cut.depth == 7, "a depth past the stock starts a new number"
        await pilot.press("end")
        assert cut.depth == 49
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), TableScreen), "Escape goes back without cutting"
        assert bar_labels(app) == ["Stand", "Cut the deck"]
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("home", "right", "right", "right", "enter")
        await pilot.pause()
        # Depth 4 is the 9♣: Ann takes it, the round ends, Ben's 4♣ is lowest.
        assert "Ann cuts the deck at 4 and takes that card" in log_of(app)
        assert isinstance(on_top(app), RoundEnd)
        shown = {card.name: card.card for card in on_top(app).summary.showdown}
        assert shown["Ann"] == "9♣" and shown["Ben"] == "4♣"


async def test_a_random_cut_leaves_the_games_deck_alone(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """R picks a depth from the chooser's own random source: the game's random source,
    and so every later deck, is the same whatever depth was chosen."""
    states = []
    for keys in (["r", "r", "enter"], ["enter"]):
        write_settings(app_dirs.settings)
        app = make_app(settings_path=app_dirs.settings)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_after(pilot, chase_config(seed=9), [], "deal", "stand", "stand")
            await press_settled(pilot, "enter")  # Ann's curtain: the dealer's turn
            await pilot.press("c", *keys)
            await pilot.pause()
            states.append(table_of(app).controller.game.to_dict()["rng"])
    assert states[0] == states[1]


async def test_a_king_blocks_a_swap_and_its_holder_cannot_change(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "KS", 0: "QS"}, ["7D"])
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_after(pilot, chase_config(), [cards], "deal")
        await press_settled(pilot, "enter")  # Ben's curtain
        await pilot.press("c")
        await pilot.pause()
        assert "Ben asks to change, Cleo shows a King (K♠): no swap" in log_of(app)
        assert isinstance(on_top(app), TableScreen), "nothing private after a block"
        assert table_of(app).viewer is None, "a King up needs no curtain: Cleo can only stand"
        assert any("[K♠] King up" in line for line in screen_lines(app))
        assert "Kings up: Cleo K♠" in info_of(app)
        assert bar_labels(app) == ["Stand"], "Change is not offered"
        assert "No change: Cleo's King is face up, and a King is never changed" in info_of(app)


async def test_a_king_goes_face_up_on_its_holders_turn(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "KH", 2: "4C", 0: "QS"}, ["7D"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        # No choice, so no curtain: Ben's King goes face up by itself after a pause.
        assert not isinstance(on_top(app), PassCurtain)
        assert bar_labels(app) == ["Show your King"]
        assert app.screen.query_one(ActionBar).prompt == "Ben has no choice:"
        await settle(pilot)
        assert "Ben puts a King face up (K♥)" in log_of(app)
        assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 2


async def test_king_stops_play_goes_straight_to_the_showdown(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "KH", 2: "4C", 0: "QS"}, ["7D"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(variants=["king-stops"]))
        await pilot.pause()
        await pilot.press("d")
        await settle(pilot)  # Ben has no choice and no curtain: his King shows by itself
        assert isinstance(on_top(app), RoundEnd)
        lines = on_top(app).summary.lines
        assert "Ben's King stopped play." in lines
        assert "Cleo loses a life (4♣, lowest): 2 lives left." in lines


async def test_dealers_king_costs_the_dealer_a_life(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["KD"])
    config = chase_config(variants=["dealers-king", "dealer-draws"])
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_after(pilot, config, [cards], "deal", "stand", "stand")
        await pilot.press("enter")  # Ann's curtain: the dealer's turn
        await pilot.pause()
        assert bar_labels(app) == ["Stand", "Draw the top card"]
        await pilot.press("d")
        await pilot.pause()
        assert "Ann draws the top card and finds K♦: keeps the old card" in log_of(app)
        assert "Ann loses a life for finding a King (2 lives left)" in log_of(app)
        lines = on_top(app).summary.lines
        assert "Ann found K♦ and kept the old card." in lines
        assert "Ben loses a life (4♣, lowest): 2 lives left." in lines
        assert "The pot holds 2 lives." in lines


async def _all_out(make_app: MakeApp, app_dirs: AppDirs, all_out: str) -> Any:
    """Ben and Cleo alone, one life each, tie for lowest: the setting decides."""
    from tests.support.chase import controller_for, play

    write_settings(app_dirs.settings)
    config = chase_config(all_out=all_out)
    decks = [
        deck(3, 0, {1: "2C", 2: "9H", 0: "AS"}),  # Ann loses
        deck(3, 1, {2: "9D", 0: "AH", 1: "3C"}),  # Ann loses
        deck(3, 2, {0: "AD", 1: "4S", 2: "8C"}),  # Ann out
        deck(3, 1, {2: "2D", 1: "QC"}),  # Cleo loses (Ben deals)
        deck(3, 2, {1: "3D", 2: "JC"}),  # Ben loses
        deck(3, 1, {2: "2H", 1: "QD"}),  # Cleo loses: one life left
        deck(3, 2, {1: "3H", 2: "JS"}),  # Ben loses: one life left
        deck(3, 1, {2: "5D", 1: "5C"}),  # a tie on their last lives
    ]
    controller = controller_for(config, decks)
    for _ in range(3):
        play(controller, "deal", "stand", "stand", "stand")
    for _ in range(4):
        play(controller, "deal", "stand", "stand")
    play(controller, "deal", "stand")
    assert controller.view(None).seats[1].counters == controller.view(None).seats[2].counters == 1
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableSession(controller, config))
        await pilot.pause()
        await pilot.press("enter", "s")
        await pilot.pause()
        return on_top(app).summary


async def test_all_out_at_once_replays_by_default(make_app: MakeApp, app_dirs: AppDirs) -> None:
    summary = await _all_out(make_app, app_dirs, "replay")
    assert not summary.final
    assert summary.title == "Round 8: all out at once, play again"
    assert "Ben and Cleo would all go out: they keep their last life and play on." in summary.lines


async def test_all_out_at_once_can_share_the_win(make_app: MakeApp, app_dirs: AppDirs) -> None:
    summary = await _all_out(make_app, app_dirs, "share")
    assert summary.final
    assert summary.title == "Ben and Cleo share the win!"


async def test_pairs_are_safe_nobody_loses(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "4H", 0: "4S"}, ["7D"])
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        config = chase_config(variants=["pairs-safe"])
        await open_after(pilot, config, [cards], "deal", "stand", "stand")
        await press_settled(pilot, "enter")  # Ann's curtain: the dealer's turn
        await pilot.press("s")
        await pilot.pause()
        assert on_top(app).summary.title == "Round 1: nobody loses"
        assert "Every card is paired: nobody loses a life." in on_top(app).summary.lines


async def test_every_variant_is_listed_on_the_table(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    variants = ["announce-low", "dealers-king", "four-lives", "king-stops", "pairs-safe"]
    async with app.run_test(size=(160, 48)) as pilot:
        app.start_game(chase_config(variants=variants))
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).split())
        for title in (
            "Announce low cards",
            "Dealer's King",
            "Four lives",
            "King stops play",
            "Pairs are safe",
        ):
            assert title in text
        assert "4 lives" in text


async def test_variants_from_the_settings_reach_the_table(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """``party-dice play chase`` without --variant plays the variants of the settings."""
    from tui.cli import parse

    write_settings(app_dirs.settings, variants={"chase": frozenset({"four-lives", "dealer-draws"})})
    command = parse(["play", "chase", "--names", "Ann,Ben,Cleo", "--first-seat", "1"])
    app = make_app(settings_path=app_dirs.settings, start=command)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = table_of(app)
        assert table.controller.view(None).variants == {"four-lives", "dealer-draws"}
        assert "Variants: Dealer draws, Four lives" in info_of(app)
        assert any("Variants: Dealer draws" in line for line in screen_lines(app))


async def test_no_screenshot_at_the_table(
    make_app: MakeApp, app_dirs: AppDirs, tmp_path: Any, monkeypatch: Any
) -> None:
    """The command palette offers no Screenshot at this table, no key takes one, and
    the screenshot action writes nothing (it would put hidden cards on disk)."""
    monkeypatch.chdir(tmp_path)
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        await press_settled(pilot, "d")
        await pilot.press("enter")
        await pilot.pause()
        for screen in (on_top(app),):
            titles = [command.title for command in app.get_system_commands(screen)]
            assert "Screenshot" not in titles
            actions = [b.binding.action for b in screen.active_bindings.values()]
            assert not any("screenshot" in action for action in actions)
        await pilot.press("ctrl+s")
        await app.run_action("screenshot")
        await pilot.pause()
        assert not list(tmp_path.rglob("*.svg"))
        assert isinstance(on_top(app), TableScreen)


async def test_escape_on_a_curtain_asks_to_leave(make_app: MakeApp, app_dirs: AppDirs) -> None:
    write_settings(app_dirs.settings, confirm_quit=True)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain)
        await pilot.press("s", "c", "space")
        assert isinstance(on_top(app), PassCurtain), "only Enter lifts the curtain"
        await pilot.press("f2")  # the keys here: Escape once (it was the curtain's and the table's)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        title, rows = app.screen.sections()[0]
        assert title.startswith("At this table")
        assert [key.lower() for key, _ in rows].count("escape") == 1, rows
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), ConfirmScreen)


async def test_a_swap_shows_the_new_card_until_covered(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D"])
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_after(pilot, chase_config(), [cards], "deal")
        await press_settled(pilot, "enter")  # Ben's curtain
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(on_top(app), PrivateCard)
        text = "\n".join(screen_lines(app))
        assert "you gave 4♣ and got 9♥" in text
        assert "Ben changes with Cleo" in log_of(app)
        assert "9♥" not in log_of(app) and "4♣" not in log_of(app)
        await pilot.press("s", "space")
        assert isinstance(on_top(app), PrivateCard), "only Enter covers the card"
        await pilot.press("escape")  # as the footer offers: leave the table? No.
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(on_top(app), PrivateCard), "the card is still there to cover"
        await press_settled(pilot, "enter")
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 2
        await pilot.press("enter")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "4♣" in text and "from Ben" in text, "Cleo sees what Ben handed her"


@pytest.mark.parametrize(
    "sizes",
    [
        pytest.param([(1, 1), (59, 19), (60, 20)], id="three"),
        pytest.param(
            [(1, 1), (30, 10), (59, 19), (80, 24), (200, 60), (60, 20)],
            id="six",
            marks=pytest.mark.slow,
        ),
    ],
)
async def test_resizing_during_curtains_and_the_cut_never_crashes(
    make_app: MakeApp, app_dirs: AppDirs, sizes: list[tuple[int, int]]
) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        for keys, kind in (
            (["d"], PassCurtain),
            (["enter", "c"], PrivateCard),
            (["enter", "enter", "s", "enter", "c"], NumberChoice),
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(on_top(app), kind)
            for size in sizes:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                screen_lines(app)
                assert isinstance(on_top(app), kind)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(on_top(app), RoundEnd)


async def test_rules_and_keys_from_a_curtain_and_the_cut(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    from tui.screens.help import HelpScreen
    from tui.screens.rules import RulesScreen

    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(variants=["pairs-safe"]))
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain)
        await pilot.press("question_mark")
        await pilot.pause()
        rules = on_top(app)
        assert isinstance(rules, RulesScreen)
        assert (rules.game_id, rules.variants) == ("chase", frozenset({"pairs-safe"}))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain), "back to the curtain, still covered"
        await pilot.press("enter", "s", "enter", "s", "enter", "c")
        await pilot.pause()
        assert isinstance(on_top(app), NumberChoice)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(on_top(app), HelpScreen)
        assert ("r", "A random depth") in app.screen_stack[-2].help_keys()


async def test_the_round_end_keeps_its_keys_when_its_text_is_taller_than_the_screen(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Twenty seats with long (and wide) names at 80x24: the showdown's text is taller
    than the screen. The box lost its keys off its bottom (only Enter, unseen, went
    on); it loses its last lines of text instead, and its keys stay."""
    from tests.app.test_snapshots_chase import chase_app
    from tests.support.chase import controller_for, play
    from tui.gameconfig import BOT_NAMES

    people = ["王小明明明明明明明明", "李雪花花花花花", "😀" * 8, "Bartholomew-Maximili"]
    people += ["شهرزاد الجميلة", "שמואל הנביא", "Zoë Ångström-Ødegård", "金正恩恩恩恩"]
    people += ["佐藤さくらさくら", "🎲" * 7]
    config = chase_config([*people, *BOT_NAMES[:10]], range(10, 20), dealer=9, seed=5)
    controller = controller_for(config)
    play(controller, "deal")
    while controller.whose_turn() != 9:  # everyone but the dealer, a person, has moved
        if controller.is_bot_turn():
            controller.play_bot()
        else:
            controller.apply(controller.actions()[0])
    app, before = chase_app(make_app, app_dirs, config, controller=controller)
    async with app.run_test(size=(80, 24)) as pilot:
        await before(pilot)
        await settle(pilot)  # the curtain counted as drawn before its Enter, on any load
        await press_settled(pilot, "enter", "s")
        assert isinstance(on_top(app), RoundEnd)
        text = "\n".join(screen_lines(app))
        assert "Look at the table" in text and "lose a life" in text

"""Issue 15's privacy hole, through the app: keys typed ahead never lift a curtain or
make a person's move (``tui.table.gate``, rule ``tui.session.keygate``).

Each test plays the issue's own command line with ``ScriptedTimes``: the test says when
each key arrives (``times.wait``) and a curtain or a person's actions are drawn at the
time the screen stamps them, so the times are exact and nothing sleeps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import chase_config, deck, deck_factory, screen_lines, table_of
from tests.support.gate import ScriptedTimes
from tests.support.table import on_top, write_settings
from tui.cli import parse
from tui.engine.core import Event
from tui.glyphs import card as card_label
from tui.session.keygate import DECISION
from tui.session.table_model import PassCurtain, PrivateCard, RoundEnd
from tui.table.screen import TableScreen
from tui.widgets.game_log import GameLog

MakeApp = Callable[..., Any]
REPEAT = 1 / 30
"""A held key's repeat interval."""


@pytest.fixture
def times(monkeypatch: pytest.MonkeyPatch) -> ScriptedTimes:
    """The clock of every table the test opens."""
    clock = ScriptedTimes()
    monkeypatch.setattr(TableScreen, "default_times", staticmethod(lambda: clock))
    return clock


def config_of(command: str) -> Any:
    play = parse(command.split()).play
    assert play is not None
    return play.config()


async def open_game(
    make_app: MakeApp, app_dirs: AppDirs, command: str, animation: str = "off"
) -> tuple[Any, Any]:
    write_settings(app_dirs.settings, animation=animation)
    app = make_app(settings_path=app_dirs.settings)
    return app, config_of(command)


async def key(pilot: Any, times: ScriptedTimes, name: str, after: float) -> None:
    """``name`` arrives ``after`` seconds after the last key (or the last thing drawn)."""
    times.wait(after)
    await pilot.press(name)
    await pilot.pause()


def hidden_from(app: Any, viewer: int | None) -> list[str]:
    """Labels of the face-down cards ``viewer`` may not see (everyone's, for ``None``)."""
    controller = table_of(app).controller
    public = controller.view(None)
    own = controller.view(viewer).seats[viewer].card if viewer is not None else None
    return [
        card_label(card)
        for seat, card in enumerate(controller.game.hands)
        if card is not None and public.seats[seat].card is None and card != own
    ]


def assert_nothing_hidden_shown(app: Any, viewer: int | None) -> None:
    text = "\n".join(screen_lines(app))
    for label in hidden_from(app, viewer):
        assert label not in text, (label, viewer, type(on_top(app)).__name__)


async def test_a_second_enter_after_covering_a_card_does_not_lift_the_next_curtain(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes
) -> None:
    """Issue 15: Cleo deals, Ann changes, covers her card with Enter, and a second
    Enter 0.05 to 0.4 s later must leave "Pass to Ben" up (Ann would see Ben's card)."""
    for gap in (0.05, 0.2, 0.4):
        app, config = await open_game(
            make_app, app_dirs, "play chase --names Ann,Ben,Cleo --first-seat 3 --seed 30"
        )
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game(config)
            await pilot.pause()
            await key(pilot, times, "d", 1.0)
            assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 0
            await key(pilot, times, "enter", 1.0)
            await key(pilot, times, "c", 1.0)
            assert isinstance(on_top(app), PrivateCard) and on_top(app).seat == 0
            await key(pilot, times, "enter", 1.0)
            assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 1
            await key(pilot, times, "enter", gap)
            assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 1, gap
            assert table_of(app).viewer is None
            assert_nothing_hidden_shown(app, None)
            await key(pilot, times, "enter", 1.0)  # Ben, on purpose
            assert table_of(app).viewer == 1


async def test_enter_twice_at_the_deal_does_not_show_the_first_player_s_card_to_the_dealer(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes
) -> None:
    app, config = await open_game(
        make_app, app_dirs, "play chase --names Ann,Ben,Cleo --first-seat 3 --seed 30"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        await key(pilot, times, "enter", 1.0)  # Cleo deals (the only action)
        assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 0
        for gap in (0.05, 0.1, 0.3, 0.4):
            await key(pilot, times, "enter", gap)
            assert isinstance(on_top(app), PassCurtain), gap
            assert_nothing_hidden_shown(app, None)
        # Still hammering, a key repeat for two seconds: the curtain holds.
        for _ in range(60):
            await key(pilot, times, "enter", REPEAT)
        assert isinstance(on_top(app), PassCurtain) and table_of(app).viewer is None
        await key(pilot, times, "enter", 0.6)  # let go, then pressed on purpose
        assert table_of(app).viewer == 0


async def test_enter_on_the_round_end_box_deals_but_not_when_typed_before_it_was_drawn(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes
) -> None:
    """The round's end is a box over the table (``tui.table.cover``), not a screen: Enter
    still takes its first choice (the deal) once the box has been on screen a moment,
    as the modal screen did; an Enter typed with the key that ended the round (before
    the box was drawn), or hurried after it, deals nothing."""
    times.draw_lag = 0.005
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "KH", 2: "4C", 0: "QS"}, ["7D"])  # Ben's King stops play
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config(variants=["king-stops"]))
        await pilot.pause()
        await key(pilot, times, "d", 1.0)
        await key(pilot, times, "enter", 1.0)  # Ben takes the keyboard
        times.wait(1.0)
        await pilot.press("k", "enter")  # the Enter arrives with the King, typed ahead
        await pilot.pause()
        box = on_top(app)
        assert isinstance(box, RoundEnd) and box.choices[0].kind == "deal"
        assert table_of(app).presenter.gate.opened_at is not None, "the box was drawn"
        for gap in (0.05, 0.3):  # hurried, before it has been on screen a moment
            await key(pilot, times, "enter", gap)
            assert on_top(app) is box, gap
        await key(pilot, times, "enter", DECISION.quiet + 0.05)  # on purpose
        assert not isinstance(on_top(app), RoundEnd), "a deliberate Enter did not deal"
        assert "deals" in "\n".join(line for line, _ in table_of(app).query_one(GameLog).lines)


async def test_enter_every_0_3_s_to_hurry_the_computers_never_lifts_a_curtain(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes
) -> None:
    """Ben deals, then presses Enter every 0.3 s through the computers' turns: Ann's
    curtain comes up and stays up; Ben never sees her card."""
    app, config = await open_game(
        make_app,
        app_dirs,
        "play chase --names Ann,Ben --computers 3 --first-seat 2 --seed 30",
        animation="fast",
    )
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        await key(pilot, times, "d", 1.0)
        curtains = 0
        for _ in range(40):
            await key(pilot, times, "enter", 0.3)
            table = table_of(app)
            if isinstance(on_top(app), PassCurtain):
                curtains += 1
                assert table.viewer is None
            assert table.viewer != 0
            assert_nothing_hidden_shown(app, table.viewer)
        assert curtains > 0, "Ann's curtain never came up"
        assert isinstance(on_top(app), PassCurtain) and on_top(app).seat == 0


async def test_keys_pressed_to_hurry_the_computers_do_not_make_the_person_s_move(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes
) -> None:
    """Issue 15: Ann alone with four computers, `c` every 0.35 s: the computers are
    hurried, but Ann does not change a card she never saw; a `c` after she has looked
    for a moment does change."""
    app, config = await open_game(
        make_app,
        app_dirs,
        "play chase --names Ann --computers 4 --first-seat 4 --seed 3",
        animation="normal",
    )
    async with app.run_test(size=(80, 48)) as pilot:
        app.start_game(config)
        await pilot.pause()
        table = table_of(app)
        moved: list[list[Event]] = []
        apply = table.controller.apply

        def watched(action: Any) -> list[Event]:
            if table.presenter.person_deciding():
                moved.append([])
            events: list[Event] = apply(action)
            return events

        table.controller.apply = watched
        for _ in range(30):
            await key(pilot, times, "c", 0.35)
        assert not moved, "a key pressed to hurry the computers made Ann's move"
        assert table.controller.whose_turn() == 0 and table.presenter.gate.opened_at is not None
        log = "\n".join(line for line, _ in table.query_one(GameLog).lines)
        assert "Ann changes" not in log
        await key(pilot, times, "c", DECISION.quiet + 0.05)
        assert moved, "a deliberate key did not make Ann's move"


SOAK_KEYS = 250
"""Keys a soak types: most games end before (the test stops at the winner's screen)."""
EVERYDAY_KEYS = 120
"""Keys of the everyday run's game: its first rounds, nine moves by people."""

TWO_AND_TWO = "play chase --names Ann,Ben --computers 2 --seed 5"
TABLES = [
    pytest.param(
        TWO_AND_TWO, EVERYDAY_KEYS, id=f"chase, two people and two computers, {EVERYDAY_KEYS} keys"
    ),
    pytest.param(
        TWO_AND_TWO,
        SOAK_KEYS,
        id="chase, two people and two computers",
        marks=[pytest.mark.slow, pytest.mark.long(32)],
    ),
    pytest.param(
        "play chase --names Ann,Ben,Cleo --seed 8",
        SOAK_KEYS,
        id="chase, three people",
        marks=[pytest.mark.slow, pytest.mark.long(36)],
    ),
    pytest.param(
        "play aces --names Ann,Ben,Cleo --match rounds --rounds 3 --seed 4",
        SOAK_KEYS,
        id="aces, three people",
        marks=[pytest.mark.slow, pytest.mark.long(37)],
    ),
]
"""The first game's first ``EVERYDAY_KEYS`` keys are in the everyday run; whole games are soaks
(``-m slow``)."""


@pytest.mark.parametrize(("command", "keys"), TABLES)
async def test_no_person_s_move_is_made_by_a_key_typed_before_their_turn_was_drawn(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes, command: str, keys: int
) -> None:
    """A typist presses keys at random moments: bursts arriving at once, held keys,
    double presses, deliberate keys. Whenever a person's move is made, the key that
    made it arrived after their turn was drawn, and at least ``DECISION.settle`` later.
    A burst's keys all arrived before anything they led to was drawn (``draw_lag``)."""
    from tui.session.table_model import NumberChoice, RoundEnd
    from tui.widgets.action_bar import ActionBar

    times.draw_lag = 0.005
    chooser = __import__("random").Random(command)
    app, config = await open_game(make_app, app_dirs, command)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        table = table_of(app)
        drawn: list[float | None] = [None]
        moves: list[tuple[float, float | None]] = []
        presenter = table.presenter
        show, apply = presenter._show_actions, table.controller.apply

        def shown() -> None:
            show()
            drawn[0] = times.now() if presenter.person_deciding() else None

        def applied(action: Any) -> list[Event]:
            if presenter.person_deciding():
                moves.append((times.t, drawn[0]))
            events: list[Event] = apply(action)
            return events

        presenter._show_actions = shown
        table.controller.apply = applied
        drawn[0] = times.now() if presenter.person_deciding() else None  # drawn at the start
        for _ in range(keys):
            top = on_top(app)
            if isinstance(top, RoundEnd) and top.summary.final:
                break
            pool = ["enter", "enter", "space", "c", "s", "d", "r"]
            if isinstance(top, NumberChoice):
                pool = ["enter", "r", "1", "right", "home"]
            elif top is table:
                pool += [action.key for action in table.query_one(ActionBar).actions]
            times.wait(chooser.choice([0.0, 0.0, REPEAT, chooser.uniform(0.05, 0.4), 0.7, 1.5]))
            await pilot.press(chooser.choice(pool))
            await pilot.pause()
        last = (type(on_top(app)).__name__, screen_lines(app))
    assert len(moves) > 6, last
    for at, drawn_at in moves:
        assert drawn_at is not None and at > drawn_at, (at, drawn_at)
        assert at - drawn_at >= DECISION.settle, (at, drawn_at)


async def test_the_app_s_keys_are_never_held_back(
    make_app: MakeApp, app_dirs: AppDirs, times: ScriptedTimes
) -> None:
    """F2 and Escape the moment a curtain or a person's actions appear, in a burst:
    they work as always (only Enter and the action keys wait)."""
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.help import HelpScreen

    app, config = await open_game(
        make_app, app_dirs, "play chase --names Ann,Ben,Cleo --first-seat 3 --seed 30"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(config)
        await pilot.pause()
        await key(pilot, times, "f2", 0.0)
        assert isinstance(on_top(app), HelpScreen)
        await key(pilot, times, "escape", 0.0)
        await key(pilot, times, "d", 1.0)
        assert isinstance(on_top(app), PassCurtain)
        await key(pilot, times, "escape", 0.0)
        assert isinstance(on_top(app), ConfirmScreen)

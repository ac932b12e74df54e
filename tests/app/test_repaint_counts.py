"""Issue 12: a Chase person's turn repaints only what changed, on the table screen.

Counted, not timed (``tests.support.repaints``): no screen is pushed for a curtain, the
private card or a round's end; none of them repaints the whole terminal; and the bytes
a person's turn would send stay within a generous bound (under Pilot's truecolour
console: about 20 KB at 80x24, where each modal screen alone repainted the terminal).
``make bench`` has the figures over a real pty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.support.app import AppDirs
from tests.support.chase import chase_config, deck, deck_factory
from tests.support.repaints import counting_repaints
from tests.support.table import on_top, write_settings
from tests.support.terminal_model import same_screens
from tui.screens.curtain import PassCurtain, PrivateResult
from tui.screens.round_end import RoundEndScreen

MakeApp = Callable[..., Any]

TURN_BYTES = 32_000
"""A person's turn at 80x24 (curtain, move, private card): generous, but below what
three more repaints of the whole terminal would add."""


async def test_a_person_s_turn_with_curtains_repaints_only_what_changed(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D", "8D", "2S"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(chase_config())
        await pilot.pause()
        await pilot.press("d")  # Ann deals: "Pass to Ben"
        await pilot.pause()
        assert isinstance(on_top(app), PassCurtain)
        depth = len(app.screen_stack)
        with counting_repaints(app) as log:
            seen = []
            for key in ("enter", "c", "enter"):  # Ben takes the keyboard, changes, covers
                await pilot.press(key)
                await pilot.pause()
                seen.append(type(on_top(app)).__name__)
                assert len(app.screen_stack) == depth, "a box over the table, not a screen"
            assert seen == ["TableScreen", "PrivateResult", "PassCurtain"]
            assert log.full == 0, "no key of the turn repainted the whole terminal"
            assert 0 < log.bytes <= TURN_BYTES, log.updates
        assert isinstance(on_top(app), PassCurtain) and not isinstance(
            on_top(app), PrivateResult | RoundEndScreen
        )


async def test_the_lean_stream_draws_a_chase_turn_as_textual_does_in_half_the_bytes(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """``tui.textual_compat.lean_output`` on Textual's real updates for a table, its
    curtains and a private card: after every update a model terminal fed the lean
    stream shows what one fed Textual's stream shows, cell by cell."""
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D", "8D", "2S"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        with counting_repaints(app) as log:
            app.start_game(chase_config())
            await pilot.pause()
            for key in ("d", "enter", "c", "enter"):
                await pilot.press(key)
                await pilot.pause()
            assert isinstance(on_top(app), PassCurtain)
        writes = ["\x1b[?2026h" + update + "\x1b[?25l\x1b[?2026l" for update in log.sent]
    before, after = same_screens(writes, (80, 24))
    assert len(writes) >= 5
    assert after < before / 2, (before, after)

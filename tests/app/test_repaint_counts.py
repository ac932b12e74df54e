"""Issue 12: a Chase person's turn and an Aces roll repaint only what changed.

Counted, not timed (``tests.support.repaints``): no screen is pushed for a curtain, the
private card or a round's end; none of them repaints the whole terminal; each key of a
person's turn is one update that paints the box coming and the box going once; and the
bytes the turn would send stay within a generous bound, as Textual builds them and as
``lean_output`` writes them. ``make bench`` has the figures over a real pty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import chase_config, deck, deck_factory
from tests.support.repaints import counting_repaints
from tests.support.table import aces_config, log_text, on_top, write_settings
from tests.support.terminal_model import same_screens
from tui.session.table_model import PassCurtain, PrivateCard, RoundEnd
from tui.table.covers.curtain import PassCurtainBox

pytestmark = pytest.mark.every_frame
"""Each test counts what every frame would send."""

MakeApp = Callable[..., Any]

TURN_BYTES = 15_000
"""A person's turn at 80x24 under Pilot's truecolour console (curtain lifted, a change,
the private card covered): 11.6-13.2 KB as Textual builds it (the more after some
other Pilot tests in the same process); a box painted twice again makes it 17 KB (it
was 32 KB with the boxes as modal screens)."""
TURN_LEAN_BYTES = 6_000
"""The same turn as an xterm gets it (``lean_output``): 4.2 KB, as much as 15 % more
after other Pilot tests in the process. It was 4.7 KB before the stream kept what the
terminal shows (5.7-7.6 KB without erasing blanks either, 9 KB with a box painted twice);
the cells are checked by the round below and ``tests/textual_compat``."""
ROUND_END_LEAN_BYTES = 8_000
"""The round-end box coming (with the showdown under it) and going again (the table
under it repainted), as an xterm gets them: 4.2 KB alone, up to 6.1 KB after other
Pilot tests in the same process (4.8 KB alone before the stream kept what the terminal
shows): a bound on growth; the ratio below is what tells the two streams apart."""


async def test_a_person_s_turn_with_curtains_repaints_only_what_changed(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """Each key of the turn is one update; the box that goes and the box that comes are
    each painted by that update alone (a new box was painted again in the next frame,
    and a lifted one was left on screen a frame while the table changed under it)."""
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D", "8D", "2S"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        with counting_repaints(app) as log:  # from the first frame: what the terminal shows
            app.start_game(chase_config())
            await pilot.pause()
            await pilot.press("d")  # Ann deals: "Pass to Ben"
            await pilot.pause()
            curtain = on_top(app)
            assert isinstance(curtain, PassCurtain)
            # Built before every person's turn: one text, not a widget for each part.
            assert len(app.screen.query_one(PassCurtainBox).children) == 1
            depth = len(app.screen_stack)
            seen = []
            sent = lean = 0
            per_key = []
            for key in ("enter", "c", "enter"):  # Ben takes the keyboard, changes, covers
                log.mark()
                going = app.screen.cover_box.region if app.screen.cover_box else None
                await pilot.press(key)
                await pilot.pause()
                seen.append(type(on_top(app)).__name__)
                assert len(app.screen_stack) == depth, "a box over the table, not a screen"
                assert log.full == 0, f"{key} repainted the whole terminal"
                coming = app.screen.cover_box.region if app.screen.cover_box else None
                for box in (going, coming):
                    if box is not None:
                        assert log.painted(box) == 1, (key, box, log.regions)
                sent, lean = sent + log.bytes, lean + log.lean_bytes
                per_key.append((key, len(log.updates), log.bytes, log.lean_bytes))
            assert seen == ["TableScreen", "PrivateCard", "PassCurtain"]
            assert 0 < sent <= TURN_BYTES, per_key
            assert 0 < lean <= TURN_LEAN_BYTES, per_key
        assert isinstance(on_top(app), PassCurtain) and not isinstance(
            on_top(app), PrivateCard | RoundEnd
        )


async def test_the_lean_stream_draws_a_chase_round_as_textual_does_in_fewer_bytes(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    """``tui.textual_compat.lean_output`` on Textual's real updates for a table, its
    curtains, a private card, a round's end and the next deal: after every update a
    model terminal fed the lean stream (cells already shown skipped, blanks erased,
    the log scrolled once) shows what one fed Textual's stream shows,
    cell by cell; the round-end box comes and goes in few bytes."""
    write_settings(app_dirs.settings)
    cards = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D", "8D", "2S"])
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory([cards]))
    async with app.run_test(size=(80, 24)) as pilot:
        with counting_repaints(app) as log:
            app.start_game(chase_config())
            await pilot.pause()
            keys = ["d", "enter", "c", "enter", "enter", "s", "enter"]
            for key in keys:  # Ben changes, Cleo stands, and Ann is asked
                await pilot.press(key)
                await pilot.pause()
            round_end = 0
            for key in ("s", "escape"):  # Ann stands: the round's end, then the table
                before = len(log.lean)
                await pilot.press(key)
                await pilot.pause()
                round_end += sum(log.lean[before:])
                if key == "s":
                    assert isinstance(on_top(app), RoundEnd)
            for key in ("d", "enter"):  # the next round dealt, Ben's curtain lifted
                await pilot.press(key)
                await pilot.pause()
        writes = ["\x1b[?2026h" + update + "\x1b[?25l\x1b[?2026l" for update in log.sent]
        assert any("S\x1b[r" in sent for sent in log.lean_sent), "the log was scrolled"
    before, after = same_screens(writes, (80, 24))
    assert len(writes) >= 10
    assert after < 0.35 * before, (before, after)  # 0.25-0.31; 0.38 without cells
    assert 0 < round_end <= ROUND_END_LEAN_BYTES, (round_end, before, after)


ACES_ROLL_LEAN_BYTES = 520
"""Six rolls at a table of three people, as an xterm gets them, on average: the dice,
the log's new line, the chips and the turn marker (394 B under Pilot: 288-616 B a
roll). When a die face lost the stream the cursor and the line feed after its row made
it forget every cell, the rest of the screen went out again: 668 B on average (a die
face alone counted unknown again costs 459 B: ``test_lean_output`` catches that one)."""


async def test_an_aces_roll_sends_the_dice_and_what_they_changed(
    make_app: MakeApp, app_dirs: AppDirs
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    async with app.run_test(size=(80, 24)) as pilot:
        with counting_repaints(app) as log:
            app.start_game(aces_config(first_seat=0, seed=5))
            await pilot.pause()
            await pilot.press("enter")  # Ann rolls first
            await pilot.pause()
            per_roll = []
            for _ in range(6):
                log.mark()
                await pilot.press("r")
                await pilot.pause()
                assert log.full == 0, "a roll repainted the whole terminal"
                per_roll.append(log.lean_bytes)
        assert "rolls" in log_text(app)
        assert max(per_roll) > 0 and sum(per_roll) / len(per_roll) <= ACES_ROLL_LEAN_BYTES, per_roll

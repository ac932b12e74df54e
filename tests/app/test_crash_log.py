"""Issue 18 item 6: a crash log holds no hidden cards (no locals, no game state).

An internal error is forced at a Chase the Ace table, in a frame whose locals hold
every hand (as Textual's own traceback would show them); the crash log must name the
error and hold no card code. The log's path is printed on the shared screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.chase import chase_config
from tests.support.table import table_of, write_settings
from tui.crash_log import crash_text

MakeApp = Callable[..., Any]
CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


async def test_a_crash_at_a_chase_table_logs_no_card(
    make_app: MakeApp, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    with pytest.raises(RuntimeError, match="boom"):
        async with app.run_test(size=(100, 30)) as pilot:
            app.start_game(chase_config(seed=5))
            await pilot.pause()
            table = table_of(app)
            game = table.controller.game
            apply = table.controller.apply

            def broken(action: Any) -> None:
                events = apply(action)  # the deal: now every hand holds a card
                hands = [card for card in game.hands if card]
                assert events and hands and all(CARD.fullmatch(card) for card in hands)
                raise RuntimeError(f"boom at {len(hands)} cards")

            monkeypatch.setattr(table.controller, "apply", broken)
            await pilot.press("d")
            await pilot.pause()
    assert app.crash_error is not None
    if not list(app_dirs.state.rglob("crash-*.log")):
        app._print_error_renderables()
    (log,) = app_dirs.state.rglob("crash-*.log")
    text = log.read_text()
    assert "RuntimeError: boom" in text and "Traceback" in text
    assert not CARD.search(text), CARD.findall(text)


def test_card_codes_left_in_a_message_are_blanked() -> None:
    text = crash_text([], ValueError("QH is not TC"))
    assert "ValueError: ?? is not ??" in text

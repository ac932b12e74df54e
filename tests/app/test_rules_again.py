"""The rules opened again: the same screen, nothing built or wrapped again, and it opens
as a new one would (issue 12: opening the rules cost 0.2 s of CPU every time).

These count what the app builds rather than time it; ``tests/bench_screen_cpu.py``
times it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import TabbedContent

from tui.screens import SubScreen
from tui.screens.rules import RulesScreen
from tui.screens.rules_document import RulesDocument

MakeApp = Callable[..., Any]


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many rules screens were composed and documents wrapped, from now on."""
    counts = {"compose": 0, "wrap": 0}
    compose, wrap = RulesScreen.compose, RulesDocument._wrap

    def counted_compose(self: RulesScreen) -> Any:
        counts["compose"] += 1
        return compose(self)

    def counted_wrap(self: RulesDocument, *args: Any) -> Any:
        counts["wrap"] += 1
        return wrap(self, *args)

    monkeypatch.setattr(RulesScreen, "compose", counted_compose)
    monkeypatch.setattr(RulesDocument, "_wrap", counted_wrap)
    return counts


async def test_the_rules_opened_again_build_and_wrap_nothing(
    make_app: MakeApp, builds: dict[str, int]
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, RulesScreen) and builds["compose"] == 1
        wrapped = builds["wrap"]
        for _ in range(2):
            app.pop_screen()
            await pilot.pause()
            app.action_show_rules("chase")
            await pilot.pause()
            assert app.screen is first
        assert builds == {"compose": 1, "wrap": wrapped}, "no new screen, no rewrapping"
        assert "Chase" in first.query_one("#viewer-chase", RulesDocument).render_line(0).text


async def test_the_rules_opened_again_open_as_a_new_screen_would(make_app: MakeApp) -> None:
    """Left scrolled to C8 of a table's Chase with its list of headings open, the rules
    opened from the title at Aces show Aces from the top, no table's variants, no list."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase", {"four-lives"}, ruling="C8")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        chase = screen.query_one("#viewer-chase", RulesDocument)
        assert chase.scroll_y > 0 and screen.query_one("#contents-chase").display
        app.pop_screen()
        await pilot.pause()
        app.action_show_rules("aces")
        await pilot.pause()
        assert app.screen is screen and screen.game_id == "aces"
        assert screen.query_one(TabbedContent).active == "rules-aces"
        aces = screen.query_one("#viewer-aces", RulesDocument)
        assert aces.has_focus and aces.scroll_y == 0
        assert "At this table" not in chase.source and chase.scroll_y == 0
        assert not screen.query_one("#contents-chase").display
        await pilot.press("c")
        await pilot.pause()
        assert chase.has_focus and "C1." not in chase.render_line(0).text


async def test_the_rules_opened_again_wear_the_theme_chosen_meanwhile(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase")
        await pilot.pause()
        screen = app.screen
        viewer = screen.query_one("#viewer-chase", RulesDocument)
        before = viewer.render_line(0)
        app.pop_screen()
        await pilot.pause()
        app.update_settings(theme="textual-light")
        await pilot.pause()
        app.action_show_rules("chase")
        await pilot.pause()
        assert app.screen is screen
        after = viewer.render_line(0)
        assert after.text == before.text and after != before, "new colours, same words"


async def test_the_rules_under_another_screen_are_not_pushed_twice(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase")
        await pilot.pause()
        kept = app.screen
        app.push_screen(SubScreen())
        await pilot.pause()
        app.action_show_rules("aces")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen is not kept
        assert app.screen.game_id == "aces"


async def test_the_rules_opened_again_at_a_ruling_show_it_at_the_top(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_show_rules("chase", {"four-lives"}, ruling="C8")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        app.action_show_rules("chase", {"four-lives"}, ruling="C5")
        await pilot.pause()
        viewer = app.screen.query_one("#viewer-chase", RulesDocument)
        assert viewer.scroll_y == viewer.heading_line("C5") and viewer.scroll_y > 0
        assert "C5." in viewer.render_line(0).text

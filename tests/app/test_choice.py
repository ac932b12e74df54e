"""``Choice`` looks and answers keys like the compact ``Select`` it replaces on the setup
screen and in Settings, and stays one widget until its list is first opened (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button, Footer, Select

from tests.support.app import screen_cells
from tests.support.chase import screen_lines
from tests.support.fast_pilot import settle
from tui.screens.seat_row import KINDS
from tui.widgets.choice import Choice


class Side(App[None]):
    """A button, the control (a compact Select, or a Choice) and a footer."""

    CSS = "Select, Choice { width: 22; margin: 1 0 0 2; }"

    def __init__(self, light: bool, low: bool = False) -> None:
        super().__init__()
        self.light = light
        self.low = low
        self.changes: list[str] = []

    def compose(self) -> ComposeResult:
        yield Button("x", id="before")
        if self.light:
            yield Choice(KINDS, "person", id="kind")
        else:
            yield Select(KINDS, value="person", allow_blank=False, compact=True, id="kind")
        if self.low:
            yield Button("y", id="after")
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.changes.append(str(event.value))

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.changes.append(event.value)


async def screen_after(light: bool, keys: list[str], low: bool = False) -> tuple[Any, ...]:
    """The screen's cells and styles, the value and the changes after ``keys``."""
    app = Side(light, low)
    async with app.run_test(size=(40, 12)) as pilot:
        app.query_one("#kind").focus()
        await settle(pilot)  # the footer shows its keys once it has recomposed
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        value = app.query_one(Choice).value if light else app.query_one(Select).value
        return screen_cells(app), str(value), [c for c in app.changes if c != "person"]


@pytest.mark.parametrize(
    "keys",
    [
        [],
        ["tab"],
        ["enter"],
        ["space", "down"],
        ["up", "down", "enter"],
        ["enter", "s"],
        ["enter", "down", "escape"],
        ["enter", "tab"],
    ],
)
async def test_a_choice_looks_and_answers_as_a_compact_select(keys: list[str]) -> None:
    select = await screen_after(False, keys)
    choice = await screen_after(True, keys)
    assert choice == select


async def test_a_choice_near_the_bottom_opens_as_a_select_does() -> None:
    keys = ["enter", "down"]
    assert await screen_after(True, keys, low=True) == await screen_after(False, keys, low=True)


async def test_a_choice_is_one_widget_until_opened_and_chooses_with_the_mouse() -> None:
    app = Side(light=True)
    async with app.run_test(size=(40, 12)) as pilot:
        choice = app.query_one(Choice)
        assert list(choice.children) == []
        await pilot.click(Choice)
        await pilot.pause()
        assert choice.expanded and len(choice.children) == 1
        await pilot.click(Choice, offset=(3, 2))
        await pilot.pause()
        assert not choice.expanded and choice.value == KINDS[1][1] and choice.has_focus
        assert app.changes == [KINDS[1][1]]
        choice.value = "person"
        await pilot.pause()
        assert app.changes == [KINDS[1][1], "person"], "set by code, told as well"
        with pytest.raises(ValueError):
            choice.value = "nobody"


async def test_new_options_drop_the_list_built_for_the_old_and_show_names_as_typed() -> None:
    """The setup's who-starts list follows the seats: a list opened before the names
    changed is rebuilt with the new ones, and a name that looks like markup is shown
    as typed."""
    app = Side(light=True)
    async with app.run_test(size=(40, 12)) as pilot:
        choice = app.query_one(Choice)
        await choice.action_open()
        await pilot.press("escape")
        await pilot.pause()
        assert len(choice.children) == 1
        choice.set_options([("Anyone", "auto"), ("Seat 1: [bold]Ann", "0")], "0")
        await pilot.pause()
        assert list(choice.children) == [] and choice.value == "0"
        assert app.changes == ["0"]
        await choice.action_open()
        await pilot.pause()
        shown = [line.strip() for line in screen_lines(app)]
        assert "Seat 1: [bold]Ann   ▲" in shown, shown  # the value, open
        assert shown.count("Seat 1: [bold]Ann") == 1, shown  # and in the list, as typed
        with pytest.raises(ValueError):
            choice.set_options([("Anyone", "auto")], "0")
        assert choice.value == "0"

"""``styled_when_mounted``: ``App.update_styles`` skips what is not in the DOM yet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.widget import Widget
from textual.widgets import Button, Label

from tui.textual_compat.styled_when_mounted import StyledWhenMountedApp

CSS = """
Label.-marked { color: #ff0000; }
Label { color: #00ff00; }
"""


class Plain(App[None]):
    CSS = CSS


class Quiet(StyledWhenMountedApp[None]):
    CSS = CSS


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The nodes the style sheet is applied to, while the test runs."""
    nodes: list[Any] = []
    apply = Stylesheet.apply

    def counting(self: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> None:
        nodes.append(node)
        apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    yield nodes


async def _built_then_mounted(app: App[None], applied: list[Any]) -> tuple[int, Label]:
    """Styles applied while a compact button and a label are built and their classes
    changed, before they are mounted; then the label, mounted."""
    async with app.run_test() as pilot:
        applied.clear()
        button = Button("x", compact=True)
        label = Label("marked")
        label.add_class("-marked")
        label.remove_class("-marked")
        label.add_class("-marked")
        before = sum(1 for node in applied if isinstance(node, Widget))
        await app.screen.mount(button, label)
        await pilot.pause()
        assert label.styles.color.hex == "#FF0000"
        return before, label


async def test_textual_alone_styles_widgets_before_they_are_mounted(
    applied: list[Any],
) -> None:
    """Still needed: when this fails, Textual skips them itself and this can go."""
    before, _ = await _built_then_mounted(Plain(), applied)
    assert before > 0


async def test_a_widget_is_styled_once_mounted_with_the_classes_it_has_then(
    applied: list[Any],
) -> None:
    before, label = await _built_then_mounted(Quiet(), applied)
    assert before == 0
    assert label.has_class("-marked")


async def test_a_mounted_widget_is_still_restyled_when_its_classes_change() -> None:
    app = Quiet()
    async with app.run_test() as pilot:
        label = Label("marked")
        await app.screen.mount(label)
        await pilot.pause()
        assert label.styles.color.hex == "#00FF00"
        label.add_class("-marked")
        assert label.styles.color.hex == "#FF0000"
        label.remove_class("-marked")
        assert label.styles.color.hex == "#00FF00"

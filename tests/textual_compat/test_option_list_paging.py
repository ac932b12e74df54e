"""``option_list_paging``: ``OptionList._move_page`` and ``OptionList._index_to_line``."""

from __future__ import annotations

import inspect

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tui.textual_compat.installed import on


def test_the_private_names_are_still_there() -> None:
    assert on("option_list_paging")
    original = OptionList._move_page.__wrapped__  # type: ignore[attr-defined]
    assert list(inspect.signature(original).parameters) == ["self", "direction"]
    assert "self._index_to_line" in inspect.getsource(original)
    assert OptionList()._index_to_line == {}


async def test_page_keys_on_a_list_that_was_never_laid_out() -> None:
    """Textual 8.2.8 raised KeyError paging an OptionList with no room yet (a Select's
    overlay, the palette's list): the workaround makes the key do nothing."""

    class Tiny(App[None]):
        def compose(self) -> ComposeResult:
            menu = OptionList(*[f"option {n}" for n in range(30)])
            menu.styles.height = 0
            yield menu

    app = Tiny()
    async with app.run_test(size=(20, 10)) as pilot:
        menu = app.query_one(OptionList)
        menu.highlighted = 3
        menu.action_page_down()  # type: ignore[no-untyped-call]
        menu.action_page_up()  # type: ignore[no-untyped-call]
        await pilot.pause()
        assert menu.highlighted == 3

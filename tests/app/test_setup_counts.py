"""Adding a seat builds that seat's row and touches no other row (issue 12: each seat
added cost 0.4 s of CPU, as every row was rewritten and the rows were heavy).

These count the widgets the setup builds and rewrites, the app's own work, rather than
time it; ``tests/bench_screen_cpu.py`` times it, and ``tests/bench_frames.py`` counts the
frames, repaints and layouts Textual makes of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Static

from tests.support.app import open_setup

MakeApp = Callable[..., Any]

ROW_WIDGETS = 9
"""A seat row and what is in it: two lines, number, name, kind, three buttons, note."""


async def test_adding_a_seat_mounts_its_row_and_rewrites_no_other(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    updated: list[Widget] = []
    update = Static.update

    def counted(self: Static, *args: Any, **kwargs: Any) -> None:
        updated.append(self)
        update(self, *args, **kwargs)

    monkeypatch.setattr(Static, "update", counted)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "c")
        for _ in range(3):
            await pilot.press("ctrl+n")
            await pilot.pause()
        before = set(setup.walk_children())
        rows = setup.rows()
        updated.clear()
        await pilot.press("ctrl+n")
        await pilot.pause()
        new = setup.rows()[-1]
        assert setup.rows()[:-1] == rows and new not in rows
        added = set(setup.walk_children()) - before
        assert added == set(new.walk_children(with_self=True))
        assert len(added) <= ROW_WIDGETS, [type(w).__name__ for w in added]
        touched = [w for w in updated if any(w in row.walk_children() for row in rows)]
        assert touched == [], "no other seat is rewritten"
        assert app.focused is new.name_input and new.clean == f"Player {len(setup.rows())}"


async def test_the_last_seat_but_one_still_moves_down_once_a_seat_is_added(
    make_app: MakeApp,
) -> None:
    """Rows are rewritten only when what they show changes; the seat that was last
    must still get its Move down button back."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "c")
        last = setup.rows()[-1]
        assert last.button("seat-down").disabled
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert not last.button("seat-down").disabled
        assert setup.rows()[-1].button("seat-down").disabled
        numbers = [str(row.query_one(".seat-number", Static).content) for row in setup.rows()]
        assert numbers == [f"{n:>2}." for n in range(1, len(numbers) + 1)]


async def test_a_name_still_wrong_after_a_key_stays_marked(make_app: MakeApp) -> None:
    """A row is redrawn only when its problem changes, but the name field loses its
    mark on every key (``Input`` validates itself): the mark is put back each time."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, "c")
        first, second = setup.rows()[:2]
        first.name_input.value = "Ann"
        second.name_input.value = "Ann"
        await pilot.pause()
        assert second.name_input.has_class("-invalid") and second.has_class("-invalid")
        second.name_input.value = "ANN"
        await pilot.pause()
        assert second.name_input.has_class("-invalid"), "the same problem, still marked"

"""A screen that holds one ``tui.table.cover.Cover`` as the table does, for tests of a
cover on its own (the dealer's cut): mounted in a ``CoverLayer``, given every key."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.events import Key
from textual.screen import Screen

from tui.table.cover import Cover, CoverLayer


class CoverHost(Screen[Any]):
    """Shows ``cover`` over an empty screen; ``result`` is what it closed with."""

    def __init__(self, cover: Cover) -> None:
        super().__init__()
        self.cover = cover
        self.result: Any = None
        self.cover.on_close = self._took

    def compose(self) -> ComposeResult:
        yield CoverLayer(self.cover)

    def _took(self, result: Any) -> None:
        self.result = result

    def on_key(self, event: Key) -> None:
        self.cover.take_key(event)


async def show_cover(pilot: Any, cover: Cover) -> Cover:
    """Push a ``CoverHost`` for ``cover`` and wait until it is drawn."""
    await pilot.app.push_screen(CoverHost(cover))
    await pilot.pause()
    return cover

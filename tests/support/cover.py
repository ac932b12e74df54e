"""A screen that holds the dealer's cut chooser (``tui.table.covers.cut.CutChooser``) as
the table does, for tests of the chooser on its own: mounted in a ``CoverLayer``, given
every key; ``result`` is the depth it answered (``None``: it went back)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.events import Key
from textual.screen import Screen

from tui.engine.core import Action
from tui.session.table_model import NumberChoice
from tui.table.covers.box import CoverLayer
from tui.table.covers.cut import CutChooser

CUT = Action("cut", "Cut", "c", arg_range=(1, 49))
NOT_ANSWERED = object()


class CoverHost(Screen[Any]):
    """Shows the chooser over an empty screen, asking ``choice``."""

    def __init__(self, choice: NumberChoice, ascii_only: bool = False) -> None:
        super().__init__()
        self.choice = choice
        self.ascii_only = ascii_only
        self.chooser = CutChooser()
        self.result: Any = NOT_ANSWERED

    def compose(self) -> ComposeResult:
        yield CoverLayer(self.chooser)

    def on_mount(self) -> None:
        self.chooser.ask(self.choice, self.ascii_only)
        self.chooser.add_class("-shown")
        self.chooser.place(self.size, None)

    @on(CutChooser.Answered)
    def _answered(self, message: CutChooser.Answered) -> None:
        self.result = message.depth

    def on_key(self, event: Key) -> None:
        self.chooser.take_key(event)


async def show_cut(
    pilot: Any, dealer: str = "Ann", high: int = 49, *, ascii_only: bool = False
) -> CoverHost:
    """Push a ``CoverHost`` asking ``dealer``'s cut of 1 to ``high`` and wait until it
    is drawn."""
    host = CoverHost(NumberChoice(CUT, dealer, (1, high)), ascii_only)
    await pilot.app.push_screen(host)
    await pilot.pause()
    return host

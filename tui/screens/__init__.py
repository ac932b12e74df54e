"""One screen per module. ``SubScreen`` is the shared habit of every screen that sits on
top of another: Escape goes back to where you came from."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen


class SubScreen(Screen[Any]):
    """A screen that Escape closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def action_back(self) -> None:
        self.dismiss()

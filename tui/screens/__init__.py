"""One screen per module. ``SubScreen`` is the shared habit of every screen that sits on
top of another: Escape goes back to where you came from."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from tui.textual_compat.quiet_resume import QuietResume


class SubScreen(QuietResume):
    """A screen that Escape closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def action_back(self) -> None:
        self.dismiss()

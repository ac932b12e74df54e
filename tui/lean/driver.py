"""The lean stream between Textual and the terminal, through the driver's write seam.

``LeanOutputApp`` runs the terminal's driver (the class Textual chose, with the
workarounds ``tui.textual_compat`` adds to it) as a subclass whose ``write`` goes through
one ``LeanStream``: ``App.get_driver_class`` and ``Driver.write`` are Textual's public
seams, so nothing of Textual is patched. The driver tells the app it started
(``lean_driver``), so that a resize makes the stream forget every cell (a resized
terminal may have moved or cut any of them; Textual repaints them all next) and Ctrl+L
makes it forget everything it knows of the terminal. Pilot's headless driver writes
nothing and is left alone.

``PARTY_DICE_LEAN=off`` runs Textual's own stream: for a screen that comes out garbled
on some terminal (a bug here would show as cells left stale or drawn in the wrong
place), and to compare the two.
"""

from __future__ import annotations

import os
import threading
from functools import cache
from typing import Any

from textual import events
from textual.app import App, ReturnType
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver

from tui.lean.sgr import PLAIN, erases_in_background, scrolls_regions
from tui.lean.stream import LeanStream

SWITCH = "PARTY_DICE_LEAN"
"""``PARTY_DICE_LEAN=off``: Textual's own output stream, every byte it writes."""


def lean_wanted() -> bool:
    """False when ``PARTY_DICE_LEAN`` says ``off`` (or ``0``, ``no``, ``false``)."""
    return os.environ.get(SWITCH, "").strip().lower() not in ("off", "0", "no", "false")


class LeanOutputDriver(Driver):
    """A driver whose output goes through one ``LeanStream``."""

    def __init__(self, app: App[Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(app, *args, **kwargs)
        term = os.environ.get("TERM")
        self.lean = LeanStream(erases_in_background(term), scrolls_regions(term))
        self.lean_lock = threading.Lock()
        if isinstance(app, LeanOutputApp):
            app.lean_driver = self

    def forget_cells(self, width: int | None = None, height: int | None = None) -> None:
        """The terminal's cells may show anything now (it was resized to ``width`` by
        ``height`` cells): send them all."""
        with self.lean_lock:
            self.lean.shown.forget()
            self.lean.width, self.lean.height = width, height

    def forget_everything(self) -> None:
        """The terminal may show anything, in any style, with its cursor anywhere (a
        ``wall`` message or another program wrote to it): know none of it."""
        with self.lean_lock:
            self.start_over()
            wrap = "" if self.lean.wraps else "\x1b[?7l"  # the mode Textual set, again
            super().write("\x1b[0m" + wrap)  # type: ignore[safe-super]
            self.lean.actual = self.lean.desired = PLAIN  # the style, known again

    def start_over(self) -> None:
        """A stream that knows nothing of the terminal but its size (lock held)."""
        old = self.lean
        self.lean = LeanStream(old.erase, old.scroll)
        self.lean.width, self.lean.height, self.lean.wraps = old.width, old.height, old.wraps

    def write(self, data: str) -> None:
        with self.lean_lock:  # one stream, in the order it is written
            try:
                lean = self.lean.feed(data)
            except Exception:  # never a screen left undrawn: this write as it came,
                lean = data  # and a stream that knows nothing of the terminal yet
                self.start_over()
            super().write(lean)  # type: ignore[safe-super]


@cache
def lean(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` written lean (one class per driver class)."""
    return type(f"Lean{driver_class.__name__}", (LeanOutputDriver, driver_class), {})


class LeanOutputApp(App[ReturnType]):
    """An app whose terminal driver writes only the sequences that change the screen
    (unless ``PARTY_DICE_LEAN=off``)."""

    lean_driver: LeanOutputDriver | None = None
    """The lean driver the app runs, once it has started."""

    def get_driver_class(self) -> type[Driver]:
        driver_class = super().get_driver_class()
        if issubclass(driver_class, HeadlessDriver) or not lean_wanted():
            return driver_class
        return lean(driver_class)

    def action_redraw(self) -> None:
        """Draw every cell again (Ctrl+L): the stream sends only what it knows changed, so
        what something else wrote over the screen would otherwise stay."""
        if self.lean_driver is not None:
            self.lean_driver.forget_everything()
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """A terminal resized may have moved, cut or kept any cell: the stream forgets
        what it shows (Textual repaints all of it next)."""
        if self.lean_driver is not None:
            self.lean_driver.forget_cells(event.size.width, event.size.height)

"""The app's base with every workaround that lives in the app or in its terminal driver.

``FixedApp`` gathers the app's mixins (``quit_lane``, ``key_burst``, ``stale_nodes``,
``crash_output``: each does what Textual does while its workaround is off) and builds
the terminal's driver (``App.get_driver_class``, public) with the driver mixins of the
workarounds installed (``gone_terminal``, ``stray_continue``); Pilot's is left alone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from textual.app import ReturnType
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver

from tui.textual_compat.crash_output import QuietCrashApp
from tui.textual_compat.installed import on
from tui.textual_compat.key_burst import KeyBurstApp
from tui.textual_compat.quit_lane import QuitLaneApp
from tui.textual_compat.stale_nodes import StaleNodesApp


def driver_mixins() -> tuple[type[Any], ...]:
    """The driver mixins of the workarounds installed now."""
    mixins: list[type[Any]] = []
    if on("gone_terminal"):
        from tui.textual_compat.gone_terminal import GuardedOutput

        mixins.append(GuardedOutput)
    if on("stray_continue"):
        from tui.textual_compat.stray_continue import ResumeOnlyAfterStop

        mixins.append(ResumeOnlyAfterStop)
    return tuple(mixins)


@cache
def _fixed(driver_class: type[Driver], mixins: tuple[type[Any], ...]) -> type[Driver]:
    return type(f"Fixed{driver_class.__name__}", (*mixins, driver_class), {})


def fixed_driver(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` with the driver workarounds installed (itself if none is)."""
    mixins = driver_mixins()
    if not mixins or issubclass(driver_class, HeadlessDriver):
        return driver_class
    return _fixed(driver_class, mixins)


class FixedApp(
    QuitLaneApp[ReturnType],
    KeyBurstApp[ReturnType],
    StaleNodesApp[ReturnType],
    QuietCrashApp[ReturnType],
):
    """An app with Textual's bugs that the app meets worked around (those installed)."""

    def get_driver_class(self) -> type[Driver]:
        return fixed_driver(super().get_driver_class())

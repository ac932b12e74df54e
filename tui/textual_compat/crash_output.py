"""On an internal error: save first, then one line for the player, details in a file.

What Textual does: an exception in a handler reaches ``App._handle_exception``, which
stores a traceback in ``App._exit_renderables`` and shuts the app down; on the way out
``App._print_error_renderables`` prints those renderables to the terminal. There is no
public hook for either step.

Why we need it: the game in progress must be saved before the app shuts down, and a
player should not see a traceback (the details go to a crash log; ``--dev``/``debug``
keeps Textual's own output).

When it can go: if Textual gains public hooks for "an error is about to end the app" and
"print the error". ``tests/textual_compat/test_crash_output.py`` checks the private names.
Off (``tui.textual_compat.install``), the app is Textual's: a traceback, no save first.
"""

from __future__ import annotations

import sys

from textual.app import App, ReturnType

from tui.crash_log import crash_line
from tui.textual_compat.installed import on

FIX = "crash_output"


class QuietCrashApp(App[ReturnType]):
    """An app that saves on an internal error and prints one line instead of a traceback."""

    crash_error: BaseException | None = None
    """The first internal error: its traceback (without locals) goes to the crash log."""
    crashed = False
    """Set once an error ended the app (its input thread's too): exit non-zero."""
    saved_on_crash = False
    """Whether a game in progress was saved as the error ended the app."""

    def save_open_games(self) -> bool:
        """Save what can be saved; True if a game in progress is now saved. The app
        overrides this (it must never raise)."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: save what can be saved before Textual shuts down."""
        if on(FIX) and self.crash_error is None:
            self.crash_error = error
            self.saved_on_crash = self.save_open_games()
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        """Keep tracebacks away from players: write them to a file, print one line."""
        if not on(FIX) or not self._exit_renderables or "debug" in self.features:
            super()._print_error_renderables()
            return
        self.crashed = True
        if self.crash_error is None:  # Textual's panic (its input thread died): no save yet
            self.saved_on_crash = self.save_open_games()
        line = crash_line(self._exit_renderables, self.crash_error, saved=self.saved_on_crash)
        self._exit_renderables.clear()
        print(line, file=sys.stderr)

"""Every notice the app shows is plain, printable text.

Notices carry players' names and file names, and a name read from a save is raw. Read
as markup (Textual's default for ``notify``), "Zed[/]" stopped the app with a
``MarkupError``, "[b]Ann" lost its brackets, and an escape sequence in a name reached
the terminal. ``PlainNoticesApp.notify`` takes the place of the app's and of every
screen's (``Widget.notify`` passes Textual's default ``markup=True`` on to it).
"""

from __future__ import annotations

from textual.app import App, ReturnType
from textual.notifications import SeverityLevel

from tui.cells import printable


class PlainNoticesApp(App[ReturnType]):
    """``notify`` without markup, each line of it made printable (``printable``)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show ``message`` literally, whatever ``markup`` says."""
        lines = "\n".join(printable(line) for line in message.split("\n"))
        super().notify(
            lines, title=printable(title), severity=severity, timeout=timeout, markup=False
        )

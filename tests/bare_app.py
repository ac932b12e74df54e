"""The framework's floor: a Textual app with a single Static, nothing else.

``python -m tests.bench`` starts this beside party-dice, with the same Python and the same
terminal, so that start-up, memory and idle figures become ratios that hold on a busy
machine. Run it by hand with ``python -m tests.bare_app``; any key quits.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

READY = "bare Textual app: one Static"
"""The text the benchmark waits for: when it is on the screen, the first frame is."""


class BareApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static(READY)

    def on_key(self) -> None:
        self.exit()


if __name__ == "__main__":
    BareApp().run()

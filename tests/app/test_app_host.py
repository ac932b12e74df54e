"""Screens reach the app through ``tui.app_host.AppHost``: the app must provide it."""

from __future__ import annotations

import subprocess
import sys

from textual.widgets import Static

from tui.app import PartyDiceApp
from tui.app_host import AppHost, app_host


async def test_the_app_is_the_host_screens_see() -> None:
    app = PartyDiceApp()
    host: AppHost = app  # mypy checks every member's type here
    assert isinstance(host, AppHost)
    async with app.run_test(size=(80, 24)):
        assert app_host(app.screen) is app
        assert app_host(app.screen.query(Static).first()) is app


def test_the_host_protocol_imports_nothing_of_the_app() -> None:
    code = "import sys, tui.app_host; print(sorted(m for m in sys.modules if m.startswith('tui')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['tui', 'tui.app_host']"

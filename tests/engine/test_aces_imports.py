"""The Aces engine, its bots and its narrator load neither Textual nor Rich."""

from __future__ import annotations

import subprocess
import sys


def test_aces_modules_stay_pure() -> None:
    code = (
        "import sys, tui.engine.aces, tui.engine.aces.bots, tui.narrate, tui.narrate.aces;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'));"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""

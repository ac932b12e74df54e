"""The Aces engine, its bots, its narrator and the game registry load neither Textual
nor Rich."""

from __future__ import annotations

import subprocess
import sys


def test_aces_modules_stay_pure() -> None:
    code = (
        "import sys, tui.engine.aces, tui.engine.aces.bots, tui.narrate, tui.narrate.aces;"
        "import tui.games, tui.gameconfig, tui.engine.chase, tui.engine.chase.bots;"
        "tui.games.get('aces').engine(); tui.games.get('chase').narrator();"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'));"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""

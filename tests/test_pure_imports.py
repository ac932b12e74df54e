"""The engines, their bots, the narrators, the game registry, storage, the session
layer and the simulator load neither Textual nor Rich (in a fresh interpreter, so
nothing imported by another test counts)."""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE = {
    "engines and bots": (
        "tui.engine.aces, tui.engine.aces.bots, tui.engine.chase, tui.engine.chase.bots,"
        " tui.engine.bots"
    ),
    "registry": "tui.games, tui.games.spec, tui.games.aces, tui.games.chase, tui.gameconfig",
    "narrators": "tui.narrate, tui.narrate.aces, tui.narrate.chase, tui.narrate.words",
    "storage": (
        "tui.storage.saves, tui.storage.files, tui.storage.locks, tui.storage.save_format,"
        " tui.storage.history, tui.storage.settings, tui.storage.paths, tui.storage.cache,"
        " tui.storage.last_table"
    ),
    "session": (
        "tui.session, tui.session.table_session, tui.session.privacy,"
        " tui.session.seat_control, tui.kept_settings"
    ),
    "shared tables": (
        "tui.share, tui.share.wire, tui.share.transport, tui.share.host, tui.share.process,"
        " tui.share.client, tui.share.remote"
    ),
    "simulate": "tui.simulate.cli, tui.simulate.play, tui.simulate.report, tui.simulate.stats",
}


@pytest.mark.parametrize("modules", list(PURE.values()), ids=list(PURE))
def test_modules_stay_pure(modules: str) -> None:
    code = (
        f"import sys, {modules};"
        "import tui.games; [spec.engine() for spec in tui.games.all_games()];"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'));"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""

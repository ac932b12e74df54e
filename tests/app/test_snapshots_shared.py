"""Snapshots of a table shared across terminals, as one of its terminals draws it.

The controller is a ``RemoteController`` opened on the welcome a table process would
send (``offline_remote``), with no process behind it, so the picture depends on no
socket and no account name. The docstring's quotes are checked against the picture
(``test_snapshot_docstrings.py``).
"""

from __future__ import annotations

from typing import Any

from tests.support.app import AppDirs
from tests.support.share import chase_config, offline_remote
from tests.support.table import write_settings
from tui.share.remote import RemoteSession

SMALL = (80, 24)

PRESENCE = {
    "seats": [
        {"name": "Ann", "user": "ann", "state": "here"},
        {"name": "Ben", "user": "ben", "state": "here"},
        {"name": "Cleo", "user": "cleo", "state": "away"},
        {"name": "Dot", "user": None, "state": "computer"},
    ],
    "watching": ["dora", "eve"],
}


def test_shared_chase_table_says_who_is_here(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs
) -> None:
    """Ann's terminal at a shared Chase table at 80x24, Ann to deal: the info box ends
    with who is at the table, "Here: Ann, Ben · away: Cleo · watching: dora, eve", and
    the action bar offers Ann's "D/Enter Deal"."""
    write_settings(app_dirs.settings)
    app = make_app(settings_path=app_dirs.settings)
    remote = offline_remote(chase_config(), {0}, PRESENCE)

    async def run_before(pilot: Any) -> None:
        app.open_table(RemoteSession(remote))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)

"""Pictures of the shared-table boxes at 80x24, in the real app: the title's Join list
(whose table from the kernel, a look-alike plainly another account's, names as text)
and the host's W box (the code again, and what the host may do about who sits where).
No socket and no account behind them: the tables and the choices are given."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.share import private_dirs
from tui.screens.door import DoorScreen
from tui.screens.shared import JoinScreen

SMALL = (80, 24)
HOST = 1000
MALLORY = 1002


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """A fresh app with its own folders, the look of the terminal neutralised, a steady
    cursor, and accounts named without the password file (``uid 1000``)."""
    from textual.widgets import Input

    from tui.app import PartyDiceApp
    from tui.share import transport

    private_dirs(monkeypatch, tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for name in ("NO_COLOR", "TEXTUAL_THEME", "COLORTERM", "TEXTUAL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    names = {HOST: "ann", MALLORY: "mallory"}
    monkeypatch.setattr(transport, "user_name", lambda uid: names.get(uid, f"uid {uid}"))
    from tui import share_start

    monkeypatch.setattr(share_start, "user_name", lambda uid: names.get(uid, f"uid {uid}"))
    return PartyDiceApp(seed=1)


def test_join_list_names_each_table_by_its_account(snap_compare: Any, app: Any) -> None:
    """The title's Join list at 80x24: "ann's Chase the Ace (table 3f2a9c, opened 08:52,
    round 2): your seat Ben waits for you; free Cleo" first, then a look-alike listed as
    "mallory's Chase the Ace", its seat names shown as typed ("[/]" and all), and
    ann's full table "no free seat: Enter watches"; the code field below."""
    tables: list[tuple[str, dict[str, Any]]] = [
        (
            f"party-dice.{HOST}.3f2a9c",
            {"game": "chase", "opened": "08:52", "round": 2, "yours": ["Ben"], "free": ["Cleo"]},
        ),
        (
            f"party-dice.{MALLORY}.ann001",
            {"host": "ann", "game": "chase", "opened": "08:53", "free": ["Ben[/]", "ann's [b]"]},
        ),
        (f"party-dice.{HOST}.77aa01", {"game": "aces", "opened": "09:10", "free": []}),
    ]

    async def run_before(pilot: Any) -> None:
        app.push_screen(JoinScreen(tables))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_w_box_shows_the_code_and_the_hosts_choices(snap_compare: Any, app: Any) -> None:
    """The host's W box at 80x24: "Code: ABCD-EFGH. Others type it after `party-dice
    join`.", then "Give eve Cleo's seat", "Turn eve away", "Take Ben's seat back from
    ben" and "Stop dora watching (2 terminals)", under its bold title "Who sits at this
    table" and over its keys, "Esc: back to the table"."""
    choices = [
        ("note", "Code: ABCD-EFGH. Others type it after `party-dice join`."),
        ("let:3", "Give eve Cleo's seat"),
        ("away:3", "Turn eve away"),
        ("kick:1", "Take Ben's seat back from ben"),
        ("unwatch:1003", "Stop dora watching (2 terminals)"),
    ]

    async def run_before(pilot: Any) -> None:
        app.push_screen(DoorScreen(choices))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)

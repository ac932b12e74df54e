"""The shared-table screens take a table's words as text (issue 33, 5 and 6; issue 38,
3 and 5): the title's Join list and the host's W box never parse a name as markup,
the Join list names no command-line flag and watches a table with no seat for you,
the code is shown on the terminal that opened the table (and under W), not on every
terminal of the host's account, and what the table tells a terminal is shown to it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import OptionList, Static

from tests.support.share import chase_config, offline_pair, offline_remote, private_dirs
from tui.look import box_variables
from tui.screens.door import DoorScreen
from tui.screens.shared import JoinScreen
from tui.share.remote import RemoteSession
from tui.share.transport import user_name

ME = os.getuid()
NAME = f"party-dice.{ME}.abc123"


class Stand(App[None]):
    """A bare app for one screen, recording what the Join list asks of the app."""

    def __init__(self) -> None:
        super().__init__()
        self.joined: list[tuple[str, str, bool]] = []

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **box_variables(False)}

    def join_table(
        self,
        name: str,
        code: str,
        waiting: Callable[[str], None] | None = None,
        watch: bool = False,
    ) -> str | None:
        self.joined.append((name, code, watch))
        return "stop here"


def drawn(widget: Any) -> str:
    """The text ``widget`` draws (what a player reads), row after row."""
    strips = widget.render_lines(widget.region.reset_offset)
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def options(screen: Any, selector: str) -> list[str]:
    listed = screen.query_one(selector, OptionList)
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]


async def test_the_join_list_shows_a_tables_names_as_text_and_no_flag() -> None:
    """One ``[/]`` in a seat's name crashed the Join screen for everyone; ``Sam [AFK]``
    showed as ``Sam `` (issue 33, 6)."""
    info = {"game": "chase", "free": ["Ben[/]", "Sam [AFK]"], "opened": "08:52"}
    full = {"game": "aces", "free": [], "yours": []}
    app = Stand()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = JoinScreen([(NAME, info), (f"party-dice.{ME}.def456", full)])
        app.push_screen(screen)
        await pilot.pause()
        shown = options(screen, "#shared-tables")
        me = user_name(ME)
        assert shown == [
            f"{me}'s Chase the Ace (table abc123, opened 08:52): free Ben[/], Sam [AFK]",
            f"{me}'s Aces in the Pot (table def456): no free seat: Enter watches",
        ]
        text = drawn(screen.query_one("#shared-tables", OptionList))
        assert "Ben[/]" in text and "Sam [AFK]" in text and "--watch" not in text
        await pilot.press("down", *"ABCDEFGH", "enter")  # the full table
        for _ in range(100):
            await pilot.pause(0.01)
            if app.joined:
                break
    assert app.joined == [(f"party-dice.{ME}.def456", "ABCDEFGH", True)]


async def test_the_hosts_w_box_shows_the_code_and_names_as_text() -> None:
    choices = [
        ("note", "Code: ABCD-EFGH. Others type it after `party-dice join`."),
        ("let:3", "Give [b]eve[/] Cleo's seat"),
        ("kick:1", "Take Ben[/]'s seat back from ben"),
    ]
    app = Stand()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = DoorScreen(choices)
        app.push_screen(screen)
        await pilot.pause()
        assert options(screen, "#door-choices") == [words for _c, words in choices[1:]]
        text = drawn(screen.query_one("#door-choices", OptionList))
        assert "Give [b]eve[/] Cleo's seat" in text and "Ben[/]'s seat" in text
        notes = [str(note.render()) for note in screen.query(".door-note").results(Static)]
        assert notes == [choices[0][1]]


def test_the_code_is_shown_on_the_terminal_that_opened_the_table_only() -> None:
    """The "Your table is open / Code" notice showed on every terminal of the host's
    account, and stayed (issue 38, 5): a second terminal finds the code under W."""
    presence: dict[str, Any] = {"seats": [], "watching": []}
    remote, _peer = offline_pair(chase_config(), {0}, presence, host=True)
    opened = RemoteSession(remote, hosted=True).opening_notice
    assert opened is not None and "ABCD-EFGH" in opened.message
    assert opened.timeout is not None and opened.timeout <= 20
    assert RemoteSession(remote).opening_notice is None
    assert remote.door()[0] == (
        "note",
        "Code: ABCD-EFGH. Others type it after `party-dice join`.",
    )


def test_a_table_that_cannot_save_tells_every_terminal_as_it_joins() -> None:
    remote = offline_remote(chase_config(), {1}, {"seats": [], "watching": []})
    remote.saving, remote.unsaved = False, "The saves folder cannot be used."
    session = RemoteSession(remote)
    assert not session.saving
    notice = session.opening_notice
    assert notice is not None and notice.severity == "warning"
    assert notice.message == "The saves folder cannot be used."
    assert notice.title == "This table's game is not saved"


async def test_what_the_table_tells_a_terminal_is_shown_as_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Wrong codes and lock-outs reach the host's screen, never parsed as markup."""
    from tui.app import PartyDiceApp

    private_dirs(monkeypatch, tmp_path)
    remote, _peer = offline_pair(chase_config(), {0}, {"seats": [], "watching": []}, host=True)
    app = PartyDiceApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.shared = RemoteSession(remote, hosted=True)
        app.open_shared()
        await pilot.pause()
        remote.connection.inbox.put({"t": "note", "text": "[b]eve[/] tried a wrong code."})
        remote._changed()
        for _ in range(100):
            await pilot.pause(0.01)
            if any("eve" in n.message for n in app._notifications):
                break
        told = [n for n in app._notifications if "eve" in n.message]
        assert [n.message for n in told] == ["[b]eve[/] tried a wrong code."]
        assert not told[0].markup
    assert not app.crashed

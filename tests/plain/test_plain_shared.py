"""A shared table in plain text, without a table process (``offline_pair``): who comes
and goes in words, and the host's W as a numbered choice sent to the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.plain import PlainHarness, plain_settings
from tests.support.share import chase_config, offline_pair
from tui.session.seat_control import Presence
from tui.session.table_words import presence_news
from tui.share.remote import RemoteSession

NAMES = ("Ann", "Ben", "Cleo", "Dot")


def test_who_comes_and_goes_in_words() -> None:
    first = Presence(here=(0,), free=(1, 2), watching=("dora",))
    assert presence_news(None, first, NAMES) == [
        "Here: Ann.",
        "Free: Ben and Cleo.",
        "Watching: dora.",
    ]
    later = Presence(here=(0, 1), away=(2,), watching=(), asking=("eve",))
    assert presence_news(first, later, NAMES) == [
        "Ben has joined.",
        "Cleo is away.",
        "dora has stopped watching.",
        "eve asks to join the table: w answers.",
    ]
    back = Presence(here=(0, 1, 2))
    assert presence_news(later, back, NAMES) == ["Cleo is back."]
    assert presence_news(None, None, NAMES) == []


def test_the_host_hears_who_asks_and_answers_with_a_number(tmp_path: Path) -> None:
    seats: list[dict[str, Any]] = [
        {"name": "Ann", "user": "root", "state": "here"},
        {"name": "Ben", "user": "ben", "state": "away"},
        {"name": "Cleo", "user": None, "state": "free"},
        {"name": "Dot", "user": None, "state": "computer"},
    ]
    presence = {"seats": seats, "watching": [], "asking": [{"id": 7, "user": "eve"}]}
    remote, peer = offline_pair(chase_config(), {0}, presence, host=True)
    table = PlainHarness(RemoteSession(remote), plain_settings(tmp_path))
    text = table.text
    assert "Here: Ann.\nAway: Ben.\nFree: Cleo.\neve asks to join the table: w answers.\n" in text
    table.type("w")
    choices = "1. Give eve a seat.\n2. Turn eve away.\n3. Take Ben's seat back from ben.\n"
    assert choices in table.text
    assert "1. Code:" not in table.text, "the code is said, not offered as a choice"
    assert table.prompt == "Who sits: 1 to 3, or Enter to go back. > "
    table.type("4")
    assert "Type a number from 1 to 3, or Enter to go back." in table.text
    table.type("1")
    assert table.prompt.startswith("Ann, your move.")
    peer.settimeout(5)
    sent = json.loads(peer.makefile("rb").readline())
    assert sent == {"t": "let", "id": 7, "yes": True}
    table.type("w")  # a guest's terminal has no door; the host's lists it again
    assert table.text.count("1. Give eve a seat.") == 2


def test_a_watcher_is_asked_nothing(tmp_path: Path) -> None:
    seats = [{"name": name, "state": "here"} for name in ("Ann", "Ben", "Cleo")]
    seats.append({"name": "Dot", "state": "computer"})
    remote, _peer = offline_pair(chase_config(), set(), {"seats": seats, "watching": []})
    table = PlainHarness(RemoteSession(remote), plain_settings(tmp_path))
    assert "Here: Ann, Ben and Cleo." in table.text
    assert table.prompt == ""
    table.type("4")
    assert "You have no card to look at now." in table.text
    table.type("w")
    assert "Only the host of a shared table chooses who sits." in table.text

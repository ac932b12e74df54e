"""The host's door over a real socket: with ``--approve`` each joiner of another
account waits (one sentence) until the host's terminal lets them in or not, and the
host can take a seat back, which its account then takes only if the host gives it.

The joiners are forked children that drop to ``nobody`` (as in ``test_accounts``);
without root there is no second account, and the test is skipped, saying so.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.share.test_accounts import as_nobody
from tests.support.hostile import OTHER_UID
from tests.support.share import chase_config, private_dirs
from tui.share.client import Connection, hello
from tui.share.door import KICKED, TURNED_AWAY, WAITING
from tui.share.process import launch
from tui.share.transport import ShareError, supported, user_name

pytestmark = [
    pytest.mark.skipif(not supported(), reason="shared tables need Linux"),
    pytest.mark.skipif(
        os.geteuid() != 0, reason="needs root to run a joiner as another account (uid 65534)"
    ),
]


def knock(name: str, code: str, seat: str) -> tuple[list[str], str, list[int]]:
    """As ``nobody``: what the table said while waiting, its refusal, the seats won
    (and, let in, still connected a moment later: the table once dropped each joiner
    the host let in, its reading of the line still waiting at the door)."""

    def joiner() -> tuple[list[str], str, list[int]]:
        said: list[str] = []
        try:
            connection, welcome = hello(name, "play", code, [seat], waiting=said.append)
        except ShareError as error:
            return said, str(error), []
        connection.sock.settimeout(1.0)
        after: dict[str, Any] | None = {}
        try:
            while after is not None and after.get("t") != "bye":
                after = connection.read()  # the table's words for a second: no goodbye
        except TimeoutError:
            after = {"t": "still here"}
        connection.sock.close()
        if after is None or after["t"] == "bye":
            return said, f"dropped once let in: {after}", list(welcome["you"])
        return said, "", list(welcome["you"])

    result: tuple[list[str], str, list[int]] = as_nobody(joiner)
    return result


def in_thread(call: Any) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: out.setdefault("result", call()), daemon=True)
    thread.start()
    return thread, out


def until_asked(host: Connection) -> list[dict[str, Any]]:
    """The host's presence messages, read until someone is asking to come in."""
    while True:
        message = host.read()
        assert message is not None, "the table closed the host's connection"
        if message["t"] == "presence" and message.get("asking"):
            return list(message["asking"])


def test_the_host_lets_one_joiner_in_turns_one_away_and_kicks_a_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20, approve=True)
    host, welcome = hello(name, "play", "", ["Ann"])  # the host's own account: no waiting
    assert welcome["you"] == [0]
    ben, out = in_thread(lambda: knock(name, code, "Ben"))
    asking = until_asked(host)
    assert [who["user"] for who in asking] == [user_name(OTHER_UID)]
    host.send({"t": "let", "id": asking[0]["id"], "yes": True})
    ben.join(30)
    assert out["result"] == ([WAITING], "", [1])
    cleo, out = in_thread(lambda: knock(name, code, "Cleo"))
    asking = until_asked(host)
    host.send({"t": "let", "id": asking[0]["id"], "yes": False})
    cleo.join(30)
    assert out["result"] == ([WAITING], TURNED_AWAY, [])
    host.send({"t": "kick", "seat": 1})  # Ben's seat, held by nobody's account
    while True:
        message = host.read()
        assert message is not None
        if message["t"] == "presence" and message["seats"][1]["state"] == "free":
            break
    # The seat taken back is free; the account takes it again only if the host gives it.
    ben, out = in_thread(lambda: knock(name, code, "Ben"))
    asking = until_asked(host)
    assert [(who["user"], who["wants"]) for who in asking] == [(user_name(OTHER_UID), "Ben")]
    host.send({"t": "let", "id": asking[0]["id"], "yes": False})
    ben.join(30)
    assert out["result"] == ([WAITING], TURNED_AWAY, [])
    host.sock.close()
    for sentence in (WAITING, TURNED_AWAY, KICKED):
        assert sentence.count(". ") == 0 and "\n" not in sentence


class GaveUp(Exception):
    """The joiner stops waiting for the host."""


def test_a_joiner_who_gives_up_waiting_is_no_longer_asking(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    name, code = launch(chase_config(), ["Ann"], idle=20, approve=True)
    host, _welcome = hello(name, "play", "", ["Ann"])

    def impatient() -> str:
        def waiting(sentence: str) -> None:
            time.sleep(0.6)  # long enough for the host to hear of it (a tick at most)
            raise GaveUp(sentence)

        try:
            hello(name, "play", code, ["Ben"], waiting=waiting)
        except GaveUp as error:
            return str(error)  # the child ends: its socket closes
        return "let in"

    joiner, out = in_thread(lambda: as_nobody(impatient))
    assert until_asked(host)
    joiner.join(30)
    assert out["result"] == WAITING
    while True:
        message = host.read()
        assert message is not None
        if message["t"] == "presence" and not message.get("asking"):
            break
    host.sock.close()

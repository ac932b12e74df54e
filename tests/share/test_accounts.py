"""Another Unix account at a shared table: the kernel names it, and the code, the
lock-out, the version and the table's own uid are all checked.

The suite runs as root in CI: the joiner is a forked child that drops to ``nobody``
(``OTHER_UID``). Anyone else cannot make a second account, and is skipped, saying so.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any

import pytest

from tests.support.hostile import OTHER_UID, in_child
from tests.support.share import chase_config, private_dirs
from tui.share.client import hello
from tui.share.process import launch
from tui.share.transport import ShareError, address, supported, table_name, user_name

pytestmark = [
    pytest.mark.skipif(not supported(), reason="shared tables need Linux"),
    pytest.mark.skipif(
        os.geteuid() != 0, reason="needs root to run a joiner as another account (uid 65534)"
    ),
]


def as_nobody(body: Any) -> Any:
    def child() -> Any:
        os.setgroups([])
        os.setgid(OTHER_UID)
        os.setuid(OTHER_UID)
        return body()

    return in_child(child, timeout=60)


def refusal(call: Any) -> str:
    try:
        connection, _answer = call()
    except ShareError as error:
        return str(error)
    connection.sock.close()
    return ""


def test_another_account_is_named_by_the_kernel_and_checked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    private_dirs(monkeypatch, tmp_path)
    locked_name, locked_code = launch(chase_config(), ["Ann"], idle=20)
    name, code = launch(chase_config(), ["Ann"], idle=20)
    squat = table_name(OTHER_UID)  # a fresh name: a second run at once binds its own
    squatted = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    squatted.bind(address(squat))  # root claims nobody's name
    squatted.listen()

    def joiner() -> dict[str, Any]:
        said = {
            "version": refusal(lambda: hello(name, "play", code, ["Ben"], version=99)),
            "wrong": refusal(lambda: hello(name, "play", "AAAA-AAAA", ["Ben"])),
            "squat": refusal(lambda: hello(squat, "list")),
        }
        for _ in range(5):
            refusal(lambda: hello(locked_name, "play", "WRONG", ["Ben"]))
        said["locked"] = refusal(lambda: hello(locked_name, "play", locked_code, ["Ben"]))
        connection, welcome = hello(name, "play", code.lower(), ["Ben"])
        connection.sock.close()
        said["seats"] = welcome["you"]
        said["code_shown"] = welcome["code"]
        return said

    said = as_nobody(joiner)
    squatted.close()
    assert "protocol 1" in said["version"] and "99" in said["version"]
    assert said["wrong"] == "That is not the table's code: ask the host for it again."
    assert "another account" in said["squat"]
    assert said["locked"].startswith("Too many wrong codes")
    assert said["seats"] == [1] and said["code_shown"] is None
    for sentence in (said["version"], said["wrong"], said["squat"], said["locked"]):
        assert sentence.count(". ") == 0 and "\n" not in sentence
    host, welcome = hello(name, "play", "", ["Ann"])
    assert welcome["code"] is not None  # the host's own account sees the code
    presence = host.read()
    assert presence is not None
    host.sock.close()
    assert presence["t"] == "presence"
    assert presence["seats"][1]["user"] == user_name(OTHER_UID)
    assert presence["seats"][1]["state"] == "away"

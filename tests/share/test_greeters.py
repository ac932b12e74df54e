"""``Greeters``: the connections not yet past their hello, a few per account and a
few dozen in all, and the table's log told of those turned back once a minute."""

from __future__ import annotations

import errno
import os
import socket

import pytest

from tui.share.door import TOLD_EVERY, Greeters
from tui.share.transport import ShareError, connect, table_name, user_name


def test_each_account_has_a_few_places_and_all_together_a_few_more() -> None:
    greeters = Greeters(each=2, all=3)
    assert greeters.enter(1000) and greeters.enter(1000)
    assert not greeters.enter(1000), "a third for the same account"
    assert greeters.enter(1001)
    assert not greeters.enter(1002), "the fourth in all"
    greeters.leave(1000)
    assert greeters.enter(1002) and not greeters.enter(1000)
    for uid in (1000, 1001, 1002):
        greeters.leave(uid)
    assert not greeters.waiting


def test_the_log_hears_of_turned_back_connections_once_a_minute() -> None:
    greeters = Greeters()
    first = greeters.untold_line(1000, now=100.0)
    assert first == f"connections turned back or gone before their hello: {user_name(1000)} 1"
    assert all(greeters.untold_line(1000, now=100.0 + n) is None for n in range(1, 50))
    assert greeters.untold_line(0, now=120.0) is None
    line = greeters.untold_line(1000, now=100.0 + TOLD_EVERY)
    assert line == (
        "connections turned back or gone before their hello: "
        f"{user_name(0)} 1, {user_name(1000)} 50"
    )


def test_a_table_too_busy_to_take_a_connection_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full queue of connections (``EAGAIN``) is not a closed table."""

    def full(_sock: socket.socket, _address: object) -> None:
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(socket.socket, "connect", full)
    with pytest.raises(ShareError, match="busy: try again"):
        connect(table_name(os.getuid(), "busy"))

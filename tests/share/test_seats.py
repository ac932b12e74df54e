"""Seats are given, not grabbed, and the code is the door: the account checks of a
shared table, with other accounts stood in for (``TableThread``, ``join_as``), so they
run for everyone; the real cross-account tests are ``test_accounts`` and ``test_door``.

Issue 33 (2, 3), issue 37 (a seat held by one account taken by another that names it;
a hello with an empty or missing code let in; the checks faked at the seam where the
table reads the kernel's peer credentials).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.support.share import (
    TableThread,
    account_socket,
    chase_config,
    join_as,
    read_until,
    table_session,
)
from tui.share import wire
from tui.share.client import Connection
from tui.share.door import KICKED, NO_CODE, WAITING, WRONG_CODE
from tui.share.host import SharedTable
from tui.share.seats import KEPT_OFF, SeatMap
from tui.share.transport import ShareError, supported, user_name

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")

CODE = "ABCDEFGH"
BEN, CLEO, MALLORY = 4001, 4002, 4003
"""Stand-in accounts (no such users need exist: the table names them "uid 4001")."""
HOST = os.getuid()


def refused(call: Any) -> str:
    try:
        connection, _welcome = call()
    except ShareError as error:
        return str(error)
    connection.sock.close()
    return ""


def table(tmp_path: Path | None = None, **options: Any) -> SharedTable:
    saves = None if tmp_path is None else tmp_path / "saves"
    return SharedTable(table_session(chase_config(), saves), CODE, HOST, ["Ann"], **options)


def test_a_seat_held_by_one_account_is_not_taken_by_another_that_names_it() -> None:
    with TableThread(table()) as served:
        ben, welcome = join_as(BEN, served.name, code=CODE, seats=["Ben"])
        assert welcome["you"] == [1]
        ben.sock.close()  # Ben's terminal goes: the seat stays Ben's account's
        said = refused(lambda: join_as(MALLORY, served.name, code=CODE, seats=["Ben"]))
        assert said == f"Ben's seat is {user_name(BEN)}'s."
        again, welcome = join_as(BEN, served.name, code=CODE, seats=["Ben"])
        assert welcome["you"] == [1]  # and Ben's account comes back to it
        again.sock.close()
        assert served.call(lambda: served.table.owners) == {0: HOST, 1: BEN}


@pytest.mark.parametrize("code", ["", None, "   ", "-", 12345678])
def test_a_hello_with_no_code_an_empty_one_or_not_a_string_is_refused(code: Any) -> None:
    with TableThread(table()) as served:
        sock = account_socket(MALLORY, served.name)
        connection = Connection(sock)
        hello: dict[str, Any] = {"t": "hello", "v": wire.PROTOCOL, "want": "play", "seats": []}
        if code is not None:
            hello["code"] = code
        connection.send(hello)
        answer = connection.read()
        sock.close()
        assert answer is not None and answer["t"] == "refused"
        assert answer["why"] in (NO_CODE, WRONG_CODE)
        assert served.call(lambda: served.table.owners) == {0: HOST}


def test_the_hosts_own_account_needs_no_code_and_others_need_the_right_one() -> None:
    with TableThread(table()) as served:
        assert refused(lambda: join_as(BEN, served.name, code="ABCDEFGJ")) == WRONG_CODE
        host, welcome = join_as(HOST, served.name, seats=["Ann"])
        host.sock.close()
        assert welcome["you"] == [0] and welcome["code"] == "ABCD-EFGH"
        ben, welcome = join_as(BEN, served.name, code="abcd-efgh")
        ben.sock.close()
        assert welcome["you"] == [1] and welcome["code"] is None


def test_one_account_takes_one_seat_unless_the_host_allows_more() -> None:
    """One hello claimed Ben and Cleo and saw Cleo's card (issue 33, 2)."""
    with TableThread(table()) as served:
        said = refused(lambda: join_as(MALLORY, served.name, code=CODE, seats=["Ben", "Cleo"]))
        assert said == "An account takes one seat at this table by itself."
        first, welcome = join_as(MALLORY, served.name, code=CODE, seats=["Ben"])
        assert welcome["you"] == [1]
        said = refused(lambda: join_as(MALLORY, served.name, code=CODE, seats=["Cleo"]))
        assert said == "An account takes one seat at this table by itself (yours: Ben)."
        cleo, welcome = join_as(CLEO, served.name, code=CODE, seats=["Cleo"])
        assert welcome["you"] == [2]  # Cleo's real player is not refused
        for connection in (first, cleo):
            connection.sock.close()
    with TableThread(table(seats_each=2)) as served:
        both, welcome = join_as(MALLORY, served.name, code=CODE, seats=["Ben", "Cleo"])
        both.sock.close()
        assert welcome["you"] == [1, 2]


def test_a_seat_given_to_an_account_is_that_accounts_alone() -> None:
    """``--names Ann=ann,Ben=ben``: the host gives seats to accounts."""
    with TableThread(table(given={"Ben": BEN})) as served:
        said = refused(lambda: join_as(MALLORY, served.name, code=CODE, seats=["Ben"]))
        assert said == f"Ben's seat is {user_name(BEN)}'s."
        mallory, welcome = join_as(MALLORY, served.name, code=CODE)  # no seat named
        mallory.sock.close()
        assert welcome["you"] == [2], "the first free seat, never a given one"
        ben, welcome = join_as(BEN, served.name, code=CODE)  # its given seat, unnamed
        ben.sock.close()
        assert welcome["you"] == [1]


def test_taking_a_seat_back_frees_it_and_keeps_the_account_off_free_seats_not_its_own() -> None:
    """A kick banned the account from its own seat too (issue 33, 2): now taking a seat
    back frees that seat; the account keeps its other seat, takes no free seat by
    itself, and takes one the host gives it."""
    with TableThread(table(seats_each=2)) as served:
        mallory, welcome = join_as(MALLORY, served.name, code=CODE, seats=["Ben", "Cleo"])
        assert welcome["you"] == [1, 2]
        host, _welcome = join_as(HOST, served.name, seats=["Ann"])
        host.send({"t": "kick", "seat": 2})  # Cleo's seat back from Mallory
        bye = read_until(mallory, lambda m: m["t"] == "bye")
        assert bye["why"] == KICKED
        assert served.call(lambda: served.table.owners) == {0: HOST, 1: MALLORY}
        said = refused(lambda: join_as(MALLORY, served.name, code=CODE, seats=["Cleo"]))
        assert said == KEPT_OFF
        again, welcome = join_as(MALLORY, served.name, code=CODE)  # its own seat, still
        assert welcome["you"] == [1]
        again.sock.close()
        cleo, welcome = join_as(CLEO, served.name, code=CODE, seats=["Cleo"])
        assert welcome["you"] == [2]
        cleo.sock.close()
        host.send({"t": "forgive", "uid": MALLORY})  # the host lets Mallory back
        read_until(host, lambda m: m["t"] == "presence" and not m.get("kept_off"))
        host.sock.close()
        assert served.call(lambda: MALLORY not in served.table.seats.kept_off)


def test_under_approve_the_hosts_yes_gives_the_seat_asked_for() -> None:
    with TableThread(table(approve=True)) as served:
        host, _welcome = join_as(HOST, served.name, seats=["Ann"])
        outcome: dict[str, Any] = {}

        def knock() -> None:
            said: list[str] = []
            try:
                connection, welcome = join_as(
                    BEN, served.name, code=CODE, seats=["Cleo"], waiting=said.append
                )
            except ShareError as error:
                outcome["refused"] = str(error)
                return
            outcome["said"], outcome["you"] = said, welcome["you"]
            connection.sock.close()

        joiner = threading.Thread(target=knock, daemon=True)
        joiner.start()
        asking = read_until(host, lambda m: m["t"] == "presence" and m.get("asking"))["asking"]
        assert [(a["user"], a["wants"]) for a in asking] == [(user_name(BEN), "Cleo")]
        host.send({"t": "let", "id": asking[0]["id"], "yes": True})
        joiner.join(10)
        assert outcome == {"said": [WAITING], "you": [2]}
        back, welcome = join_as(BEN, served.name, code=CODE)  # back to its seat: no knock
        back.sock.close()
        host.sock.close()
        assert welcome["you"] == [2]


def test_the_seat_map_survives_as_plain_data_and_only_for_its_own_table() -> None:
    seats = SeatMap(("Ann", "Ben", "Cleo", "Dot"), (0, 1, 2), HOST)
    seats.take(HOST, [2])
    seats.take(BEN, [0])
    seats.kept_off.add(MALLORY)
    again = SeatMap(("Ann", "Ben", "Cleo", "Dot"), (0, 1, 2), HOST)
    assert again.restore(seats.to_dict())
    assert again.owners == {0: BEN, 2: HOST} and again.kept_off == {MALLORY}
    other = SeatMap(("Ann", "Bob", "Cleo", "Dot"), (0, 1, 2), HOST)
    assert not other.restore(seats.to_dict()) and other.owners == {}
    damages: list[Any] = [None, [], {"names": ["Ann"]}, {**seats.to_dict(), "owners": {"3": BEN}}]
    for damaged in damages:
        fresh = SeatMap(("Ann", "Ben", "Cleo", "Dot"), (0, 1, 2), HOST)
        assert not fresh.restore(damaged) and fresh.owners == {}

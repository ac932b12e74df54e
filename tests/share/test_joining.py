"""``party-dice join`` from the joiner's side (issue 33, 1, 5 and 10; issue 38, 3 and 7):
whose table it is comes from the kernel, the code from ``PARTY_DICE_CODE`` goes only
to a table whose owner was named or confirmed, everything a table sends is text with
no control character, a welcome that cannot be read ends ``join`` in one sentence, a
wrong answer is asked again, and ``--seat`` is checked before the code."""

from __future__ import annotations

import os
import socket
import threading
import time
from typing import Any

import pytest

from tests.support.share import TableThread, chase_config, table_session
from tui import share_start
from tui.cli import parse
from tui.share import transport, wire
from tui.share.client import MALFORMED, Connection, greet, open_tables
from tui.share.door import WRONG_CODE
from tui.share.host import SharedTable
from tui.share.transport import ShareError, connect, supported, table_name, user_name

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")

ME = os.getuid()
OTHER = ME + 4321
"""A look-alike's account (the name carries it, the kernel would confirm it)."""


class Said:
    """What ``join`` printed, asked and sent, with the answers it is given."""

    def __init__(self, answers: list[str] | None = None, codes: list[str] | None = None) -> None:
        self.printed: list[str] = []
        self.asked: list[str] = []
        self.answers = list(answers or [])
        self.codes = list(codes or [])
        self.sent: list[tuple[str, str, str, list[str]]] = []

    def ask(self, prompt: str) -> str:
        self.asked.append(prompt)
        return self.answers.pop(0)

    def ask_secret(self, prompt: str) -> str:
        self.asked.append(prompt)
        return self.codes.pop(0)


def joining(
    monkeypatch: pytest.MonkeyPatch,
    tables: list[tuple[str, dict[str, Any]]],
    said: Said,
    refusals: list[str] | None = None,
) -> None:
    """``join`` sees ``tables``; its hellos are recorded and refused (``refusals``,
    then "stop here")."""
    left = list(refusals or [])
    monkeypatch.setattr(share_start, "supported", lambda: True)
    monkeypatch.setattr(share_start, "open_tables", lambda: tables)

    def hello(name: str, want: str, code: str, seats: list[str], **_options: object) -> Any:
        said.sent.append((name, want, code, seats))
        raise ShareError(left.pop(0) if left else "stop here")

    monkeypatch.setattr(share_start, "hello", hello)


def run_join(argv: list[str], said: Said) -> str:
    try:
        share_start.join(
            parse(argv), ask=said.ask, say=said.printed.append, ask_secret=said.ask_secret
        )
    except ShareError as error:
        return str(error)
    return ""


LOOK_ALIKE = (f"party-dice.{OTHER}.aaa111", {"host": "ann", "game": "chase", "free": ["Ben"]})


def test_a_look_alike_is_listed_as_the_account_that_runs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table that says it is "ann's" is listed by the account the kernel names."""
    said = Said()
    joining(monkeypatch, [LOOK_ALIKE], said)
    run_join(["join", "--list"], said)
    assert said.printed == [f"1. {user_name(OTHER)}'s Chase the Ace (table aaa111): free Ben"]
    assert "ann" not in said.printed[0]


def test_the_code_in_the_environment_goes_only_to_a_table_confirmed_or_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With one table listed and ``PARTY_DICE_CODE`` set, the code went to it with no
    question at all (issue 33, 1)."""
    monkeypatch.setenv(share_start.CODE_VARIABLE, "REAL-CODE")
    said = Said(answers=["n"], codes=[""])
    joining(monkeypatch, [LOOK_ALIKE], said)
    run_join(["join"], said)
    owner = user_name(OTHER)
    assert said.asked[0] == f"Send the code in PARTY_DICE_CODE to {owner}'s table? (y/n) "
    assert said.asked[1] == f"Code for {owner}'s table: "
    assert all(code != "REAL-CODE" for _name, _want, code, _seats in said.sent)
    confirmed = Said(answers=["y"])
    joining(monkeypatch, [LOOK_ALIKE], confirmed)
    run_join(["join"], confirmed)
    assert [code for _n, _w, code, _s in confirmed.sent] == ["REAL-CODE"]


def test_join_host_names_whose_table_and_sends_the_code_to_it_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(share_start.CODE_VARIABLE, "REAL-CODE")
    mine = (f"party-dice.{ME}.bbb222", {"game": "aces", "free": ["Ben"]})
    said = Said()
    joining(monkeypatch, [LOOK_ALIKE, mine], said)
    me = user_name(ME)
    run_join(["join", "--host", me], said)
    assert said.asked == [] and [name for name, *_rest in said.sent] == [mine[0]]
    assert said.sent[0][2] == "", "one's own table needs no code"
    nobody = Said()
    joining(monkeypatch, [mine], nobody)
    if ME != 65534:
        said_nobody = run_join(["join", "--host", "nobody"], nobody)
        assert said_nobody == "nobody has no shared table open on this server."
    assert run_join(["join", "--host", "no-such-account-here"], nobody) == (
        "There is no account named no-such-account-here on this server."
    )
    assert nobody.sent == []


def test_which_table_and_a_wrong_code_are_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """``join`` exited on the first bad answer (issue 38, 7)."""
    monkeypatch.delenv(share_start.CODE_VARIABLE, raising=False)
    two = [LOOK_ALIKE, (f"party-dice.{OTHER}.ccc333", {"game": "chase", "free": ["Cleo"]})]
    said = Said(answers=["ABCD-EFGH", "7", "2"], codes=["WRONGONE", "RIGHTONE"])
    joining(monkeypatch, two, said, refusals=[WRONG_CODE])
    assert run_join(["join"], said) == "stop here"
    assert said.printed[2:4] == [
        "Type the number of a table in the list, 1 to 2.",
        "Type the number of a table in the list, 1 to 2.",
    ]
    assert [code for _n, _w, code, _s in said.sent] == ["WRONGONE", "RIGHTONE"]
    assert said.printed[-1] == WRONG_CODE
    assert said.sent[0][0] == two[1][0]


def test_a_seat_that_is_not_there_is_said_before_the_code_is_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = Said(codes=["ABCDEFGH"])
    table = (f"party-dice.{OTHER}.aaa111", {"game": "chase", "seats": ["Ann", "Ben"], "free": []})
    joining(monkeypatch, [table], said)
    problem = run_join(["join", "--seat", "Zed"], said)
    assert problem == f"{user_name(OTHER)}'s table has no seat named Zed (its people: Ann, Ben)."
    assert said.asked == [] and said.sent == []


def test_a_busy_table_is_listed_as_busy_not_as_no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Honest players were told "No shared table is open" (issue 33, 8)."""
    said = Said()
    busy = (f"party-dice.{OTHER}.aaa111", {"busy": transport.BUSY})
    joining(monkeypatch, [busy], said)
    assert run_join(["join"], said) == transport.BUSY
    assert said.printed == [f"1. {user_name(OTHER)}'s table aaa111: busy, try again in a moment"]


def test_the_kernels_word_on_a_tables_account_is_checked_without_root(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 37: the joiner's check ran only as root. Here the kernel's answer is stood
    in for at its seam (``transport.peer_uid``): a socket whose account is not the one
    its name carries is refused, and not listed."""
    shared = SharedTable(table_session(chase_config()), "ABCDEFGH", ME, ["Ann"])
    with TableThread(shared) as served:
        sock = connect(served.name)
        sock.close()
        monkeypatch.setattr(transport, "peer_uid", lambda sock: OTHER)
        with pytest.raises(ShareError, match="run by another account"):
            connect(served.name)
        monkeypatch.setattr(transport, "listed_tables", lambda: [served.name])
        from tui.share import client

        monkeypatch.setattr(client, "listed_tables", lambda: [served.name])
        assert open_tables() == []


def table_saying(message: dict[str, Any] | bytes) -> tuple[str, threading.Thread]:
    """A table (a bare socket) that answers a hello with ``message``."""
    name = table_name(ME, f"say{os.getpid()}{threading.get_ident() % 1000}")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(transport.address(name))
    listener.listen()

    def answer() -> None:
        joiner, _ = listener.accept()
        joiner.makefile("rb").readline()
        joiner.sendall(message if isinstance(message, bytes) else wire.encode(message))
        joiner.close()
        listener.close()

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    return name, thread


@pytest.mark.parametrize(
    "welcome",
    [
        {"t": "welcome", "v": wire.PROTOCOL},
        {"t": "welcome", "v": wire.PROTOCOL, "game": "chase", "seats": [], "you": [0], "snap": {}},
        {"t": "welcome", "v": wire.PROTOCOL, "game": "poker", "seats": [], "you": [], "snap": {}},
        {"t": "welcome", "v": wire.PROTOCOL, "game": "chase", "seats": "x", "you": 1, "snap": 2},
    ],
    ids=["empty", "a seat that is not there", "an unknown game", "wrong kinds"],
)
def test_a_welcome_that_cannot_be_read_ends_join_in_one_sentence(welcome: dict[str, Any]) -> None:
    """A malformed welcome crashed the joiner (``KeyError: 'game'``)."""
    name, thread = table_saying(welcome)
    with pytest.raises(ShareError) as refused:
        greet(Connection(connect(name)), "play", "CODE", [])
    thread.join(5)
    assert str(refused.value) == MALFORMED


def test_what_a_table_says_reaches_the_terminal_without_a_control_character() -> None:
    """Listing alone printed a table's escapes as they came (issue 33, 5)."""
    evil = "\x1b]0;owned\x07\x1b[2J\x1b]52;c;ZXZpbA==\x07Ben\r\u202eniB\x9b"
    name, thread = table_saying(
        {"t": "refused", "why": f"No{evil}.", "v": wire.PROTOCOL, evil: evil}
    )
    with pytest.raises(ShareError) as refused:
        greet(Connection(connect(name)), "list")
    thread.join(5)
    said = str(refused.value)
    assert all(ch.isprintable() for ch in said) and "\x1b" not in said and "\u202e" not in said
    assert said == "No]0;owned[2J]52;c;ZXZpbA==BenniB."
    assert wire.cleaned({"a\x1b": ["b\x07", {"c": "d\x9b"}], "n": 1}) == {
        "a": ["b", {"c": "d"}],
        "n": 1,
    }


def test_host_refuses_a_seed_on_its_command_line_and_takes_one_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``host --seed`` put every card on the process list (issue 33, 4)."""
    from tui.cli import UsageError
    from tui.share_cli import SEED_VARIABLE

    for game in ("chase", "aces"):
        with pytest.raises(UsageError, match=f"set {SEED_VARIABLE} instead"):
            parse(["host", game, "--names", "Ann,Ben,Cleo", "--seed", "3"])
    monkeypatch.setenv(SEED_VARIABLE, "3")
    command = parse(["host", "chase", "--names", "Ann,Ben,Cleo"])
    assert command.play is not None and command.play.seed == 3
    monkeypatch.setenv(SEED_VARIABLE, "three")
    with pytest.raises(UsageError, match=SEED_VARIABLE):
        parse(["host", "chase", "--names", "Ann,Ben,Cleo"])
    assert "--seed" not in parse_help(["host", "--help"])


def parse_help(argv: list[str]) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        parse(argv)
    return out.getvalue()


def test_host_names_give_seats_to_accounts_that_exist() -> None:
    from tui.cli import UsageError

    me = user_name(ME)
    command = parse(["host", "chase", "--names", f"Ann={me},Ben,Cleo", "--seats-each", "2"])
    assert command.play is not None and command.play.humans == ("Ann", "Ben", "Cleo")
    assert command.share is not None and command.share.given == (("Ann", ME),)
    assert command.share.seats_each == 2
    with pytest.raises(UsageError, match="no account named 'no-such-account-here'"):
        parse(["host", "chase", "--names", "Ann,Ben=no-such-account-here,Cleo"])
    other = "nobody" if ME != 65534 else "root"
    given_away = parse(["host", "chase", "--names", f"Ann={other},Ben,Cleo"])
    assert given_away.share is not None and given_away.share.here == ("Ben",)
    with pytest.raises(UsageError, match="--here names a seat --names gives another account"):
        parse(["host", "chase", "--names", f"Ann={other},Ben,Cleo", "--here", "Ann"])


def test_tables_that_never_answer_cannot_hold_the_list_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any account may name sockets like a table's and never answer: each held the list
    (and the title's Join) for ten seconds. All are asked at once now, a few per
    account, and one that says nothing in time is listed as busy."""
    from tui.share import client

    mute = []
    for number in range(12):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(transport.address(table_name(ME, f"mute{os.getpid()}x{number}")))
        sock.listen()
        mute.append(sock)
    shared = SharedTable(table_session(chase_config()), "ABCDEFGH", ME, ["Ann"])
    with TableThread(shared) as served:
        names = [served.name, *(table_name(ME, f"mute{os.getpid()}x{n}") for n in range(12))]
        monkeypatch.setattr(client, "listed_tables", lambda: names)
        start = time.monotonic()
        tables = dict(open_tables(wait=0.5, each=8))
        took = time.monotonic() - start
    for sock in mute:
        sock.close()
    assert took < 3, f"the list took {took:.1f} s"
    assert tables[served.name]["game"] == "chase"
    busy = [name for name, info in tables.items() if "busy" in info]
    assert len(busy) == 7 and len(tables) == 8, "eight of one account's, no more"

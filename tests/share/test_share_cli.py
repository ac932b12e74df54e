"""``party-dice host`` and ``join`` on the command line, and the wire's round trip."""

from __future__ import annotations

import inspect
import os
import random
import socket
from pathlib import Path

import pytest

from tests.support.share import aces_config, chase_config
from tui import games
from tui.cli import UsageError, parse
from tui.share import wire
from tui.share.transport import (
    CODE_ALPHABET,
    CODE_LENGTH,
    LockOut,
    clean_code,
    new_code,
    user_name,
)


def test_host_takes_the_options_of_play_and_the_seats_at_its_own_terminal() -> None:
    command = parse(["host", "chase", "--names", "Ann,Ben", "--computers", "1", "--here", "Ben"])
    assert command.kind == "host" and command.share is not None and command.play is not None
    assert command.share.here == ("Ben",) and command.play.bots == 1
    assert parse(["host", "--resume"]).share.resume  # type: ignore[union-attr]
    assert not command.share.approve
    approving = parse(["host", "chase", "--players", "Ann,Ben,Cleo", "--approve"])
    assert approving.share is not None and approving.share.approve
    with pytest.raises(UsageError):
        parse(["host", "chase", "--names", "Ann", "--here", "Zed"])
    with pytest.raises(UsageError):
        parse(["host", "aces", "--resume"])


def test_join_never_takes_the_code_as_an_argument() -> None:
    with pytest.raises(UsageError):
        parse(["join", "--code", "ABCD-EFGH"])
    with pytest.raises(UsageError):
        parse(["join", "ABCDEFGH"])
    command = parse(["join", "--watch", "--seat", "Ben"])
    assert command.share is not None and command.share.watch and command.share.seat == "Ben"


def test_the_code_has_thirty_bits_or_more_and_five_wrong_lock_for_a_minute() -> None:
    assert len(CODE_ALPHABET) ** CODE_LENGTH >= 2**30
    code = new_code()
    assert clean_code(f"{code[:4].lower()}-{code[4:]}") == code
    lockout = LockOut()
    for second in range(5):
        assert not lockout.locked(7, now=float(second))
        lockout.failed(7, now=float(second))
    assert lockout.locked(7, now=10.0) and not lockout.locked(8, now=10.0)
    assert not lockout.locked(7, now=70.0)


@pytest.mark.parametrize("config", [chase_config(), aces_config()], ids=["chase", "aces"])
def test_every_view_and_event_survives_the_wire(config: object) -> None:
    controller = games.new_controller(config, random.Random(3))  # type: ignore[arg-type]
    while not controller.over:
        for seat in (None, *range(len(controller.seats))):
            view = controller.view(seat)
            line = wire.encode({"t": "view", **wire.view_out(view)})
            assert wire.view_in(wire.decode(line)) == view
        action = controller.actions()[0]
        if action.arg_range is not None:
            action = action.with_arg(action.arg_range[0])
        assert wire.action_in(wire.action_out(action)) == action
        for event in controller.apply(action):
            line = wire.encode({"t": "event", **wire.event_out(event)})
            assert wire.event_in(wire.decode(line)) == event


def test_sharing_turned_off_on_linux_says_so_not_that_it_needs_linux(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tui.share import transport
    from tui.share_start import host, join

    monkeypatch.setattr(transport, "on_linux", lambda: True)
    monkeypatch.setenv(transport.OFF_VARIABLE, "off")
    for start, argv in ((host, ["host", "chase", "--players", "Ann,Ben,Cleo"]), (join, ["join"])):
        with pytest.raises(transport.ShareError) as refused:
            start(parse(argv))
        assert str(refused.value) == transport.TURNED_OFF
        assert "Linux" not in str(refused.value)
    monkeypatch.setattr(transport, "on_linux", lambda: False)
    assert transport.why_not() == transport.NOT_SUPPORTED


def test_leaving_a_shared_table_says_join_brings_you_back(tmp_path: Path) -> None:
    """The confirmation's second sentence is the session's: at a shared table it names
    `party-dice join`, never the title screen's Continue (the save is not here). A
    table of one's own, opened with its save slot as the app opens it, names Continue
    once a move is saved."""
    from tests.support.share import offline_remote
    from tui.session import Sessions
    from tui.share.remote import RemoteSession

    remote = offline_remote(chase_config(), {0}, {"seats": [], "watching": []})
    shared = RemoteSession(remote).comeback
    assert "party-dice join" in shared and "Continue" not in shared
    local, notice = Sessions(saves_dir=tmp_path / "saves", history_path=tmp_path / "h.db").start(
        chase_config()
    )
    assert local is not None and notice is None and local.slot is not None
    assert "nothing is kept" in local.comeback, "nobody has moved: no save to come back to"
    local.controller.apply(local.controller.actions()[0])
    assert local.autosave() is None and local.flush(5)
    assert "Continue on the title screen" in local.comeback
    local.release()


def test_the_code_is_asked_without_showing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The code is a secret between the host and the joiner: typed as a password is
    (``getpass``), never shown on the joiner's screen for a neighbour to read."""
    import getpass

    from tui import share_start
    from tui.share import transport

    other = transport.table_name(os.getuid() + 1, "abc123")
    monkeypatch.delenv(share_start.CODE_VARIABLE, raising=False)
    monkeypatch.setattr(share_start, "supported", lambda: True)
    monkeypatch.setattr(share_start, "open_tables", lambda: [(other, {})])
    monkeypatch.setattr(share_start, "describe", lambda name, info: name)
    said: list[tuple[str, str]] = []

    def hello(name: str, want: str, code: str, *_args: object, **_kwargs: object) -> object:
        said.append((name, code))
        raise transport.ShareError("stop here")

    monkeypatch.setattr(share_start, "hello", hello)
    shown: list[str] = []

    def ask(prompt: str) -> str:
        shown.append(prompt)
        return "AB12-CD34"

    with pytest.raises(transport.ShareError, match="stop here"):
        share_start.join(parse(["join"]), ask=ask, ask_secret=lambda prompt: "AB12-CD34")
    assert said == [(other, "AB12-CD34")] and shown == []
    assert inspect.signature(share_start.join).parameters["ask_secret"].default is getpass.getpass


def test_lines_nested_too_deep_or_with_a_bad_range_are_not_messages() -> None:
    """A hello nested 2,000 lists deep raised ``RecursionError``, which nothing caught:
    each such connection wrote a traceback to the host's log, code or not. A move with
    a range of two dicts raised ``TypeError`` the same way."""
    with pytest.raises(wire.WireError):
        wire.decode(b'{"t":"hello","v":1,"x":' + b"[" * 2000 + b"\n")
    with pytest.raises(wire.WireError):
        wire.action_in({"kind": "cut", "range": [{}, 1]})
    with pytest.raises(wire.WireError):
        wire.action_in({"kind": "cut", "range": [1, 2, 3]})
    assert wire.action_in({"kind": "cut", "range": [1, 51]}).arg_range == (1, 51)


def test_a_goodbye_before_anyone_watched_is_heard_when_the_screen_watches() -> None:
    """The connection reads from the moment it starts, before the table screen watches
    it: a goodbye in between (a joiner dropped as soon as let in) waited in the inbox,
    unheard, and the screen waited for good. Watching hears what is already there."""
    from tests.support.share import offline_remote

    remote = offline_remote(chase_config(), {0}, {"seats": [], "watching": []})
    remote.connection.inbox.put({"t": "bye", "why": "Goodbye."})
    heard: list[str | None] = []
    remote.watch(lambda: heard.append(remote.gone()))
    assert heard == ["Goodbye."]
    quiet = offline_remote(chase_config(), {0}, {"seats": [], "watching": []})
    assert quiet.gone() is None  # what the table said at first, read
    quiet.watch(lambda: heard.append("woken"))
    assert heard == ["Goodbye."], "nothing waiting: not woken"


def test_the_join_list_says_whose_table_from_the_kernel_and_the_seats_in_plain_words() -> None:
    """Whose table it is comes from the socket's name (the uid the kernel confirmed),
    never from what the table says of itself (issue 33, 1); the seats waiting for you
    are said, and the title's list names no command-line flag (issue 38, 3)."""
    from tui.share_start import describe

    name = f"party-dice.{os.getuid()}.abc123"
    me = user_name(os.getuid())
    info = {"host": "ann", "game": "chase", "free": ["Ben", "Cleo"], "opened": "08:52", "round": 2}
    assert describe(name, info) == (
        f"{me}'s Chase the Ace (table abc123, opened 08:52, round 2): free Ben, Cleo"
    )
    full = describe(name, {"game": "chase", "free": [], "round": 0})
    assert full == f"{me}'s Chase the Ace (table abc123): no free seat (watch with --watch)"
    in_app = describe(name, {"game": "chase", "free": []}, in_app=True)
    assert in_app.endswith("no free seat: Enter watches") and "--" not in in_app
    mine = describe(name, {"game": "aces", "yours": ["Ben"], "free": ["Cleo"]})
    assert mine.endswith(": your seat Ben waits for you; free Cleo")
    assert describe(name, {"busy": "That table is busy."}).endswith("busy, try again in a moment")


def test_waiting_at_the_door_ends_when_the_terminal_does() -> None:
    """A joiner waits for the host's answer; their terminal goes without SIGHUP
    (``su user -c``): the wait read the socket only, for ever. The terminal's end ends
    it; what is typed meanwhile is dropped; the table's answer still comes first."""
    from tui.share.client import GONE, wait_unless_gone
    from tui.share.transport import ShareError

    table, joiner = socket.socketpair()
    typed, terminal = os.pipe()
    os.write(terminal, b"abc\n")
    table.sendall(b'{"t": "welcome"}\n')
    wait_unless_gone(joiner, typed)  # the answer is there: no wait, nothing read
    assert joiner.recv(100).startswith(b'{"t"')
    os.close(terminal)
    with pytest.raises(ShareError, match=GONE):
        wait_unless_gone(joiner, typed)  # "abc" dropped, then the end
    assert joiner.fileno() == -1, "the connection closed"
    table.close()
    os.close(typed)

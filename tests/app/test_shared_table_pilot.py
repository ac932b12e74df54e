"""The one table screen, driven by a table in another process: a whole Chase game
played from this terminal's seat while another terminal plays its own; this screen
never shows a face-down card of a seat it does not hold."""

from __future__ import annotations

import os
import signal
import socket
import struct
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.app import AppDirs
from tests.support.fast_pilot import settle
from tests.support.share import Robot
from tests.support.svg_text import screen_lines
from tests.support.table import write_settings
from tui.commands import Command
from tui.engine.controller import Seat
from tui.gameconfig import GameConfig
from tui.glyphs import card
from tui.screens.title import TitleScreen
from tui.share.client import LOST, hello
from tui.share.process import launch
from tui.share.remote import RemoteController, RemoteSession
from tui.share.transport import supported
from tui.table.screen import TableScreen

pytestmark = pytest.mark.skipif(not supported(), reason="shared tables need Linux")


async def test_a_shared_chase_game_on_the_table_screen(
    app_dirs: AppDirs, make_app: Any, tmp_path: Path
) -> None:
    write_settings(app_dirs.settings)
    config = GameConfig(
        "chase", (Seat("Ann"), Seat("Ben"), Seat("Dot", "casual")), first_seat=0, seed=9
    )
    name, code = launch(config, ["Ann"], idle=20)
    ben = Robot(name, "Ben", code)
    ben.connect()
    ben_thread = ben.thread()
    connection, welcome = hello(name, "play", "", ["Ann"])
    connection.start()
    remote = RemoteController(connection, welcome)
    app = make_app(start=Command("join"))
    app.shared = RemoteSession(remote)
    leaked: list[str] = []
    checked = 0
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(2000):
            await settle(pilot)
            if remote.over:
                break
            screen = app.screen
            if not isinstance(screen, TableScreen) or screen.cover is not None:
                await pilot.press("enter")  # a round's end, or the cut (boxes over the table)
                continue
            text = "\n".join(screen_lines(app.export_screenshot()))
            assert ben.controller is not None
            theirs = ben.controller.view(1)
            hidden = theirs.seats[1].card
            if hidden and remote.view(None).seats[1].card is None:
                checked += 1
                if f"[{card(hidden)}]" in text:
                    leaked.append(f"Ben's {hidden} on Ann's screen")
            actions = remote.actions()
            if actions:
                await pilot.press(actions[0].key)
            else:
                await pilot.pause(0.02)  # the other terminal's move is on its way
        assert remote.over, "the game did not end"
        assert isinstance(app.screen, TableScreen) or remote.over
    ben_thread.join(20)
    assert ben.error is None and ben.outcome == "over"
    assert leaked == []
    assert not app.crashed
    assert checked > 0, "Ben's card was never face down: the test would prove nothing"


@pytest.mark.slow
async def test_a_table_that_dies_takes_its_screen_back_to_the_title(
    app_dirs: AppDirs, make_app: Any
) -> None:
    write_settings(app_dirs.settings)
    config = GameConfig("aces", (Seat("Ann"), Seat("Ben")), first_seat=0, seed=4)
    name, _code = launch(config, ["Ann"], idle=20)
    connection, welcome = hello(name, "play", "", ["Ann"])
    pid = struct.unpack(
        "3i", connection.sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
    )[0]
    connection.start()
    app = make_app(start=Command("join"))
    app.shared = RemoteSession(RemoteController(connection, welcome))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        os.kill(pid, signal.SIGKILL)
        for _ in range(500):
            await pilot.pause(0.01)
            if isinstance(app.screen, TitleScreen):
                break
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        said = [n.message for n in app._notifications]
        assert LOST in said and "host --resume" in LOST
    assert not app.crashed


@pytest.mark.parametrize("why", ["not linux", "turned off"])
async def test_the_title_says_in_one_line_why_there_are_no_shared_tables(
    app_dirs: AppDirs, make_app: Any, monkeypatch: pytest.MonkeyPatch, why: str
) -> None:
    """Off Linux: they need Linux; on Linux with PARTY_DICE_SHARING=off: they are
    turned off (not "need Linux", which would be false)."""
    from tui.share import transport

    if why == "not linux":
        monkeypatch.setattr(transport, "on_linux", lambda: False)
        sentence = transport.NOT_SUPPORTED
    else:
        monkeypatch.setenv(transport.OFF_VARIABLE, "off")
        sentence = transport.TURNED_OFF
        assert "Linux" not in sentence
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("h", "j"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
        said = [n.message for n in app._notifications]
        assert said.count(sentence) >= 1
        assert all("\n" not in line for line in said)


async def test_host_a_table_from_the_title_opens_the_setup_then_a_shared_table(
    app_dirs: AppDirs, make_app: Any
) -> None:
    from tui.screens.setup import SetupScreen

    write_settings(app_dirs.settings)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("down", "enter")  # Chase the Ace
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.screen.hosted
        await pilot.press("ctrl+s")
        for _ in range(300):
            await pilot.pause(0.01)
            if isinstance(app.screen, TableScreen):
                break
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert isinstance(app.screen.controller, RemoteController)
        assert any(n.message.startswith("Code: ") for n in app._notifications)
        sock = app.screen.controller.connection.sock
        pid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[0]
    os.kill(pid, signal.SIGTERM)  # the table would wait 15 minutes for someone to come back


async def test_news_of_who_is_here_redraws_the_info_box_and_nothing_else(
    app_dirs: AppDirs, make_app: Any
) -> None:
    """A presence message alone (someone joined, left or watches) reaches the info box
    at once; the person's actions stay as drawn (their decision is not opened anew)."""
    from tests.support.share import chase_config, offline_remote
    from tui.widgets.table_info import TableInfo

    write_settings(app_dirs.settings)
    seats = [{"name": name, "state": "here"} for name in ("Ann", "Ben", "Cleo")]
    seats.append({"name": "Dot", "state": "computer"})
    remote = offline_remote(chase_config(), {0}, {"seats": seats, "watching": []})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(RemoteSession(remote))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        info = screen.query_one(TableInfo)
        assert info.lines[-1] == "Here: Ann, Ben, Cleo"
        decisions: list[int] = []

        def opened(rule: Any) -> None:
            decisions.append(1)

        screen.presenter.gate.open = opened  # type: ignore[method-assign]
        seats[2] = {"name": "Cleo", "state": "away"}
        remote.connection.inbox.put({"t": "presence", "seats": seats, "watching": ["dora"]})
        remote._changed()
        await settle(pilot)
        assert info.lines[-1] == "Here: Ann, Ben \u00b7 away: Cleo \u00b7 watching: dora"
        assert decisions == []
    assert not app.crashed


async def test_w_at_the_hosts_terminal_lets_a_joiner_in_or_kicks_a_seat(
    app_dirs: AppDirs, make_app: Any
) -> None:
    """The info box says who is asking to join; W lists the host's choices (from the
    controller: the screen asks nothing about sharing) and the one chosen goes to the
    table process as its message."""
    import json

    from tests.support.share import chase_config, offline_pair
    from tui.screens.door import DoorScreen
    from tui.widgets.table_info import TableInfo

    write_settings(app_dirs.settings)
    seats: list[dict[str, Any]] = [
        {"name": "Ann", "user": "root", "state": "here"},
        {"name": "Ben", "user": "ben", "state": "away"},
        {"name": "Cleo", "user": None, "state": "free"},
        {"name": "Dot", "user": None, "state": "computer"},
    ]
    presence = {
        "seats": seats,
        "watching": [],
        "asking": [{"id": 7, "user": "eve", "wants": "Cleo"}],
    }
    remote, peer = offline_pair(chase_config(), {0}, presence, host=True)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(RemoteSession(remote))
        await settle(pilot)
        info = app.screen.query_one(TableInfo)
        assert info.lines[0] == "Asking to join: eve (W answers)"
        assert info.lines[-1].startswith("Here: Ann")
        assert "Asking to join: eve (W answers)" in "\n".join(screen_lines(app.export_screenshot()))
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, DoorScreen)
        assert [words for _choice, words in app.screen.choices] == [
            "Give eve Cleo's seat",
            "Turn eve away",
            "Take Ben's seat back from ben",
        ]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("w", "down", "down", "enter")
        await settle(pilot)
    peer.settimeout(5)
    sent = [json.loads(line) for line in peer.makefile("rb").read().splitlines()]
    assert sent[:2] == [{"t": "let", "id": 7, "yes": True}, {"t": "kick", "seat": 1}]
    assert not app.crashed


async def test_w_at_a_table_of_one_keyboard_offers_nothing(
    app_dirs: AppDirs, make_app: Any
) -> None:
    import random

    from tests.support.share import chase_config
    from tui import games
    from tui.session import TableSession

    write_settings(app_dirs.settings)
    config = chase_config()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(TableSession(games.new_controller(config, random.Random(1)), config))
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert not app.crashed


async def test_join_from_the_title_waits_for_the_host_without_freezing(
    app_dirs: AppDirs, make_app: Any
) -> None:
    """At a table whose host lets each joiner in, Join a table shows the table's one
    sentence while the host decides, the screen still answering keys, then the
    refusal's sentence. A stand-in table on a real socket says wait, then no."""
    import threading

    from textual.widgets import Static

    from tui.screens.shared import JoinScreen
    from tui.share import wire
    from tui.share.door import TURNED_AWAY, WAITING
    from tui.share.transport import address, table_name

    name = table_name(os.getuid())  # a fresh name: a second run at once binds its own
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(address(name))
    listener.listen()
    decided = threading.Event()

    def table() -> None:
        joiner, _ = listener.accept()
        joiner.makefile("rb").readline()
        joiner.sendall(wire.encode({"t": "wait", "why": WAITING}))
        decided.wait(30)
        joiner.sendall(wire.encode({"t": "refused", "why": TURNED_AWAY}))
        joiner.close()

    stand_in = threading.Thread(target=table, daemon=True)
    stand_in.start()
    write_settings(app_dirs.settings)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(JoinScreen([(name, {"game": "chase", "free": ["Ben"]})]))
        await settle(pilot)
        await pilot.press(*"ABCDEFGH", "enter")
        said = app.screen.query_one("#shared-problem", Static)

        async def shown(sentence: str) -> str:
            deadline = time.monotonic() + 20  # a loaded machine: seconds, not rounds
            while str(said.render()) != sentence and time.monotonic() < deadline:
                await pilot.pause(0.01)
            return str(said.render())

        assert await shown(WAITING) == WAITING  # the app drew it: it is not frozen
        decided.set()
        assert await shown(TURNED_AWAY) == TURNED_AWAY
        assert isinstance(app.screen, JoinScreen)
    stand_in.join(5)
    listener.close()
    assert not app.crashed


async def test_the_door_has_a_title_and_says_how_to_leave(make_app: Any) -> None:
    """The host's W box: its title in bold and the keys, Esc back to the table."""
    from tests.support.chase import screen_lines as lines_of
    from tui.screens.door import DoorScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(DoorScreen([("let:7", "Give eve a seat")]))
        await pilot.pause()
        text = "\n".join(lines_of(app))
        assert "Who sits at this table" in text
        assert "Esc: back to the table" in text
        assert app.screen.query_one("#door-title").styles.text_style.bold
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DoorScreen)

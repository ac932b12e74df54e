"""``party-dice host`` and ``party-dice join`` up to the moment the table screen opens.

Plain Python before any screen: listing the tables, asking for the code (a prompt or
``PARTY_DICE_CODE``, never the command line, which every user can read in /proc),
starting the table process, and the hello. Every refusal is one ``ShareError``
sentence that ``tui.__main__`` prints.
"""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tui.share.client import hello, open_tables
from tui.share.process import launch
from tui.share.remote import RemoteController, RemoteSession
from tui.share.transport import ShareError, name_uid, supported, why_not

if TYPE_CHECKING:
    from tui.commands import Command
    from tui.gameconfig import GameConfig

Ask = Callable[[str], str]
CODE_VARIABLE = "PARTY_DICE_CODE"


def describe(name: str, info: dict[str, Any]) -> str:
    """One line of ``party-dice join --list``."""
    seats = info.get("free") or []
    free = f"free {', '.join(seats)}" if seats else "no free seat (watch with --watch)"
    table_id = name.rsplit(".", 1)[-1]
    return f"{table_id}  {info.get('host')}'s {info.get('game')}: {free}"


def host(command: Command) -> RemoteSession:
    """Start the table process and join it from this terminal."""
    from tui import games
    from tui.storage.settings import load_settings

    if not supported():
        raise ShareError(why_not())
    share = command.share
    assert share is not None
    idle = share.idle_minutes * 60.0
    away = None if share.away_minutes is None else share.away_minutes * 60.0
    approve = share.approve
    if share.resume:
        name, _code = launch(None, [], resume="latest", idle=idle, away=away, approve=approve)
    else:
        play = command.play
        assert play is not None
        settings, _message = load_settings()
        config = play.config(
            default_variants=settings.variants_for(play.game_id),
            default_level=settings.bot_level,
            default_options=games.option_defaults(play.game_id, settings),
        )
        name, _code = launch(config, list(share.here), idle=idle, away=away, approve=approve)
    connection, welcome = hello(name, "play", "", list(share.here))
    connection.start()
    return RemoteSession(RemoteController(connection, welcome))


def join(
    command: Command,
    ask: Ask = input,
    say: Callable[[str], None] = print,
    ask_secret: Ask = getpass.getpass,
) -> RemoteSession | None:
    """List the open tables; unless only listing, pick one, ask the code (``ask_secret``:
    not shown as it is typed, as a password is not, so nobody reads it over a
    shoulder), join."""
    if not supported():
        raise ShareError(why_not())
    share = command.share
    assert share is not None
    tables = open_tables()
    if not tables:
        raise ShareError("No shared table is open on this server: `party-dice host` opens one.")
    for index, (name, info) in enumerate(tables, 1):
        say(f"{index}. {describe(name, info)}")
    if share.list_only:
        return None
    name = _pick(tables, share.table, ask)
    code = ""
    if name_uid(name) != os.getuid():
        code = os.environ.get(CODE_VARIABLE) or ask_secret("Code: ")
    want = "watch" if share.watch else "play"
    seats = [share.seat] if share.seat else []
    terminal = sys.stdin.fileno() if sys.stdin is not None and sys.stdin.isatty() else None
    connection, welcome = hello(name, want, code, seats, waiting=say, terminal=terminal)
    connection.start()
    return RemoteSession(RemoteController(connection, welcome))


def _pick(tables: list[tuple[str, dict[str, Any]]], wanted: str | None, ask: Ask) -> str:
    names = [name for name, _info in tables]
    if wanted:
        for name in names:
            if name.endswith("." + wanted):
                return name
        raise ShareError(f"No open table has the id {wanted!r}.")
    if len(names) == 1:
        return names[0]
    answer = ask(f"Which table (1-{len(names)})? ").strip()
    if not answer.isdigit() or not 1 <= int(answer) <= len(names):
        raise ShareError("That is not one of the tables listed.")
    return names[int(answer) - 1]


def host_config(config: GameConfig, here: list[str] | None = None) -> RemoteSession:
    """Start a table process for ``config`` (the title's Host a table) and join it."""
    people = [seat.name for seat in config.seats if seat.bot is None]
    here = people[:1] if here is None else here
    name, _code = launch(config, here)
    connection, welcome = hello(name, "play", "", here)
    connection.start()
    return RemoteSession(RemoteController(connection, welcome))


def join_name(
    name: str, code: str, watch: bool = False, waiting: Callable[[str], None] | None = None
) -> RemoteSession:
    """Join table ``name`` with ``code`` (the title's Join a table)."""
    connection, welcome = hello(name, "watch" if watch else "play", code, waiting=waiting)
    connection.start()
    return RemoteSession(RemoteController(connection, welcome))

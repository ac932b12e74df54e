"""``party-dice host`` and ``party-dice join`` up to the moment the table screen opens.

Plain Python before any screen: listing the tables, asking for the code (a prompt or
``PARTY_DICE_CODE``, never the command line, which every user can read in /proc),
starting the table process, and the hello. Every refusal is one ``ShareError``
sentence that ``tui.__main__`` prints.
"""

from __future__ import annotations

import getpass
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from tui.share.client import hello, open_tables
from tui.share.door import NO_CODE, WRONG_CODE
from tui.share.process import launch
from tui.share.remote import RemoteController, RemoteSession
from tui.share.transport import (
    ShareError,
    TableBusy,
    name_uid,
    supported,
    user_name,
    why_not,
)

if TYPE_CHECKING:
    from tui.commands import Command, ShareRequest
    from tui.gameconfig import GameConfig

Ask = Callable[[str], str]
CODE_VARIABLE = "PARTY_DICE_CODE"
TRIES = 3
"""Answers ``join`` asks for again (which table, the code) before it gives up."""
NAME_SHOWN = 20


def say_wrapped(text: str, file: TextIO | None = None) -> None:
    """Print ``text`` wrapped at spaces to the terminal's width, never inside a word or
    a time ("08:52"), each later line indented as the first line's words begin."""
    width = shutil.get_terminal_size((80, 24)).columns
    indent = " " * len(re.match(r"(\d+\. )?", text).group(0))  # type: ignore[union-attr]
    lines = textwrap.wrap(
        text,
        width=max(20, width - 1),
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    print("\n".join(lines) or text, file=file or sys.stdout, flush=True)


def owner_of(name: str) -> str:
    """The account whose table ``name`` is: the uid its name carries, which the kernel
    confirmed when the table was reached (``transport.connect``), never a name the
    table gives itself."""
    uid = name_uid(name)
    return "nobody's" if uid is None else user_name(uid)


def _words(value: object, most: int = NAME_SHOWN) -> str:
    """A table's word for the screen: text (the connection took control characters
    out), cut to ``most`` characters."""
    text = " ".join(str(value).split())
    return text if len(text) <= most else text[: most - 1] + "…"


def _names(value: object) -> list[str]:
    names = value if isinstance(value, list) else []
    return [_words(name) for name in names[:20]]


def describe(name: str, info: dict[str, Any], *, in_app: bool = False) -> str:
    """One line of the list of tables (``join --list``, the title's Join list): whose
    table, from the kernel; which game, its id, when it opened, its round; the seats
    waiting for you, those free. ``in_app``: the words for the title's list (it has
    no command-line flags)."""
    from tui import games

    owner, table_id = owner_of(name), name.rsplit(".", 1)[-1]
    if "busy" in info:
        return f"{owner}'s table {table_id}: busy, try again in a moment"
    game = info.get("game")
    title = games.title_of(game) if isinstance(game, str) and game in games.ids() else "a game"
    facts = [f"table {table_id}"]
    opened = info.get("opened")
    if isinstance(opened, str) and re.fullmatch(r"\d\d:\d\d", opened):
        facts.append(f"opened {opened}")
    if type(info.get("round")) is int and info["round"] > 0:
        facts.append(f"round {info['round']}")
    yours, free = _names(info.get("yours")), _names(info.get("free"))
    parts = []
    if info.get("over") is True:
        parts.append("the game is over")
    elif yours:
        seat = "your seat" if len(yours) == 1 else "your seats"
        parts.append(f"{seat} {', '.join(yours)} {'waits' if len(yours) == 1 else 'wait'} for you")
    if free and info.get("over") is not True:
        parts.append(f"free {', '.join(free)}")
    if not parts:
        parts.append(
            "no free seat: Enter watches" if in_app else "no free seat (watch with --watch)"
        )
    return f"{owner}'s {title} ({', '.join(facts)}): {'; '.join(parts)}"


def seats_for_me(info: dict[str, Any]) -> bool:
    """Whether a table has a seat for this account: its own, or a free one."""
    return bool(info.get("yours") or info.get("free")) and info.get("over") is not True


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
    rules = {"idle": idle, "away": away, "approve": share.approve, "seats_each": share.seats_each}
    if share.resume:
        name, _code = launch(None, [], resume="latest", **rules)  # type: ignore[arg-type]
    else:
        play = command.play
        assert play is not None
        settings, _message = load_settings()
        config = play.config(
            default_variants=settings.variants_for(play.game_id),
            default_level=settings.bot_level,
            default_options=games.option_defaults(play.game_id, settings),
        )
        given = dict(share.given)
        name, _code = launch(config, list(share.here), given=given, **rules)  # type: ignore[arg-type]
    connection, welcome = hello(name, "play", "", list(share.here))
    connection.start()
    return RemoteSession(RemoteController(connection, welcome), hosted=True)


def join(
    command: Command,
    ask: Ask = input,
    say: Callable[[str], None] = say_wrapped,
    ask_secret: Ask = getpass.getpass,
) -> RemoteSession | None:
    """List the open tables (whose each is, from the kernel); unless only listing, pick
    one, check the seat asked for, ask the code (``ask_secret``: not shown as it is
    typed, as a password is not, so nobody reads it over a shoulder; asked again if
    wrong), join. ``PARTY_DICE_CODE`` goes only to a table whose owner was named
    (``--host``) or confirmed here."""
    if not supported():
        raise ShareError(why_not())
    share = command.share
    assert share is not None
    tables = open_tables()
    if share.owner is not None:
        uid = account_uid(share.owner)
        tables = [(name, info) for name, info in tables if name_uid(name) == uid]
        if not tables:
            raise ShareError(f"{user_name(uid)} has no shared table open on this server.")
    if not tables:
        raise ShareError("No shared table is open on this server: `party-dice host` opens one.")
    for index, (name, info) in enumerate(tables, 1):
        say(f"{index}. {describe(name, info)}")
    if share.list_only:
        return None
    try:
        return _join(share, tables, ask, say, ask_secret)
    except EOFError:
        raise ShareError("Not joined: nothing was typed.") from None


def _join(
    share: ShareRequest,
    tables: list[tuple[str, dict[str, Any]]],
    ask: Ask,
    say: Callable[[str], None],
    ask_secret: Ask,
) -> RemoteSession:
    name, info = _pick(tables, share.table, ask, say)
    owner = owner_of(name)
    if "busy" in info:
        raise TableBusy(str(info["busy"]))
    seats = [share.seat] if share.seat and not share.watch else []
    if seats:
        _check_seat(owner, share.seat or "", info)
    want = "watch" if share.watch else "play"
    terminal = sys.stdin.fileno() if sys.stdin is not None and sys.stdin.isatty() else None
    given = os.environ.get(CODE_VARIABLE)
    typed = name_uid(name) != os.getuid() and not (given and share.owner)
    if typed and given:
        answer = ask(f"Send the code in {CODE_VARIABLE} to {owner}'s table? (y/n) ")
        typed = answer.strip().lower() not in ("y", "yes")
        if typed:
            say(f"Then type the code {owner} gave you (or Ctrl+C).")
    code = "" if name_uid(name) == os.getuid() else given or ""
    for attempt in range(1, TRIES + 1):
        if typed:
            code = ask_secret(f"Code for {owner}'s table: ")
        try:
            connection, welcome = hello(name, want, code, seats, waiting=say, terminal=terminal)
        except ShareError as error:
            if not typed or attempt == TRIES or str(error) not in (WRONG_CODE, NO_CODE):
                raise
            say(str(error))
            continue
        connection.start()
        return RemoteSession(RemoteController(connection, welcome))
    raise AssertionError("unreachable")  # pragma: no cover


def _check_seat(owner: str, wanted: str, info: dict[str, Any]) -> None:
    """``--seat NAME`` is one of the table's people's seats: said before the code."""
    seats = info.get("seats")
    if not isinstance(seats, list):
        return  # an older table: it says so itself
    if wanted.casefold() not in {str(seat).casefold() for seat in seats}:
        people = ", ".join(_names(seats)) or "none"
        raise ShareError(
            f"{owner}'s table has no seat named {_words(wanted)} (its people: {people})."
        )


def account_uid(user: str) -> int:
    """The uid of the account ``user`` (``--host``), or ``ShareError``."""
    import pwd

    try:
        return pwd.getpwnam(user).pw_uid
    except KeyError:
        raise ShareError(f"There is no account named {_words(user)} on this server.") from None


def _pick(
    tables: list[tuple[str, dict[str, Any]]],
    wanted: str | None,
    ask: Ask,
    say: Callable[[str], None],
) -> tuple[str, dict[str, Any]]:
    if wanted:
        for name, info in tables:
            if name.endswith("." + wanted):
                return name, info
        raise ShareError(f"No open table has the id {_words(wanted)}.")
    if len(tables) == 1:
        return tables[0]
    for attempt in range(1, TRIES + 1):
        answer = ask(f"Which table (1-{len(tables)})? ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(tables):
            return tables[int(answer) - 1]
        if attempt < TRIES:
            say(f"Type the number of a table in the list, 1 to {len(tables)}.")
    raise ShareError("That is not one of the tables listed.")


def host_config(config: GameConfig, here: list[str] | None = None) -> RemoteSession:
    """Start a table process for ``config`` (the title's Host a table) and join it."""
    people = [seat.name for seat in config.seats if seat.bot is None]
    here = people[:1] if here is None else here
    name, _code = launch(config, here)
    connection, welcome = hello(name, "play", "", here)
    connection.start()
    return RemoteSession(RemoteController(connection, welcome), hosted=True)


def join_name(
    name: str, code: str, watch: bool = False, waiting: Callable[[str], None] | None = None
) -> RemoteSession:
    """Join table ``name`` with ``code`` (the title's Join a table)."""
    connection, welcome = hello(name, "watch" if watch else "play", code, waiting=waiting)
    connection.start()
    return RemoteSession(RemoteController(connection, welcome))

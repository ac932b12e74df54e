"""The command lines of ``party-dice host`` and ``join``, as a ``Command`` with its
``ShareRequest``: seats given to accounts (``--names Ann=ann``), the seats another
account may take, whose table ``join`` means (``--host``). Nothing secret is read from
a command line, which every account on the server can read in /proc: ``host`` refuses
``--seed`` (every card to come) and takes ``PARTY_DICE_SEED`` instead; the code is
never an argument. The options themselves are declared with the others in ``tui.cli``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from tui.commands import Command, PlayRequest, ShareRequest
from tui.gameconfig import clean_name

MOST_SEED = 2**64 - 1


class ShareUsage(ValueError):
    """A bad ``host`` or ``join`` command line: one line (``tui.cli`` names the command)."""


def join_command(args: argparse.Namespace, ascii_only: bool) -> Command:
    """``party-dice join``."""
    share = ShareRequest(
        False,
        list_only=args.list,
        watch=args.watch,
        seat=args.seat,
        table=args.table,
        owner=args.owner,
    )
    return Command("join", ascii=ascii_only, share=share)


SEED_VARIABLE = "PARTY_DICE_SEED"
"""Where ``host`` takes a seed from (replays and tests): never its command line, which
every account on the server can read, and with it every card to come."""


def host_command(
    args: argparse.Namespace, ascii_only: bool, play: Callable[[argparse.Namespace], PlayRequest]
) -> Command:
    """``party-dice host``: the table (``play`` makes it, as for ``party-dice play``)
    and how it is shared."""
    if args.seed is not None:
        raise ShareUsage(
            "--seed would show every card to come to anyone on the server (`ps` lists it): "
            f"set {SEED_VARIABLE} instead, for replays and tests only"
        )
    if args.resume:
        if args.game is not None:
            raise ShareUsage("--resume reopens a saved game: name no game")
        share = ShareRequest(
            True,
            resume=True,
            idle_minutes=args.idle,
            away_minutes=args.away,
            approve=args.approve,
            seats_each=args.seats_each,
        )
        return Command("host", ascii=ascii_only, share=share)
    if args.game is None or (args.names is None and args.old_players is None):
        raise ShareUsage("name a game and --names, or use --resume")
    given = _given_seats(args)
    args.seed = _seed_from_environment()
    table = play(args)
    others = {name.casefold() for name, uid in given if uid != os.getuid()}
    here = tuple(name for name in table.humans if name.casefold() not in others)[:1]
    if args.here:
        here = tuple(clean_name(name) for name in args.here.split(","))
        if not set(here) <= set(table.humans):
            raise ShareUsage("--here names people who are not in --names")
    if not here or any(name.casefold() in others for name in here):
        raise ShareUsage("--here names a seat --names gives another account")
    share = ShareRequest(
        True,
        here=here,
        given=given,
        seats_each=args.seats_each,
        idle_minutes=args.idle,
        away_minutes=args.away,
        approve=args.approve,
    )
    return Command("host", ascii=ascii_only, play=table, share=share)


def _given_seats(args: argparse.Namespace) -> tuple[tuple[str, int], ...]:
    """``--names Ann=ann,Ben=ben``: each seat the host gives an account (name, uid),
    the names alone left in ``args`` for the table. The account must exist."""
    import pwd

    attribute = "names" if args.names is not None else "old_players"
    names, given = [], []
    for part in str(getattr(args, attribute)).split(","):
        name, bound, account = part.rpartition("=") if "=" in part else (part, "", "")
        names.append(name)
        if bound:
            try:
                uid = pwd.getpwnam(account.strip()).pw_uid
            except KeyError:
                raise ShareUsage(
                    f"there is no account named {account.strip()[:40]!r} on this server "
                    f"(--names {part[:60]})"
                ) from None
            given.append((clean_name(name), uid))
    setattr(args, attribute, ",".join(names))
    return tuple(given)


def _seed_from_environment() -> int | None:
    """``PARTY_DICE_SEED``, checked as ``--seed`` is."""
    text = os.environ.get(SEED_VARIABLE)
    if text is None:
        return None
    if not text.strip().isdigit() or int(text) > MOST_SEED:
        raise ShareUsage(f"{SEED_VARIABLE} must be a whole number from 0 to {MOST_SEED}")
    return int(text)

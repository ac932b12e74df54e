"""Command-line parsing for ``party-dice``: pure Python, no textual import.

``parse(argv)`` turns the arguments into a ``Command`` or raises ``UsageError`` with one
line that names the valid choices; ``tui.__main__`` prints it and exits with status 2.
``simulate`` is only recognised here; its own parser lives in ``tui.simulate.cli``.
What a command asks for, as data, is ``tui.commands``'s (imported from here too).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from tui import __version__, games
from tui.commands import Command, PlayRequest
from tui.engine.bots import BOT_LEVELS
from tui.gameconfig import bot_names, clean_name, count_problem, table_problem
from tui.narrate.words import join_names

PROG = "party-dice"


class UsageError(Exception):
    """A bad command line; the message is one line meant for the person who typed it."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and go through ``UsageError``."""

    def error(self, message: str) -> NoReturn:
        if message.startswith("unrecognized arguments"):
            message += f" (`{PROG} --help` lists the commands and options)"
        raise UsageError(f"{self.prog}: {message}")


MAX_SEED = 2**64 - 1
"""Seeds the app draws itself are 64-bit; a longer one replays nothing more."""


def _int_at_least(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for whole numbers from ``low`` to ``high``: every count is
    checked here, before anything is built from it (``--bots 99999999999`` would
    otherwise name that many computer players)."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text[:40]!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value

    return convert


def _most_players() -> int:
    return max(spec.players[1] for spec in games.all_games())


COMMANDS = ("play", "host", "join", "resume", "rules", "simulate", "odds")
"""The commands, in the order ``--help`` lists them."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with ``only`` (a command) that command's alone: what
    ``party-dice play ...`` reads and says is the same either way, and building every
    command's options took 2.6 ms of 3.9 (issue 12: start-up within 1.2x a bare app)."""
    every_variant = sorted({v for spec in games.all_games() for v in spec.variant_names})
    ids = list(games.ids())
    parser = _Parser(
        prog=PROG,
        description="Pass-the-keyboard party games in the terminal: "
        + join_names([spec.title for spec in games.all_games()])
        + ". With no command, opens the title screen.",
        epilog="Over SSH, use `ssh -t host party-dice` so the game gets a terminal.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    common = _Parser(add_help=False)
    common.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help="draw dice and cards with plain ASCII ([5], 10s) for fonts without die faces",
    )
    parser.add_argument(
        "--ascii",
        action="store_true",
        default=False,
        help="draw dice and cards in plain ASCII, for fonts without die faces or suits",
    )
    plain_help = (
        "plain text: sentences and prompts a line at a time, for screen readers, Braille"
        " displays and dumb terminals (chosen by itself when TERM=dumb)"
    )
    common.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=plain_help)
    parser.add_argument("--plain", action="store_true", default=False, help=plain_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    if only in (None, "play"):
        play = sub.add_parser(
            "play",
            parents=[common],
            help="go straight to a table",
            description="Start a game at once. Without --variant the variants chosen in the "
            "settings screen apply; with it, exactly the ones named.",
        )
        play.add_argument("game", choices=ids, help=" or ".join(ids))
        _table_options(play, every_variant)
    if only in (None, "host"):
        host = sub.add_parser(
            "host",
            parents=[common],
            help="open a shared table others on this server join from their terminals (Linux)",
            description="Open a table in a background process; your terminal joins it and "
            "shows the code others type after `party-dice join`.",
        )
        host.add_argument("game", nargs="?", choices=ids, help=" or ".join(ids))
        _table_options(host, every_variant, seed=False)
        host.add_argument("--resume", action="store_true", help="reopen the latest saved game")
        host.add_argument(
            "--here", metavar="NAMES", help="the people at your own terminal (default: the first)"
        )
        host.add_argument(
            "--idle",
            type=_int_at_least(1, 24 * 60),
            default=15,
            metavar="MINUTES",
            help="the table closes after this long with nobody connected (its save stays)",
        )
        host.add_argument(
            "--away",
            type=_int_at_least(1, 24 * 60),
            metavar="MINUTES",
            help="a computer player takes the turns of a person away this long, until they return",
        )
        host.add_argument(
            "--approve",
            action="store_true",
            help="each joiner waits until you let them in, and you give them their seat",
        )
        host.add_argument(
            "--seats-each",
            type=_int_at_least(1, _most_players()),
            default=1,
            metavar="N",
            help="seats another account may take by itself (default 1); --names Ben=ben "
            "gives seat Ben to the account ben alone",
        )
    if only in (None, "join"):
        join = sub.add_parser(
            "join",
            parents=[common],
            help="sit at a shared table on this server (the code is asked for)",
            description="Join a table someone opened with `party-dice host`. The code is "
            "asked for, or read from PARTY_DICE_CODE; never give it on the command line.",
        )
        join.add_argument("--list", action="store_true", help="list the open tables and stop")
        join.add_argument("--watch", action="store_true", help="watch: the public view only")
        join.add_argument("--seat", metavar="NAME", help="the seat to take (default: any free one)")
        join.add_argument("--table", metavar="ID", help="which table, when several are open")
        join.add_argument(
            "--host",
            metavar="USER",
            dest="owner",
            help="the account whose table you mean (then PARTY_DICE_CODE goes to it unasked)",
        )

    if only in (None, "resume"):
        sub.add_parser(
            "resume",
            parents=[common],
            help="continue the latest saved game",
            description="Continue the latest saved game at once; the title's Continue "
            "lists every saved game.",
        )
    if only in (None, "rules"):
        rules = sub.add_parser(
            "rules",
            help="print the rules of a game as plain text",
            description="Print the rules of a game, its variants and the rulings as "
            "plain text, to read or to pipe to a pager.",
        )
        rules.add_argument("game", choices=ids, help=" or ".join(ids))
    if only in (None, "simulate"):
        sub.add_parser(
            "simulate",
            add_help=False,
            help="play many computer games and print win rates",
        )
    if only in (None, "odds"):
        sub.add_parser(
            "odds",
            add_help=False,
            help="each seat's chance at a new table (exact for Aces)",
        )
    return parser


def _table_options(
    play: argparse.ArgumentParser, every_variant: list[str], *, seed: bool = True
) -> None:
    """The options of a new table, the same for ``play`` and ``host`` (whose --seed is
    refused, and not listed: ``_host``)."""
    play.add_argument(
        "--names",
        metavar="NAMES",
        help='the people at the table, comma separated: "Ann,Ben,Cleo"',
    )
    play.add_argument("--players", dest="old_players", help=argparse.SUPPRESS)
    play.add_argument(
        "--computers",
        type=_int_at_least(0, _most_players()),
        metavar="N",
        help="add N computer players",
    )
    play.add_argument(
        "--bots", dest="old_bots", type=_int_at_least(0, _most_players()), help=argparse.SUPPRESS
    )
    play.add_argument("--bot-level", choices=list(BOT_LEVELS), help="how the computers play")
    play.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        help=f"a variant, repeatable: {', '.join(every_variant)}",
    )
    play.add_argument(
        "--seed",
        type=_int_at_least(0, MAX_SEED),
        help="replay the same dice and decks, for replays and tests only: anyone on the "
        "server can read it in `ps` and work out every card, so never for a real game of Chase"
        if seed
        else argparse.SUPPRESS,
    )
    play.add_argument(
        "--first-seat",
        type=_int_at_least(1, _most_players()),
        metavar="K",
        help="seat K "
        + " or ".join(f"{spec.simulation.starts} ({spec.id})" for spec in games.all_games())
        + ", instead of the game's own way of choosing",
    )
    for spec in games.all_games():
        for option in spec.options:
            play.add_argument(
                option.flag,
                choices=[choice.value for choice in option.choices],
                help=f"{spec.id}: {option.cli_help}",
            )
            for number in option.numbers.values():
                play.add_argument(
                    f"--{number.key}",
                    type=_int_at_least(number.low, number.high),
                    metavar="N",
                    help=f"{spec.id}: {number.cli_help}",
                )


def _renamed(new: object, old: object, spellings: tuple[str, str], who: str) -> object:
    """The value of an option given in its new or its old spelling (the old one still
    works, with a note on stderr saying what it is called now)."""
    if old is None:
        return new
    if new is not None:
        raise UsageError(f"{who}: {spellings[0]} and {spellings[1]} are the same option")
    print(f"{PROG}: {spellings[1]} is now {spellings[0]} (the old spelling works)", file=sys.stderr)
    return old


def _play_request(args: argparse.Namespace) -> PlayRequest:
    """The table ``play`` or ``host`` asks for; errors name the command typed."""
    game_id: str = args.game
    who = f"{PROG} {args.command}"
    low, high = games.get(game_id).players
    names = _renamed(args.names, args.old_players, ("--names", "--players"), who)
    computers = _renamed(args.computers, args.old_bots, ("--computers", "--bots"), who)
    args.bots = computers if isinstance(computers, int) else 0
    if not isinstance(names, str):
        raise UsageError(f'{PROG} play: say who plays: --names "Ann,Ben"')
    if names.count(",") >= high:  # counted before any name is cleaned
        raise UsageError(f"{who}: --names names more than {high} people")
    humans = tuple(clean_name(name) for name in names.split(","))
    variants: frozenset[str] | None = None
    if args.variant:
        allowed = games.get(game_id).variant_names
        for name in args.variant:
            if name not in allowed:
                raise UsageError(
                    f"{who}: unknown variant {name!r} for {game_id}: "
                    f"choose from {', '.join(allowed)}"
                )
        variants = frozenset(args.variant)
    total = len(humans) + args.bots
    problem = count_problem(game_id, total) or table_problem(
        game_id, list(humans) + bot_names(humans, args.bots)
    )
    if problem:
        if not low <= total <= high:
            problem += f" Count the people in --names plus --computers: {low} to {high}."
        raise UsageError(f"{who}: {problem}")
    if args.first_seat is not None and args.first_seat > total:
        raise UsageError(f"{who}: --first-seat must be between 1 and {total}")
    options = _options(game_id, args, who)
    return PlayRequest(
        game_id=game_id,
        humans=humans,
        bots=args.bots,
        bot_level=args.bot_level,
        variants=variants,
        seed=args.seed,
        first_seat=None if args.first_seat is None else args.first_seat - 1,
        options=options,
    )


def _dest(flag: str) -> str:
    return flag.removeprefix("--").replace("-", "_")


def _options(game_id: str, args: argparse.Namespace, who: str) -> dict[str, Any]:
    """The game's options from the command line: another game's flags are refused; a
    number flag implies its choice (``--rounds 5`` is ``--match rounds``)."""
    for other in games.all_games():
        if other.id == game_id:
            continue
        for option in other.options:
            flags = [option.flag] + [f"--{number.key}" for number in option.numbers.values()]
            for flag in flags:
                if getattr(args, _dest(flag), None) is not None:
                    raise UsageError(f"{who}: {flag} is for {other.id} only")
    options: dict[str, Any] = {}
    for option in games.get(game_id).options:
        chosen = getattr(args, _dest(option.flag), None)
        implied = {value for value, n in option.numbers.items() if getattr(args, n.key, None)}
        if len(implied) > 1 or (chosen and implied and implied != {chosen}):
            pairs = [f"--{n.key} with {option.flag} {value}" for value, n in option.numbers.items()]
            pairs[0] = pairs[0].replace(" with ", " goes with ", 1)
            raise UsageError(f"{who}: {', '.join(pairs)}")
        value = chosen or (implied.pop() if implied else None)
        if value is not None or not option.in_settings:
            options[option.key] = value or option.default
        for number in option.numbers.values():
            options[number.key] = getattr(args, number.key, None) or number.default
    return options


GLOBAL_OPTIONS = frozenset({"-h", "--help", "--version", "--ascii", "--plain"})
"""The options that may come before the command (or stand without one)."""


def _refuse_misplaced_option(argv: list[str]) -> None:
    """A command's option before the command (``party-dice --seed 3``) is refused with
    where it goes, rather than argparse's "invalid choice: '3'": options stay after
    the command they belong to, so one spelling reads the same in every command."""
    for at, arg in enumerate(argv):
        if arg in COMMANDS or not arg.startswith("-"):
            return
        option = arg.split("=", 1)[0]
        if option in GLOBAL_OPTIONS:
            continue
        command = _command_taking(option)
        if command is None:
            raise UsageError(
                f"{PROG}: unknown option {option} (`{PROG} --help` lists the commands and options)"
            )
        ids = games.ids()
        named = any(word in ids for word in argv[at:])
        game = f" {ids[0]}" if command in ("play", "host") and not named else ""
        example = " ".join([PROG, command + game, *argv[at:]])
        raise UsageError(f"{PROG}: {option} goes after the command, as in `{example}`")


def _command_taking(option: str) -> str | None:
    """The first command whose own options (those ``--help`` lists) include ``option``."""
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                taken = sub._option_string_actions.get(option)
                if taken is not None and taken.help != argparse.SUPPRESS:
                    return str(name)
    return None


def parse(argv: Sequence[str]) -> Command:
    """The command ``argv`` asks for; ``UsageError`` (one line) if it makes no sense.

    ``--help`` and ``--version`` print and raise ``SystemExit(0)`` as argparse does.
    """
    argv = list(argv)
    if argv[:1] in (["simulate"], ["odds"]):
        return Command(argv[0], rest=tuple(argv[1:]))
    only = argv[0] if argv and argv[0] in COMMANDS else None
    if only is None:
        _refuse_misplaced_option(argv)
    args = build_parser(only).parse_args(argv)
    ascii_only = bool(getattr(args, "ascii", False))
    plain = bool(getattr(args, "plain", False))
    if args.command is None:
        return Command("title", ascii=ascii_only, plain=plain)
    if args.command == "rules":
        return Command("rules", game_id=args.game)
    if args.command == "resume":
        return Command("resume", ascii=ascii_only, plain=plain)
    if args.command in ("host", "join"):
        from tui.share_cli import ShareUsage, host_command, join_command

        try:
            if args.command == "join":
                command = join_command(args, ascii_only)
            else:
                command = host_command(args, ascii_only, _play_request)
        except ShareUsage as error:
            raise UsageError(f"{PROG} {args.command}: {error}") from None
        return replace(command, plain=plain)
    return Command("play", ascii=ascii_only, play=_play_request(args), plain=plain)

"""``party-dice simulate``: many headless games between computer players, and their numbers.

This is the path that must start fast and run fast, so it imports neither Textual nor Rich
(a test checks ``sys.modules``), and the engines are loaded only once the arguments are
known to be good. ``python -m tui.simulate`` runs it too. This module reads the
arguments and prints; ``play`` plays the games and ``report`` words what they found.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NoReturn, TypeVar

from tui import games as registry
from tui.cli import UsageError
from tui.engine.bots import BOT_LEVELS
from tui.games.spec import GameSpec
from tui.simulate import report
from tui.simulate.play import DEFAULT_BOT, Options, run

T = TypeVar("T")


class _PerGame(Mapping[str, T]):
    """A read-only view of one fact of every registered game, by game id (live, so a
    game registered later is simulated too)."""

    def __init__(self, fact: Callable[[GameSpec], T]) -> None:
        self._fact = fact

    def __getitem__(self, game_id: str) -> T:
        if game_id not in registry.ids():
            raise KeyError(game_id)
        return self._fact(registry.get(game_id))

    def __iter__(self) -> Iterator[str]:
        return iter(registry.ids())

    def __len__(self) -> int:
        return len(registry.ids())


GAMES = _PerGame(lambda spec: spec.title)
VARIANTS = _PerGame(lambda spec: spec.variant_names)
PLAYERS = _PerGame(lambda spec: spec.players)
DEFAULT_PLAYERS = _PerGame(lambda spec: spec.simulation.players)
DEFAULT_GAMES = 1000
BOT_CHOOSES = "bot"
"""``--force bot``: the computer player makes the choice (the default)."""


class _Parser(argparse.ArgumentParser):
    """argparse, but every error is one line (argparse prints the usage first)."""

    command = "simulate"

    def error(self, message: str) -> NoReturn:
        raise UsageError(" ".join(message.split()) + f" (see party-dice {self.command} --help)")


SIMULATE_ABOUT = (
    "Play many games between computer players and print per-seat win "
    "rates with 95 % intervals, game lengths and speed."
)


def _parser(command: str = "simulate", about: str = SIMULATE_ABOUT) -> argparse.ArgumentParser:
    """The options of ``simulate``, which ``odds`` shares (the same table, other numbers)."""
    parser = _Parser(prog=f"party-dice {command}", description=about)
    parser.command = command
    parser.add_argument("game", nargs="?", help=" or ".join(GAMES))
    parser.add_argument(
        "--players",
        metavar="N",
        help=", ".join(
            f"{lo}-{hi} for {game} (default {DEFAULT_PLAYERS[game]})"
            for game, (lo, hi) in PLAYERS.items()
        ),
    )
    parser.add_argument("--games", metavar="N", help=f"games to play (default {DEFAULT_GAMES})")
    parser.add_argument("--seed", metavar="S", help="whole number (default: random, reported)")
    parser.add_argument(
        "--variant",
        metavar="NAME",
        action="append",
        default=[],
        help="repeatable (default: the variants chosen in Settings); "
        + "; ".join(f"{game}: {', '.join(names)}" for game, names in VARIANTS.items()),
    )
    parser.add_argument(
        "--standard", action="store_true", help="the standard rules, whatever Settings say"
    )
    parser.add_argument(
        "--first-seat",
        metavar="K",
        help="seat K (1-based) "
        + " or ".join(f"{spec.simulation.starts} ({spec.id})" for spec in registry.all_games())
        + " (default: "
        + "; ".join(spec.simulation.auto_order for spec in registry.all_games())
        + ")",
    )
    forced = [(spec.id, spec.simulation.forced) for spec in registry.all_games()]
    choices = [(game, choice) for game, choice in forced if choice is not None]
    parser.add_argument(
        "--force",
        *(choice.flag for _game, choice in choices),
        dest="force",
        metavar="CHOICE",
        help="a game's one choice made always the same way (default "
        f"{BOT_CHOOSES}: as the computer player chooses); "
        + "; ".join(
            f"{game}: {'|'.join((*choice.kinds, BOT_CHOOSES))}, {choice.help}"
            for game, choice in choices
        ),
    )
    parser.add_argument(
        "--bot-level",
        metavar="LEVEL",
        help=f"how the computers play: {' or '.join(BOT_LEVELS)} (default: the level "
        f"chosen in Settings, as for play: {DEFAULT_BOT} at first); "
        "or one level a seat, comma-separated (sharp,casual,casual)",
    )
    parser.add_argument("--bot", dest="old_bot", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _whole(name: str, text: str | None, default: int, lo: int, hi: int | None, why: str) -> int:
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < lo or (hi is not None and value > hi):
        raise UsageError(f"{name} must be {why} (got {text!r})")
    return value


def parse(argv: Sequence[str], parser: argparse.ArgumentParser | None = None) -> Options:
    """Validate ``argv``; ``UsageError`` (one line naming the valid choices) if it is bad."""
    args = (parser or _parser()).parse_args(list(argv))
    game = args.game
    if game is None:
        raise UsageError(f"choose a game: {' or '.join(GAMES)}")
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r}: choose {' or '.join(GAMES)}")
    lo, hi = PLAYERS[game]
    players = _whole(
        "--players", args.players, DEFAULT_PLAYERS[game], lo, hi, f"{lo} to {hi} for {game}"
    )
    games = _whole("--games", args.games, DEFAULT_GAMES, 1, None, "a positive whole number")
    first_seat: int | None = None
    if args.first_seat is not None:
        first_seat = _whole(
            "--first-seat", args.first_seat, 1, 1, players, f"a seat from 1 to {players}"
        )
    if args.seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    else:
        try:
            seed = int(args.seed)
        except ValueError:
            raise UsageError(f"--seed must be a whole number (got {args.seed!r})") from None
    for name in args.variant:
        if name in VARIANTS[game]:
            continue
        other = next((g for g, names in VARIANTS.items() if name in names), None)
        where = f"{name!r} is a {other} variant" if other else f"unknown variant {name!r}"
        raise UsageError(f"{where}: {game} variants are {', '.join(VARIANTS[game])}")
    bot = args.bot_level
    if args.old_bot is not None:
        if bot is not None:
            raise UsageError("--bot-level and --bot are the same option")
        print(
            "party-dice simulate: --bot is now --bot-level (the old spelling works)",
            file=sys.stderr,
        )
        bot = args.old_bot
    bot = bot if bot is not None else _settings_bot_level()
    levels = bot.split(",")
    for level in levels:
        if level not in BOT_LEVELS:
            raise UsageError(f"unknown bot level {level!r}: choose {' or '.join(BOT_LEVELS)}")
    if len(levels) not in (1, players):
        raise UsageError(f"--bot-level needs one level, or one for each of the {players} seats")
    force = _forced(game, args.force)
    if args.standard and args.variant:
        raise UsageError("--standard and --variant ask for different rules: choose one")
    chosen, source = set(args.variant), "asked"
    if not args.variant and not args.standard:
        chosen, source = set(_settings_variants(game)), "settings"
    variants = tuple(name for name in VARIANTS[game] if name in chosen)
    return Options(game, players, games, seed, variants, first_seat, force, bot, args.json, source)


def _forced(game: str, asked: str | None) -> str | None:
    """What ``--force`` (or a game's own spelling of it) asks for ``game``: one of its
    choice's kinds, or ``bot`` (the default); ``None`` for a game with no such choice."""
    choice = registry.get(game).simulation.forced
    if choice is None:
        if asked is None:
            return None
        owners = ", ".join(g.id for g in registry.all_games() if g.simulation.forced)
        raise UsageError(f"{game} has no choice to force: --force is for {owners or 'no game'}")
    if asked is None:
        return BOT_CHOOSES
    allowed = (*choice.kinds, BOT_CHOOSES)
    if asked not in allowed:
        words = ", ".join(allowed[:-1]) + f" or {allowed[-1]}"
        raise UsageError(f"unknown {choice.label} choice {asked!r} to force: choose {words}")
    return asked


def _settings_variants(game: str) -> frozenset[str]:
    """The variants the Settings screen has on for ``game`` (none if unreadable)."""
    from tui.storage.settings import load_settings

    try:
        settings, _ = load_settings()
    except Exception:
        return frozenset()
    return settings.variants_for(game)


def _settings_bot_level() -> str:
    """The computers' level chosen in Settings, which ``play`` uses too (the default
    level if unreadable)."""
    from tui.storage.settings import load_settings

    try:
        settings, _ = load_settings()
    except Exception:
        return DEFAULT_BOT
    return str(settings.bot_level)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulate command; 0 on success, 2 (one line on stderr) on bad input."""
    try:
        options = parse(sys.argv[1:] if argv is None else argv)
    except UsageError as error:
        print(f"party-dice simulate: {error}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help
        return int(done.code or 0)
    bar = report.Progress(sys.stderr, options.games, options.game)
    try:
        tally = run(options, bar.update)
    except KeyboardInterrupt:
        bar.finish()
        print("party-dice simulate: interrupted", file=sys.stderr)
        return 130
    bar.finish()
    words = report.to_json if options.json else report.to_text
    try:
        print(words(options, tally), flush=True)
    except BrokenPipeError:  # `... | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0

"""``party-dice simulate``: many headless games between computer players, and their numbers.

This is the path that must start fast and run fast, so it imports neither Textual nor Rich
(a test checks ``sys.modules``), and the engines are loaded only once the arguments are
known to be good. ``python -m tui.simulate`` runs it too.

Every game gets its own ``random.Random(f"{seed}-{index}")``, so a run is reproducible
from its seed, and game ``index`` of a run can be replayed on its own.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

from tui import games as registry
from tui.engine.bots import BOT_LEVELS
from tui.engine.core import RandomSource
from tui.game_spec import GameSpec

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
DEFAULT_BOT = "sharp"
ACE_SIX = ("pot", "pass", "bot")
MAX_ACTIONS_PER_GAME = 1_000_000
"""A game that needs more actions than this is an engine bug, not a long game."""


class UsageError(Exception):
    """Bad input: reported as one line on stderr with exit status 2."""


@dataclass(frozen=True)
class Options:
    """A validated simulate request; seats are 1-based here, as people count them."""

    game: str
    players: int
    games: int
    seed: int
    variants: tuple[str, ...] = ()
    first_seat: int | None = None
    ace_six: str | None = None
    bot: str = DEFAULT_BOT
    json: bool = False


@dataclass
class Tally:
    """What a run produced: wins per seat (a shared win counts for every sharer)."""

    wins: list[int]
    lengths: list[int] = field(default_factory=list)
    shared: int = 0
    seconds: float = 0.0


class _Parser(argparse.ArgumentParser):
    """argparse, but every error is one line (argparse prints the usage first)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(" ".join(message.split()) + " (see party-dice simulate --help)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="party-dice simulate",
        description="Play many games between computer players and print per-seat win "
        "rates with 95 % intervals, game lengths and speed.",
    )
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
        help="repeatable; "
        + "; ".join(f"{game}: {', '.join(names)}" for game, names in VARIANTS.items()),
    )
    parser.add_argument(
        "--first-seat",
        metavar="K",
        help="seat K (1-based) rolls first or deals first (default: roll-off / random dealer)",
    )
    parser.add_argument(
        "--ace-six",
        metavar="|".join(ACE_SIX),
        help="aces: a one-chip ace+six always goes to the pot, always to the neighbour, "
        "or as the bot chooses (default bot)",
    )
    parser.add_argument(
        "--bot", metavar="LEVEL", help=f"{' or '.join(BOT_LEVELS)} (default {DEFAULT_BOT})"
    )
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


def parse(argv: Sequence[str]) -> Options:
    """Validate ``argv``; ``UsageError`` (one line naming the valid choices) if it is bad."""
    args = _parser().parse_args(list(argv))
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
    bot = args.bot if args.bot is not None else DEFAULT_BOT
    if bot not in BOT_LEVELS:
        raise UsageError(f"unknown bot level {bot!r}: choose {' or '.join(BOT_LEVELS)}")
    ace_six = args.ace_six
    forced = registry.get(game).simulation.forced
    if not forced and ace_six is not None:
        owner = next((g.id for g in registry.all_games() if g.simulation.forced), "another")
        raise UsageError(f"--ace-six is an {owner} option: {game} has no ace+six choice")
    if forced:
        ace_six = ace_six if ace_six is not None else "bot"
        if ace_six not in ACE_SIX:
            raise UsageError(f"unknown --ace-six {ace_six!r}: choose pot, pass or bot")
    variants = tuple(name for name in VARIANTS[game] if name in set(args.variant))
    return Options(game, players, games, seed, variants, first_seat, ace_six, bot, args.json)


def game_rng(seed: int, index: int) -> random.Random:
    """The random source of game ``index`` (0-based) in a run with ``seed``."""
    return random.Random(f"{seed}-{index}")


def play_game(options: Options, rng: RandomSource, index: int = 0) -> tuple[tuple[int, ...], int]:
    """Play one game with ``rng`` to its end: (winning seats 0-based, its length)."""
    return _Table(options).play(rng, index)


class _Table:
    """What every game of a run shares (names, seats, engine class), set up once per run.

    The length of a game is what its ``GameSpec.length`` says (Aces: every turn taken,
    zero-chip turns included; Chase: rounds played). Table actions (start a round) are applied directly. An action
    that is the only one legal, and needs no number, is no choice at all, so no bot is
    asked: that saves building a view for nearly every Aces turn (a plain roll), and a
    ``Controller`` (with its bots) is only made for games where some seat has a real choice.
    ``--ace-six pot|pass`` overrides the bot only for the one-chip ace+six choice.
    """

    def __init__(self, options: Options) -> None:
        from tui.engine.controller import Seat

        spec = registry.get(options.game)
        self.options = options
        self.names = [f"Seat {n + 1}" for n in range(options.players)]
        self.seats = [Seat(name, options.bot) for name in self.names]
        self.controller_class = registry.controller
        self.forced_kinds = frozenset(spec.simulation.forced)
        self.forced = options.ace_six if options.ace_six in spec.simulation.forced else None
        self.length = spec.length
        first = None if options.first_seat is None else options.first_seat - 1
        variants = frozenset(options.variants)
        engine: Any = spec.engine()
        keyword = spec.first_seat.key

        def make(rng: RandomSource) -> Any:
            return engine(self.names, rng, variants, **{keyword: first})

        self.engine: Callable[[RandomSource], Any] = make

    def play(self, rng: RandomSource, index: int) -> tuple[tuple[int, ...], int]:
        game = self.engine(rng)
        controller = None
        forced = self.forced
        legal_actions, apply = game.legal_actions, game.apply
        for _ in range(MAX_ACTIONS_PER_GAME):
            if game.over:
                break
            actions = legal_actions()
            if len(actions) == 1:
                action = actions[0]
                if action.arg_range is None:
                    apply(action)
                    continue
            elif not actions:
                raise RuntimeError(f"{self.options.game} game {index}: not over, nothing legal")
            if game.current_seat() is None:
                apply(actions[0])
            elif forced is not None and {action.kind for action in actions} == self.forced_kinds:
                apply(next(action for action in actions if action.kind == forced))
            else:
                if controller is None:
                    controller = self.controller_class(game, self.seats)
                controller.play_bot()
        else:
            raise RuntimeError(
                f"{self.options.game} game {index}: no end after {MAX_ACTIONS_PER_GAME} actions"
            )
        return game.winners(), int(self.length(game))


def run(options: Options, progress: Callable[[int], None] | None = None) -> Tally:
    """Play ``options.games`` games; ``progress(done)`` is called after each one."""
    tally = Tally(wins=[0] * options.players)
    wins, lengths = tally.wins, tally.lengths
    start = time.perf_counter()
    table = _Table(options)
    seed = options.seed
    for index in range(options.games):
        winners, length = table.play(game_rng(seed, index), index)
        for seat in winners:
            wins[seat] += 1
        if len(winners) > 1:
            tally.shared += 1
        lengths.append(length)
        if progress is not None:
            progress(index + 1)
    tally.seconds = time.perf_counter() - start
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulate command; 0 on success, 2 (one line on stderr) on bad input."""
    from tui import simulate_report

    try:
        options = parse(sys.argv[1:] if argv is None else argv)
    except UsageError as error:
        print(f"party-dice simulate: {error}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help
        return int(done.code or 0)
    bar = simulate_report.Progress(sys.stderr, options.games, options.game)
    try:
        tally = run(options, bar.update)
    except KeyboardInterrupt:
        bar.finish()
        print("party-dice simulate: interrupted", file=sys.stderr)
        return 130
    bar.finish()
    report = simulate_report.to_json if options.json else simulate_report.to_text
    try:
        print(report(options, tally), flush=True)
    except BrokenPipeError:  # `... | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())

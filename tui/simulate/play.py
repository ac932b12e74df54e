"""The games of a simulate run: play them headless between bots and tally who won.

Every game gets its own ``random.Random(f"{seed}-{index}")``, so a run is reproducible
from its seed, and game ``index`` of a run can be replayed on its own
(``Table(options).play(game_rng(seed, index), index)``). No Textual or Rich: the
simulator must start fast.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tui import games as registry
from tui.engine.core import RandomSource

DEFAULT_BOT = "casual"
MAX_ACTIONS_PER_GAME = 1_000_000
"""A game that needs more actions than this is an engine bug, not a long game."""


@dataclass(frozen=True)
class Options:
    """A validated simulate request; seats are 1-based here, as people count them."""

    game: str
    players: int
    games: int
    seed: int
    variants: tuple[str, ...] = ()
    first_seat: int | None = None
    force: str | None = None
    """How the game's one forcible choice is made (``ForcedChoice``): one of its action
    kinds, always, or "bot" (as the computer player chooses); ``None`` when it has none."""
    bot: str = DEFAULT_BOT
    json: bool = False
    variants_from: str = "asked"
    """Where the variants came from: "asked" (``--variant``, ``--standard``) or
    "settings" (the Settings screen's, when the command line names none)."""


@dataclass
class Tally:
    """What a run produced: wins per seat (a shared win counts for every sharer)."""

    wins: list[int]
    lengths: list[int] = field(default_factory=list)
    shared: int = 0
    seconds: float = 0.0


def game_rng(seed: int, index: int) -> random.Random:
    """The random source of game ``index`` (0-based) in a run with ``seed``."""
    return random.Random(f"{seed}-{index}")


class Table:
    """What every game of a run shares (names, seats, engine class), set up once per run.

    The length of a game is what its ``GameSpec.length`` says (Aces: every turn taken,
    zero-chip turns included; Chase: rounds played). Table actions (start a round) are
    applied directly. An action
    that is the only one legal, and needs no number, is no choice at all, so no bot is
    asked: that saves building a view for nearly every Aces turn (a plain roll), and a
    ``Controller`` (with its bots) is only made for games where some seat has a real choice.
    ``--force KIND`` overrides the bot only for the game's one forcible choice (Aces:
    the one-chip ace+six, ``--ace-six pot|pass``).
    """

    def __init__(self, options: Options) -> None:
        from tui.engine.controller import Seat

        spec = registry.get(options.game)
        self.options = options
        self.names = [f"Seat {n + 1}" for n in range(options.players)]
        levels = options.bot.split(",")
        levels = levels * options.players if len(levels) == 1 else levels
        self.seats = [Seat(name, level) for name, level in zip(self.names, levels, strict=True)]
        if spec.ready is not None and "sharp" in levels:
            from tui.storage.cache import FileShelf

            spec.ready(options.players, frozenset(options.variants), FileShelf())
        self.controller_class = registry.controller
        choice = spec.simulation.forced
        self.forced_kinds = frozenset(choice.kinds if choice else ())
        self.forced = options.force if options.force in self.forced_kinds else None
        self.length = spec.length
        first = None if options.first_seat is None else options.first_seat - 1
        variants = frozenset(options.variants)
        engine: Any = spec.engine()
        keyword = spec.first_seat.key

        def make(rng: RandomSource) -> Any:
            return engine(self.names, rng, variants, **{keyword: first})

        self.engine: Callable[[RandomSource], Any] = make

    def play(self, rng: RandomSource, index: int = 0) -> tuple[tuple[int, ...], int]:
        """Play one game with ``rng`` to its end: (winning seats 0-based, its length);
        ``index`` only names the game in the error an engine bug raises."""
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
    table = Table(options)
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

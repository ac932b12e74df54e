"""Aces in the Pot in the registry: its facts, and loaders for its parts.

Everything else of the game lives in its own packages: the rules in ``tui.engine.aces``,
the log's words in ``tui.narrate.aces``, the table's looks in ``tui.table.kits.aces``,
the rules sheet in ``tui/rules/aces.md``. Each loader imports its part when first asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.engine.bots import Bot
from tui.engine.core import Game, ViewDetail
from tui.games.spec import (
    Choice,
    FairnessFn,
    FirstSeat,
    ForcedChoice,
    GameSpec,
    NumberSpec,
    OptionSpec,
    SimulateSpec,
    TableKit,
    TableWords,
    VariantSpec,
    packaged_rules,
)

if TYPE_CHECKING:
    from tui.engine.fairness import Shelf


def _engine() -> type[Game]:
    from tui.engine.aces import AcesGame

    return AcesGame


def _bot(level: str) -> Bot:
    from tui.engine.aces import bots

    return bots.make(level)


def _view_detail() -> type[ViewDetail]:
    from tui.engine.aces.view import AcesView

    return AcesView


def _words(spec: GameSpec) -> TableWords:
    from tui.table.kits.aces_words import AcesWords

    return AcesWords(spec)


def _kit(words: TableWords) -> TableKit:
    from tui.table.kits.aces import AcesKit

    return AcesKit(words)


def _fairness() -> FairnessFn:
    from tui.engine.aces.fairness import fairness

    return fairness


def _ready(players: int, variants: frozenset[str], shelf: Shelf) -> None:
    """The round's chain, read from ``shelf`` or solved (and put there), made known to
    the sharp computer player."""
    from tui.engine.aces.odds import ChainSpec, remember
    from tui.engine.aces.odds_solve import solved

    remember(solved(ChainSpec.for_table(variants, players), shelf))


SPEC = GameSpec(
    id="aces",
    title="Aces in the Pot",
    blurb="dice and chips",
    counters="chips",
    menu_key="a",
    short_title="Aces",
    players=(2, 6),
    variants=(
        VariantSpec(
            "three-chip", "Three-Chip Start", "Everyone starts with three chips instead of two."
        ),
        VariantSpec(
            "right-pass",
            "Right-Pass",
            "A six sends a chip to the player on the right instead of the left.",
        ),
        VariantSpec(
            "last-roll",
            "Last Roll",
            "When one player is left with chips, each player at zero gets a final roll:"
            " a six wins a chip back, anything else and they are out.",
        ),
        VariantSpec(
            "single-die", "Single-Die", "Everyone rolls one die instead of two: a shorter game."
        ),
    ),
    first_seat=FirstSeat("first_seat", "Who starts", "Roll-off"),
    options=(
        OptionSpec(
            key="match",
            label="Match",
            widget_id="match",
            choices=(
                Choice("single", "One round"),
                Choice("rounds", "Rounds"),
                Choice("bankroll", "Bankroll"),
            ),
            numbers={
                "rounds": NumberSpec("rounds", 1, 99, 3, "rounds", "play N rounds"),
                "bankroll": NumberSpec(
                    "bankroll",
                    1,
                    999,
                    10,
                    "chips each",
                    "bankroll play, everyone starting with N chips",
                ),
            },
            cli_help="one round (default), rounds, bankroll",
        ),
    ),
    engine=_engine,
    bot=_bot,
    view_detail=_view_detail,
    words=_words,
    kit=_kit,
    rules_markdown=packaged_rules("aces"),
    length_unit="turns",
    length=lambda game: int(game.turns),
    simulate=SimulateSpec(
        players=4,
        starts="rolls first",
        auto_order="roll-off for the first roller",
        forced=ForcedChoice(
            name="ace-six",
            label="ace+six",
            kinds=("pot", "pass"),
            help="a one-chip ace+six always to the pot or always to the neighbour",
        ),
    ),
    fairness=_fairness,
    ready=_ready,
)

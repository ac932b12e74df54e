"""Chase the Ace in the registry: its facts, and loaders for its parts.

Everything else of the game lives in its own packages: the rules in ``tui.engine.chase``,
the log's words in ``tui.narrate.chase``, the table's looks in ``tui.table.kits.chase``
and ``styles/chase.tcss``, the rules sheet in ``tui/rules/chase.md``. Each loader imports
its part when first asked.
"""

from __future__ import annotations

from tui.engine.bots import Bot
from tui.engine.core import Game, ViewDetail
from tui.games.spec import (
    Choice,
    Conflict,
    FairnessFn,
    FirstSeat,
    GameSpec,
    OptionSpec,
    SimulateSpec,
    TableKit,
    TableWords,
    VariantSpec,
    packaged_rules,
)


def _engine() -> type[Game]:
    from tui.engine.chase import ChaseGame

    return ChaseGame


def _bot(level: str) -> Bot:
    from tui.engine.chase import bots

    return bots.make(level)


def _view_detail() -> type[ViewDetail]:
    from tui.engine.chase.view import ChaseView

    return ChaseView


def _words(spec: GameSpec) -> TableWords:
    from tui.table.kits.chase_words import ChaseWords

    return ChaseWords(spec)


def _kit(words: TableWords) -> TableKit:
    from tui.table.kits.chase import ChaseKit

    return ChaseKit(words)


def _fairness() -> FairnessFn:
    from tui.engine.chase.fairness import fairness

    return fairness


SPEC = GameSpec(
    id="chase",
    title="Chase the Ace",
    blurb="one card each",
    counters="lives",
    menu_key="c",
    short_title="Chase",
    players=(3, 20),
    variants=(
        VariantSpec(
            "announce-low",
            "Announce low cards",
            "An Ace, 2 or 3 handed over in a swap is shown to everyone.",
        ),
        VariantSpec(
            "dealers-king",
            "Dealer's King",
            "A King found by the dealer's cut or draw also costs the dealer a life at once.",
        ),
        VariantSpec(
            "dealer-draws",
            "Dealer draws",
            "The dealer may take the top card of the stock instead of cutting the deck.",
        ),
        VariantSpec(
            "four-lives", "Four lives", "Everyone starts with four lives instead of three."
        ),
        VariantSpec(
            "kings-swap",
            "Kings swap too",
            "Kings have no power: they are swapped like any other card and never block.",
        ),
        VariantSpec(
            "king-stops",
            "King stops play",
            "As soon as a King is shown, the remaining turns are skipped and cards are turned up.",
        ),
        VariantSpec(
            "pairs-safe",
            "Pairs are safe",
            "A rank held by two or more players is safe; the lowest unpaired card loses.",
        ),
    ),
    conflicts=(
        Conflict(
            "kings-swap",
            frozenset({"dealers-king", "king-stops"}),
            "Kings have no power, so no King is ever found or shown",
        ),
    ),
    first_seat=FirstSeat("first_dealer", "First dealer", "Random seat"),
    options=(
        OptionSpec(
            key="all_out",
            label="All out at once",
            widget_id="all-out",
            choices=(
                Choice(
                    "replay",
                    "Keep the last life",
                    "Players who would all go out at once keep their last life and play again.",
                ),
                Choice(
                    "share", "Share the win", "Players who would all go out at once share the win."
                ),
            ),
            in_settings=True,
            cli_help="when all would go out at once",
        ),
    ),
    engine=_engine,
    bot=_bot,
    view_detail=_view_detail,
    words=_words,
    kit=_kit,
    rules_markdown=packaged_rules("chase"),
    length_unit="rounds",
    length=lambda game: int(game.rounds_played),
    simulate=SimulateSpec(
        players=6,
        starts="deals first",
        auto_order="random dealer",
        shared_note="a shared Chase win (all out at once) counts as a win for each sharer",
        unit_speed=True,
    ),
    fairness=_fairness,
    sheets=("chase",),
)

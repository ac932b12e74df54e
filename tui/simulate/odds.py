"""``party-dice odds aces|chase ...``: the fairness table of a new table, without a screen.

The same options as ``simulate`` (players, variants, first seat, games, seed, bot,
``--json``). Each game answers for itself through its registry entry (``GameSpec.fairness``):
Aces exactly, from the round's chain (solved once, then read from the per-user cache),
Chase by simulating first rounds against sharp computer players, with standard errors.
No Textual or Rich, like ``simulate``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from tui import games as registry
from tui.cli import UsageError
from tui.engine.fairness import Fairness, FairnessAsk
from tui.simulate.cli import _parser, parse
from tui.simulate.play import Options

ABOUT = (
    "Each seat's chance at a new table: of winning the round (Aces, exact) or of losing "
    "a life in the first round (Chase, by simulation, with its standard error)."
)


def answer(options: Options) -> Fairness:
    """The game's fairness table for ``options`` (seats 1-based in ``options``)."""
    from tui.storage.cache import FileShelf

    spec = registry.get(options.game)
    if spec.fairness is None:
        raise UsageError(f"{spec.title} has no odds to tell")
    first = 0 if options.first_seat is None else options.first_seat - 1
    ask = FairnessAsk(
        options.players,
        frozenset(options.variants),
        first,
        options.games,
        options.seed,
        options.bot,
        FileShelf(),
    )
    return spec.fairness()(ask)


def to_json(options: Options, found: Fairness) -> str:
    return json.dumps(
        {
            "game": options.game,
            "players": options.players,
            "variants": list(options.variants),
            "question": found.question,
            "method": found.method,
            "seats": [
                {"seat": r.seat + 1, "label": r.label, "chance": r.chance, "stderr": r.stderr}
                for r in found.rows
            ],
        }
    )


def to_text(options: Options, found: Fairness) -> str:
    spec = registry.get(options.game)
    titles = spec.variant_titles
    rules = ", ".join(titles[v] for v in options.variants) or "standard rules"
    lines = [
        f"{spec.title}, {options.players} players, {rules}: {found.question}",
        found.method,
    ]
    width = max(len(r.label) for r in found.rows)
    for row in found.rows:
        sure = f" ± {100 * row.stderr:.1f} %" if row.stderr else ""
        lines.append(
            f"  Seat {row.seat + 1:<2} {row.label:<{width}}  {100 * row.chance:5.1f} %{sure}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the odds command; 0 on success, 2 (one line on stderr) on bad input."""
    try:
        options = parse(sys.argv[1:] if argv is None else argv, _parser("odds", ABOUT))
        found = answer(options)
    except UsageError as error:
        print(f"party-dice odds: {error}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help
        return int(done.code or 0)
    except KeyboardInterrupt:
        print("party-dice odds: interrupted", file=sys.stderr)
        return 130
    print((to_json if options.json else to_text)(options, found), flush=True)
    return 0

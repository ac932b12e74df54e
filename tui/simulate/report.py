"""What ``party-dice simulate`` shows: a table for people, JSON for programs, a progress bar.

No Textual or Rich here: the simulator must start fast, so the table is plain text.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TextIO

from tui import games as registry
from tui.simulate.play import Options, Tally
from tui.simulate.stats import Spread, wilson_interval


class Progress:
    """A one-line progress bar on ``stream``, only when it is a terminal.

    It draws at most ten times a second, not before the first tenth of a second (short
    runs never show it), and ``finish`` wipes it so the report starts on a clean line.
    Piped or redirected, it writes nothing at all.
    """

    WIDTH = 30

    def __init__(
        self,
        stream: TextIO,
        total: int,
        label: str,
        clock: Callable[[], float] = time.monotonic,
        interval: float = 0.1,
    ) -> None:
        self.stream = stream
        self.total = total
        self.label = label
        self.clock = clock
        self.interval = interval
        try:
            self.enabled = stream.isatty()
        except (AttributeError, ValueError, OSError):
            self.enabled = False
        self.start = clock()
        self.next_draw = self.start + interval
        self.drawn = 0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now < self.next_draw:
            return
        self.next_draw = now + self.interval
        filled = self.WIDTH * done // max(1, self.total)
        rate = done / max(now - self.start, 1e-9)
        line = (
            f"simulating {self.label} [{'#' * filled}{'-' * (self.WIDTH - filled)}] "
            f"{done:,}/{self.total:,} games, {rate:,.0f}/s"
        )
        self.stream.write("\r" + line.ljust(self.drawn))
        self.stream.flush()
        self.drawn = len(line)

    def finish(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0


def summary(options: Options, tally: Tally) -> dict[str, Any]:
    """Everything a run found, as one JSON-compatible dict (seats listed seat 1 first)."""
    games = options.games
    unit = registry.get(options.game).length_unit
    spread = Spread.of(tally.lengths)
    seconds = tally.seconds
    data: dict[str, Any] = {
        "game": options.game,
        "players": options.players,
        "games": games,
        "variants": list(options.variants),
        "variants_from": options.variants_from,
        "seed": options.seed,
        "first_seat": options.first_seat,
        "bot": options.bot,
    }
    spec = registry.get(options.game)
    if spec.simulation.forced:
        data[spec.simulation.forced.json_key] = options.force
    data["wins_by_seat"] = list(tally.wins)
    data["win_rate_by_seat"] = [round(wins / games, 6) for wins in tally.wins]
    data["ci95_by_seat"] = [
        [round(bound, 6) for bound in wilson_interval(wins, games)] for wins in tally.wins
    ]
    if spec.simulation.shared_note:
        data["shared_wins"] = tally.shared
        data["note"] = spec.simulation.shared_note
    data[f"mean_{unit}"] = round(spread.mean, 6)
    data[f"sd_{unit}"] = round(spread.sd, 6)
    data[f"min_{unit}"] = spread.low
    data[f"max_{unit}"] = spread.high
    data[f"total_{unit}"] = spread.total
    data["seconds"] = round(seconds, 6)
    data["games_per_second"] = round(games / seconds, 1) if seconds > 0 else None
    data[f"{unit}_per_second"] = round(spread.total / seconds, 1) if seconds > 0 else None
    return data


def to_json(options: Options, tally: Tally) -> str:
    return json.dumps(summary(options, tally))


def to_text(options: Options, tally: Tally) -> str:
    """The readable report: a header, one row per seat, game length and speed."""
    data = summary(options, tally)
    games = options.games
    spec = registry.get(options.game)
    how = spec.simulation
    unit = spec.length_unit
    if options.first_seat is None:
        order = how.auto_order
    else:
        order = f"seat {options.first_seat} {how.starts}"
    lines = [
        (
            f"{spec.title}: {games:,} {'game' if games == 1 else 'games'}, "
            f"{options.players} players, {options.bot} bots, seed {options.seed}"
        ),
        f"Variants: {', '.join(options.variants) or 'none'}"
        + (
            " (from your settings; --standard for none)"
            if options.variants_from == "settings"
            else ""
        )
        + f"; {order}"
        + (f"; {how.forced.label}: {options.force}" if how.forced else ""),
        "",
        f"{'Seat':>4}  {'Wins':>9}  {'Win rate':>8}  {'95% interval':^16}",
    ]
    for seat, (wins, (lo, hi)) in enumerate(
        zip(tally.wins, data["ci95_by_seat"], strict=True), start=1
    ):
        lines.append(f"{seat:>4}  {wins:>9,}  {wins / games:>8.1%}  {lo:>6.1%} to {hi:>6.1%}")
    lines.append("")
    if how.shared_note and tally.shared:
        lines.append(f"Shared wins: {tally.shared:,} ({how.shared_note})")
    lines.append(
        f"Game length: {data[f'mean_{unit}']:.2f} {unit} on average, "
        f"sd {data[f'sd_{unit}']:.2f}, from {data[f'min_{unit}']} to {data[f'max_{unit}']}"
    )
    seconds = tally.seconds
    if seconds > 0:
        speed = f"{games / seconds:,.0f} games/s"
        if how.unit_speed:
            speed += f", {data[f'total_{unit}'] / seconds:,.0f} {unit}/s"
        lines.append(f"Speed: {seconds:.2f} s, {speed}")
    return "\n".join(line.rstrip() for line in lines)

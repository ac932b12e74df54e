"""Aces in the Pot at the table, in words: the info box, round and match summaries, odds.

The pure half of the Aces kit (``tui.session.table_words``): the Textual table and the
plain-text table say the same. With odds on, every seat's exact chance this round is
read from the round's chain (solved off the table's thread, ``tui.session.odds_warmup``,
never waited for), and after every move the chances are recorded for the round's story
(``tui.table.kits.aces_story``), and each round's scores for the match's
(``tui.table.kits.aces_match``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tui.engine.aces.view import AcesView
from tui.engine.core import Event, TableView
from tui.games.spec import GameSpec
from tui.narrate.aces import chips, describe, points
from tui.narrate.words import join_names
from tui.session.table_model import RoundSummary
from tui.session.table_words import TableWords, variants_line
from tui.table.kits.aces_match import MatchStory
from tui.table.kits.aces_story import RoundStory


def chances(view: TableView) -> tuple[float, ...] | None:
    """Every seat's exact chance this round, if the table's chain is solved already."""
    from tui.engine.aces.odds import chain_for, known, seat_chances, table_spec

    if view.phase not in ("turn", "choice"):
        return None
    chain = known(table_spec(view))
    if chain is None:
        return None
    try:
        chain_for(chain, sum(1 for s in view.seats if "out" not in s.flags))
    except KeyError:
        return None
    return seat_chances(chain, view)


class AcesWords(TableWords):
    """The info box (round, match standings, which way sixes go), round summaries and
    the odds' stories."""

    has_odds = True

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec, describe)
        self.story = RoundStory()
        self.match = MatchStory()

    def chances(self, view: TableView) -> tuple[float, ...] | None:
        return chances(view) if self.odds_on else None

    def moved(self, view: TableView, events: Sequence[Event]) -> None:
        """Every seat's chance after the move (the round's story), and the scores once a
        round of a match is won (the match's)."""
        found = self.chances(view)
        detail = AcesView.of(view)
        if found is not None:
            self.story.record(view.round, detail.turns, found, view.current)
        if detail.match != "single" and any(e.kind == "round_won" for e in events):
            self.match.record(view.round, detail.scores)

    def choice_lines(self, view: TableView, names: Sequence[str]) -> list[str]:
        """At the ace+six, with odds on: the roller's exact chance after each option."""
        from tui.engine.aces.odds import choice_chances, known, table_spec

        chain = known(table_spec(view)) if self.odds_on and view.phase == "choice" else None
        if chain is None or view.current is None:
            return []
        pot, passed = choice_chances(chain, view)
        me = view.current
        return [f"{names[me]} to win: pot {pot[me]:.1%}, pass {passed[me]:.1%}"]

    def info_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [
            *self.odds_note(view),
            *self.choice_lines(view, names),
            *self._table_lines(view, names),
        ]

    def odds_note(self, view: TableView) -> list[str]:
        """With odds on and none to show yet: when they will come (O said nothing
        before the roll-off)."""
        if not self.odds_on or self.chances(view) is not None or view.phase == "over":
            return []
        if view.phase in ("turn", "choice"):
            return ["Odds on: being worked out..."]
        return ["Odds on: each seat's chance shows from the first roll"]

    def _table_lines(self, view: TableView, names: Sequence[str]) -> list[str]:
        detail = AcesView.of(view)
        direction = "right" if "right-pass" in view.variants else "left"
        rules = f"Aces go to the pot, sixes {direction}."
        if detail.match == "rounds":
            head = f"Round {view.round} of {detail.rounds_total}"
            standing = "Points: " + ", ".join(
                f"{name} {score}" for name, score in zip(names, detail.scores, strict=False)
            )
            return [head, standing, variants_line(view.variants, self.titles), rules]
        if detail.match == "bankroll":
            head = f"Round {view.round}, bankroll play"
            standing = "Banks: " + ", ".join(
                f"{name} {score}" for name, score in zip(names, detail.scores, strict=False)
            )
            return [head, standing, variants_line(view.variants, self.titles), rules]
        return ["Single round", variants_line(view.variants, self.titles), rules]

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str], ascii_only: bool
    ) -> RoundSummary | None:
        won = next((e for e in events if e.kind == "round_won"), None)
        if won is None or won.seat is None:
            return None
        trends: list[str] = []
        match = AcesView.of(view).match
        if self.odds_on and match != "single":
            trends = self.match.trends(match == "bankroll", ascii_only)
        summary = self._summary(view, events, names, won.seat, int(won.value or 0), trends)
        story = self.story.lines(won.seat, names, ascii_only) if self.odds_on else []
        return replace(summary, lines=(*summary.lines, *story)) if story else summary

    def _summary(
        self,
        view: TableView,
        events: Sequence[Event],
        names: Sequence[str],
        won: int,
        pot: int,
        trends: Sequence[str] = (),
    ) -> RoundSummary:
        """The round's result and the match standings (each with its chart through the
        match when ``trends`` are given)."""
        detail = AcesView.of(view)
        winner = names[won]
        final = view.phase == "over"
        lines: list[str] = []
        if detail.match == "single":
            title = f"{winner} wins!"
            lines.append(f"{winner} is the last player holding chips and claims the pot.")
            lines.append(f"The pot held {chips(pot)}.")
            return RoundSummary(title, tuple(lines), (), final=True)
        title = f"Round {view.round}: {winner} wins"
        taken = next((e for e in events if e.kind == "table_taken"), None)
        if detail.match == "rounds":
            lines.append(f"The pot held {chips(pot)}: {pot} points for {winner}.")
        elif taken is not None:
            lines.append(
                f"The pot held {chips(pot)}; {winner} takes every chip on the table: "
                f"{chips(int(taken.value or 0))}."
            )
        for event in events:
            if event.kind == "match_out" and event.seat is not None:
                lines.append(f"{names[event.seat]} has no chips left and leaves the match.")
        if final:
            champions = join_names([names[seat] for seat in view.winners])
            verb = "win" if len(view.winners) > 1 else "wins"
            title = f"Match over: {champions} {verb}"
        elif detail.match == "rounds":
            left = detail.rounds_total - view.round
            lines.append(f"{left} round{'s' if left != 1 else ''} to go.")
        amount = points if detail.match == "rounds" else chips
        order = sorted(range(len(names)), key=lambda seat: (-detail.scores[seat], seat))
        shown = [amount(score) for score in detail.scores]
        if trends:  # odds on: each standing with its chart through the match
            width = max(len(value) for value in shown)
            shown = [f"{value:<{width}}  {t}" for value, t in zip(shown, trends, strict=True)]
        standings = tuple(
            (
                names[seat],
                shown[seat],
                "winner" if (final and seat in view.winners) or (not final and seat == won) else "",
            )
            for seat in order
        )
        return RoundSummary(title, tuple(lines), standings, final=final)

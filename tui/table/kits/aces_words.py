"""Aces in the Pot at the table, in words: the info box, round and match summaries, odds.

The pure half of the Aces kit (``tui.session.table_words``): the Textual table and the
plain-text table say the same. With odds on, every seat's exact chance this round is
read from the round's chain (solved off the table's thread, ``tui.session.odds_warmup``,
never waited for), and after every move the chances are recorded for the round's story
(``tui.table.kits.aces_story``), and each round's scores for the match's
(``tui.table.kits.aces_match``).

Heard (a ``voice``, the plain-text table): the log is personal and says what a roller
has left, the answers to a player's questions say the match too, and a round's end
leaves out what the log has just said (and the charts, which are pictures).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tui.engine.aces.view import AcesView
from tui.engine.core import Event, TableView
from tui.games.spec import GameSpec
from tui.narrate.aces import chips, describe, points
from tui.narrate.words import join_names
from tui.session.table_model import RoundSummary, SpareLine
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
        self._after: tuple[tuple[Event, ...], tuple[int, ...]] = ((), ())
        """The last move's events and the chips in hand after it (what a roller has left)."""

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
        self._after = (tuple(events), tuple(seat.counters for seat in view.seats))

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        """The log; heard, a roller also hears what they have left (when ``events`` are
        the move ``moved`` recorded)."""
        held = self._after[1] if tuple(events) == self._after[0] else ()
        return describe(list(events), list(names), ascii_only, voice=self.voice, held=held)

    # -- heard: the plain-text table's answers -------------------------------------------

    def standing(self, view: TableView, seat: int) -> str:
        me = view.seats[seat]
        if "out" in me.flags:
            return "out of the match" if "broke" in me.flags else "out of the round"
        if me.counters == 0:
            return "no chips" + (", a final roll to come" if "final-roll" in me.flags else "")
        return chips(me.counters)

    def standings_line(self, view: TableView, names: Sequence[str]) -> str:
        """Chips in hand, then the match: points (rounds) or banks (bankroll play)."""
        line = super().standings_line(view, names)
        detail = AcesView.of(view)
        if detail.match == "single" or not detail.scores:
            return line
        amount = points if detail.match == "rounds" else chips
        scores = ", ".join(
            f"{name} {amount(score)}" for name, score in zip(names, detail.scores, strict=False)
        )
        what = "Points" if detail.match == "rounds" else "Banks"
        return f"{line} {what}: {scores}."

    def turn_line(self, view: TableView, names: Sequence[str]) -> str:
        detail = AcesView.of(view)
        if detail.match == "rounds":
            where = f"Round {view.round} of {detail.rounds_total}"
        elif detail.match == "bankroll":
            where = f"Bankroll play, round {view.round}"
        else:
            where = f"Round {view.round}"
        direction = "right" if "right-pass" in view.variants else "left"
        rules = f"Aces go to the pot, sixes to the {direction}."
        if view.phase == "over":
            return "The game is over."
        if view.phase == "start":
            return f"{where} is about to start. {rules}"
        if view.phase == "round_over":
            return f"{where} is over."
        said = super().turn_line(view, names).replace(f"Round {view.round}", where, 1)
        if view.phase == "choice":
            said += " The last chip goes to the pot or is passed."
        return f"{said} {rules}"

    def odds_lines(
        self, view: TableView, names: Sequence[str], odds: Sequence[float] | None
    ) -> list[str]:
        lines = []
        if self.odds_on and view.phase == "choice":
            for line in self.choice_lines(view, names):
                lines.append(line.replace("%", " %") + ".")
        return lines + super().odds_lines(view, names, odds)

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
        return ["Odds on: shown from the first roll"]

    def _table_lines(self, view: TableView, names: Sequence[str]) -> list[str]:
        detail = AcesView.of(view)
        direction = "right" if "right-pass" in view.variants else "left"
        rules = SpareLine(f"Aces go to the pot, sixes {direction}.")
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
        return [SpareLine("Single round"), variants_line(view.variants, self.titles), rules]

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str], ascii_only: bool
    ) -> RoundSummary | None:
        won = next((e for e in events if e.kind == "round_won"), None)
        if won is None or won.seat is None:
            return None
        heard = self.voice is not None
        trends: list[str] = []
        match = AcesView.of(view).match
        if self.odds_on and match != "single" and not heard:
            trends = self.match.trends(match == "bankroll", ascii_only)
        pot = int(won.value or 0)
        voice = self.voice
        you = next(iter(voice.you)) if voice is not None and len(voice.you) == 1 else None
        summary = self._summary(view, events, names, won.seat, pot, trends, heard=heard, you=you)
        story = self.story.lines(won.seat, names, ascii_only) if self.odds_on else []
        if heard:  # a chart is a picture: its sentences only
            story = [line for line in story if line.endswith(".")]
        return replace(summary, lines=(*summary.lines, *story)) if story else summary

    def _summary(
        self,
        view: TableView,
        events: Sequence[Event],
        names: Sequence[str],
        won: int,
        pot: int,
        trends: Sequence[str] = (),
        *,
        heard: bool = False,
        you: int | None = None,
    ) -> RoundSummary:
        """The round's result and the match standings (each with its chart through the
        match when ``trends`` are given). ``heard``: without what the log has just said
        (the pot won, the table taken, who leaves the match); seat ``you`` (the one
        person at the terminal) is said as "you"."""
        detail = AcesView.of(view)
        winner = "you" if won == you else names[won]
        wins = "win" if won == you else "wins"
        final = view.phase == "over"
        lines: list[str] = []
        if detail.match == "single":
            title = f"{winner} {wins}!"
            if not heard:
                lines.append(f"{winner} is the last player holding chips and claims the pot.")
                lines.append(f"The pot held {chips(pot)}.")
            return RoundSummary(title, tuple(lines), (), final=True)
        title = f"Round {view.round}: {winner} {wins}"
        taken = next((e for e in events if e.kind == "table_taken"), None)
        if detail.match == "rounds":
            lines.append(f"The pot held {chips(pot)}: {pot} points for {winner}.")
        elif taken is not None and not heard:
            lines.append(
                f"The pot held {chips(pot)}; {winner} takes every chip on the table: "
                f"{chips(int(taken.value or 0))}."
            )
        for event in events:
            if event.kind == "match_out" and event.seat is not None and not heard:
                lines.append(f"{names[event.seat]} has no chips left and leaves the match.")
        if final:
            champions = join_names(["you" if s == you else names[s] for s in view.winners])
            verb = "win" if len(view.winners) > 1 or champions == "you" else "wins"
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

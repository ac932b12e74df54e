"""Aces in the Pot at the table: chips, dice in the middle, rounds and match standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text

from tui.engine.controller import Seat
from tui.engine.core import Event, SeatView, TableView
from tui.narrate.aces import chips, describe, points
from tui.narrate.words import join_names
from tui.table.kit import Centre, RoundSummary, Seats, TableKit, Words, variants_line
from tui.table.kits.aces_match import MatchStory
from tui.table.kits.aces_story import RoundStory
from tui.widgets.dice import DiceView
from tui.widgets.player_panel import PanelModel, odds_bar
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from textual.widget import Widget

ROLL_KINDS = ("roll", "final_roll")


def chances(view: TableView) -> tuple[float, ...] | None:
    """Every seat's exact chance this round, if the table's chain is solved already (the
    odds are solved off the UI thread, ``tui.session.odds_warmup``: never waited for)."""
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


class AcesSeats(Seats):
    """Chips; before the first roll-off, the chips each player starts with (the
    engine's stake: two, three under Three-Chip Start), though none is in hand until
    the round starts; a player out of the whole match says "broke" once. With odds on,
    each seat's chance of winning the round, in words and as a bar."""

    odds_on = False

    def __init__(self) -> None:
        super().__init__()
        self.story = RoundStory()

    def panel_model(
        self, view: TableView, seat_view: SeatView, seat: Seat, ascii_only: bool
    ) -> PanelModel:
        model = super().panel_model(view, seat_view, seat, ascii_only)
        found = chances(view) if self.odds_on else None
        if found is not None:
            if seat_view.seat == 0:  # once a drawing: every seat's chance at this moment
                self.story.record(view.round, int(view.extra["turns"]), found, view.current)
            chance = found[seat_view.seat]
            bar = Text(odds_bar(chance, 8, ascii_only), style="bold")
            detail = model.detail.copy() if model.detail is not None else Text()
            if detail.plain:
                detail.append("  ")
            detail.append_text(bar)
            model = replace(model, odds=chance, detail=detail)
        stakes = view.extra.get("stakes")
        if stakes is not None:
            model = replace(model, counters=int(stakes[seat_view.seat]))
        if "broke" in seat_view.flags:
            # Out of the whole match, not just this round: say so once.
            flags = (seat_view.flags - {"out", "zero"}) | {"broke"}
            model = replace(model, flags=frozenset(flags))
        return model

    def detail(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
        """Seat number and where this player's sixes go (shown when the panel is tall)."""
        seats = view.seats
        text = f"Seat {seat_view.seat + 1}"
        if not seat_view.out:
            step = -1 if "right-pass" in view.variants else 1
            other = (seat_view.seat + step) % len(seats)
            while seats[other].out and other != seat_view.seat:
                other = (other + step) % len(seats)
            if other != seat_view.seat:
                text += f", sixes to {fit(seats[other].name, 16, ascii_only)}"
        return Text(text, style="dim")


class DiceCentre(Centre):
    """The dice in the middle, tumbling for a roll."""

    def make(self, ascii_only: bool) -> Widget:
        return DiceView(ascii_only=ascii_only, id="dice")

    def _last_roll(
        self, events: Sequence[Event], names: Sequence[str]
    ) -> tuple[tuple[int, ...], str] | None:
        for event in reversed(events):
            if event.kind in ROLL_KINDS and event.seat is not None:
                what = "final roll" if event.kind == "final_roll" else "roll"
                return tuple(event.value), f"{names[event.seat]}'s {what}"
        return None

    def show(
        self, centre: Widget, view: TableView, names: Sequence[str], events: Sequence[Event]
    ) -> None:
        assert isinstance(centre, DiceView)
        last = self._last_roll(events, names)
        if last is not None:
            centre.show(*last)
        elif not view.dice:
            centre.show((), "Dice")
        elif not centre.dice:
            centre.show(view.dice, "Last roll")

    def animate(
        self,
        centre: Widget,
        events: Sequence[Event],
        names: Sequence[str],
        seconds: float,
        frames: int,
    ) -> bool:
        assert isinstance(centre, DiceView)
        last = self._last_roll(events, names)
        if last is None or seconds <= 0 or frames <= 0:
            return False
        dice, caption = last
        centre.roll(
            dice,
            caption.replace("'s roll", " rolls").replace("'s final roll", ": final roll"),
            seconds,
            frames,
        )
        return True

    def finish(self, centre: Widget) -> None:
        assert isinstance(centre, DiceView)
        centre.finish()


class AcesWords(Words):
    """The info box (round, match standings, which way sixes go) and round summaries."""

    odds_on = False

    def __init__(self, titles: Mapping[str, str], story: RoundStory | None = None) -> None:
        super().__init__("aces", describe, titles)
        self.story = story or RoundStory()
        self.match = MatchStory()

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
        return [*self.choice_lines(view, names), *self._table_lines(view, names)]

    def _table_lines(self, view: TableView, names: Sequence[str]) -> list[str]:
        direction = "right" if "right-pass" in view.variants else "left"
        rules = f"Aces go to the pot, sixes {direction}."
        if view.match == "rounds":
            head = f"Round {view.round} of {view.rounds_total}"
            standing = "Points: " + ", ".join(
                f"{name} {score}" for name, score in zip(names, view.scores, strict=False)
            )
            return [head, standing, variants_line(view.variants, self.titles), rules]
        if view.match == "bankroll":
            head = f"Round {view.round}, bankroll play"
            standing = "Banks: " + ", ".join(
                f"{name} {score}" for name, score in zip(names, view.scores, strict=False)
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
        if self.odds_on and view.match != "single":
            self.match.record(view.round, view.scores)
            trends = self.match.trends(view.match == "bankroll", ascii_only)
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
        winner = names[won]
        final = view.phase == "over"
        lines: list[str] = []
        if view.match == "single":
            title = f"{winner} wins!"
            lines.append(f"{winner} is the last player holding chips and claims the pot.")
            lines.append(f"The pot held {chips(pot)}.")
            return RoundSummary(title, tuple(lines), (), final=True)
        title = f"Round {view.round}: {winner} wins"
        taken = next((e for e in events if e.kind == "table_taken"), None)
        if view.match == "rounds":
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
        elif view.match == "rounds":
            left = view.rounds_total - view.round
            lines.append(f"{left} round{'s' if left != 1 else ''} to go.")
        amount = points if view.match == "rounds" else chips
        order = sorted(range(len(names)), key=lambda seat: (-view.scores[seat], seat))
        shown = [amount(score) for score in view.scores]
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


class AcesKit(TableKit):
    """Aces in the Pot: chips, dice, nothing hidden."""

    def __init__(self, titles: Mapping[str, str]) -> None:
        seats = AcesSeats()
        super().__init__(
            "aces",
            "Aces in the Pot",
            seats=seats,
            centre=DiceCentre(),
            words=AcesWords(titles, seats.story),
        )

    def show_odds(self, on: bool) -> bool:
        assert isinstance(self.seats, AcesSeats) and isinstance(self.words, AcesWords)
        self.seats.odds_on = self.words.odds_on = on
        return True

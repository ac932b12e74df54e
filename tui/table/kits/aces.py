"""Aces in the Pot at the table, drawn: chips on the panels, dice in the middle.

What the table says is the kit's pure half, ``tui.table.kits.aces_words``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text

from tui.cells import fit
from tui.engine.aces.view import AcesView
from tui.engine.core import Event, SeatView, TableView
from tui.table.kit import Centre, Seats, TableKit
from tui.table.kits.aces_words import AcesWords
from tui.widgets.dice import DiceView
from tui.widgets.player_panel import PanelModel

if TYPE_CHECKING:
    from textual.widget import Widget

ROLL_KINDS = ("roll", "final_roll")


class AcesSeats(Seats):
    """Chips; before the first roll-off, the chips each player starts with (the
    engine's stake: two, three under Three-Chip Start), though none is in hand until
    the round starts; between the rounds of bankroll play and at its end, each
    player's bank; a player out of the whole match says "broke" once."""

    def panel_model(
        self,
        view: TableView,
        seat_view: SeatView,
        bot: str | None,
        ascii_only: bool,
        odds: float | None = None,
    ) -> PanelModel:
        model = super().panel_model(view, seat_view, bot, ascii_only, odds)
        detail = AcesView.of(view)
        if detail.stakes is not None:
            model = replace(model, counters=int(detail.stakes[seat_view.seat]))
        elif detail.match == "bankroll" and view.phase in ("round_over", "over"):
            # Between rounds and at the end every chip is back in a bankroll: the seat
            # holds its bank (the winner of the match, every chip on the table).
            model = replace(model, counters=detail.scores[seat_view.seat])
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
        elif not AcesView.of(view).dice:
            centre.show((), "Dice")
        elif not centre.dice:
            centre.show(AcesView.of(view).dice, "Last roll")

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


class AcesKit(TableKit):
    """Aces in the Pot: chips, dice, nothing hidden."""

    def __init__(self, words: AcesWords) -> None:
        super().__init__(words, seats=AcesSeats(), centre=DiceCentre())

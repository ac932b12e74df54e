"""Chase the Ace at the table, drawn: lives and a card on every panel, the card in the
middle, one-line panels for big tables.

What the table says, the curtains between people and who may see which card (ruling
C10) are the kit's pure half, ``tui.table.kits.chase_words``. The log is always public:
what a player knows privately is shown in the middle of the table of their private view
only (``tui.table.kits.chase_centre``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from tui.cells import fit
from tui.engine.core import Event, SeatView, TableView
from tui.table.kit import Centre, Seats, TableKit
from tui.table.kits import chase_words
from tui.table.kits.chase_centre import ChaseCentre, centre_picture
from tui.table.kits.chase_layout import chase_arrange
from tui.table.kits.chase_words import ChaseWords
from tui.widgets.card import inline
from tui.widgets.player_panel import FLAG_MARKS, PanelModel

if TYPE_CHECKING:
    from textual.widget import Widget

    from tui.table.layout import Arrangement


def card_text(view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
    """A seat's card as the table may show it, face down during a turn, or nothing."""
    if seat_view.card is not None:
        return inline(
            seat_view.card,
            seat_view.card_state,
            ascii_only,
            loser="loser" in seat_view.flags,
        )
    if view.phase == "turn" and not seat_view.out:
        return inline(None, "", ascii_only)
    return None


class ChaseSeats(Seats):
    """Lives, a card on every panel, one-line panels for big tables."""

    counter_word = "life"
    counter_plural = "lives"

    def arrange(self, players: int, width: int, height: int) -> Arrangement:
        return chase_arrange(players, width, height)

    def panel_model(
        self,
        view: TableView,
        seat_view: SeatView,
        bot: str | None,
        ascii_only: bool,
        odds: float | None = None,
    ) -> PanelModel:
        model = super().panel_model(view, seat_view, bot, ascii_only, odds)
        return replace(model, line=self.compact_line(view, seat_view, bot, ascii_only))

    def detail(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
        card = card_text(view, seat_view, ascii_only)
        if card is None:
            return None
        word = chase_words.seat_word(view, seat_view)
        if word:
            card.append(" ")
            card.append(word, style="dim" if seat_view.card is None else "")
        return card

    def compact_line(
        self, view: TableView, seat_view: SeatView, bot: str | None, ascii_only: bool
    ) -> Text:
        """One line per seat for big tables: marker, name, lives, card, marks, kind."""
        flags = seat_view.flags
        line = Text()
        turn = "turn" in flags
        line.append((">" if ascii_only else "\u25b6") + " " if turn else "  ", style="bold")
        name_style = "dim" if seat_view.out else "bold"
        name = fit(seat_view.name, 12, ascii_only)
        line.append(name + " " * (12 - cell_len(name)), style=name_style)  # cells, not chars
        line.append(" ")
        most = 4 if "four-lives" in view.variants else 3
        alive = "o" if ascii_only else "\u25cf"
        lost = "." if ascii_only else "\u25cb"
        count = seat_view.counters
        line.append(alive * count, style="bold")
        line.append(lost * max(0, most - count), style="dim")
        line.append(f" {count} ")
        card = card_text(view, seat_view, ascii_only)
        if seat_view.out and card is None:
            card = Text((("x" if ascii_only else "\u2717") + " out"), style="dim")
        slot = card if card is not None else Text("")
        line.append(slot)
        line.append(" " * max(1, 6 - slot.cell_len))
        for flag in ("dealer", "loser", "winner"):
            if flag in flags:
                symbol = FLAG_MARKS[flag][1 if ascii_only else 0]
                line.append(symbol + " ", style="bold")
        line.append("computer" if bot else "person", style="dim")
        return line


class CardCentre(Centre):
    """One card in the middle and a few words beside it (``ChaseCentre``)."""

    def make(self, ascii_only: bool) -> Widget:
        return ChaseCentre(ascii_only)

    def show(
        self, centre: Widget, view: TableView, names: Sequence[str], events: Sequence[Event]
    ) -> None:
        assert isinstance(centre, ChaseCentre)
        centre.note(events)
        picture = centre_picture(view, names, centre.last_public, centre.ascii_only)
        centre.border_title = Text(picture.title)
        centre.show(
            picture.code,
            picture.state,
            picture.caption,
            loser=picture.loser,
            card=picture.card,
        )


class ChaseKit(TableKit):
    """Chase the Ace: lives, cards, C10's curtains."""

    def __init__(self, words: ChaseWords) -> None:
        super().__init__(words, seats=ChaseSeats(), centre=CardCentre())

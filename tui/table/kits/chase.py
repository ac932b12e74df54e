"""Chase the Ace at the table: lives, a card per seat, curtains between people, the cut.

The table screen is shared with Aces; this kit says what differs (``tui.table.kit``).
Who may see which card, and when a curtain is needed, is ruling C10 in
``tui.session.privacy`` (``SHARED_KEYBOARD``); this kit only words the curtains.

The log is always public: events are told with ``viewer=None``, so a card dealt,
received or taken from the stock never reaches it. What a player knows privately is
shown in the middle of the table of their private view only (``chase_centre``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from tui.engine.chase.odds import loss_chance, move_chances
from tui.engine.controller import Seat
from tui.engine.core import Action, Event, SeatView, TableView
from tui.glyphs import card as card_glyph
from tui.narrate.chase import describe
from tui.narrate.chase_recap import recap
from tui.session.privacy import SHARED_KEYBOARD
from tui.table.kit import (
    Centre,
    CurtainRequest,
    Curtains,
    NumberRequest,
    RoundSummary,
    Seats,
    TableKit,
    Words,
)
from tui.table.kits import chase_words
from tui.table.kits.chase_layout import chase_arrange
from tui.widgets.card import inline
from tui.widgets.chase_centre import ChaseCentre, centre_picture
from tui.widgets.player_panel import FLAG_MARKS, PanelModel, percent
from tui.widgets.textfit import fit

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
        self, view: TableView, seat_view: SeatView, seat: Seat, ascii_only: bool
    ) -> PanelModel:
        model = super().panel_model(view, seat_view, seat, ascii_only)
        return replace(model, line=self.compact_line(view, seat_view, seat, ascii_only))

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
        self, view: TableView, seat_view: SeatView, seat: Seat, ascii_only: bool
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
        line.append("computer" if seat.bot else "person", style="dim")
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


class ChaseWords(Words):
    """The public log, the info box, the showdown and the cut."""

    odds_on = False

    def __init__(self, titles: Mapping[str, str]) -> None:
        super().__init__("chase", describe, titles)

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        """The public log: never a private event, whoever is looking (C10)."""
        return describe(list(events), list(names), ascii_only=ascii_only, viewer=None)

    def info_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        """With odds on, a person's own view (never a public one: ``view.viewer`` is
        ``None`` there) leads with their chance of losing a life, from what they know."""
        lines = chase_words.info_lines(view, names, ascii_only, self.titles)
        if not self.odds_on:
            return lines
        choice = move_chances(view)
        if choice is not None:  # their turn: the same numbers the sharp computer uses
            keep, other = percent(choice.keep), percent(choice.other)
            odds = f"Lose a life if nobody else changes: keep {keep}, {choice.move} {other}"
            return [odds, *lines]
        chance = loss_chance(view)
        if chance is None:
            return lines
        return [f"You lose a life: {percent(chance)} if nobody changes", *lines]

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str], ascii_only: bool
    ) -> RoundSummary | None:
        return chase_words.round_summary(view, events, names, ascii_only)

    def recap(
        self, events: Sequence[Event], names: Sequence[str], who: str, ascii_only: bool
    ) -> list[str]:
        return recap(events, names, who, ascii_only)

    def number_request(self, action: Action, view: TableView) -> NumberRequest | None:
        if action.kind != "cut" or action.arg_range is None:
            return None
        dealer = view.current
        name = view.seats[dealer].name if dealer is not None else "The dealer"
        if "kings-swap" in view.variants:
            note = "Kings swap too: whatever you find, you take it."
        elif "dealers-king" in view.variants:
            note = "A King found is shown and refused, and costs you a life (Dealer's King)."
        else:
            note = "A King found is shown and refused: you keep your card."
        return NumberRequest(name, action.arg_range, note)


class ChaseCurtains(Curtains):
    """The curtain before a person's turn, and what they got in a swap (C10)."""

    def pass_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [
            chase_words.status_line(view, names, ascii_only),
            *chase_words.known_cards(view, names, ascii_only),
        ]

    def private_result(
        self, view: TableView, seat: int, names: Sequence[str], ascii_only: bool
    ) -> CurtainRequest | None:
        """After a swap, the person sees what they got back, alone (C10)."""
        me = view.seats[seat]
        if me.card is None or view.received is None or view.gave is None:
            return None
        other = names[view.received[0]]
        given = card_glyph(view.gave[1], ascii_only)
        got = card_glyph(view.received[1], ascii_only)
        lines = (f"You changed with {other}:", f"you gave {given} and got {got}.")
        return CurtainRequest(seat, names[seat], lines, card=me.card)


class ChaseKit(TableKit):
    """Chase the Ace: lives, cards, C10's curtains."""

    def __init__(self, titles: Mapping[str, str]) -> None:
        super().__init__(
            "chase",
            "Chase the Ace",
            seats=ChaseSeats(),
            centre=CardCentre(),
            words=ChaseWords(titles),
            curtains=ChaseCurtains(),
            privacy=SHARED_KEYBOARD,
        )

    def show_odds(self, on: bool) -> bool:
        assert isinstance(self.words, ChaseWords)
        self.words.odds_on = on
        return True

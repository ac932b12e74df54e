"""Chase the Ace at the table: lives, a card per seat, curtains between people, the cut.

The table screen is shared with Aces; this kit says what differs (``tui.table_kit``).

Hidden cards (ruling C10). The table draws one viewer's secrets at most:

- one person at the table (the rest computer players): that person's card is shown all
  the time, and the computer players' cards stay face down;
- two or more people still in the game: nobody's card is shown until the person whose
  turn it is has passed the curtain ("Pass to Ben: press Enter when only Ben is
  looking"); ``viewer`` keeps that person only while it is still their turn, so the
  table turns public again as soon as they have moved. After a swap they see what they
  got back, alone, until they cover it (``curtain_after``).

The log is always public: events are told with ``viewer=None``, so a card dealt,
received or taken from the stock never reaches it. What a player knows privately is
shown in the middle of the table of their private view only (``chase_centre``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text

from tui.engine.controller import Controller, Seat
from tui.engine.core import Action, Event, SeatView, TableView
from tui.glyphs import card as card_glyph
from tui.kits import chase_words
from tui.kits.chase_centre import ChaseCentre, centre_picture
from tui.kits.chase_layout import chase_arrange
from tui.narrate.chase import describe
from tui.table_kit import RoundSummary, TableKit
from tui.widgets.card import inline
from tui.widgets.player_panel import FLAG_MARKS, PanelModel
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from tui.table_layout import Arrangement


def people_in(controller: Controller) -> tuple[int, ...]:
    """Seats of people (not computer players) still in the game."""
    view = controller.view(None)
    return tuple(seat for seat in controller.humans if not view.seats[seat].out)


def curtains_needed(controller: Controller) -> bool:
    """C10: curtains are needed while two or more people still play."""
    return len(people_in(controller)) >= 2


class ChaseKit(TableKit):
    game_id = "chase"
    title = "Chase the Ace"
    counter_word = "life"
    counter_plural = "lives"
    symbol = "\u25cf"
    ascii_symbol = "o"
    pot_title = "Pot"

    def __init__(self) -> None:
        self.ascii_only = False
        """The glyph setting last seen (the info and summary hooks are not given it)."""

    # -- seats -------------------------------------------------------------------------

    def arrange(self, players: int, width: int, height: int) -> Arrangement:
        return chase_arrange(players, width, height)

    def panel_model(
        self, view: TableView, seat_view: SeatView, seat: Seat, ascii_only: bool
    ) -> PanelModel:
        self.ascii_only = ascii_only
        model = super().panel_model(view, seat_view, seat, ascii_only)
        return replace(model, line=self.compact_line(view, seat_view, seat, ascii_only))

    def card_text(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
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

    def panel_detail(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
        card = self.card_text(view, seat_view, ascii_only)
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
        card = self.card_text(view, seat_view, ascii_only)
        if seat_view.out and card is None:
            card = Text((("x" if ascii_only else "\u2717") + " out"), style="dim")
        slot = card if card is not None else Text("")
        line.append(slot)
        line.append(" " * max(1, 6 - slot.cell_len))
        for flag in ("dealer", "loser", "winner"):
            if flag in flags:
                symbol = FLAG_MARKS[flag][1 if ascii_only else 0]
                line.append(symbol + " ", style="bold")
        line.append("bot" if seat.bot else "person", style="dim")
        return line

    # -- the middle of the table -----------------------------------------------------------

    def make_centre(self, ascii_only: bool) -> Widget:
        self.ascii_only = ascii_only
        return ChaseCentre(ascii_only)

    def show_centre(
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

    # -- words -------------------------------------------------------------------------------

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        """The public log: never a private event, whoever is looking (C10)."""
        return describe(list(events), list(names), ascii_only=ascii_only, viewer=None)

    def info_lines(self, view: TableView, names: Sequence[str]) -> list[str]:
        return chase_words.info_lines(view, names, self.ascii_only)

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str]
    ) -> RoundSummary | None:
        return chase_words.round_summary(view, events, names, self.ascii_only)

    # -- hidden information ----------------------------------------------------------------

    def viewer(self, controller: Controller, current_viewer: int | None) -> int | None:
        people = people_in(controller)
        if len(people) >= 2:
            seat = controller.whose_turn()
            turn = controller.view(None).phase == "turn"
            if turn and current_viewer is not None and current_viewer == seat:
                return current_viewer
            return None
        if len(controller.humans) == 1:
            return controller.humans[0]
        return people[0] if people else None

    def curtain_before(self, controller: Controller, seat: int) -> Screen[Any] | None:
        if not curtains_needed(controller) or seat not in controller.humans:
            return None
        view = controller.view(None)
        if view.phase != "turn" or view.seats[seat].card_state == "king":
            # Dealing hides nothing, and a King face up leaves nothing private: the
            # holder can only stand, in full view.
            return None
        from tui.screens.curtain import PassCurtain

        names = [s.name for s in controller.seats]
        lines = [
            chase_words.status_line(view, names, self.ascii_only),
            *chase_words.known_cards(view, names, self.ascii_only),
        ]
        return PassCurtain(seat, names[seat], lines, self.ascii_only)

    def curtain_after(
        self, controller: Controller, seat: int, events: Sequence[Event]
    ) -> Screen[Any] | None:
        """After a swap, the person sees what they got back, alone (C10)."""
        kinds = {event.kind for event in events}
        if kinds & chase_words.ROUND_END_KINDS or "swap" not in kinds:
            return None
        if not curtains_needed(controller):
            return None
        view = controller.view(seat)
        me = view.seats[seat]
        if me.card is None or view.received is None or view.gave is None:
            return None
        from tui.screens.curtain import PrivateResult

        names = [s.name for s in controller.seats]
        other = names[view.received[0]]
        given = card_glyph(view.gave[1], self.ascii_only)
        got = card_glyph(view.received[1], self.ascii_only)
        lines = [f"You changed with {other}:", f"you gave {given} and got {got}."]
        return PrivateResult(seat, names[seat], me.card, lines, self.ascii_only)

    def ask_arg(self, action: Action, view: TableView) -> Screen[Any] | None:
        if action.kind != "cut" or action.arg_range is None:
            return None
        from tui.screens.cut import CutScreen

        dealer = view.current
        name = view.seats[dealer].name if dealer is not None else "The dealer"
        if "kings-swap" in view.variants:
            note = "Kings swap too: whatever you find, you take it."
        elif "dealers-king" in view.variants:
            note = "A King found is shown and refused, and costs you a life (Dealer's King)."
        else:
            note = "A King found is shown and refused: you keep your card."
        return CutScreen(name, action.arg_range, self.ascii_only, note=note)

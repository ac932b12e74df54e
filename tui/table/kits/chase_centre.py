"""The middle of a Chase the Ace table: one card and a few words beside it.

What it shows, first match wins: the showdown (the lowest card and who loses, or who
won), the viewer's own card with where it came from (only on that player's private
view), the last card turned up for everyone this round (a King shown, a low card
announced, a King found by the dealer), or a face-down card with whose turn it is.
Computed from the view only, so the public table's middle can never show a secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len

from tui.cells import fit
from tui.engine.chase.view import ChaseView
from tui.engine.core import Event, SeatView, TableView
from tui.glyphs import card as card_glyph
from tui.narrate.words import join_names
from tui.widgets.card import CardView

CAPTION_CELLS = 24
"""The narrowest the middle's words get (at 80 columns): a line kept whole fits it."""

PUBLIC_CARD_EVENTS = frozenset({"swap_blocked", "king_shown", "cut_king", "card_announced"})
"""Events that turn a card up for everyone: the middle of the table shows the latest."""


@dataclass(frozen=True)
class Picture:
    """What the middle of the table shows: one card and a few words beside it."""

    title: str
    caption: tuple[str, ...]
    code: str | None = None
    state: str = ""
    card: bool = True
    loser: bool = False


class ChaseCentre(CardView):
    """The middle of a Chase table; remembers the last card turned up this round."""

    def __init__(self, ascii_only: bool) -> None:
        super().__init__(ascii_only=ascii_only, id="cards")
        self.last_public: Event | None = None

    def note(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "dealt":
                self.last_public = None
            elif event.kind in PUBLIC_CARD_EVENTS:
                self.last_public = event


def _public_picture(event: Event, names: Sequence[str]) -> Picture:
    who = names[event.seat] if event.seat is not None else "?"
    if event.kind == "swap_blocked" and event.other is not None:
        return Picture(
            "King shown", (f"{names[event.other]}'s King", f"blocks {who}"), event.value, "king"
        )
    if event.kind == "king_shown":
        return Picture("King shown", (f"{who}'s King", "is face up"), event.value, "king")
    if event.kind == "cut_king":
        return Picture("The cut", (f"{who} found", "a King: refused"), event.value, "king")
    return Picture("Announced", (f"{who} holds it", "known to all"), event.value, "announced")


def centre_picture(
    view: TableView, names: Sequence[str], last_public: Event | None, ascii_only: bool = False
) -> Picture:
    """The card in the middle: the showdown's lowest, the viewer's own card, the last
    card turned up this round, or a face-down card."""
    shown = [s for s in view.seats if s.card_state == "showdown"]
    if shown or view.phase == "over":
        return _showdown_picture(view, names, shown, ascii_only)
    if view.viewer is not None:
        me = view.seats[view.viewer]
        if me.card is not None and not me.out and view.phase == "turn":
            detail = ChaseView.of(view)
            if detail.received is not None and detail.gave is not None:
                origin: tuple[str, ...] = (
                    f"from {names[detail.received[0]]}",
                    f"for your {card_glyph(detail.gave[1], ascii_only)}",
                )
            else:
                origin = ("dealt to you",)
            return Picture("Your card", (names[me.seat], *origin), me.card, me.card_state)
    if last_public is not None and view.phase == "turn":
        return _public_picture(last_public, names)
    if view.phase == "turn" and view.current is not None:
        stock = ChaseView.of(view).stock
        return Picture("Face down", (f"{names[view.current]} to play", f"stock {stock}"))
    dealer = next((s.seat for s in view.seats if "dealer" in s.flags), None)
    who = names[dealer] if dealer is not None else "The dealer"
    return Picture("New round", (f"{who} deals", "one card each"))


def _winners_caption(winners: Sequence[str], ascii_only: bool) -> tuple[str, ...]:
    """ "Ann wins" on one line, the name cut if need be, never the verb: a name on one
    line and "wins" on the next reads as two sentences. Several winners share one
    line when it fits, else the names come first and "share the win" under them."""
    if len(winners) == 1:
        return (f"{fit(winners[0], CAPTION_CELLS - len(' wins'), ascii_only)} wins",)
    group = join_names(list(winners))
    line = f"{group} share the win"
    return (line,) if cell_len(line) <= CAPTION_CELLS else (group, "share the win")


def _losers_caption(losers: Sequence[str], out: bool) -> tuple[str, ...]:
    """Who holds the lowest card and what it costs, each line whole in the narrowest
    middle: "Ben loses a life" on one line when it fits, else the name over the verb;
    a tie names everyone ("Ben and Cleo" over "lose a life"), or the first and how
    many more when the names do not fit one line."""
    if len(losers) == 1:
        verb = "is out" if out else "loses a life"
        line = f"{losers[0]} {verb}"
        return (line,) if cell_len(line) <= CAPTION_CELLS else (losers[0], verb)
    group = join_names(list(losers))
    if cell_len(group) > CAPTION_CELLS:
        group = f"{losers[0]} and {len(losers) - 1} more"
    return (group, "lose a life")


def _showdown_picture(
    view: TableView, names: Sequence[str], shown: list[SeatView], ascii_only: bool
) -> Picture:
    if view.phase == "over" and view.winners:
        winners = [names[s] for s in sorted(view.winners)]
        return Picture("Game over", _winners_caption(winners, ascii_only), card=False)
    losers = [s for s in shown if "loser" in s.flags]
    if losers:
        return Picture(
            "Showdown",
            ("Lowest card:", *_losers_caption([names[s.seat] for s in losers], losers[0].out)),
            losers[0].card,
            "showdown",
            loser=True,
        )
    if ChaseView.of(view).kept_life:
        return Picture("Showdown", ("All out at once:", "they play again"), card=False)
    return Picture("Showdown", ("Every card paired:", "nobody loses"), card=False)

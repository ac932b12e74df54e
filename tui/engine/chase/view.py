"""What one seat of a Chase the Ace table may see (ruling C10).

A view holds everything public (lives, the pot, the dealer, Kings face up, announced low
cards, every card turned up at the showdown, what each player did this round) plus the
viewer's own card and what the viewer handed over and received this round. Nothing else:
no other face-down card, no stock order.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.engine.chase.table import ChaseTable
from tui.engine.core import SeatView, TableView, ViewDetail


@dataclass(frozen=True)
class ChaseView(ViewDetail):
    """What a Chase view adds to every game's table (its ``TableView.detail``): the cards
    left in the stock, the turns left this round, the swap the viewer was part of this
    round (``received``: from whom and which card; ``gave``: to whom and which), what each
    seat did this round (``moves``), why the player to act may not change (``no_change``,
    when that is public or the viewer's own), the seats that kept their last life (C8's
    replay, ``kept_life``) and, once the game is over, the round each seat went out in
    (``out_round``, 0: never)."""

    stock: int = 0
    turns_left: int = 0
    received: tuple[int, str] | None = None
    gave: tuple[int, str] | None = None
    moves: tuple[str, ...] = ()
    no_change: str = ""
    kept_life: tuple[int, ...] = ()
    out_round: tuple[int, ...] = ()


_FLAG_WORDS = ("out", "dealer", "turn", "done", "loser", "winner")
_FLAG_SETS = tuple(
    frozenset(word for index, word in enumerate(_FLAG_WORDS) if bits >> index & 1)
    for bits in range(1 << len(_FLAG_WORDS))
)
"""Every combination of flags, made once: a 20-seat view is built per computer decision."""


def build_view(g: ChaseTable, viewer: int | None) -> TableView:
    """What ``viewer`` (``None``: nobody in particular) may see of the table ``g``."""
    names = g.names
    n = len(names)
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"no seat {viewer}")
    phase = g.phase
    current = g.current_seat()
    dealer = g.dealer
    hands = g.hands
    lives = g.lives
    face_up = g.face_up
    announced = g.announced
    shown = g.shown
    moves = g.moves
    in_turn = phase == "turn"
    losers = g.losers
    winners = g.winners
    bits = [1 if life <= 0 else 0 for life in lives]
    bits[dealer] |= 2
    if current is not None:
        bits[current] |= 4
    if in_turn:
        for seat in g.order:
            if moves[seat]:
                bits[seat] |= 8
    for seat in losers:
        bits[seat] |= 16
    for seat in winners:
        bits[seat] |= 32
    seats = []
    cache = g.seat_views  # views repeat a lot: a 20-seat table changes a seat or two per action
    for seat in range(n):
        card = hands[seat]
        state = ""
        if card is not None:
            if shown[seat]:
                state = "showdown"
            elif face_up[seat]:
                state = "king"
            elif announced[seat]:
                state = "announced"
            elif seat == viewer:
                state = "own"
            else:
                card = None
        key = (seat, lives[seat], card, state, bits[seat])
        seat_view = cache.get(key)
        if seat_view is None:
            seat_view = cache[key] = SeatView(
                seat, names[seat], lives[seat], card, state, _FLAG_SETS[bits[seat]]
            )
        seats.append(seat_view)
    reason = _no_change(g, current, viewer) if in_turn else ""
    return TableView(
        game="chase",
        viewer=viewer,
        seats=tuple(seats),
        pot=g.pot,
        current=current,
        phase=phase,
        round=g.rounds_played + (0 if phase == "over" else 1),
        variants=g.variants,
        winners=winners,
        detail=ChaseView(
            stock=len(g.stock),
            turns_left=len(g.order) - g.turn if phase == "turn" else 0,
            received=None if viewer is None else g.received[viewer],
            gave=None if viewer is None else g.gave[viewer],
            moves=tuple(moves),
            no_change=reason,
            kept_life=tuple(g.kept),
            out_round=tuple(g.out_round) if phase == "over" else (),
        ),
    )


def _no_change(g: ChaseTable, seat: int | None, viewer: int | None) -> str:
    """Why the player to act may not change, when that is public or the viewer's own."""
    if seat is None or (seat == g.dealer and not g.holds_king(seat)):
        return ""
    if g.holds_king(seat):
        if g.face_up[seat]:
            return f"{g.names[seat]}'s King is face up, and a King is never changed"
        return "you hold a King, so it goes face up" if viewer == seat else ""
    left = g.left_of(seat)
    if g.face_up[left]:
        return f"{g.names[left]}'s King is face up"
    return ""

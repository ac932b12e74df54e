"""What one seat of a Chase the Ace table may see (ruling C10).

A view holds everything public (lives, the pot, the dealer, Kings face up, announced low
cards, every card turned up at the showdown, what each player did this round) plus the
viewer's own card and what the viewer handed over and received this round. Nothing else:
no other face-down card, no stock order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.engine.core import SeatView, TableView

if TYPE_CHECKING:
    from tui.engine.chase import ChaseGame

_FLAG_WORDS = ("out", "dealer", "turn", "done", "loser", "winner")
_FLAG_SETS = tuple(
    frozenset(word for index, word in enumerate(_FLAG_WORDS) if bits >> index & 1)
    for bits in range(1 << len(_FLAG_WORDS))
)
"""Every combination of flags, made once: a 20-seat view is built per computer decision."""


def _seat_cache(game: ChaseGame) -> dict[tuple[Any, ...], SeatView]:
    """Seat views are immutable and repeat a lot (a 20-seat table changes one or two
    seats per action), so each game keeps the ones it made; the cache is small (one
    entry per seat, lives, visible card and flags seen) and never saved."""
    cache: dict[tuple[Any, ...], SeatView] | None = game.__dict__.get("_seat_views")
    if cache is None:
        cache = game.__dict__["_seat_views"] = {}
    return cache


def build_view(game: ChaseGame, viewer: int | None) -> TableView:
    g: Any = game  # the view is the engine's own reader of its private state
    names = g.names
    n = len(names)
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"no seat {viewer}")
    phase = g._phase
    current = game.current_seat()
    dealer = g._dealer
    hands = g._hands
    lives = g._lives
    face_up = g._face_up
    announced = g._announced
    shown = g._shown
    moves = g._moves
    in_turn = phase == "turn"
    losers = g._losers
    winners = g._winners
    bits = [1 if life <= 0 else 0 for life in lives]
    bits[dealer] |= 2
    if current is not None:
        bits[current] |= 4
    if in_turn:
        for seat in g._order:
            if moves[seat]:
                bits[seat] |= 8
    for seat in losers:
        bits[seat] |= 16
    for seat in winners:
        bits[seat] |= 32
    seats = []
    cache = _seat_cache(game)
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
    extra: dict[str, Any] = {"moves": tuple(moves)}
    if in_turn:
        reason = _no_change(game, current, viewer)
        if reason:
            extra["no_change"] = reason
    if g._kept:
        extra["kept_life"] = g._kept
    return TableView(
        game="chase",
        viewer=viewer,
        seats=tuple(seats),
        pot=g._pot,
        current=current,
        phase=phase,
        round=g._rounds_played + (0 if phase == "over" else 1),
        variants=game.variants,
        stock=len(g._stock),
        turns_left=len(g._order) - g._turn if phase == "turn" else 0,
        received=None if viewer is None else g._received[viewer],
        gave=None if viewer is None else g._gave[viewer],
        winners=winners,
        extra=extra,
    )


def _no_change(game: ChaseGame, seat: int | None, viewer: int | None) -> str:
    """Why the player to act may not change, when that is public or the viewer's own."""
    g: Any = game
    if seat is None or seat == g._dealer and not (g._kings and g._hands[seat][0] == "K"):
        return ""
    if g._kings and g._hands[seat][0] == "K":
        if g._face_up[seat]:
            return f"{game.names[seat]}'s King is face up: a King is never changed"
        return "You hold a King: it goes face up" if viewer == seat else ""
    left = game.left_of(seat)
    if g._face_up[left]:
        return f"{game.names[left]}'s King is face up"
    return ""

"""What one seat of a Chase the Ace table may see (ruling C10).

A view holds everything public (lives, the pot, the dealer, Kings face up, announced low
cards, every card after a showdown) plus the viewer's own card and what the viewer handed
over and received this round. Nothing else: no other face-down card, no stock order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.engine.core import SeatView, TableView

if TYPE_CHECKING:
    from tui.engine.chase import ChaseGame

_FLAG_SETS: dict[tuple[str, ...], frozenset[str]] = {}


def _flags(words: tuple[str, ...]) -> frozenset[str]:
    """Shared frozensets: a 20-seat view is built for every computer decision."""
    flags = _FLAG_SETS.get(words)
    if flags is None:
        flags = _FLAG_SETS[words] = frozenset(words)
    return flags


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
    revealed = g._revealed
    moves = g._moves
    in_turn = phase == "turn"
    losers = g._losers if revealed else ()
    winners = g._winners
    seats = []
    for seat in range(n):
        card = hands[seat]
        state = ""
        if card is not None:
            if revealed:
                state = "showdown"
            elif face_up[seat]:
                state = "king"
            elif announced[seat]:
                state = "announced"
            elif seat == viewer:
                state = "own"
            else:
                card = None
        words: tuple[str, ...] = ()
        if lives[seat] <= 0:
            words += ("out",)
        if seat == dealer:
            words += ("dealer",)
        if seat == current:
            words += ("turn",)
        if in_turn and moves[seat]:
            words += ("done",)
        if seat in losers:
            words += ("loser",)
        if seat in winners:
            words += ("winner",)
        seats.append(SeatView(seat, names[seat], lives[seat], card, state, _flags(words)))
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

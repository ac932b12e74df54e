"""Chase the Ace: a seat's own chance of losing a life this round, from what it knows.

What the seat knows is exactly its view (``view.py``, ruling C10): its own card, every card
face up (Kings shown, announced low cards), the card it handed over and to whom, and how
many players are still in the showdown. Every card it cannot see is equally likely to be
any card it has not seen, so its chance of losing is that of every unseen hand ranking at
least as high as its own card (a tie for lowest loses too, C7), *if nobody changes from
now on*: a count of combinations, exact under that assumption, and nothing it shows can
reveal another seat's card (a test swaps the cards it cannot see and gets the same chance).
Under Pairs are safe the question has no such simple answer, and none is given.
"""

from __future__ import annotations

from math import comb

from tui.engine.cards import FRESH_DECK
from tui.engine.chase.rules import RANK_OF
from tui.engine.core import TableView


def loss_chance(view: TableView) -> float | None:
    """The viewer's chance of losing a life at this round's showdown if nobody changes
    from now on; ``None`` without a private view of a round in play."""
    me = view.viewer
    if me is None or view.phase != "turn" or "pairs-safe" in view.variants:
        return None
    mine = view.seats[me].card
    if mine is None:
        return None
    rank = RANK_OF[mine[0]]
    playing = [s for s in view.seats if "out" not in s.flags and s.seat != me]
    known = {s.seat: s.card for s in playing if s.card is not None}
    moves = view.extra.get("moves", ())
    if view.gave is not None:
        to, card = view.gave
        # The neighbour still holds it unless they have changed since.
        if to not in known and (to >= len(moves) or moves[to] != "change"):
            known[to] = card
    if any(RANK_OF[card[0]] < rank for card in known.values()):
        return 0.0
    hidden = len(playing) - len(known)
    seen = {mine, *known.values()}
    pool = [card for card in FRESH_DECK if card not in seen]
    higher = sum(1 for card in pool if RANK_OF[card[0]] >= rank)
    if hidden == 0:
        return 1.0
    return comb(higher, hidden) / comb(len(pool), hidden)

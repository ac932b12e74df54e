"""Chase the Ace: a seat's own chance of losing a life this round, from what it knows.

What the seat knows is exactly its view (``view.py``, ruling C10): its own card, every card
face up (Kings shown, announced low cards), the card it handed over and to whom (followed
along the public changes it went through), and how many players are still in. Every card
it cannot see is equally likely to be any card it has not seen, so its chance of losing is
a count of combinations, exact *if nobody changes from now on*: every unseen hand ranks at
least as high as its own card (a tie for lowest loses too, C7), or under Pairs are safe,
nobody else holds its rank and every lower rank out there is held at least twice.

The same count prices the move the seat may make now: a change with its left neighbour
(whose unseen card is any unseen card; a King there blocks, C5) or the dealer's cut or
draw (any unseen card; a King is refused and, under Dealer's King, costs a life). The
person's private view shows these numbers and the sharp computer player takes the move
with the lower one: one calculation for both. Nothing shown can reveal another seat's card
(a test swaps the cards a seat cannot see and gets the same numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from tui.engine.cards import FRESH_DECK
from tui.engine.chase.rules import RANK_OF
from tui.engine.chase.view import ChaseView
from tui.engine.core import TableView

KING = 13


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows this round: its rank, the ranks it knows other seats hold,
    how many other hands it cannot see, and the unseen cards by rank (index 1..13)."""

    rank: int
    known: dict[int, int]
    hidden: int
    counts: tuple[int, ...]
    pairs: bool


@dataclass(frozen=True)
class MoveChances:
    """The chance of losing a life by keeping the card, and by the one other move the
    seat may make now (``move``: "change", "cut" or "draw")."""

    keep: float
    move: str
    other: float


def knowledge(view: TableView) -> Knowledge | None:
    """What the viewer knows, or ``None`` without a private view of a round in play."""
    me = view.viewer
    if me is None or view.phase != "turn":
        return None
    mine = view.seats[me].card
    if mine is None:
        return None
    playing = [s for s in view.seats if "out" not in s.flags and s.seat != me]
    known = {s.seat: RANK_OF[s.card[0]] for s in playing if s.card is not None}
    seen = {mine, *(s.card for s in playing if s.card is not None)}
    gave = ChaseView.of(view).gave
    if gave is not None:
        holder = _holder(view, me)
        if holder is not None and holder not in known:
            known[holder] = RANK_OF[gave[1][0]]
            seen.add(gave[1])
    counts = [0] * 14
    for card in FRESH_DECK:
        if card not in seen:
            counts[RANK_OF[card[0]]] += 1
    return Knowledge(
        RANK_OF[mine[0]],
        known,
        len(playing) - len(known),
        tuple(counts),
        "pairs-safe" in view.variants,
    )


def _holder(view: TableView, me: int) -> int | None:
    """Who holds the card the viewer handed over, as far as the viewer knows.

    A right neighbour who changed with the viewer keeps it (their turn is over). A left
    neighbour the viewer changed with passes it on by changing in turn, and so on along
    the public moves; the dealer, who cannot change with a neighbour, ends the chain.
    """
    detail = ChaseView.of(view)
    assert detail.gave is not None
    to = detail.gave[0]
    moves = detail.moves
    left = _left(view, me)
    if not (to == left and len(moves) > me and moves[me] == "change"):
        return to
    holder = to
    for _ in view.seats:
        if holder == me or holder >= len(moves) or moves[holder] != "change":
            break
        holder = _left(view, holder)
    return None if holder == me else holder


def _left(view: TableView, seat: int) -> int:
    n = len(view.seats)
    other = (seat + 1) % n
    while other != seat and view.seats[other].out:
        other = (other + 1) % n
    return other


@lru_cache(maxsize=65_536)
def lose(
    rank: int, known: tuple[int, ...], hidden: int, counts: tuple[int, ...], pairs: bool
) -> float:
    """Chance that a holder of ``rank`` loses at the showdown, the other hands being
    ``known`` ranks and ``hidden`` cards drawn at random from ``counts`` (by rank)."""
    total = sum(counts)
    if not pairs:
        if any(other < rank for other in known):
            return 0.0
        return comb(sum(counts[rank:]), hidden) / comb(total, hidden)
    held = [0] * 14
    for other in known:
        held[other] += 1
    if held[rank]:
        return 0.0  # a pair with a known card: safe
    # ways[k]: ways to draw k cards of the ranks below ``rank`` leaving no single card
    # there (each lower rank held by nobody or by two or more), none of ``rank`` itself.
    ways = [1] + [0] * hidden
    for lower in range(1, rank):
        step = [0] * (hidden + 1)
        for drawn in range(min(counts[lower], hidden) + 1):
            if held[lower] + drawn == 1:
                continue
            pick = comb(counts[lower], drawn)
            for k in range(hidden + 1 - drawn):
                if ways[k]:
                    step[k + drawn] += ways[k] * pick
        ways = step
    above = sum(counts[rank + 1 :])
    good = sum(ways[k] * comb(above, hidden - k) for k in range(hidden + 1))
    return good / comb(total, hidden)


def _keep(info: Knowledge) -> float:
    return lose(info.rank, tuple(sorted(info.known.values())), info.hidden, info.counts, info.pairs)


def _taken(counts: tuple[int, ...], rank: int) -> tuple[int, ...]:
    return (*counts[:rank], counts[rank] - 1, *counts[rank + 1 :])


def _change(info: Knowledge, left: int, kings: bool) -> float:
    """Changing with ``left``: the viewer gets their card and they get the viewer's."""
    others = {seat: rank for seat, rank in info.known.items() if seat != left}
    base = tuple(others.values())
    if left in info.known:
        theirs = info.known[left]
        if kings and theirs == KING:
            return _keep(info)
        ranks = tuple(sorted((*base, info.rank)))
        return lose(theirs, ranks, info.hidden, info.counts, info.pairs)
    total = sum(info.counts)
    chance = 0.0
    for theirs in range(1, 14):
        count = info.counts[theirs]
        if not count:
            continue
        rest = _taken(info.counts, theirs)
        if kings and theirs == KING:  # blocked: the King goes face up
            ranks, held = tuple(sorted((*base, KING))), info.rank
        else:
            ranks, held = tuple(sorted((*base, info.rank))), theirs
        chance += count / total * lose(held, ranks, info.hidden - 1, rest, info.pairs)
    return chance


def _exchange(info: Knowledge, kings: bool, dealers_king: bool) -> float:
    """The dealer's cut or draw: any unseen card, a King refused (a life under Dealer's
    King); the dealer is last, so this one needs no "if nobody changes"."""
    ranks = tuple(sorted(info.known.values()))
    total = sum(info.counts)
    chance = 0.0
    for found in range(1, 14):
        count = info.counts[found]
        if not count:
            continue
        rest = _taken(info.counts, found)
        if kings and found == KING:
            lost = 1.0 if dealers_king else lose(info.rank, ranks, info.hidden, rest, info.pairs)
        else:
            lost = lose(found, ranks, info.hidden, rest, info.pairs)
        chance += count / total * lost
    return chance


def loss_chance(view: TableView) -> float | None:
    """The viewer's chance of losing a life at this round's showdown if nobody changes
    from now on; ``None`` without a private view of a round in play."""
    info = knowledge(view)
    return None if info is None else _keep(info)


def move_chances(view: TableView, move: str | None = None) -> MoveChances | None:
    """On the viewer's own turn, the chance of losing by keeping and by ``move`` (by
    default the one the view allows: the dealer's cut or draw, else a change); ``None``
    when the viewer has no such choice now."""
    info = knowledge(view)
    me = view.viewer
    if info is None or me is None or view.current != me or ChaseView.of(view).no_change:
        return None
    kings = "kings-swap" not in view.variants
    if kings and info.rank == KING:
        return None  # a King goes face up: no choice
    dealer = "dealer" in view.seats[me].flags
    if move is None:
        move = ("draw" if "dealer-draws" in view.variants else "cut") if dealer else "change"
    if move == "change" and not dealer:
        other = _change(info, _left(view, me), kings)
    elif move in ("cut", "draw") and dealer:
        other = _exchange(info, kings, "dealers-king" in view.variants)
    else:
        return None
    return MoveChances(_keep(info), move, other)

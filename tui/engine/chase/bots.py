"""Computer players for Chase the Ace.

A bot gets its seat's ``TableView`` and the legal actions, nothing more. Its reason goes
to the public log, so a reason never names a face-down card, not even the bot's own
(only a card that is already public, such as an announced low card, may be named) and
never gives odds that would narrow the card down. Bots own no randomness: the dealer's
cut depth is worked out from the view.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.engine.bots import BOT_LEVELS, Decision
from tui.engine.cards import rank_name
from tui.engine.chase.rules import RANK_OF
from tui.engine.core import Action, TableView

CASUAL_STAND = 7
"""The casual player keeps a 7 or higher, as the rule sheet's tip says."""

STAND_PRIOR = 7
"""What the sharp player assumes of others: they keep a card of this rank or higher."""

SURE_STAND = 11
"""The sharp player keeps a Jack or better without working out the odds: it rarely
loses, and changing it almost never pays."""

_SURVIVALS: dict[tuple[object, ...], list[float]] = {}
_BASES: dict[tuple[object, ...], list[float]] = {}
"""Survival curves by (unseen cards, Pairs are safe, kind), and their products over the
other players: the same few situations come up again and again, so the simulator works
each one out once. Both are plain caches of pure functions (cleared when large)."""

_KINDS = {"": "", "stand": "stand", "blocked": "blocked"}
"""Public moves that shape a player's spread; any other move holds a card from the left."""


def make(level: str) -> CasualChaseBot | SharpChaseBot:
    if level == "casual":
        return CasualChaseBot()
    if level == "sharp":
        return SharpChaseBot()
    raise ValueError(f"unknown computer level {level!r}: choose {', '.join(BOT_LEVELS)}")


def _find(actions: list[Action], kind: str) -> Action | None:
    for action in actions:
        if action.kind == kind:
            return action
    return None


def _forced(view: TableView, actions: list[Action]) -> Decision | None:
    """The moves that need no thought: deal, show a King, stand with no choice."""
    if len(actions) != 1:
        return None
    action = actions[0]
    if action.kind == "deal":
        return Decision(action, "deals")
    if action.kind == "show_king":
        return Decision(action, "puts its King face up")
    reason = view.extra.get("no_change")
    own = view.seats[view.viewer].card_state if view.viewer is not None else ""
    if own == "king":
        return Decision(action, "stands: its King is face up")
    return Decision(action, f"stands: {reason}" if reason else "stands: no other choice")


def _depth(view: TableView, action: Action) -> int:
    """A cut depth worked out from the view (the deck is shuffled, any depth is as good)."""
    lo, hi = action.arg_range or (1, 1)
    middle = (lo + hi) // 2
    wobble = (view.round * 5 + (view.viewer or 0) * 3) % 9 - 4
    return min(hi, max(lo, middle + wobble))


def _exchange(view: TableView, actions: list[Action]) -> Action | None:
    """The dealer's exchange (a cut at a depth of its choosing, or a draw), if legal."""
    cut = _find(actions, "cut")
    if cut is not None:
        return cut.with_arg(_depth(view, cut))
    return _find(actions, "draw")


def _public_own(view: TableView) -> str:
    """The words ' on its announced 3' when the bot's own card is public, else ''."""
    assert view.viewer is not None
    me = view.seats[view.viewer]
    if me.card and me.card_state in ("announced", "king"):
        return f" on its {me.card_state} {rank_name(me.card)}"
    return ""


@dataclass(frozen=True)
class CasualChaseBot:
    level: str = "casual"
    description: str = BOT_LEVELS["casual"]

    def choose(self, view: TableView, actions: list[Action]) -> Decision:
        forced = _forced(view, actions)
        if forced is not None:
            return forced
        assert view.viewer is not None
        card = view.seats[view.viewer].card
        assert card is not None
        stand = actions[0]
        if RANK_OF[card[0]] >= CASUAL_STAND:
            return Decision(stand, "stands: happy with its card" + _public_own(view))
        exchange = _exchange(view, actions)
        if exchange is not None:
            verb = "cuts the deck" if exchange.kind == "cut" else "draws"
            return Decision(exchange, f"{verb}: hoping for better")
        change = _find(actions, "change")
        if change is not None:
            return Decision(change, "changes: hoping for better")
        return Decision(stand, "stands")


@dataclass(frozen=True)
class SharpChaseBot:
    level: str = "sharp"
    description: str = BOT_LEVELS["sharp"]

    def choose(self, view: TableView, actions: list[Action]) -> Decision:
        forced = _forced(view, actions)
        if forced is not None:
            return forced
        stand = actions[0]
        exchange = _exchange(view, actions)
        own = view.seats[view.viewer].card if view.viewer is not None else None
        if own is not None and RANK_OF[own[0]] >= SURE_STAND:
            return Decision(stand, "stands: the odds favour keeping its card" + _public_own(view))
        odds = Odds(view)
        if exchange is not None:
            if odds.exchange() < odds.stand() - 1e-9:
                verb = "cuts the deck" if exchange.kind == "cut" else "draws"
                return Decision(exchange, f"{verb}: the odds favour a new card")
            return Decision(stand, "stands: the odds favour keeping its card" + _public_own(view))
        change = _find(actions, "change")
        if change is not None and odds.change() < odds.stand() - 1e-9:
            return Decision(change, "changes: the odds favour a new card")
        return Decision(stand, "stands: the odds favour keeping its card" + _public_own(view))


class Odds:
    """Chances that the viewer's card loses, from what its seat may know.

    Every other player still in is a spread over ranks. A known card (a King face up, an
    announced card, the card the viewer handed over this round) is certain. For the rest
    the unseen cards are equally likely, shaped by what the player did in public: one who
    stood probably holds ``STAND_PRIOR`` or more, one whose change was blocked by a King
    probably holds less, one who changed holds a card from their left neighbour, and one
    still to play keeps a good card or trades a poor one. Players are treated as
    independent; under Pairs are safe a tie counts as safe. Everyone but the left
    neighbour is folded into ``base`` once, so each "what if" costs a multiplication.
    """

    def __init__(self, view: TableView) -> None:
        viewer = view.viewer
        assert viewer is not None
        seats = view.seats
        me = seats[viewer]
        assert me.card is not None
        self.own = RANK_OF[me.card[0]]
        self.pairs = pairs = "pairs-safe" in view.variants
        self.kings = "kings-swap" not in view.variants
        self.dealers_king = "dealers-king" in view.variants
        self.left = left = _left(view, viewer)
        counts = [0] + [4] * 13
        counts[self.own] -= 1
        known: dict[int, int] = {}
        gave = view.gave
        moves = view.extra.get("moves") or ("",) * len(seats)
        tally: dict[str, int] = {}
        for seat in seats:
            index = seat.seat
            if index == viewer or not seat.counters:  # no lives: out
                continue
            if seat.card is not None:
                known[index] = rank = RANK_OF[seat.card[0]]
                counts[rank] -= 1
            elif gave is not None and index == gave[0]:
                known[index] = rank = RANK_OF[gave[1][0]]
                counts[rank] -= 1
            elif index != left:
                kind = _KINDS.get(moves[index], "change")
                tally[kind] = tally.get(kind, 0) + 1
        total = sum(counts)
        self.pool = [count / total for count in counts]
        self.low = sum(self.pool[1:STAND_PRIOR])
        self._unseen = (tuple(counts), pairs)
        lowest = min([rank for index, rank in known.items() if index != left], default=14)
        key = (self._unseen, lowest, tuple(sorted(tally.items())))
        base = _BASES.get(key)
        if base is None:
            base = [1.0] * 15
            for kind, number in tally.items():
                survive = self.survival(kind)
                for rank in range(1, 14):
                    base[rank] *= survive[rank] ** number
            for higher in range(lowest + 1 if not pairs else lowest, 14):
                base[higher] = 0.0  # a known lower card (or a pair) saves these ranks
            if len(_BASES) > 20_000:
                _BASES.clear()
            _BASES[key] = base
        self.base = base
        self.left_known = known.get(left)
        self.left_kind = _KINDS.get(moves[left], "change")

    def survival(self, kind: str) -> list[float]:
        """``[r]``: chance that a player of this kind does not save a holder of rank r
        (holds r or higher; higher than r under Pairs are safe)."""
        key = (self._unseen, kind)
        survive = _SURVIVALS.get(key)
        if survive is not None:
            return survive
        pool, low = self.pool, self.low
        high = 1.0 - low
        if kind == "stand" and high > 0:
            spread = [p / high if r >= STAND_PRIOR else 0.0 for r, p in enumerate(pool)]
        elif kind == "blocked" and low > 0:
            spread = [p / low if r < STAND_PRIOR else 0.0 for r, p in enumerate(pool)]
        elif kind == "":
            spread = [p * ((1.0 if r >= STAND_PRIOR else 0.0) + low) for r, p in enumerate(pool)]
        else:
            spread = pool
        survive = [0.0] * 15
        running = 0.0
        for rank in range(13, 0, -1):
            running += spread[rank]
            survive[rank] = running
        if self.pairs:
            survive = [*survive[1:], 0.0]
        if len(_SURVIVALS) > 20_000:
            _SURVIVALS.clear()
        _SURVIVALS[key] = survive
        return survive

    def lose(self, rank: int, left: str | int | None = None) -> float:
        """Chance that ``rank`` loses; ``left`` says what the left neighbour holds (a
        spread kind or a known rank), by default what the view says."""
        if left is None:
            left = self.left_known if self.left_known is not None else self.left_kind
        if isinstance(left, str):
            return self.base[rank] * self.survival(left)[rank]
        if left < rank or (self.pairs and left == rank):
            return 0.0
        return self.base[rank]

    def stand(self) -> float:
        return self.lose(self.own)

    def _left_factor(self, left: str | int) -> list[float]:
        """``[r]``: the left neighbour's share of the chance that rank r loses."""
        if isinstance(left, str):
            return self.survival(left)
        limit = left - 1 if self.pairs else left
        return [1.0 if rank <= limit else 0.0 for rank in range(15)]

    def _expected(self, left: str | int) -> float:
        """Expected chance of losing with a card drawn from the unseen ones (a King
        aside), the left neighbour holding ``left``."""
        pool, base = self.pool, self.base
        factor = self._left_factor(left)
        return sum(pool[rank] * base[rank] * factor[rank] for rank in range(1, 13))

    def change(self) -> float:
        """Expected chance of losing after changing with the left neighbour, who then
        keeps a good card from the viewer or passes a poor one on."""
        given: str | int = self.own if self.own >= STAND_PRIOR else "change"
        if self.left_known is not None:
            return self.lose(self.left_known, given)
        king = self.pool[13]
        if king:
            king *= self.lose(self.own, 13) if self.kings else self.lose(13, given)
        return self._expected(given) + king

    def exchange(self) -> float:
        """Expected chance of losing (plus a life for a refused King under Dealer's King)
        after the dealer's cut or draw."""
        left = self.left_known if self.left_known is not None else self.left_kind
        king = self.pool[13]
        if king:
            if self.kings:
                king *= self.stand() + (1.0 if self.dealers_king else 0.0)
            else:
                king *= self.lose(13)
        return self._expected(left) + king


def _left(view: TableView, seat: int) -> int:
    n = len(view.seats)
    other = (seat + 1) % n
    while view.seats[other].out:
        other = (other + 1) % n
    return other

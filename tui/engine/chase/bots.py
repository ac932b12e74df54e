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
from tui.engine.chase.odds import move_chances
from tui.engine.chase.rules import RANK_OF
from tui.engine.chase.view import ChaseView
from tui.engine.core import Action, TableView

CASUAL_STAND = 7
"""The casual player keeps a 7 or higher, as the rule sheet's tip says."""


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
    reason = ChaseView.of(view).no_change
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
    """Keeps its card unless the other move it may make now has a lower chance of losing
    a life, by the same count the person's private view shows (``odds.move_chances``:
    exact from what its seat knows, if nobody changes after it; the dealer's is exact).

    Measured with ``party-dice simulate`` (seed 7, random first dealer), one sharp player
    among casual ones wins 34.2 % at 3 players (fair 33.3 %), 21.9 % at 5 (20 %) and
    13.9 % at 10 (10 %). The rules of thumb it replaced (others' spreads guessed from
    their public moves) won 36.6 %, 23.4 % and 15.6 % on the same runs: the count does
    not read a stand as "probably a 7 or better", and treats the later players as
    standing; that is the price of deciding by the numbers the person is shown."""

    level: str = "sharp"
    description: str = BOT_LEVELS["sharp"]

    def choose(self, view: TableView, actions: list[Action]) -> Decision:
        forced = _forced(view, actions)
        if forced is not None:
            return forced
        stand = actions[0]
        keeps = Decision(stand, "stands: the odds favour keeping its card" + _public_own(view))
        other = _exchange(view, actions) or _find(actions, "change")
        if other is None:
            return keeps
        chances = move_chances(view, other.kind)
        if chances is None or chances.other >= chances.keep - 1e-12:
            return keeps
        verbs = {"cut": "cuts the deck", "draw": "draws", "change": "changes"}
        return Decision(other, f"{verbs[other.kind]}: the odds favour a new card")

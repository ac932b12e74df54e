"""Chase the Ace for 3 to 20 players, exactly as rulings C1-C10 say.

Phases: "deal" (the dealer deals: one ``rng.shuffle`` of ``list(FRESH_DECK)``, one card
to each player still in from the top, starting left of the dealer, the dealer last; the
rest is the stock, index 0 on top), "turn" (one turn each, the dealer last; the
showdown happens inside the ``apply`` of the last turn), "over". Between rounds the phase
is "deal" again and the view still shows the previous showdown.

Actions (kind [key]): deal [d]; stand [s]; change [c] (with the left neighbour); show_king
[k] (a King held on its holder's turn goes face up); cut [c] (the dealer, ``arg`` = depth
from the top, 1 .. len(stock)); draw [d] (the dealer, Dealer Draws).

Events (``seat``, ``other``, ``value``; private ones carry ``private_to``):

- dealer_chosen: seat = first dealer, value "random" or "chosen" (first deal only)
- dealt: seat = dealer, value = number of cards dealt
- card_dealt: seat, value = card; private to seat
- stand: seat
- swap: seat = who changed, other = left neighbour; no cards (public)
- card_received: seat = receiver, other = giver, value = card; private to receiver
- card_announced: seat = new holder, other = giver, value = an A, 2 or 3 (Announce low)
- swap_blocked: seat = who asked, other = King holder, value = the King (now face up)
- king_shown: seat, value = the King put face up on its holder's turn
- play_stopped: seat = whose King stopped play (King stops play)
- cut: seat = dealer, value = depth; draw: seat = dealer
- cut_king: seat = dealer, value = the King found and refused (public)
- dealer_takes: seat = dealer, value = card taken from the stock; private to the dealer
- showdown: value = ((seat, card), ...) for every player in the showdown
- nobody_loses: value = "pairs" (Pairs are safe, every card paired)
- life_lost: seat, value = lives left; player_out: seat
- all_out_replay: value = seats that keep their last life (C8 "replay")
- shared_win: value = seats sharing the win (C8 "share"; they keep their last life)
- game_won: seat
- next_dealer: seat = the dealer of the next round

Views (``view.py``): ``extra["moves"]`` says what each seat did this round in public
("stand", "change", "blocked", "king", "cut", "draw", or "" for not yet);
``extra["no_change"]`` why the player to act may not change (when that is public or the
viewer's own); ``extra["kept_life"]`` the seats that kept their last life (C8 replay);
``extra["out_round"]`` once the game is over, the round each seat went out in (0: never).

Decisions where the rulings are silent:

- the dealer's exchange with the stock is not a "swap" for Announce low cards (it is
  not between players, and the showdown follows at once); the dealer's announced card
  stops being marked when it goes into the stock;
- a dealer holding a King must put it face up like anyone else (no cut);
- under "share" the players sharing the win keep their last life;
- a dealer put out at once by Dealer's King keeps their card face down: only the cards
  of the showdown are turned up; if one player is left, there is no showdown and the
  round still counts in ``rounds_played``;
- the "loser" flag marks who lost a life at the showdown (not a Dealer's King loss, not
  players who kept their last life under C8);
- "Change is not offered against a King already face up" cannot arise in legal play
  (your left neighbour plays after you, and Kings go face up only on a block or on their
  holder's turn), but ``legal_actions`` still honours it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from tui.engine.cards import FRESH_DECK, LOW_CARDS
from tui.engine.chase.rules import (
    ALL_OUT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VARIANTS,
    losing_seats,
    next_in,
    turn_order,
)
from tui.engine.chase.save import check_header, dump, restore, rng_of
from tui.engine.chase.table import ChaseTable
from tui.engine.chase.view import build_view
from tui.engine.core import Action, Event, RandomSource, TableView, find_legal

DEAL = Action("deal", "Deal", "d")
STAND = Action("stand", "Stand", "s")
SHOW_KING = Action("show_king", "Show your King", "k", forced=True)
ONLY_STAND = Action("stand", "Stand", "s", forced=True)
"""Stand as the only move (a King face up, yours or your neighbour's): no decision."""
DRAW = Action("draw", "Draw the top card", "d")


class ChaseGame:
    """One game of Chase the Ace; see the module docstring for phases and events.

    The state is ``self.table`` (a ``ChaseTable``); this class holds the moves.
    """

    game_id: ClassVar[str] = "chase"

    def __init__(
        self,
        names: list[str] | tuple[str, ...],
        rng: RandomSource,
        variants: frozenset[str] = frozenset(),
        first_dealer: int | None = None,
        all_out: str = "replay",
    ) -> None:
        n = len(names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Chase the Ace needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        unknown = set(variants) - VARIANTS
        if unknown:
            raise ValueError(
                f"unknown Chase the Ace variant {', '.join(sorted(unknown))}: "
                f"choose from {', '.join(sorted(VARIANTS))}"
            )
        if all_out not in ALL_OUT_OPTIONS:
            raise ValueError(f"all_out must be 'replay' or 'share', not {all_out!r}")
        if first_dealer is not None and (
            type(first_dealer) is not int or not 0 <= first_dealer < n
        ):
            raise ValueError(f"first_dealer must be a seat from 0 to {n - 1}, not {first_dealer!r}")
        self.names = tuple(str(name) for name in names)
        self.variants = frozenset(variants)
        self.all_out = all_out
        self.table = ChaseTable.new(self.names, rng, self.variants, first_dealer, all_out)
        self._actions: dict[tuple[str, int], Action] = {}

    # -- reading -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.table.phase == "over"

    def winners(self) -> tuple[int, ...]:
        return self.table.winners

    @property
    def rounds_played(self) -> int:
        return self.table.rounds_played

    @property
    def hands(self) -> tuple[str | None, ...]:
        """Every seat's card (the whole secret state): for tests and debugging only."""
        return tuple(self.table.hands)

    @property
    def stock(self) -> tuple[str, ...]:
        """The stock, top first (secret state): for tests and debugging only."""
        return tuple(self.table.stock)

    @property
    def lives(self) -> tuple[int, ...]:
        return tuple(self.table.lives)

    @property
    def pot(self) -> int:
        return self.table.pot

    @property
    def dealer(self) -> int:
        return self.table.dealer

    def current_seat(self) -> int | None:
        return self.table.current_seat()

    def left_of(self, seat: int) -> int:
        return self.table.left_of(seat)

    def legal_actions(self) -> list[Action]:
        t = self.table
        phase = t.phase
        if phase == "deal":
            return [DEAL]
        if phase != "turn":
            return []
        seat = t.order[t.turn]
        if t.kings and t.hands[seat][0] == "K":  # type: ignore[index]
            return [ONLY_STAND] if t.face_up[seat] else [SHOW_KING]
        if seat == t.dealer:
            if "dealer-draws" in self.variants:
                return [STAND, DRAW]
            return [STAND, self._made_action("cut", len(t.stock))]
        left = next_in(seat, t.lives)
        if t.face_up[left]:
            return [ONLY_STAND]
        return [STAND, self._made_action("change", left)]

    def _made_action(self, kind: str, number: int) -> Action:
        """The cut (by stock size) or change (by neighbour) action, made once per game:
        legal actions are asked for several times per move on the simulator's hot path."""
        made = self._actions.get((kind, number))
        if made is None:
            if kind == "cut":
                made = Action("cut", "Cut the deck", "c", arg_range=(1, number))
            else:
                made = Action("change", f"Change with {self.names[number]}", "c")
            self._actions[kind, number] = made
        return made

    def view(self, seat: int | None) -> TableView:
        return build_view(self.table, seat)

    # -- playing -------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        t = self.table
        chosen = find_legal(self.legal_actions(), action)
        kind = chosen.kind
        if kind == "deal":
            return self._deal()
        seat = t.order[t.turn]
        events: list[Event] = []
        stop = False
        move = kind
        if kind == "stand":
            events.append(Event("stand", seat))
        elif kind == "change":
            stop = self._change(seat, events)
            move = "change" if events[0].kind == "swap" else "blocked"
        elif kind == "show_king":
            t.face_up[seat] = True
            events.append(Event("king_shown", seat, value=t.hands[seat]))
            stop = "king-stops" in self.variants
            move = "king"
        else:
            self._dealer_exchange(seat, chosen, events)
        t.moves[seat] = move
        if t.turn == len(t.order) - 1:
            self._end_round(events)
        elif stop:
            holder = next_in(seat, t.lives) if kind == "change" else seat
            events.append(Event("play_stopped", holder))
            self._end_round(events)
        else:
            t.turn += 1
        return events

    def _deal(self) -> list[Event]:
        t = self.table
        events: list[Event] = []
        dealer = t.dealer
        if not t.dealer_announced:
            t.dealer_announced = True
            how = "random" if t.dealer_random else "chosen"
            events.append(Event("dealer_chosen", dealer, value=how))
        deck = list(FRESH_DECK)
        t.rng.shuffle(deck)
        order = turn_order(dealer, t.lives)
        t.order = order
        t.clear_round()
        for index, seat in enumerate(order):
            t.hands[seat] = deck[index]
        t.stock = deck[len(order) :]
        t.turn = 0
        t.phase = "turn"
        events.append(Event("dealt", dealer, value=len(order)))
        for seat in order:
            events.append(Event("card_dealt", seat, value=t.hands[seat], private_to=seat))
        return events

    def _change(self, seat: int, events: list[Event]) -> bool:
        """Swap with the left neighbour, unless a King blocks; True if play stops."""
        t = self.table
        left = next_in(seat, t.lives)
        hands = t.hands
        mine, theirs = hands[seat], hands[left]
        assert mine is not None and theirs is not None
        if t.kings and theirs[0] == "K":
            t.face_up[left] = True
            events.append(Event("swap_blocked", seat, left, theirs))
            return "king-stops" in self.variants
        hands[seat], hands[left] = theirs, mine
        t.received[seat] = (left, theirs)
        t.gave[seat] = (left, mine)
        t.received[left] = (seat, mine)
        t.gave[left] = (seat, theirs)
        events.append(Event("swap", seat, left))
        events.append(Event("card_received", seat, left, theirs, private_to=seat))
        events.append(Event("card_received", left, seat, mine, private_to=left))
        if "announce-low" in self.variants:
            t.announced[left] = low_left = mine[0] in LOW_CARDS
            t.announced[seat] = low_mine = theirs[0] in LOW_CARDS
            if low_left:
                events.append(Event("card_announced", left, seat, mine))
            if low_mine:
                events.append(Event("card_announced", seat, left, theirs))
        return False

    def _dealer_exchange(self, seat: int, action: Action, events: list[Event]) -> None:
        """C6: the dealer cuts (or draws); a King is shown and refused."""
        t = self.table
        if action.kind == "draw":
            index = 0
            events.append(Event("draw", seat))
        else:
            index = (action.arg or 1) - 1
            events.append(Event("cut", seat, value=index + 1))
        found = t.stock[index]
        if t.kings and found[0] == "K":
            events.append(Event("cut_king", seat, value=found))
            if "dealers-king" in self.variants:
                self._lose_life(seat, events, t.rounds_played + 1)
            return
        old = t.hands[seat]
        assert old is not None
        t.hands[seat] = found
        t.stock[index] = old
        t.announced[seat] = False
        events.append(Event("dealer_takes", seat, value=found, private_to=seat))

    def _lose_life(self, seat: int, events: list[Event], round_number: int) -> None:
        t = self.table
        t.lives[seat] -= 1
        t.pot += 1
        events.append(Event("life_lost", seat, value=t.lives[seat]))
        if t.lives[seat] == 0:
            t.out_round[seat] = round_number
            events.append(Event("player_out", seat))

    def _end_round(self, events: list[Event]) -> None:
        """The showdown (C7, C8, Pairs are safe), then the deal passes left."""
        t = self.table
        lives = t.lives
        alive = [seat for seat in t.order if lives[seat] > 0]
        t.rounds_played += 1
        if len(alive) > 1:
            hands = t.hands
            for seat in alive:
                t.shown[seat] = True
            cards = tuple((seat, hands[seat]) for seat in alive)
            events.append(Event("showdown", value=cards))
            losers = losing_seats(cards, "pairs-safe" in self.variants)  # type: ignore[arg-type]
            if not losers:
                events.append(Event("nobody_loses", value="pairs"))
            elif len(losers) == len(alive) and all(lives[seat] == 1 for seat in losers):
                if self.all_out == "share":
                    events.append(Event("shared_win", value=losers))
                    self._finish(losers)
                    return
                events.append(Event("all_out_replay", value=losers))
                t.kept = losers
            else:
                t.losers = losers
                for seat in losers:
                    self._lose_life(seat, events, t.rounds_played)
            alive = [seat for seat in alive if lives[seat] > 0]
        if len(alive) == 1:
            events.append(Event("game_won", alive[0]))
            self._finish((alive[0],))
            return
        t.dealer = next_in(t.dealer, lives)
        t.phase = "deal"
        events.append(Event("next_dealer", t.dealer))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.table.winners = winners
        self.table.phase = "over"

    # -- saving --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return dump(self.game_id, self.table)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """A game saved by ``to_dict``; ``ValueError`` if the dict is not one."""
        check_header(cls.game_id, data)
        game = cls(
            data["names"],
            rng_of(data),
            frozenset(data["variants"]),
            first_dealer=int(data["dealer"]),
            all_out=data["all_out"],
        )
        game.table = restore(game.table, data)
        return game

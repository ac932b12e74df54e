"""Chase the Ace: the table itself, as one plain dataclass the other modules share.

``ChaseGame`` (``game.py``) changes it by the rules, ``view.py`` reads one seat's share
of it and ``save.py`` turns it into a dict and back: the state has one home with public
fields instead of a class whose privates its friend modules reach into. Lists and
numbers on purpose: the simulator plays thousands of twenty-seat games through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tui.engine.chase.rules import next_in, starting_lives
from tui.engine.core import RandomSource, SeatView


@dataclass(eq=False)
class ChaseTable:
    """Everything a game of Chase the Ace is, between two actions.

    The names in ``save.STATE_KEYS`` are the saved ones; ``rng`` is saved too;
    ``seat_views`` is a cache of the views made (never saved).
    """

    names: tuple[str, ...]
    variants: frozenset[str]
    all_out: str
    rng: RandomSource
    kings: bool
    lives: list[int]
    dealer: int
    dealer_random: bool
    pot: int = 0
    dealer_announced: bool = False
    phase: str = "deal"
    hands: list[str | None] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    turn: int = 0
    moves: list[str] = field(default_factory=list)
    face_up: list[bool] = field(default_factory=list)
    announced: list[bool] = field(default_factory=list)
    received: list[tuple[int, str] | None] = field(default_factory=list)
    gave: list[tuple[int, str] | None] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)
    losers: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    rounds_played: int = 0
    out_round: list[int] = field(default_factory=list)
    """The round in which each seat went out (0: still in), for the finishing order."""
    seat_views: dict[tuple[Any, ...], SeatView] = field(default_factory=dict, repr=False)

    @classmethod
    def new(
        cls,
        names: tuple[str, ...],
        rng: RandomSource,
        variants: frozenset[str],
        first_dealer: int | None,
        all_out: str,
    ) -> ChaseTable:
        """A table before the first deal; a random first dealer costs one ``randint``."""
        n = len(names)
        dealer = rng.randint(1, n) - 1 if first_dealer is None else first_dealer
        table = cls(
            names=names,
            variants=variants,
            all_out=all_out,
            rng=rng,
            kings="kings-swap" not in variants,
            lives=[starting_lives(variants)] * n,
            dealer=dealer,
            dealer_random=first_dealer is None,
            out_round=[0] * n,
        )
        table.clear_round()
        return table

    def clear_round(self) -> None:
        """Forget this round's hands and moves (before a deal)."""
        n = len(self.names)
        self.hands = [None] * n
        self.moves = [""] * n
        self.face_up = [False] * n
        self.announced = [False] * n
        self.received = [None] * n
        self.gave = [None] * n
        self.shown = [False] * n
        self.losers = ()
        self.kept = ()

    def current_seat(self) -> int | None:
        if self.phase == "turn":
            return self.order[self.turn]
        return self.dealer if self.phase == "deal" else None

    def left_of(self, seat: int) -> int:
        return next_in(seat, self.lives)

    def holds_king(self, seat: int) -> bool:
        """True when Kings count (not Kings swap) and ``seat`` holds one."""
        card = self.hands[seat]
        return self.kings and card is not None and card[0] == "K"

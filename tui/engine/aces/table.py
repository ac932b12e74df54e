"""Aces in the Pot: the table itself: its state, what each seat sees, and saving it.

The moves (``AcesGame`` in ``aces.py``) change this state; everything that only reads it
lives here, so that the rules stay short enough to check against the rulings by eye.
The state is plain lists and numbers on purpose: the simulator plays thousands of
six-player games a second through it.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from tui.engine.aces.check import validate
from tui.engine.aces.rules import PHASES, check_settings
from tui.engine.aces.view import AcesView
from tui.engine.core import (
    FORMAT_VERSION,
    RandomSource,
    SeatView,
    TableView,
    rng_from_json,
    rng_state_to_json,
)

_FLAG_BITS = ("turn", "out", "broke", "zero", "final-roll", "leader", "winner")
_FLAG_SETS = tuple(
    frozenset(flag for bit, flag in enumerate(_FLAG_BITS) if mask >> bit & 1)
    for mask in range(1 << len(_FLAG_BITS))
)
"""Every combination of a seat's flags, built once: views are built on every bot turn."""


class AcesTable:
    """Chips, pot, bankrolls and whose turn it is; read-only views; JSON save and load."""

    game_id: ClassVar[str] = "aces"

    def __init__(
        self,
        names: list[str] | tuple[str, ...],
        rng: RandomSource,
        variants: frozenset[str] = frozenset(),
        first_seat: int | None = None,
        match: str = "single",
        rounds: int = 3,
        bankroll: int = 10,
    ) -> None:
        names = [str(name) for name in names]
        variants = frozenset(variants)
        check_settings(names, variants, first_seat, match, rounds, bankroll)
        n = len(names)
        self.names: tuple[str, ...] = tuple(names)
        self.variants = variants
        self.first_seat = first_seat
        self.match = match
        self._rounds_setting = rounds
        self._bankroll_setting = bankroll
        self._rng = rng
        self._n = n
        self._two_dice = "single-die" not in variants
        self._start_chips = 3 if "three-chip" in variants else 2
        self._step = -1 if "right-pass" in variants else 1
        self._last_roll = "last-roll" in variants
        self._chips = [0] * n
        self._pot = 0
        self._out = [False] * n  # out for the rest of the round (Last Roll)
        self._broke = [False] * n  # out of the match (bankroll)
        self._absent = [False] * n  # out or broke: skipped, nobody's neighbour
        self._scores = [bankroll if match == "bankroll" else 0] * n
        self._phase = "start"
        self._current: int | None = None
        self._dice: tuple[int, ...] = ()
        self._round = 1
        self._rounds_played = 0
        self._turns = 0
        self._round_winner: int | None = None
        self._winners: tuple[int, ...] = ()
        self._holders = 0  # players holding at least one chip
        self._in_count = 0  # players neither out nor broke

    # ----------------------------------------------------------------- protocol

    def current_seat(self) -> int | None:
        return self._current

    @property
    def over(self) -> bool:
        return self._phase == "over"

    def winners(self) -> tuple[int, ...]:
        return self._winners

    # ----------------------------------------------------------------- extras

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def turns(self) -> int:
        """Every turn taken in the whole game, zero-chip turns and final rolls included."""
        return self._turns

    @property
    def rounds_played(self) -> int:
        return self._rounds_played

    @property
    def rounds_total(self) -> int:
        """Rounds in the match: 1 for a single round, 0 (open-ended) for bankroll play."""
        return {"single": 1, "rounds": self._rounds_setting}.get(self.match, 0)

    @property
    def round(self) -> int:
        """The round being played, or about to be played (1-based)."""
        return self._round

    @property
    def pot(self) -> int:
        return self._pot

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(self._chips)

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points (rounds) or bankrolls off the table (bankroll); zeros in a single."""
        return tuple(self._scores)

    @property
    def dice(self) -> tuple[int, ...]:
        return self._dice

    def stake(self, seat: int) -> int:
        """The chips ``seat`` puts in front of them when a round starts (A1): two, three
        under Three-Chip Start, no more than their bankroll in bankroll play (A8)."""
        if self._broke[seat]:
            return 0
        if self.match == "bankroll":
            return min(self._start_chips, self._scores[seat])
        return self._start_chips

    # ----------------------------------------------------------------- seats

    def _neighbour(self, seat: int) -> int:
        """Where a six sends a chip: the next seat still in, left (or right) of ``seat``."""
        n, step, absent = self._n, self._step, self._absent
        other = (seat + step) % n
        while absent[other]:
            other = (other + step) % n
        return other

    # ----------------------------------------------------------------- views

    def view(self, seat: int | None) -> TableView:
        """A fresh snapshot; Aces has no secrets, so every viewer sees the same table.

        Seat flags: "turn"; "zero" (no chips, still playing); "final-roll" (would take a
        final roll on their next turn, A7); "leader" (the sole holder under Last Roll);
        "out" (out for the round, A7, or out of the match, A8, which also adds "broke");
        "winner" (the round's winner between rounds, the game's winners at the end).
        The dice, the match and the round's counts are its ``AcesView`` detail.
        """
        if seat is not None and not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat} at this table")
        phase = self._phase
        playing = phase in ("turn", "choice")
        sole = playing and self._holders == 1
        final_due = sole and self._last_roll
        # Between rounds of bankroll play every chip is back in a bankroll: nobody is "at zero".
        shows_zero = playing or (phase != "start" and self.match != "bankroll")
        if phase == "over":
            shown_winners = set(self._winners)
        elif phase == "round_over" and self._round_winner is not None:
            shown_winners = {self._round_winner}
        else:
            shown_winners = set()
        seats = []
        current, chips_of, absent, broke = self._current, self._chips, self._absent, self._broke
        for index, name in enumerate(self.names):
            chips = chips_of[index]
            mask = 1 if index == current else 0
            if absent[index]:
                mask |= 6 if broke[index] else 2
            elif not chips:
                if shows_zero:
                    mask |= 24 if final_due else 8
            elif final_due:
                mask |= 32
            if index in shown_winners:
                mask |= 64
            seats.append(SeatView(index, name, chips, None, "", _FLAG_SETS[mask]))
        current = self._current
        pass_to = self._neighbour(current) if phase == "choice" and current is not None else None
        return TableView(
            game=self.game_id,
            viewer=seat,
            seats=tuple(seats),
            pot=self._pot,
            current=self._current,
            phase=phase,
            round=self._round,
            variants=self.variants,
            winners=self._winners,
            detail=AcesView(
                dice=self._dice,
                match=self.match,
                scores=tuple(self._scores) if self.match != "single" else (),
                rounds_total=self.rounds_total,
                turns=self._turns,
                rounds_played=self._rounds_played,
                round_winner=self._round_winner,
                pass_to=pass_to,
                stakes=tuple(self.stake(i) for i in range(self._n)) if phase == "start" else None,
            ),
        )

    # ----------------------------------------------------------------- saving

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible state, including the random source's (TypeError if not Random)."""
        if not isinstance(self._rng, random.Random):
            raise TypeError("only a random.Random source can be saved")
        return {
            "format": FORMAT_VERSION,
            "game": self.game_id,
            "names": list(self.names),
            "variants": sorted(self.variants),
            "first_seat": self.first_seat,
            "match": self.match,
            "rounds": self._rounds_setting,
            "bankroll": self._bankroll_setting,
            "chips": list(self._chips),
            "pot": self._pot,
            "out": list(self._out),
            "broke": list(self._broke),
            "scores": list(self._scores),
            "phase": self._phase,
            "current": self._current,
            "dice": list(self._dice),
            "round": self._round,
            "rounds_played": self._rounds_played,
            "turns": self._turns,
            "round_winner": self._round_winner,
            "winners": list(self._winners),
            "rng": rng_state_to_json(self._rng),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild a game saved by ``to_dict``; ``ValueError`` (why, in a few words) if
        it is not one the rules could have reached and can finish (``check.validate``)."""
        problem = validate(data)
        if problem is not None:
            raise ValueError(problem)
        game = cls(
            data["names"],
            rng_from_json(data["rng"]),
            variants=frozenset(data["variants"]),
            first_seat=data["first_seat"],
            match=data["match"],
            rounds=data["rounds"],
            bankroll=data["bankroll"],
        )
        n = game._n
        lists = {key: list(data[key]) for key in ("chips", "out", "broke", "scores")}
        if any(len(values) != n for values in lists.values()):
            raise ValueError("saved seats do not match the players")
        if data["phase"] not in PHASES:
            raise ValueError(f"unknown phase {data['phase']!r}")
        game._chips = [int(c) for c in lists["chips"]]
        game._out = [bool(o) for o in lists["out"]]
        game._broke = [bool(b) for b in lists["broke"]]
        game._absent = [o or b for o, b in zip(game._out, game._broke, strict=True)]
        game._scores = [int(s) for s in lists["scores"]]
        game._pot = int(data["pot"])
        game._phase = str(data["phase"])
        game._current = None if data["current"] is None else int(data["current"])
        game._dice = tuple(int(d) for d in data["dice"])
        game._round = int(data["round"])
        game._rounds_played = int(data["rounds_played"])
        game._turns = int(data["turns"])
        game._round_winner = None if data["round_winner"] is None else int(data["round_winner"])
        game._winners = tuple(int(w) for w in data["winners"])
        game._holders = sum(1 for c in game._chips if c)
        game._in_count = game._absent.count(False)
        game._check_loaded()
        return game

    def _check_loaded(self) -> None:
        """Refuse a damaged save now, rather than fail strangely a few moves later."""
        seats = range(self._n)
        if min(self._chips) < 0 or self._pot < 0 or min(self._scores) < 0:
            raise ValueError("negative chips in a saved game")
        if (self._current is None) != (self._phase in ("start", "round_over", "over")):
            raise ValueError(f"no seat to act in phase {self._phase!r}")
        if self._current is not None and (
            self._current not in seats or self._absent[self._current]
        ):
            raise ValueError(f"seat {self._current} cannot act")
        if any(d not in range(1, 7) for d in self._dice) or len(self._dice) > 2:
            raise ValueError(f"impossible dice {self._dice}")
        if any(w not in seats for w in self._winners) or (
            self._round_winner is not None and self._round_winner not in seats
        ):
            raise ValueError("a winner who is not at the table")
        if self._phase == "choice" and self._chips[self._current or 0] != 1:
            raise ValueError("a pot-or-pass choice without exactly one chip")

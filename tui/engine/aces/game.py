"""Aces in the Pot, played exactly as rulings A1-A8 say (the rules screen, ``tui/rules/aces.md``).

Phases and who acts:

- ``start``: the table acts (``current_seat()`` is ``None``): ``start_round`` stakes the
  chips and holds the roll-off (or seats the fixed first player).
- ``turn``: the current seat ``roll``s, or takes a ``final_roll`` under Last Roll (A7).
- ``choice``: after a one-chip ace+six (A4) the same seat chooses ``pot`` or ``pass``.
- ``round_over``: only in a match with more to play; the table acts: ``next_round``.
- ``over``: nothing more to do; ``winners()`` says who won.

Events (``tui.engine.core.Event``; fields not named are ``None``):

- ``round_start`` value=round number (1 for the first round).
- ``stake`` seat, value=chips that seat puts in front of them for this round (A1; in
  bankroll play they come out of the bankroll, A8).
- ``rolloff`` seat, value=the one die that seat rolled in the roll-off (A2).
- ``rolloff_tie`` value=tuple of the seats tied for highest; only they roll again.
- ``first_player`` seat: who takes the first turn of the round.
- ``roll`` seat, value=tuple of dice in the order rolled (A3).
- ``chip_to_pot`` seat: one of that seat's chips went into the pot.
- ``chip_passed`` seat -> other: one chip moved from seat to its neighbour ``other``.
- ``nothing_moves`` seat: the roll moved no chip (no ace or six, or no chips, A4/A5).
- ``choice_needed`` seat, other=the neighbour: one chip, an ace and a six; the roller
  chooses pot or pass (A4). Nothing has moved yet.
- ``final_roll`` seat, value=dice: a final roll under Last Roll (A7). Only sixes count.
- ``final_roll_saved`` seat, other=leader: a six; one chip moved from ``other`` to ``seat``.
- ``player_out`` seat: no six on a final roll; out for the rest of the round.
- ``round_won`` seat, value=chips in the pot (A6, A7).
- ``table_taken`` seat, value=every chip on the table, now in the winner's bankroll (A8).
- ``match_out`` seat: bankroll empty, out of the match (A8).
- ``match_scores`` value=tuple of match points (rounds) or bankrolls (bankroll), by seat.
- ``match_over`` value=tuple of the match winners (a tie is shared). Not emitted in a
  single-round game, where ``round_won`` ends the game.

Chips move die by die in the order rolled, and the end of the round is checked after
every single movement (A6), so a round can end between the two dice of a roll.
A final roll looks only for sixes: its aces do nothing, since the roller has no chips.
"""

from __future__ import annotations

import copy

from tui.engine.aces.rules import (
    EMPTY_ROLL,
    FINAL_ROLL,
    NEXT_ROUND,
    NOTHING_EVENTS,
    PASS_EVENTS,
    POT_EVENTS,
    ROLL,
    ROLL_EVENTS,
    event,
    pass_action,
    pot_action,
    start_action,
)
from tui.engine.aces.table import AcesTable
from tui.engine.core import Action, Event, IllegalAction


class AcesGame(AcesTable):
    """One game of Aces in the Pot: a single round or a whole match.

    ``AcesGame(names, rng, variants=frozenset(), first_seat=None, match="single",
    rounds=3, bankroll=10)``; ``ValueError`` for settings out of range.
    """

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == "turn":
            if self._final_roll_due():
                return [FINAL_ROLL]
            seat = self._current
            return [ROLL if seat is None or self._chips[seat] else EMPTY_ROLL]
        if phase == "choice":
            seat = self._current
            assert seat is not None
            return [
                pot_action(self.names[seat], self._what_follows(seat, "pot")),
                pass_action(self.names[self._neighbour(seat)], self._what_follows(seat, "pass")),
            ]
        if phase == "start":
            first = self.first_seat
            return [start_action(None if first is None else self.names[first])]
        if phase == "round_over":
            return [NEXT_ROUND]
        return []

    def apply(self, action: Action) -> list[Event]:
        seat = self._current
        if self._phase == "turn" and action.arg is None and seat is not None:
            # The common case first: a roll (the simulator applies millions of them).
            final = self._last_roll and self._holders == 1 and not self._chips[seat]
            if action.kind == ("final_roll" if final else "roll"):
                return self._final_roll(seat) if final else self._roll(seat)
        return self._apply_table_or_choice(action)

    def _apply_table_or_choice(self, action: Action) -> list[Event]:
        phase, kind, seat = self._phase, action.kind, self._current
        if action.arg is None:
            if phase == "choice" and seat is not None and kind in ("pot", "pass"):
                events: list[Event] = []
                ended = self._to_pot(seat, events) if kind == "pot" else self._pass(seat, events)
                if not ended:
                    self._advance(seat)
                return events
            if phase == "start" and kind == "start_round":
                return self._start_round()
            if phase == "round_over" and kind == "next_round":
                self._round += 1
                return self._start_round()
        legal = ", ".join(a.kind for a in self.legal_actions()) or "nothing, the game is over"
        raise IllegalAction(f"{kind!r} is not legal now (phase {phase}; legal: {legal})")

    def _what_follows(self, seat: int, kind: str) -> str:
        """What choosing ``kind`` ("pot" or "pass") at the ace+six leads to, in words:
        who wins the round (or the match), else who rolls next.

        The choice is played out on a copy of the table, so the words follow the very
        rules that will apply (Right-Pass, Last Roll, matches); no die is rolled."""
        trial = copy.copy(self)
        for name in ("_chips", "_out", "_broke", "_absent", "_scores"):
            setattr(trial, name, list(getattr(self, name)))
        events: list[Event] = []
        ended = trial._to_pot(seat, events) if kind == "pot" else trial._pass(seat, events)
        names = self.names
        if ended:
            over = [e for e in events if e.kind == "match_over"]
            if over and len(over[0].value) == 1:
                return f"{names[over[0].value[0]]} wins the match"
            if over:
                return "the match ends in a tie"
            winner = next(e.seat for e in events if e.kind == "round_won")
            assert winner is not None
            return f"{names[winner]} wins the round"
        trial._advance(seat)
        nxt = trial._current
        assert nxt is not None
        if trial._final_roll_due():
            return f"{names[nxt]} takes a final roll"
        return f"{names[nxt]} rolls next"

    # ----------------------------------------------------------------- rules

    def _final_roll_due(self) -> bool:
        """A7: the current seat is at zero while exactly one player holds chips."""
        seat = self._current
        return self._last_roll and self._holders == 1 and seat is not None and not self._chips[seat]

    def _advance(self, seat: int) -> None:
        """Play goes clockwise to the next seat still in, whatever way chips are passed."""
        n, absent = self._n, self._absent
        nxt = (seat + 1) % n
        while absent[nxt]:
            nxt = (nxt + 1) % n
        self._current = nxt
        self._phase = "turn"

    def _roll_dice(self) -> tuple[int, ...]:
        randint = self._rng.randint
        dice = (randint(1, 6), randint(1, 6)) if self._two_dice else (randint(1, 6),)
        self._dice = dice
        self._turns += 1
        return dice

    def _roll(self, seat: int) -> list[Event]:
        # The simulator's hot path: kept flat on purpose (no helper calls per die).
        randint = self._rng.randint
        dice = (randint(1, 6), randint(1, 6)) if self._two_dice else (randint(1, 6),)
        self._dice = dice
        self._turns += 1
        events = [ROLL_EVENTS[seat, dice]]
        chips = self._chips
        if chips[seat] == 1 and (dice == (1, 6) or dice == (6, 1)):
            self._phase = "choice"
            events.append(event("choice_needed", seat, self._neighbour(seat)))
            return events
        moved = False
        for die in dice:
            if (die == 1 or die == 6) and chips[seat]:
                ended = self._to_pot(seat, events) if die == 1 else self._pass(seat, events)
                if ended:
                    return events
                moved = True
        if not moved:
            events.append(NOTHING_EVENTS[seat])
        n, absent = self._n, self._absent
        nxt = (seat + 1) % n
        while absent[nxt]:
            nxt = (nxt + 1) % n
        self._current = nxt  # the phase stays "turn"
        return events

    def _to_pot(self, seat: int, events: list[Event]) -> bool:
        """One chip from ``seat`` to the pot; True if that ended the round (A6, A7)."""
        chips = self._chips
        chips[seat] -= 1
        self._pot += 1
        events.append(POT_EVENTS[seat])
        return self._gave(seat, events)

    def _pass(self, seat: int, events: list[Event]) -> bool:
        """One chip from ``seat`` to its neighbour; True if that ended the round (A6)."""
        chips = self._chips
        other = self._neighbour(seat)
        chips[seat] -= 1
        if not chips[other]:
            self._holders += 1
        chips[other] += 1
        events.append(PASS_EVENTS[seat][other])
        return self._gave(seat, events)

    def _gave(self, seat: int, events: list[Event]) -> bool:
        """``seat`` has given a chip away: if it was its last, one holder fewer, and the
        round may be over (A6); True if it is."""
        if self._chips[seat]:
            return False
        self._holders -= 1
        return self._check_end(seat, events)

    def _check_end(self, seat: int, events: list[Event]) -> bool:
        """A6/A7 after a movement that changed who holds chips: end the round if done."""
        holders = self._holders
        if holders == 1:
            if self._last_roll and self._in_count > 1:
                return False
            winner = next(s for s, c in enumerate(self._chips) if c)
        elif holders == 0:
            winner = seat  # Last Roll: whoever put the last chip in the pot wins
        else:
            return False
        self._end_round(winner, events)
        return True

    def _final_roll(self, seat: int) -> list[Event]:
        dice = self._roll_dice()
        events = [event("final_roll", seat, None, dice)]
        if 6 in dice:
            chips = self._chips
            leader = next(s for s, c in enumerate(chips) if c)
            chips[leader] -= 1
            chips[seat] += 1
            if chips[leader]:
                self._holders += 1
            events.append(event("final_roll_saved", seat, leader))
        else:
            self._out[seat] = self._absent[seat] = True
            self._in_count -= 1
            events.append(event("player_out", seat))
            if self._holders == 1 and self._in_count == 1:
                self._end_round(next(s for s, c in enumerate(self._chips) if c), events)
                return events
        self._advance(seat)
        return events

    def _start_round(self) -> list[Event]:
        n = self._n
        events = [event("round_start", None, None, self._round)]
        bankroll = self.match == "bankroll"
        self._pot = 0
        self._dice = ()
        self._round_winner = None
        for seat in range(n):
            self._out[seat] = False
            self._absent[seat] = self._broke[seat]
            if self._broke[seat]:
                continue
            stake = self.stake(seat)
            if bankroll:
                self._scores[seat] -= stake
            self._chips[seat] = stake
            events.append(event("stake", seat, None, stake))
        self._holders = sum(1 for c in self._chips if c)
        self._in_count = self._absent.count(False)
        if self.first_seat is None:
            first = self._roll_off(events)
        else:
            first = self.first_seat
            while self._absent[first]:
                first = (first + 1) % n
        events.append(event("first_player", first))
        self._current = first
        self._phase = "turn"
        return events

    def _roll_off(self, events: list[Event]) -> int:
        """A2: everyone in rolls one die in seat order; only the tied highest roll again."""
        randint = self._rng.randint
        contenders = [s for s in range(self._n) if not self._absent[s]]
        while True:
            rolls = [(seat, randint(1, 6)) for seat in contenders]
            events.extend(event("rolloff", seat, None, die) for seat, die in rolls)
            best = max(die for _, die in rolls)
            contenders = [seat for seat, die in rolls if die == best]
            if len(contenders) == 1:
                return contenders[0]
            events.append(event("rolloff_tie", None, None, tuple(contenders)))

    def _end_round(self, winner: int, events: list[Event]) -> None:
        self._round_winner = winner
        self._rounds_played += 1
        self._current = None
        events.append(event("round_won", winner, None, self._pot))
        if self.match == "single":
            self._finish((winner,), events, announce=False)
            return
        scores = self._scores
        if self.match == "rounds":
            scores[winner] += self._pot
            events.append(event("match_scores", None, None, tuple(scores)))
            if self._rounds_played >= self._rounds_setting:
                best = max(scores)
                self._finish(tuple(s for s, p in enumerate(scores) if p == best), events)
                return
        else:
            taken = self._pot + sum(self._chips)
            scores[winner] += taken
            self._pot = 0
            self._chips = [0] * self._n
            self._holders = 0
            events.append(event("table_taken", winner, None, taken))
            for seat, bank in enumerate(scores):
                if not bank and not self._broke[seat]:
                    self._broke[seat] = self._absent[seat] = True
                    events.append(event("match_out", seat))
            events.append(event("match_scores", None, None, tuple(scores)))
            if self._broke.count(False) == 1:
                self._finish((winner,), events)
                return
        self._phase = "round_over"

    def _finish(self, winners: tuple[int, ...], events: list[Event], announce: bool = True) -> None:
        self._winners = winners
        self._phase = "over"
        if announce:
            events.append(event("match_over", None, None, winners))

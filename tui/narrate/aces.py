"""Aces in the Pot events in words: "Ann rolls ⚀ ⚅: one chip to the pot, one to Ben".

A roll and the chips it moves make one line, so the log reads one line per turn; the
round's end, stakes and standings get lines of their own. Plain strings only: names are
user text and the widget showing these lines must not parse them as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.engine.core import Event
from tui.glyphs import dice as dice_glyphs
from tui.glyphs import die as die_glyph
from tui.narrate.words import join_names

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count(number: int, noun: str = "") -> str:
    """'one chip', 'two chips', '12 chips' (or just the number word without a noun)."""
    word = _WORDS[number] if 0 <= number < len(_WORDS) else str(number)
    if not noun:
        return word
    return f"{word} {noun}{'' if number == 1 else 's'}"


def chips(number: int) -> str:
    """'1 chip', '5 chips': amounts in digits, which read faster in a busy log."""
    return f"{number} chip{'' if number == 1 else 's'}"


def points(number: int) -> str:
    """'1 point', '5 points': a rounds match's score, in digits like ``chips``."""
    return f"{number} point{'' if number == 1 else 's'}"


def describe(events: Sequence[Event], names: Sequence[str], ascii_only: bool = False) -> list[str]:
    """One plain-text log line per roll, roll-off, end of round or standing."""
    teller = _Teller(list(events), list(names), ascii_only)
    return teller.lines()


class _Teller:
    def __init__(self, events: list[Event], names: list[str], ascii_only: bool) -> None:
        self.events = events
        self.names = names
        self.ascii = ascii_only
        self.pos = 0
        self.out: list[str] = []

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def take_while(self, kinds: tuple[str, ...], seat: int | None = None) -> list[Event]:
        taken = []
        while self.pos < len(self.events):
            event = self.events[self.pos]
            if event.kind not in kinds or (seat is not None and event.seat != seat):
                break
            taken.append(event)
            self.pos += 1
        return taken

    def lines(self) -> list[str]:
        while self.pos < len(self.events):
            event = self.events[self.pos]
            self.pos += 1
            handler = getattr(self, f"on_{event.kind}", None)
            if handler is not None:
                handler(event)
        return self.out

    # ------------------------------------------------------------------ start

    def on_round_start(self, event: Event) -> None:
        stakes = self.take_while(("stake",))
        amounts = {e.value for e in stakes}
        if len(amounts) == 1:
            chips = f"everyone starts with {count(amounts.pop(), 'chip')}"
        else:
            chips = "chips in hand: " + ", ".join(f"{self.name(e.seat)} {e.value}" for e in stakes)
        self.out.append(f"Round {event.value}: {chips}")

    def on_stake(self, event: Event) -> None:
        self.out.append(f"{self.name(event.seat)} starts with {count(event.value, 'chip')}")

    def on_rolloff(self, event: Event) -> None:
        self.pos -= 1
        rolls = self.take_while(("rolloff",))
        shown = ", ".join(f"{self.name(e.seat)} {die_glyph(e.value, self.ascii)}" for e in rolls)
        self.out.append(f"Roll-off: {shown}")

    def on_rolloff_tie(self, event: Event) -> None:
        tied = join_names([self.name(seat) for seat in event.value])
        rolls = self.take_while(("rolloff",))
        shown = ", ".join(f"{self.name(e.seat)} {die_glyph(e.value, self.ascii)}" for e in rolls)
        self.out.append(f"{tied} tie and roll again: {shown}")

    def on_first_player(self, event: Event) -> None:
        self.out.append(f"{self.name(event.seat)} rolls first")

    # ------------------------------------------------------------------ turns

    def on_roll(self, event: Event) -> None:
        who = self.name(event.seat)
        faces = dice_glyphs(event.value, self.ascii)
        moves = self.take_while(("chip_to_pot", "chip_passed"), event.seat)
        after = self.take_while(("nothing_moves", "choice_needed"), event.seat)
        if after and after[0].kind == "choice_needed":
            other = self.name(after[0].other)
            self.out.append(f"{who} rolls {faces} with one chip left: pot, or pass to {other}?")
        elif moves:
            self.out.append(f"{who} rolls {faces}: {self.moves(moves)}")
        elif 1 in event.value or 6 in event.value:
            self.out.append(f"{who} rolls {faces} with no chips: nothing moves")
        else:
            self.out.append(f"{who} rolls {faces}: nothing happens")

    def moves(self, moves: list[Event]) -> str:
        """'one chip to the pot, one to Ben': grouped by destination, in the order made."""
        groups: list[tuple[int | None, int]] = []
        for move in moves:
            target = None if move.kind == "chip_to_pot" else move.other
            if groups and groups[-1][0] == target:
                groups[-1] = (target, groups[-1][1] + 1)
            else:
                groups.append((target, 1))
        parts = []
        for index, (target, number) in enumerate(groups):
            amount = count(number, "chip") if index == 0 else count(number)
            where = "the pot" if target is None else self.name(target)
            parts.append(f"{amount} to {where}")
        return ", ".join(parts)

    def on_chip_to_pot(self, event: Event) -> None:
        """Only after a choice (a roll's own chips are told with the roll)."""
        self.out.append(f"{self.name(event.seat)} puts the last chip into the pot")

    def on_chip_passed(self, event: Event) -> None:
        who, other = self.name(event.seat), self.name(event.other)
        self.out.append(f"{who} passes the last chip to {other}")

    def on_nothing_moves(self, event: Event) -> None:
        self.out.append(f"Nothing moves for {self.name(event.seat)}")

    def on_final_roll(self, event: Event) -> None:
        who = self.name(event.seat)
        faces = dice_glyphs(event.value, self.ascii)
        outcome = self.take_while(("final_roll_saved", "player_out"), event.seat)
        if outcome and outcome[0].kind == "final_roll_saved":
            leader = self.name(outcome[0].other)
            self.out.append(f"{who}'s final roll {faces}: a six! {leader} hands over a chip")
        elif outcome:
            self.out.append(f"{who}'s final roll {faces}: no six, {who} is out of the round")
        else:
            self.out.append(f"{who}'s final roll {faces}")

    def on_final_roll_saved(self, event: Event) -> None:
        self.out.append(f"{self.name(event.other)} hands {self.name(event.seat)} a chip")

    def on_player_out(self, event: Event) -> None:
        self.out.append(f"{self.name(event.seat)} is out of the round")

    def on_choice_needed(self, event: Event) -> None:
        who, other = self.name(event.seat), self.name(event.other)
        self.out.append(f"{who} chooses: the last chip into the pot, or to {other}?")

    # ------------------------------------------------------------------ endings

    def on_round_won(self, event: Event) -> None:
        who = self.name(event.seat)
        if event.value:
            self.out.append(f"{who} wins the round and the pot of {chips(event.value)}")
        else:
            self.out.append(f"{who} wins the round (the pot is empty)")

    def on_table_taken(self, event: Event) -> None:
        taken = chips(event.value)
        self.out.append(f"{self.name(event.seat)} takes every chip on the table: {taken}")

    def on_match_out(self, event: Event) -> None:
        self.out.append(f"{self.name(event.seat)}'s bankroll is empty: out of the match")

    def on_match_scores(self, event: Event) -> None:
        shown = ", ".join(f"{self.name(seat)} {score}" for seat, score in enumerate(event.value))
        self.out.append(f"Standings: {shown}")

    def on_match_over(self, event: Event) -> None:
        winners = [self.name(seat) for seat in event.value]
        if len(winners) == 1:
            self.out.append(f"{winners[0]} wins the match!")
        else:
            self.out.append(f"{join_names(winners)} share the match!")

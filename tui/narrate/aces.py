"""Aces in the Pot events in words: "Ann rolls ⚀ ⚅: one chip to the pot, one to Ben".

A roll and the chips it moves make one line, so the log reads one line per turn; the
round's end, stakes and standings get lines of their own. Plain strings only: names are
user text and the widget showing these lines must not parse them as markup.

With a ``Voice`` (the plain-text table) the same lines are made to be heard: dice in
words, each line a sentence, and personal ("You roll a one and a six: one chip to the
pot, one to Ben. You have none left."); ``held`` (chips in hand after the move, by
seat) lets a roller hear what they have left.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.engine.core import Event
from tui.glyphs import dice as dice_glyphs
from tui.glyphs import dice_words, die_words
from tui.glyphs import die as die_glyph
from tui.narrate.words import Voice, join_names, seat_name, sentence, subject_of

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


def describe(
    events: Sequence[Event],
    names: Sequence[str],
    ascii_only: bool = False,
    *,
    voice: Voice | None = None,
    held: Sequence[int] = (),
) -> list[str]:
    """One plain-text log line per roll, roll-off, end of round or standing (said for
    ``voice``, when given: see the module)."""
    teller = _Teller(list(events), list(names), ascii_only, voice, tuple(held))
    lines = teller.lines()
    return lines if voice is None else [sentence(line) for line in lines]


class _Teller:
    def __init__(
        self,
        events: list[Event],
        names: list[str],
        ascii_only: bool,
        voice: Voice | None = None,
        held: tuple[int, ...] = (),
    ) -> None:
        self.events = events
        self.names = names
        self.ascii = ascii_only
        self.voice = voice
        self.held = held
        self.pos = 0
        self.out: list[str] = []

    def name(self, seat: int | None) -> str:
        return seat_name(self.names, seat, self.voice)

    def subject(self, seat: int | None, verb: str, you_verb: str) -> str:
        return subject_of(self.names, seat, verb, you_verb, self.voice)

    def whose(self, seat: int | None) -> str:
        """ "Ann's", or "Your"."""
        if self.voice is not None and self.voice.is_you(seat):
            return "Your"
        return f"{self.name(seat)}'s"

    def faces(self, values: tuple[int, ...]) -> str:
        return dice_glyphs(values, self.ascii) if self.voice is None else dice_words(values)

    def face(self, value: int) -> str:
        return die_glyph(value, self.ascii) if self.voice is None else die_words(value)

    def left(self, seat: int | None) -> str:
        """ ". You have one chip left." after the roll of a person at this terminal moved
        their chips (heard; "Ann has ..." when several share the keyboard)."""
        voice = self.voice
        if voice is None or voice.brief or not voice.here(seat):
            return ""
        if seat is None or seat >= len(self.held):
            return ""
        number = self.held[seat]
        has = "You have" if voice.is_you(seat) else f"{self.names[seat]} has"
        return f". {has} {'none' if number == 0 else count(number, 'chip')} left"

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
        starts = self.subject(event.seat, "starts", "start")
        self.out.append(f"{starts} with {count(event.value, 'chip')}")

    def on_rolloff(self, event: Event) -> None:
        self.pos -= 1
        self.out.append(f"Roll-off: {self.rolloff(self.take_while(('rolloff',)))}")

    def on_rolloff_tie(self, event: Event) -> None:
        tied = join_names([self.name(seat) for seat in event.value])
        rolls = self.rolloff(self.take_while(("rolloff",)))
        self.out.append(f"{tied} tie and roll again: {rolls}")

    def rolloff(self, rolls: list[Event]) -> str:
        """ "Ann ⚃, Ben ⚅"; heard: "Ann rolls a four, Ben a six"."""
        shown = [f"{self.name(e.seat)} {self.face(e.value)}" for e in rolls]
        if self.voice is not None and rolls:
            first = rolls[0]
            verb = "roll" if self.voice.is_you(first.seat) else "rolls"
            shown[0] = f"{self.name(first.seat)} {verb} {self.face(first.value)}"
        return ", ".join(shown)

    def on_first_player(self, event: Event) -> None:
        self.out.append(f"{self.subject(event.seat, 'rolls', 'roll')} first")

    # ------------------------------------------------------------------ turns

    def on_roll(self, event: Event) -> None:
        who = self.subject(event.seat, "rolls", "roll")
        faces = self.faces(event.value)
        moves = self.take_while(("chip_to_pot", "chip_passed"), event.seat)
        after = self.take_while(("nothing_moves", "choice_needed"), event.seat)
        brief = self.voice is not None and self.voice.brief
        if brief:  # "Ann: a one and a six: one chip to the pot, one to Ben"
            who = "You" if who.startswith("You ") else self.name(event.seat)
            who += ":"
        if after and after[0].kind == "choice_needed":
            other = self.name(after[0].other)
            self.out.append(f"{who} {faces} with one chip left: pot, or pass to {other}?")
        elif moves:
            self.out.append(f"{who} {faces}: {self.moves(moves)}{self.left(event.seat)}")
        elif 1 in event.value or 6 in event.value:
            self.out.append(f"{who} {faces} with no chips: nothing moves")
        else:
            self.out.append(f"{who} {faces}" if brief else f"{who} {faces}: nothing happens")

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
        puts = self.subject(event.seat, "puts", "put")
        self.out.append(f"{puts} the last chip into the pot{self.left(event.seat)}")

    def on_chip_passed(self, event: Event) -> None:
        who, other = self.subject(event.seat, "passes", "pass"), self.name(event.other)
        self.out.append(f"{who} the last chip to {other}{self.left(event.seat)}")

    def on_nothing_moves(self, event: Event) -> None:
        self.out.append(f"Nothing moves for {self.name(event.seat)}")

    def on_final_roll(self, event: Event) -> None:
        who = self.name(event.seat)
        outcome = self.take_while(("final_roll_saved", "player_out"), event.seat)
        if self.voice is not None:
            self.out.append(self.final_roll_heard(event, outcome))
            return
        faces = dice_glyphs(event.value, self.ascii)
        if outcome and outcome[0].kind == "final_roll_saved":
            leader = self.name(outcome[0].other)
            self.out.append(f"{who}'s final roll {faces}: a six! {leader} hands over a chip")
        elif outcome:
            self.out.append(f"{who}'s final roll {faces}: no six, {who} is out of the round")
        else:
            self.out.append(f"{who}'s final roll {faces}")

    def final_roll_heard(self, event: Event, outcome: list[Event]) -> str:
        """ "Your final roll: a two and a three. No six: you are out of the round." """
        said = f"{self.whose(event.seat)} final roll: {dice_words(event.value)}"
        if outcome and outcome[0].kind == "final_roll_saved":
            return f"{said}. A six! {self.subject(outcome[0].other, 'hands', 'hand')} over a chip"
        if outcome:
            out = self.subject(event.seat, "is", "are")
            return f"{said}. No six: {out[0].lower()}{out[1:]} out of the round"
        return said

    def on_final_roll_saved(self, event: Event) -> None:
        self.out.append(f"{self.name(event.other)} hands {self.name(event.seat)} a chip")

    def on_player_out(self, event: Event) -> None:
        self.out.append(f"{self.subject(event.seat, 'is', 'are')} out of the round")

    def on_choice_needed(self, event: Event) -> None:
        who, other = self.subject(event.seat, "chooses", "choose"), self.name(event.other)
        self.out.append(f"{who}: the last chip into the pot, or to {other}?")

    # ------------------------------------------------------------------ endings

    def on_round_won(self, event: Event) -> None:
        who = self.subject(event.seat, "wins", "win")
        if event.value:
            self.out.append(f"{who} the round and the pot of {chips(event.value)}")
        else:
            self.out.append(f"{who} the round (the pot is empty)")

    def on_table_taken(self, event: Event) -> None:
        taken = chips(event.value)
        who = self.subject(event.seat, "takes", "take")
        self.out.append(f"{who} every chip on the table: {taken}")

    def on_match_out(self, event: Event) -> None:
        self.out.append(f"{self.whose(event.seat)} bankroll is empty: out of the match")

    def on_match_scores(self, event: Event) -> None:
        if self.voice is not None:
            return  # heard with the round's end, each number with what it counts
        shown = ", ".join(f"{self.name(seat)} {score}" for seat, score in enumerate(event.value))
        self.out.append(f"Standings: {shown}")

    def on_match_over(self, event: Event) -> None:
        winners = [self.name(seat) for seat in event.value]
        if len(winners) == 1:
            self.out.append(f"{self.subject(event.value[0], 'wins', 'win')} the match!")
        else:
            self.out.append(f"{join_names(winners)} share the match!")

"""Chase the Ace events in words: "Ben changes with Cleo", "Cleo shows a King: no swap".

Private events (a card dealt, received or taken from the stock) are told only to the
seat they belong to: with ``viewer=None`` they are skipped, so the public log can never
show a face-down card. A cut and what it found make one line. Plain strings only: names
are user text and the widget showing these lines must not parse them as markup.

With a ``Voice`` (the plain-text table) the lines are made to be heard: cards in words
("the Queen of spades"), each line a sentence, personal to the people at the terminal
("You change with Cleo.", "Ben changes with you.").
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.engine.chase.rules import RANK_OF
from tui.engine.core import Event
from tui.glyphs import card as card_glyph
from tui.glyphs import card_words
from tui.narrate.words import Voice, join_names, seat_name, sentence, subject_of


def lives(number: int) -> str:
    return f"{number} {'life' if number == 1 else 'lives'} left"


def safe_pairs(
    cards: Sequence[tuple[int, str]],
    losers: Sequence[int],
    ascii_only: bool = False,
    *,
    heard: bool = False,
) -> str:
    """Why a card lower than the losers' survived the showdown (Pairs are safe): "Pairs
    are safe: 5♣ and 5♦ are paired", or "" when no such card was shown.

    Told from the showdown alone, so the log and the showdown box say the same: a paired
    rank below the lowest loser's can only have lived because pairs are safe."""
    ranks = [RANK_OF[code[0]] for seat, code in cards if seat in losers]
    if not ranks:
        return ""
    groups: dict[int, list[str]] = {}
    for _, code in sorted(cards, key=lambda sc: (RANK_OF[sc[1][0]], sc[0])):
        if RANK_OF[code[0]] < min(ranks):
            said = card_words(code) if heard else card_glyph(code, ascii_only)
            groups.setdefault(RANK_OF[code[0]], []).append(said)
    paired = [join_names(group) for group in groups.values() if len(group) > 1]
    if not paired:
        return ""
    return "Pairs are safe: " + "; ".join(f"{group} are paired" for group in paired)


def describe(
    events: Sequence[Event],
    names: Sequence[str],
    ascii_only: bool = False,
    viewer: int | None = None,
    *,
    voice: Voice | None = None,
) -> list[str]:
    """One plain-text line per thing that happened that ``viewer`` may know of (said for
    ``voice``, when given: see the module)."""
    visible = [e for e in events if e.private_to is None or e.private_to == viewer]
    lines = _Teller(visible, list(names), ascii_only, voice).lines()
    return lines if voice is None else [sentence(line) for line in lines]


class _Teller:
    def __init__(
        self, events: list[Event], names: list[str], ascii_only: bool, voice: Voice | None = None
    ) -> None:
        self.events = events
        self.names = names
        self.ascii = ascii_only
        self.voice = voice
        self.showdown: dict[int, str] = {}

    def name(self, seat: int | None) -> str:
        return seat_name(self.names, seat, self.voice)

    def subject(self, seat: int | None, verb: str, you_verb: str) -> str:
        return subject_of(self.names, seat, verb, you_verb, self.voice)

    def inside(self, seat: int | None, verb: str, you_verb: str) -> str:
        """``subject`` inside a sentence: "you show"."""
        said = self.subject(seat, verb, you_verb)
        return "you" + said[3:] if said.startswith("You ") else said

    def card(self, code: str) -> str:
        return card_glyph(code, self.ascii) if self.voice is None else card_words(code)

    def lines(self) -> list[str]:
        out: list[str] = []
        events = self.events
        index = 0
        while index < len(events):
            event = events[index]
            following = events[index + 1] if index + 1 < len(events) else None
            if event.kind in ("cut", "draw"):
                out.append(self.exchange(event, following))
                paired = following is not None and following.kind in ("cut_king", "dealer_takes")
                index += 2 if paired else 1
                continue
            line = self.one(event)
            if line:
                out.append(line)
            if event.kind == "showdown":
                out.extend(self.pairs(event, events[index + 1 :]))
            index += 1
        return out

    def pairs(self, showdown: Event, after: list[Event]) -> list[str]:
        """The Pairs are safe line for this showdown, from the lives it took."""
        losers = [e.seat for e in after if e.kind == "life_lost" and e.seat is not None]
        line = safe_pairs(showdown.value, losers, self.ascii, heard=self.voice is not None)
        return [line] if line else []

    def exchange(self, event: Event, found: Event | None) -> str:
        """The dealer's cut or draw and what came of it, in one line (with the card only
        when this viewer may know it: no King was found, so the dealer took the card)."""
        if self.voice is not None:
            return self.exchange_heard(event, found)
        who = self.name(event.seat)
        did = f"cuts the deck at {event.value}" if event.kind == "cut" else "draws the top card"
        if found is not None and found.kind == "cut_king":
            return f"{who} {did} and finds {self.card(found.value)}: keeps the old card"
        if found is not None and found.kind == "dealer_takes":
            return f"{who} {did} and takes {self.card(found.value)}"
        return f"{who} {did} and takes {'it' if event.kind == 'draw' else 'that card'}"

    def exchange_heard(self, event: Event, found: Event | None) -> str:
        """ "You cut the deck at card 23 and find the King of hearts: you keep your card." """
        you = self.voice is not None and self.voice.is_you(event.seat)
        if event.kind == "cut":
            did = self.subject(event.seat, "cuts", "cut") + f" the deck at card {event.value}"
        else:
            did = self.subject(event.seat, "draws", "draw") + " the top card"
        if found is not None and found.kind == "cut_king":
            keeps = "you keep your card" if you else "keeps the old card"
            return f"{did} and {'find' if you else 'finds'} {self.card(found.value)}: {keeps}"
        takes = "take" if you else "takes"
        if found is not None and found.kind == "dealer_takes":
            return f"{did} and {takes} {self.card(found.value)}"
        return f"{did} and {takes} {'it' if event.kind == 'draw' else 'that card'}"

    def one(self, e: Event) -> str:
        if self.voice is not None:
            return self.heard(e)
        kind, who = e.kind, self.name(e.seat)
        if kind == "dealer_chosen":
            how = " (drawn at random)" if e.value == "random" else ""
            return f"{who} deals first{how}"
        if kind == "dealt":
            self.showdown = {}
            return f"{who} deals one card to each of {e.value} players"
        if kind == "card_dealt":
            return f"{who} is dealt {self.card(e.value)}"
        if kind == "stand":
            return f"{who} stands"
        if kind == "swap":
            return f"{who} changes with {self.name(e.other)}"
        if kind == "card_received":
            return f"{who} gets {self.card(e.value)} from {self.name(e.other)}"
        if kind == "card_announced":
            return f"Announced: {self.name(e.other)} hands {self.card(e.value)} to {who}"
        if kind == "swap_blocked":
            holder = self.name(e.other)
            return f"{who} asks to change, {holder} shows a King ({self.card(e.value)}): no swap"
        if kind == "king_shown":
            return f"{who} puts a King face up ({self.card(e.value)})"
        if kind == "cut_king":
            return f"{who} finds {self.card(e.value)}: keeps the old card"
        if kind == "dealer_takes":
            return f"{who} takes {self.card(e.value)}"
        if kind == "showdown":
            self.showdown = {seat: code for seat, code in e.value}
            shown = ", ".join(f"{self.name(s)} {self.card(c)}" for s, c in sorted(e.value))
            return f"Showdown: {shown}"
        if kind == "life_lost":
            code = self.showdown.get(e.seat) if e.seat is not None else None
            why = f"with {self.card(code)}" if code else "for finding a King"
            return f"{who} loses a life {why} ({lives(e.value)})"
        if kind == "player_out":
            return f"{who} is out"
        if kind == "game_won":
            return f"{who} wins the game"
        if kind == "next_dealer":
            return f"The deal passes to {who}"
        return self.table(e)

    def table(self, e: Event) -> str:
        """What happens to the table as a whole, worded the same heard or drawn."""
        kind = e.kind
        if kind == "play_stopped":
            return "A King stops play: straight to the showdown"
        if kind == "nobody_loses":
            return "Every card is paired: nobody loses a life"
        if kind == "all_out_replay":
            group = join_names([self.name(s) for s in e.value])
            return f"{group} would all go out: they keep their last life and play again"
        if kind == "shared_win":
            return f"{join_names([self.name(s) for s in e.value])} share the win"
        return ""

    def heard(self, e: Event) -> str:
        """One event said aloud, personal to the people at this terminal."""
        kind, who = e.kind, self.name(e.seat)
        if kind == "dealer_chosen":
            how = " (drawn at random)" if e.value == "random" else ""
            return f"{self.subject(e.seat, 'deals', 'deal')} first{how}"
        if kind == "dealt":
            self.showdown = {}
            return f"{self.subject(e.seat, 'deals', 'deal')} one card to each of {e.value} players"
        if kind == "card_dealt":
            return f"{self.subject(e.seat, 'is', 'are')} dealt {self.card(e.value)}"
        if kind == "stand":
            return self.subject(e.seat, "stands", "stand")
        if kind == "swap":
            return f"{self.subject(e.seat, 'changes', 'change')} with {self.name(e.other)}"
        if kind == "card_received":
            got = self.subject(e.seat, "gets", "get")
            return f"{got} {self.card(e.value)} from {self.name(e.other)}"
        if kind == "card_announced":
            hands = self.inside(e.other, "hands", "hand")
            return f"Announced: {hands} {self.card(e.value)} to {who}"
        if kind == "swap_blocked":
            shows = self.inside(e.other, "shows", "show")
            asks = self.subject(e.seat, "asks", "ask")
            return f"{asks} to change, but {shows} {self.card(e.value)}: no swap"
        if kind == "king_shown":
            return f"{self.subject(e.seat, 'puts', 'put')} {self.card(e.value)} face up"
        if kind == "cut_king":
            return f"{self.subject(e.seat, 'finds', 'find')} {self.card(e.value)}: no change"
        if kind == "dealer_takes":
            return f"{self.subject(e.seat, 'takes', 'take')} {self.card(e.value)}"
        if kind == "showdown":
            self.showdown = {seat: code for seat, code in e.value}
            shown = [f"{self.name(s)} {self.card(c)}" for s, c in sorted(e.value)]
            if shown:
                first = sorted(e.value)[0][0]
                has = "have" if self.name(first) == "you" else "has"
                shown[0] = shown[0].replace(" the ", f" {has} the ", 1)
            return f"Showdown: {', '.join(shown)}"
        if kind == "life_lost":
            code = self.showdown.get(e.seat) if e.seat is not None else None
            why = f"with {self.card(code)}" if code else "for finding a King"
            loses = self.subject(e.seat, "loses", "lose")
            return f"{loses} a life {why}: {lives(e.value)}"
        if kind == "player_out":
            return f"{self.subject(e.seat, 'is', 'are')} out"
        if kind == "game_won":
            return f"{self.subject(e.seat, 'wins', 'win')} the game"
        if kind == "next_dealer":
            return f"The deal passes to {who}"
        return self.table(e)

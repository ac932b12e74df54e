"""Chase the Ace at the table in words, and who may see which card (ruling C10).

The pure half of the Chase kit (``tui.session.table_words``): the info box, what a
player knows, the curtains between people, the showdown and the cut's question, and
``SharedKeyboard``, the privacy rule. Everything here reads a ``TableView`` (public, or
one seat's) and events, never the game itself, so it can only say what its viewer may
know: the info box of a public table names no face-down card, and a player's private
view adds only that player's card and the swap they were part of. The log is always
public: events are told with ``viewer=None``, so a card dealt, received or taken from
the stock never reaches it. Plain strings (names are user text, never markup).

Ruling C10 for a game with hidden cards, ``SharedKeyboard``:

- one person at the table (the rest computer players): that person's view is drawn
  all the time, the computer players' cards stay face down;
- two or more people still in the game: the table is public until the person whose
  turn it is has passed the curtain, and only while it is still their turn;
- a curtain comes before such a person's turn, except while dealing (nothing is
  hidden yet) or when their King is face up (they can only stand, in full view);
- after a person's swap they see what they got back, alone (a second curtain),
  unless the move ended the round (the showdown shows every card anyway).

Heard (a ``voice``, the plain-text table): cards in words, the log personal, a round's
end without what its log has just said, and the answers to a player's questions: whose
turn and who deals with the cards everyone knows, everyone's lives, and the player's own
card (``own_card_line``: from their own view, so never another's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tui.engine.chase.odds import loss_chance, move_chances
from tui.engine.chase.rules import RANK_OF
from tui.engine.chase.view import ChaseView
from tui.engine.core import Action, Event, SeatView, TableView
from tui.games.spec import GameSpec
from tui.glyphs import card as card_glyph
from tui.glyphs import card_words
from tui.narrate.chase import describe, safe_pairs
from tui.narrate.chase_recap import recap
from tui.narrate.words import join_names, percent
from tui.session.privacy import curtains_needed, people_in
from tui.session.seat_control import TableController
from tui.session.table_model import NumberChoice, PrivateCard, RoundSummary, ShownCard
from tui.session.table_words import TableWords, variants_line

SWAP = "swap"
"""The event of a person's change of cards with a neighbour."""

ROUND_END_KINDS = frozenset(
    {"showdown", "nobody_loses", "all_out_replay", "shared_win", "game_won"}
)
"""Events that end a Chase round: every card is shown then, nothing stays private."""


class SharedKeyboard:
    """Ruling C10: hidden cards, people sharing one keyboard (see the module)."""

    def viewer(self, controller: TableController, current: int | None) -> int | None:
        people = people_in(controller)
        if len(people) >= 2:
            turn = controller.view(None).phase == "turn"
            if turn and current is not None and current == controller.whose_turn():
                return current
            return None
        if len(controller.humans) == 1:
            return controller.humans[0]
        return people[0] if people else None

    def curtain_before(self, controller: TableController, seat: int) -> bool:
        if not curtains_needed(controller) or seat not in controller.humans:
            return False
        view = controller.view(None)
        return view.phase == "turn" and view.seats[seat].card_state != "king"

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event]
    ) -> bool:
        kinds = {event.kind for event in events}
        if kinds & ROUND_END_KINDS or SWAP not in kinds:
            return False
        return curtains_needed(controller)


SHARED_KEYBOARD = SharedKeyboard()
"""The rule keeps no state: one instance serves every table."""

MOVE_WORDS = {
    "stand": "stood",
    "change": "changed",
    "blocked": "blocked",
    "king": "King up",
    "cut": "cut",
    "draw": "drew",
}
"""What each seat did this round (``ChaseView.moves``), as a word for its panel."""


def lives_words(count: int) -> str:
    if count == 0:
        return "no lives"
    return f"{count} {'life' if count == 1 else 'lives'}"


def status_line(view: TableView, names: Sequence[str], ascii_only: bool = False) -> str:
    """ "Round 2 · Ann deals · 2 turns left" and the like (the panels say whose turn)."""
    if view.phase == "over":
        return f"Game over after {view.round} rounds"
    dealer = next((s.seat for s in view.seats if "dealer" in s.flags), None)
    parts = [f"Round {view.round}"]
    if dealer is not None:
        parts.append(f"{names[dealer]} {'deals' if view.phase == 'turn' else 'to deal'}")
    if view.phase == "turn":
        left = ChaseView.of(view).turns_left
        parts.append(f"{left} turn{'s' if left != 1 else ''} left")
    return (" - " if ascii_only else " \u00b7 ").join(parts)


def _card(code: str, ascii_only: bool, heard: bool) -> str:
    """A card drawn (``10♠``, ``10s``) or heard (the ten of spades)."""
    return card_words(code) if heard else card_glyph(code, ascii_only)


def known_cards(
    view: TableView, names: Sequence[str], ascii_only: bool, *, heard: bool = False
) -> list[str]:
    """Kings face up and announced low cards: public knowledge, during a round."""
    if view.phase != "turn":
        return []
    kings = [s for s in view.seats if s.card_state == "king" and s.card]
    known = [s for s in view.seats if s.card_state == "announced" and s.card]
    lines = []
    has = " has " if heard else " "
    if kings:
        shown = ", ".join(
            f"{names[s.seat]}{has}{_card(s.card or '', ascii_only, heard)}" for s in kings
        )
        lines.append(f"Kings up: {shown}" + ("." if heard else ""))
    if known:
        shown = ", ".join(
            f"{names[s.seat]}{has}{_card(s.card or '', ascii_only, heard)}" for s in known
        )
        lines.append(f"Known: {shown}" + ("." if heard else ""))
    return lines


def _move(view: TableView, seat: int) -> str:
    moves = ChaseView.of(view).moves
    return str(moves[seat]) if seat < len(moves) else ""


def no_change_line(view: TableView, names: Sequence[str]) -> list[str]:
    reason = ChaseView.of(view).no_change
    if not reason or view.current is None:
        return []
    return [f"No change: {reason}"]


def info_lines(
    view: TableView, names: Sequence[str], ascii_only: bool, titles: Mapping[str, str]
) -> list[str]:
    """The info box: status, the variants in force (always, so nobody argues about the
    rules), why Change is missing, and the cards everyone knows. (What only the viewer
    knows, where their card came from, is beside the card in the middle.)"""
    return [
        status_line(view, names, ascii_only),
        variants_line(view.variants, titles),
        *no_change_line(view, names),
        *known_cards(view, names, ascii_only),
    ]


def seat_word(view: TableView, seat: SeatView) -> str:
    """A word for the panel next to the card: why it is shown, or what the seat did."""
    if seat.out or view.phase != "turn":
        return ""
    if seat.card_state == "king":
        return "King up"
    if seat.card_state == "announced":
        return "known"
    move = MOVE_WORDS.get(_move(view, seat.seat), "")
    if seat.card_state == "own":
        return f"yours, {move}" if move else "yours"
    return move


# -- the end of a round ----------------------------------------------------------------


def _played(view: TableView) -> int:
    return view.round if view.phase == "over" else max(1, view.round - 1)


def showdown_cards(
    cards: Sequence[tuple[int, str]],
    losers: Sequence[int],
    names: Sequence[str],
    pairs_safe: bool,
    ascii_only: bool,
    heard: bool = False,
) -> tuple[ShownCard, ...]:
    """The showdown's cards lowest first (ties by seat), each marked: lost a life with
    it, or paired and so safe (Pairs are safe)."""
    ordered = sorted(cards, key=lambda sc: (RANK_OF[sc[1][0]], sc[0]))
    counts: dict[str, int] = {}
    for _, code in cards:
        counts[code[0]] = counts.get(code[0], 0) + 1
    shown = []
    for seat, code in ordered:
        mark = ""
        if seat in losers:
            mark = "loser"
        elif pairs_safe and counts[code[0]] > 1:
            mark = "safe"
        shown.append(ShownCard(_card(code, ascii_only, heard), names[seat], mark))
    return tuple(shown)


def _why(code: str | None, cards: dict[int, str], pairs_safe: bool, ascii_only: bool) -> str:
    """Why a life was lost, in a few words: "4♣, tied for lowest"."""
    if not code:
        return "found a King"
    card = card_glyph(code, ascii_only)
    if pairs_safe:
        return f"{card}, lowest unpaired"
    ties = sum(1 for other in cards.values() if other[0] == code[0])
    return f"{card}, {'tied for lowest' if ties > 1 else 'lowest'}"


def finishing_order(view: TableView, names: Sequence[str]) -> list[tuple[int, int]]:
    """(seat, round it went out in, 0 for the winners), winners first, then the last
    out first; seats out in the same round by seat."""
    out = ChaseView.of(view).out_round
    rounds = [int(out[s.seat]) if s.seat < len(out) else 0 for s in view.seats]
    order = sorted(
        view.seats,
        key=lambda s: (
            s.seat not in view.winners,
            -rounds[s.seat] if rounds[s.seat] else 0,
            s.seat,
        ),
    )
    return [(s.seat, 0 if s.seat in view.winners else rounds[s.seat]) for s in order]


def round_summary(
    view: TableView,
    events: Sequence[Event],
    names: Sequence[str],
    ascii_only: bool,
    *,
    heard: bool = False,
    you: int | None = None,
) -> RoundSummary | None:
    """The showdown (or the game's end) in words, when ``events`` ended a round;
    ``heard``: without the lines its log has just said (who lost a life and why, the
    pairs, a King found or shown, the next deal), cards in words, and seat ``you`` (the
    one person at the terminal) said as "you"."""

    def said(seat: int) -> str:
        return "you" if seat == you else names[seat]

    kinds = {e.kind for e in events}
    if not kinds & ROUND_END_KINDS:
        return None
    final = view.phase == "over"
    number = _played(view)
    pairs_safe = "pairs-safe" in view.variants
    lines: list[str] = []
    shown: tuple[ShownCard, ...] = ()
    showdown = next((e for e in events if e.kind == "showdown"), None)
    if showdown is not None:
        after = events[events.index(showdown) + 1 :]
        losing = [e.seat for e in after if e.kind == "life_lost" and e.seat is not None]
        shown = showdown_cards(showdown.value, losing, names, pairs_safe, ascii_only, heard)
        pairs = safe_pairs(showdown.value, losing, ascii_only)
        if pairs and not heard:
            lines.append(f"{pairs}.")
    for event in events if not heard else ():
        if event.kind == "cut_king" and event.seat is not None:
            king = card_glyph(event.value, ascii_only)
            lines.append(f"{names[event.seat]} found {king} and kept the old card.")
        elif event.kind == "play_stopped" and event.seat is not None:
            lines.append(f"{names[event.seat]}'s King stopped play.")
    losers = [e.seat for e in events if e.kind == "life_lost" and e.seat is not None]
    cards: dict[int, str] = {}
    for event in events if not heard else ():
        if event.kind == "showdown":
            # A life lost before the showdown (Dealer's King) was lost for the King found,
            # whatever card that dealer then shows: only later losses go with a card.
            cards = dict(event.value)
        elif event.kind == "life_lost" and event.seat is not None:
            who = names[event.seat]
            why = _why(cards.get(event.seat), cards, pairs_safe, ascii_only)
            then = f"{lives_words(event.value)} left" if event.value else "out"
            lines.append(f"{who} loses a life ({why}): {then}.")
        elif event.kind == "nobody_loses":
            lines.append("Every card is paired: nobody loses a life.")
        elif event.kind == "all_out_replay":
            group = join_names([names[s] for s in sorted(event.value)])
            lines.append(f"{group} would all go out: they keep their last life and play on.")
    lines.append(f"The pot holds {lives_words(view.pot)}.")
    standings: tuple[tuple[str, str, str], ...] = ()
    if final:
        winners = [said(s) for s in sorted(view.winners)]
        if len(winners) == 1:
            mine = winners[0] == "you"
            title = "You win!" if mine else f"{winners[0]} wins!"
            left = lives_words(view.seats[view.winners[0]].counters)
            last = "You are" if mine else f"{winners[0]} is"
            lines.append(f"{last} the last player with lives ({left}).")
        else:
            group = join_names(winners)
            title = f"{group[0].upper()}{group[1:]} share the win!"
            lines.append("They would all have gone out at once, so they share the win.")
        order = finishing_order(view, names)
        if len(order) <= 8:
            standings = tuple(
                (
                    names[seat],
                    lives_words(view.seats[seat].counters) if not out else f"out in round {out}",
                    "winner" if not out else "",
                )
                for seat, out in order
            )
        else:
            went = " in round " if heard else " "  # a number heard is said with its word
            places = [f"{names[s]}{went}{out}" for s, out in order if out]
            lines.append("Then, by the round each went out in: " + ", ".join(places) + ".")
    else:
        if losers:
            group = join_names([said(s) for s in dict.fromkeys(losers)])
            verb = "loses" if len(set(losers)) == 1 and group != "you" else "lose"
            title = f"Round {number}: {group} {verb} a life"
        elif "all_out_replay" in kinds:
            title = f"Round {number}: all out at once, play again"
        else:
            title = f"Round {number}: nobody loses"
        dealer = next((s.seat for s in view.seats if "dealer" in s.flags), None)
        if dealer is not None and not heard:
            lines.append(f"The deal passes to {names[dealer]}.")
    return RoundSummary(title, tuple(lines), standings, final=final, showdown=shown)


class ChaseWords(TableWords):
    """The public log, the info box, the curtains, the showdown and the cut."""

    has_odds = True

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec, describe, privacy=SHARED_KEYBOARD)

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        """The public log: never a private event, whoever is looking (C10)."""
        return describe(list(events), list(names), ascii_only, None, voice=self.voice)

    def info_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        """With odds on, a person's own view (never a public one: ``view.viewer`` is
        ``None`` there) leads with their chance of losing a life, from what they know."""
        return [*self._odds(view), *info_lines(view, names, ascii_only, self.titles)]

    def _odds(self, view: TableView) -> list[str]:
        if not self.odds_on:
            return []
        choice = move_chances(view)
        if choice is not None:  # their turn: the same numbers the sharp computer uses
            keep, other = percent(choice.keep), percent(choice.other)
            return [f"Lose a life if nobody else changes: keep {keep}, {choice.move} {other}"]
        chance = loss_chance(view)
        if chance is None:
            return []
        return [f"You lose a life: {percent(chance)} if nobody changes"]

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str], ascii_only: bool
    ) -> RoundSummary | None:
        voice = self.voice
        you = next(iter(voice.you)) if voice is not None and len(voice.you) == 1 else None
        return round_summary(view, events, names, ascii_only, heard=voice is not None, you=you)

    def recap(
        self, events: Sequence[Event], names: Sequence[str], who: str, ascii_only: bool
    ) -> list[str]:
        """What a person missed while computers played; heard, nothing was missed:
        every move was said as it was made (and the scrollback keeps it)."""
        if self.voice is not None:
            return []
        return recap(events, names, who, ascii_only)

    # -- heard: the plain-text table's answers -------------------------------------------

    def amount(self, number: int) -> str:
        return lives_words(number)

    def turn_line(self, view: TableView, names: Sequence[str]) -> str:
        """ "Round 2: Ben deals; it is your turn, Cleo, 2 turns left. Kings up: ..." """
        if view.phase == "over":
            return "The game is over."
        voice = self.voice
        dealer = next((s.seat for s in view.seats if "dealer" in s.flags), None)
        if view.phase != "turn" or view.current is None:
            if dealer is None:
                return f"Round {view.round}: the next deal is to come."
            if voice is not None and voice.is_you(dealer):
                return f"Round {view.round}: your deal, {names[dealer]}."
            return f"Round {view.round}: {names[dealer]} deals next."
        deals = ""
        if dealer is not None:
            you = voice is not None and voice.is_you(dealer)
            deals = "you deal; " if you else f"{names[dealer]} deals; "
        current = view.current
        if voice is not None and voice.is_you(current):
            turn = f"it is your turn, {names[current]}"
        else:
            turn = f"it is {names[current]}'s turn"
        left = ChaseView.of(view).turns_left
        said = f"Round {view.round}: {deals}{turn}, {left} turn{'s' if left != 1 else ''} left."
        return " ".join([said, *known_cards(view, names, False, heard=True)])

    def own_card_line(self, view: TableView) -> str | None:
        """The viewer's own card and how they came by it, during a round (their view)."""
        me = view.seats[view.viewer] if view.viewer is not None else None
        if me is None or me.card is None or view.phase != "turn" or me.card_state == "showdown":
            return None
        said = f"Your card is {card_words(me.card)}"
        detail = ChaseView.of(view)
        if detail.received is not None and detail.gave is not None:
            other = view.seats[detail.received[0]].name
            said += f": you gave {card_words(detail.gave[1])} to {other} for it"
        if me.card_state == "king":
            said += ", face up: a King cannot be taken"
        elif me.card_state == "announced":
            said += ", and everyone knows it"
        return said + "."

    def odds_lines(
        self, view: TableView, names: Sequence[str], odds: Sequence[float] | None
    ) -> list[str]:
        return [f"{line}." for line in self._odds(view)]

    def number_request(self, action: Action, view: TableView) -> NumberChoice | None:
        if action.kind != "cut" or action.arg_range is None:
            return None
        dealer = view.current
        name = view.seats[dealer].name if dealer is not None else "The dealer"
        if "kings-swap" in view.variants:
            note = "Kings swap too: whatever you find, you take it."
        elif "dealers-king" in view.variants:
            note = "A King found is shown and refused, and costs you a life (Dealer's King)."
        else:
            note = "A King found is shown and refused: you keep your card."
        return NumberChoice(action, name, action.arg_range, note)

    def pass_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        if self.voice is not None:
            return [self.turn_line(view, names)]
        return [
            status_line(view, names, ascii_only),
            *known_cards(view, names, ascii_only),
        ]

    def private_result(
        self, view: TableView, seat: int, names: Sequence[str], ascii_only: bool
    ) -> PrivateCard | None:
        """After a swap, the person sees what they got back, alone (C10)."""
        me = view.seats[seat]
        detail = ChaseView.of(view)
        if me.card is None or detail.received is None or detail.gave is None:
            return None
        other = names[detail.received[0]]
        heard = self.voice is not None
        given = _card(detail.gave[1], ascii_only, heard)
        got = _card(detail.received[1], ascii_only, heard)
        if heard:
            lines: tuple[str, ...] = (f"You changed with {other}: you gave {given} and got {got}.",)
        else:
            lines = (f"You changed with {other}:", f"you gave {given} and got {got}.")
        return PrivateCard(seat, names[seat], me.card, lines)

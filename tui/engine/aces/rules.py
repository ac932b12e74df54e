"""Aces in the Pot: the fixed vocabulary of the game (variants, match modes, actions, events).

Kept apart from the state machine in ``aces.py`` so that the rules screen, the settings
screen and the simulator can name variants and modes without building a game, and so that
the state machine stays short. Events are shared, immutable values: the same chip going
from seat 2 to the pot is always the same ``Event`` object, which keeps the simulator's
hot path free of allocations.
"""

from __future__ import annotations

from typing import Any

from tui.engine.core import Action, Event

VARIANTS: dict[str, str] = {
    "three-chip": "Three-Chip Start: everyone starts with 3 chips instead of 2.",
    "right-pass": "Right-Pass: a six sends a chip to the right instead of the left.",
    "last-roll": "Last Roll: players at zero get a final roll before they are out.",
    "single-die": "Single-Die: roll one die instead of two.",
}
"""Variant names (as used by the CLI and settings) and a one-line description."""

MATCH_MODES: dict[str, str] = {
    "single": "A single round.",
    "rounds": "A fixed number of rounds; each winner scores the pot, the highest total wins.",
    "bankroll": "Bankroll play: stake chips each round until one player has them all.",
}

PHASES = ("start", "turn", "choice", "round_over", "over")

MIN_PLAYERS = 2
MAX_PLAYERS = 6

EVENT_KINDS = (
    "round_start",
    "stake",
    "rolloff",
    "rolloff_tie",
    "first_player",
    "roll",
    "chip_to_pot",
    "chip_passed",
    "nothing_moves",
    "choice_needed",
    "final_roll",
    "final_roll_saved",
    "player_out",
    "round_won",
    "table_taken",
    "match_out",
    "match_scores",
    "match_over",
)
"""Every event kind ``AcesGame`` emits; ``aces.py`` documents what each one carries."""

ROLL = Action("roll", "Roll", "r")
EMPTY_ROLL = Action("roll", "Roll: no chips, so nothing can move", "r", forced=True)
"""A roll with no chips in hand: nothing can move (A4), so it is no decision."""
FINAL_ROLL = Action("final_roll", "Final roll: any six wins a chip back", "r")
NEXT_ROUND = Action("next_round", "Next round", "enter")
ROLL_OFF = Action("start_round", "Roll off for first turn", "r")
"""R, as every roll: Enter and Space stand for it too, the only action on offer."""


def start_action(first_name: str | None) -> Action:
    """The table's action that opens the first round (roll-off, or a fixed first seat)."""
    if first_name is None:
        return ROLL_OFF
    return Action("start_round", f"Start: {first_name} rolls first", "enter")


def pot_action(name: str, follows: str) -> Action:
    """The ace+six's pot option; ``follows`` says what comes of it ("Cleo wins the
    round"), so the roller chooses knowing the outcome, not only the move."""
    return Action("pot", f"Pot: {name}'s last chip into the pot, then {follows}", "p")


def pass_action(neighbour_name: str, follows: str) -> Action:
    """The ace+six's pass option, with what comes of it (see ``pot_action``)."""
    return Action("pass", f"Pass: {neighbour_name} gets it, then {follows}", "n")


def check_settings(
    names: list[str],
    variants: frozenset[str],
    first_seat: int | None,
    match: str,
    rounds: int,
    bankroll: int,
) -> None:
    """Raise ``ValueError`` naming the valid choices if a setting is out of range."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(
            f"Aces in the Pot needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(
            f"unknown Aces variant {', '.join(unknown)}: choose from {', '.join(VARIANTS)}"
        )
    if first_seat is not None and not (
        isinstance(first_seat, int) and 0 <= first_seat < len(names)
    ):
        raise ValueError(f"first seat must be 0 to {len(names) - 1} (0-based), not {first_seat}")
    if match not in MATCH_MODES:
        raise ValueError(f"unknown match mode {match!r}: choose from {', '.join(MATCH_MODES)}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number of at least 1, not {rounds!r}")
    if isinstance(bankroll, bool) or not isinstance(bankroll, int) or bankroll < 1:
        raise ValueError(f"bankroll must be a whole number of at least 1, not {bankroll!r}")


_EVENTS: dict[tuple[Any, ...], Event] = {}

_SEATS = range(MAX_PLAYERS)
POT_EVENTS = tuple(Event("chip_to_pot", s) for s in _SEATS)
NOTHING_EVENTS = tuple(Event("nothing_moves", s) for s in _SEATS)
PASS_EVENTS = tuple(tuple(Event("chip_passed", s, o) for o in _SEATS) for s in _SEATS)
ROLL_EVENTS: dict[tuple[int, tuple[int, ...]], Event] = {
    (s, dice): Event("roll", s, None, dice)
    for s in _SEATS
    for dice in [(a,) for a in range(1, 7)] + [(a, b) for a in range(1, 7) for b in range(1, 7)]
}
"""Prebuilt events for the hot path of a roll: the simulator makes millions of them."""


def event(kind: str, seat: int | None = None, other: int | None = None, value: Any = None) -> Event:
    """The shared ``Event`` for these fields (events are immutable, so sharing is safe).

    Only hashable values are cached; the cache stays small because seats, dice and
    chip counts are small numbers.
    """
    key = (kind, seat, other, value)
    found = _EVENTS.get(key)
    if found is None:
        found = Event(kind, seat, other, value)
        if len(_EVENTS) < 50_000:
            _EVENTS[key] = found
    return found

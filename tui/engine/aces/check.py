"""Aces in the Pot: is a saved state one the rules could have reached and can finish?

``validate`` runs before anything is built from a save (``AcesTable.from_dict``), so a
hand-edited or damaged file is refused with a reason instead of crashing the table or
playing on from nonsense: every field's type and range, chips conserved and never
negative, the seat to act in range and still in, winners at the table, and a round that
can still end (chips in at least two hands, or one under Last Roll with others still in).
"""

from __future__ import annotations

from typing import Any

from tui.engine.aces.rules import MATCH_MODES, MAX_PLAYERS, MIN_PLAYERS, PHASES, VARIANTS
from tui.engine.core import FORMAT_VERSION
from tui.engine.save_checks import (
    SaveInvalid,
    flag,
    names,
    optional_seat,
    per_seat,
    reason_against,
    rng_state,
    seat_set,
    variants,
    whole,
    word,
)

_MAX_STAKE = 10_000
"""Rounds and bankrolls above this are no game anyone plays (and would overflow nothing,
but keep every counter small)."""


def validate(data: Any) -> str | None:
    """``None`` for a state ``AcesTable.from_dict`` may load, else why not (a few words)."""
    return reason_against(_check, data)


def _check(data: Any) -> None:
    if not isinstance(data, dict):
        raise SaveInvalid("the game is not a table")
    if data.get("game") != "aces" or type(data.get("format")) is not int:
        raise SaveInvalid("not a saved Aces in the Pot game of this version")
    if data["format"] != FORMAT_VERSION:
        raise SaveInvalid("not a saved Aces in the Pot game of this version")
    players = names(data.get("names"), MIN_PLAYERS, MAX_PLAYERS)
    n = len(players)
    chosen = variants(data.get("variants"), tuple(VARIANTS))
    optional_seat(data.get("first_seat"), "the first seat", n)
    match = word(data.get("match"), "the match", tuple(MATCH_MODES))
    rounds = whole(data.get("rounds"), "the number of rounds", 1, _MAX_STAKE)
    bankroll = whole(data.get("bankroll"), "the bankroll", 1, _MAX_STAKE)
    rng_state(data.get("rng"))
    chips = [whole(c, "a player's chips") for c in per_seat(data.get("chips"), "chips", n)]
    out = [flag(o, "out") for o in per_seat(data.get("out"), "out", n)]
    broke = [flag(b, "broke") for b in per_seat(data.get("broke"), "broke", n)]
    scores = [whole(s, "a score") for s in per_seat(data.get("scores"), "scores", n)]
    pot = whole(data.get("pot"), "the pot")
    phase = word(data.get("phase"), "the phase", PHASES)
    current = optional_seat(data.get("current"), "the seat to act", n)
    dice = data.get("dice")
    if not isinstance(dice, list) or len(dice) not in (0, 1 if "single-die" in chosen else 2):
        raise SaveInvalid("the dice are damaged")
    for die in dice:
        whole(die, "a die", 1, 6)
    round_ = whole(data.get("round"), "the round", 1)
    played = whole(data.get("rounds_played"), "the rounds played")
    whole(data.get("turns"), "the turns")
    round_winner = optional_seat(data.get("round_winner"), "the round's winner", n)
    winners = seat_set(data.get("winners"), "the winners", n)

    start = 3 if "three-chip" in chosen else 2
    playing = phase in ("turn", "choice")
    if (current is None) == playing:
        raise SaveInvalid(f"no seat to act in phase {phase}")
    if current is not None and (out[current] or broke[current]):
        raise SaveInvalid("the seat to act is out")
    if (phase == "over") != bool(winners):
        raise SaveInvalid("the winners do not match the phase")
    if phase in ("round_over", "over") and round_winner is None:
        raise SaveInvalid("a finished round has no winner")
    if phase == "choice" and (current is None or chips[current] != 1):
        raise SaveInvalid("a pot-or-pass choice without exactly one chip")
    if any(o and (c or "last-roll" not in chosen) for o, c in zip(out, chips, strict=True)):
        raise SaveInvalid("a player out of the round holds chips")
    if any(b and (c or s) for b, c, s in zip(broke, chips, scores, strict=True)):
        raise SaveInvalid("a player out of the match holds chips")
    if match != "bankroll" and any(broke):
        raise SaveInvalid("a player is out of a match without bankrolls")
    if phase == "start" and (any(chips) or pot or played or round_ != 1 or any(out)):
        raise SaveInvalid("a game not yet started has chips in play")
    _check_count(match, phase, played, round_, rounds)
    _check_chips(match, phase, chips, pot, scores, n * start, n * bankroll, played)
    if playing:
        _check_can_end(chosen, chips, out, broke)
    elif match == "bankroll" and phase != "over" and broke.count(False) < 2:
        raise SaveInvalid("a match with one player left is not over")


def _check_count(match: str, phase: str, played: int, round_: int, rounds: int) -> None:
    """The round number follows the rounds played, and a match ends on time."""
    expected = played + 1 if phase in ("start", "turn", "choice") else played
    if round_ != expected:
        raise SaveInvalid("the round number does not follow the rounds played")
    limit = {"single": 1, "rounds": rounds}.get(match)
    if limit is not None and (played > limit or (played == limit and phase != "over")):
        raise SaveInvalid("more rounds were played than the match has")


def _check_chips(
    match: str,
    phase: str,
    chips: list[int],
    pot: int,
    scores: list[int],
    staked: int,
    banked: int,
    played: int,
) -> None:
    """Chips are conserved: staked chips in a round, every bankroll chip in a match."""
    if match == "bankroll":
        if sum(chips) + pot + sum(scores) != banked:
            raise SaveInvalid("chips were made or lost")
        return
    if phase != "start" and sum(chips) + pot != staked:
        raise SaveInvalid("chips were made or lost")
    if match == "single" and any(scores):
        raise SaveInvalid("a single round has match points")
    if match == "rounds" and sum(scores) > staked * played:
        raise SaveInvalid("more match points than chips were won")


def _check_can_end(
    chosen: frozenset[str], chips: list[int], out: list[bool], broke: list[bool]
) -> None:
    """A round being played can still end: chips in two hands, or one under Last Roll."""
    holders = sum(1 for c in chips if c)
    still_in = sum(1 for o, b in zip(out, broke, strict=True) if not (o or b))
    if holders >= 2 or (holders == 1 and "last-roll" in chosen and still_in > 1):
        return
    raise SaveInvalid("the round can never end")

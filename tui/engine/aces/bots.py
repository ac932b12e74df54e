"""Computer players for Aces in the Pot.

Aces is all luck but for one decision: the one-chip ace+six (A4), where the roller sends
their last chip to the pot or to the neighbour. A bot sees the seat's ``TableView`` and the
legal actions, nothing more, and gives a short reason the table shows in its log.

Levels:

- ``casual`` reads the dice left to right, as people at a table often do: if the ace
  came first the chip goes to the pot, if the six came first it is passed. The rule
  sheet says the choice never matters, and casual believes it.
- ``sharp`` chooses in its own interest, from the view alone: from the round's exact odds
  (``tui.engine.aces.odds``) when the chain for the table is solved in this process (the
  table's odds worker and ``simulate`` solve it first), the option with the higher chance
  for itself, the pot on a tie. Until then it falls back on rules of thumb: under Last Roll a sole
  holder's last chip in the pot empties the table and wins at once, so it always takes
  that; otherwise it puts the chip in the pot (fewer chips for the others to win with),
  except when that would leave a single rival leading on one chip, who then wins with
  any ace. Without Last Roll a roller at zero needs the round to go on until chips come
  back, so it passes, unless the neighbour already leads three or more other holders.

The rules of thumb were checked on thousands of real choice positions from seeded 3-6
player games, each option played out 200 times with the same dice; over whole
three-player games one such sharp seat against two casual ones won 33.9 % ± 0.2 under
Last Roll and 33.5 % ± 0.2 without (fair share 33.3 %, 200,000 games).

The exact choice is the chain's policy: the best choice *when every later choice is made
the same way*. Against casual players, who pot or pass by the dice's order, it is not a
best reply. Measured with ``simulate`` (3 players, 200,000 games, seed 11, the same games
with seat 1 sharp or casual): without Last Roll seat 1 won 33.42 % sharp against
33.34 % casual (+0.08, within the noise: the choice is rare); under Last Roll 32.60 %
against 33.23 % (-0.6; a likely reason, not yet checked: the chain expects a sole holder
on one chip to pot and win at once, as sharp does, where casual does so only half the
time). Among sharp players the exact policy is what the odds on the table assume, and
the simulator agrees with them, so it is the one kept; a best reply to casual players
would need a chain with a policy per seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.engine.aces.view import AcesView
from tui.engine.bots import BOT_LEVELS, Decision
from tui.engine.core import Action, TableView


@dataclass(frozen=True)
class AcesBot:
    """A computer player: ``choose`` picks one of the legal actions from the view."""

    level: str
    description: str

    def choose(self, view: TableView, actions: list[Action]) -> Decision:
        if not actions:
            raise ValueError("a computer player was asked to act with nothing to choose")
        by_kind = {action.kind: action for action in actions}
        if "pot" in by_kind and "pass" in by_kind:
            if self.level == "sharp":
                return sharp_choice(view, by_kind["pot"], by_kind["pass"])
            return casual_choice(view, by_kind["pot"], by_kind["pass"])
        action = actions[0]
        reason = _ROUTINE.get(action.kind, "does the only thing it can")
        return Decision(action, reason)


_ROUTINE = {
    "roll": "rolls: nothing to decide",
    "final_roll": "takes the final roll: needs a six",
    "start_round": "starts the round",
    "next_round": "starts the next round",
}


def neighbour(view: TableView, seat: int) -> int:
    """Where this seat's six goes: the next seat still in, left (or right under Right-Pass)."""
    step = -1 if "right-pass" in view.variants else 1
    n = len(view.seats)
    other = (seat + step) % n
    while view.seats[other].out and other != seat:
        other = (other + step) % n
    return other


def casual_choice(view: TableView, pot: Action, pass_: Action) -> Decision:
    """Reads the dice left to right, as many people do: the first of ace and six decides."""
    if AcesView.of(view).dice[:1] == (6,):
        return Decision(pass_, "reads the dice in order: the six came first")
    return Decision(pot, "reads the dice in order: the ace came first")


def exact_choice(view: TableView, pot: Action, pass_: Action) -> Decision | None:
    """The option with the higher exact chance for the roller, if the odds are known."""
    from tui.engine.aces.odds import TIE, choice_chances, known, table_spec

    chain = known(table_spec(view))
    me = view.current
    if chain is None or me is None:
        return None
    by_pot, by_pass = choice_chances(chain, view)
    mine = f"{100 * by_pass[me]:.0f} % against {100 * by_pot[me]:.0f} %"
    if by_pass[me] > by_pot[me] + TIE:
        return Decision(pass_, f"passes: {mine} by the pot")
    return Decision(
        pot,
        f"puts the chip in the pot: {100 * by_pot[me]:.0f} % against "
        f"{100 * by_pass[me]:.0f} % by passing",
    )


def sharp_choice(view: TableView, pot: Action, pass_: Action) -> Decision:
    """Pot or pass for the one-chip ace+six, in the roller's own interest."""
    exact = exact_choice(view, pot, pass_)
    if exact is not None:
        return exact
    me = view.current if view.current is not None else view.viewer
    assert me is not None, "a choice needs a seat"
    nb = neighbour(view, me)
    nb_name = view.seats[nb].name
    stacks = {s.seat: s.counters for s in view.seats if s.seat != me and s.counters > 0}
    if not stacks:
        # Under Last Roll the sole holder's last chip in the pot empties the table: a win.
        return Decision(pot, "puts the chip in the pot: the empty table wins the round")
    nb_chips = view.seats[nb].counters
    if "last-roll" in view.variants:
        if len(stacks) == 1 and nb_chips == 1:
            # The pot would leave Ben leading on one chip: one ace and he empties the table.
            return Decision(pass_, f"passes to {nb_name}: a leader on one chip wins with an ace")
        return Decision(pot, "puts the chip in the pot: fewer chips for the others")
    if len(stacks) == 1 and nb_chips:
        return Decision(pass_, f"passes to {nb_name}: either way {nb_name} wins")
    if len(stacks) >= 3 and nb_chips >= max(stacks.values()):
        return Decision(pot, f"puts the chip in the pot: {nb_name} leads already")
    if not nb_chips:
        return Decision(pass_, f"passes to {nb_name}: keeps the round going")
    return Decision(pass_, "passes: the chip stays in play")


def make(level: str) -> AcesBot:
    """A bot of ``level`` ("casual" or "sharp")."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown computer level {level!r}: choose {', '.join(BOT_LEVELS)}")
    return AcesBot(level, BOT_LEVELS[level])

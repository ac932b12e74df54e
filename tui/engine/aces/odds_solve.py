"""Solving an Aces chain (``tui.engine.aces.odds``): value iteration, layer by layer.

The transitions come from the same dice the engine rolls (``AcesGame._roll``): dice
applied die by die to the roller's hand, an ace to the pot, a six to the neighbour (the
chain's ``step``), only while the roller has chips; a one-chip ace+six is the roller's
choice. The round can only end when the roller's hand empties, and an empty hand moves no
more chips, so the chips after the whole roll decide the end: one holder wins (A6), an
empty table under Last Roll is won by the seat that just rolled (A7). Those states are
fixed rows of the chain; every other row is swept.

Three things make the sweeps few:

- *Layers.* The chips on the table never grow, so each total is solved after every
  smaller one; a layer never waits for a larger one.
- *Quiet turns in closed form.* A turn that moves no chip (no ace or six, or a roller at
  zero) only hands the turn on, round the same hands: going once round the table,
  ``V(s) = sum_k q_0..q_(k-1) A(rot^k s) / (1 - q_0..q_(n-1))``, where ``A`` is what the
  moving outcomes give and ``q`` each seat's chance of a quiet turn. Only chip movements
  are left to iterate, and most of those leave the layer.
- *The policy in the sweep.* At a one-chip ace+six the chooser takes the option better
  for themselves (the pot on a tie, ``TIE``), which is the sharp computer player's
  policy; the sweep re-decides it every time, so values and policy settle together.

About 30 to 40 sweeps a layer reach ``TOLERANCE``. numpy is imported here only, when a
chain is solved; a direct sparse solve would suffer fill-in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.engine.aces.odds import (
    TIE,
    AcesChain,
    ChainSpec,
    all_states,
    decode,
    encode,
    shelf_limit,
    shelf_name,
)
from tui.engine.fairness import Shelf

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Ints = npt.NDArray[np.int64]
    Floats = npt.NDArray[np.float64]

TOLERANCE = 1e-13
"""A layer is solved when no value moved more than this in a sweep."""

MAX_SWEEPS = 100_000

_TWO_DICE = (("A", 8), ("S", 8), ("AA", 1), ("SS", 1), ("AS", 2))
"""Two dice by what they do, out of 36 (the other 16 move nothing): an ace and a plain die
in either order act as one ace; ace+six and six+ace end the same but for one chip, where
the roller chooses and the options are where one ace ("A") and one six ("S") lead."""
_ONE_DIE = (("A", 1), ("S", 1))


def solved(spec: ChainSpec, shelf: Shelf) -> AcesChain:
    """``spec``'s chain: read from ``shelf``, else solved now (slow: call it off the UI
    thread) and put on it. Smaller Last Roll chains come the same way, first."""
    smaller_spec = spec.smaller()
    smaller = solved(smaller_spec, shelf) if smaller_spec is not None else None
    name = shelf_name(spec)
    raw = shelf.read(name, shelf_limit(spec))
    found = None if raw is None else decode(spec, raw, smaller)
    if found is None:
        found = solve(spec, smaller)
        shelf.write(name, encode(found))
    return found


def solve_all(spec: ChainSpec) -> AcesChain:
    """``spec``'s chain and, under Last Roll, every smaller one it leans on."""
    smaller = spec.smaller()
    return solve(spec, solve_all(smaller) if smaller is not None else None)


def solve(spec: ChainSpec, smaller: AcesChain | None = None) -> AcesChain:
    """Value iteration over ``spec``'s chain (``smaller`` solved first under Last Roll)."""
    import numpy as np

    if spec.players < 2 or spec.total < 1:
        raise ValueError(f"no round to play with {spec.players} players and {spec.total} chips")
    if (smaller.spec if smaller is not None else None) != spec.smaller():
        raise ValueError(f"{spec.name} needs the chain {spec.smaller()} solved first")
    states = all_states(spec.players, spec.total)
    n, count = spec.players, len(states)
    weights = (spec.total + 1) ** np.arange(n, dtype=np.int64)
    keys = states @ weights

    def index_of(hands: Ints) -> Ints:
        found: Ints = np.searchsorted(keys, hands @ weights)
        return found

    def turn_over(hands: Ints) -> Ints:
        """Each row's index once its hands are settled and the next seat rolls."""
        return index_of(np.roll(hands, -1, axis=1))

    def rolled(kinds: str) -> Ints:
        hands = states.copy()
        for kind in kinds:
            has = hands[:, 0] > 0
            hands[has, 0] -= 1
            if kind == "S":
                hands[has, spec.step % n] += 1
        return hands

    rows = np.arange(count)
    roller = states[:, 0]
    holders = (states > 0).sum(axis=1)
    values = np.zeros((count, n))
    if spec.last_roll:
        fixed = holders == 0
        values[fixed, n - 1] = 1.0  # the empty table: whoever just rolled wins (A7)
        final = (holders == 1) & (roller == 0)
    else:
        fixed = holders <= 1
        sole = holders == 1
        values[rows[sole], states[sole].argmax(axis=1)] = 1.0
        final = np.zeros(count, dtype=bool)
    outcomes, scale = (_TWO_DICE, 36) if spec.two_dice else (_ONE_DIE, 6)
    odds = np.array([ways for _, ways in outcomes], dtype=float) / scale
    probs = np.tile(odds, (count, 1))
    dests = np.column_stack([turn_over(rolled(kinds)) for kinds, _ in outcomes])
    stay = np.full(count, 1 - odds.sum())  # a quiet turn: the next seat rolls, same hands
    idle = (roller == 0) & ~final
    probs[idle] = 0.0
    stay[idle] = 1.0
    choice = np.zeros(count)
    if spec.two_dice:
        chooses = roller == 1
        probs[chooses, 4] = 0.0
        choice[chooses] = odds[4]
    constant = np.zeros((count, n))
    if final.any():
        _final_rolls(spec, states, final, probs, dests, stay, constant, smaller, turn_over)
    orbit = np.column_stack([index_of(np.roll(states, -k, axis=1)) for k in range(n)])
    carried = np.ones((count, n + 1))
    for k in range(n):
        carried[:, k + 1] = carried[:, k] * stay[orbit[:, k]]
    # One row per orbit (the hands turned round the table): its lowest rotation.
    canonical = orbit[rows, keys[orbit].argmin(axis=1)] == rows
    # The seat j places after this roller is j - 1 places after the next one.
    moving = (np.arange(n) - 1) % n
    shifted = values[:, moving]
    totals = states.sum(axis=1)
    for layer in range(spec.total + 1):
        table = orbit[(totals == layer) & ~fixed & canonical]
        if not len(table):
            continue
        flat = table.reshape(-1)
        layer_rows = {
            "flat": flat,
            "probs": probs[flat],
            "base": constant[flat],
            "choice": choice[flat, None],
            "dests": dests[flat],
            "carried": carried[table[:, 0]],
            "quiet": stay[table],
        }
        _sweep_layer(layer_rows, shifted, moving)
    return AcesChain(spec, shifted[:, np.argsort(moving)], smaller)


def _sweep_layer(layer: dict[str, Any], shifted: Floats, moving: Ints) -> None:
    """Sweep one layer until it settles; the layers below it are solved already.

    The layer's rows come as whole orbits, ``(orbits, n)``: rotation ``r`` of each orbit's
    hands. ``A`` is what the moving outcomes give and ``q`` the chance of a quiet turn.
    Rotation 0 sums once round the table, ``V_0[j] = sum_k Q_k A_k[j - k] / (1 - Q_n)``
    (``Q_k = q_0 ... q_(k-1)``); then each rotation follows from the next, backwards,
    ``V_r[j] = A_r[j] + q_r V_(r+1)[j - 1]``. (``np.take``: a tenth of fancy indexing's time.)
    """
    import numpy as np

    flat, probs, base, choice = layer["flat"], layer["probs"], layer["base"], layer["choice"]
    dests, carried, quiet = layer["dests"], layer["carried"], layer["quiet"]
    orbits, n = carried.shape[0], carried.shape[1] - 1
    lags = [(np.arange(n) - k) % n for k in range(n)]
    denominator = 1.0 - carried[:, n, None]
    has_choice = bool(choice.any())
    last = np.take(shifted, flat, axis=0)
    for _sweep in range(MAX_SWEEPS):
        gathered = np.take(shifted, dests, axis=0)
        moves = base + np.einsum("mk,mkn->mn", probs, gathered)
        if has_choice:
            pot, passed = gathered[:, 0], gathered[:, 1]
            moves += choice * np.where(passed[:, :1] > pot[:, :1] + TIE, passed, pot)
        moves = moves.reshape(orbits, n, n)
        first = carried[:, 0, None] * moves[:, 0]
        for k in range(1, n):
            first += carried[:, k, None] * np.take(moves[:, k], lags[k], axis=1)
        new = np.empty_like(moves)
        new[:, 0] = ahead = first / denominator
        for r in range(n - 1, 0, -1):
            new[:, r] = ahead = moves[:, r] + quiet[:, r, None] * np.take(ahead, lags[1], axis=1)
        new = np.take(new.reshape(-1, n), moving, axis=1)
        moved = float(np.abs(new - last).max())
        shifted[flat] = last = new
        if moved < TOLERANCE:
            return


def _final_rolls(
    spec: ChainSpec,
    states: Ints,
    final: Any,
    probs: Floats,
    dests: Ints,
    stay: Floats,
    constant: Floats,
    smaller: AcesChain | None,
    turn_over: Any,
) -> None:
    """Rows where the roller at zero takes a final roll (A7): any six takes one chip from
    the sole holder; none, and the roller is out: the round goes on one seat smaller."""
    import numpy as np

    six = 1 - (25 / 36 if spec.two_dice else 5 / 6)
    rows = np.flatnonzero(final)
    leader = states[rows].argmax(axis=1)
    saved = states[rows].copy()
    saved[np.arange(len(rows)), leader] -= 1
    saved[:, 0] += 1
    probs[rows] = 0.0
    probs[rows, 0] = six
    dests[rows, 0] = turn_over(saved)
    stay[rows] = 0.0
    if spec.players == 2:
        constant[rows, 1] = 1 - six  # the leader is the only one left
        return
    assert smaller is not None
    constant[rows, 1:] = (1 - six) * smaller.values[smaller.rows_of(states[rows, 1:])]

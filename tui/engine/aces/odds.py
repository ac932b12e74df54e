"""Aces in the Pot: every seat's exact chance of winning the round, from the game's chain.

The round is an absorbing Markov chain. Its state is the chips in each hand of the seats
still in the round and whose turn it is (the pot never matters for who wins). Every turn
moves to the next seat, so states are stored *relative to the roller*: index 0 is the
seat about to roll, index ``i`` the seat ``i`` places after it in turn order. That shrinks
the chain by the number of players; 6 players with 3 chips each is 134,596 states.

Under Last Roll (A7) whether a seat at zero takes a final roll follows from the chips
alone (exactly one holder), and a seat that goes out has left the table for the rest
of the round, nobody's neighbour: the rest of the round *is* a round of one player fewer
with the same chips. So a Last Roll chain leans on the chain of one player fewer
(``ChainSpec.smaller``) rather than carrying "out" flags.

The transitions come from the same dice the engine rolls (``AcesGame._roll``): dice
applied die by die to the roller's hand, an ace to the pot, a six to the neighbour
(``step``), only while the roller has chips; a one-chip ace+six is the roller's choice.
Since the round can only end when the roller's hand empties, and an empty hand moves no
more chips, the chips after the whole roll decide the end: one holder (without Last
Roll) wins; an empty table (Last Roll) is won by the seat that just rolled.

Future one-chip ace+six choices follow the sharp computer player's policy, which is this
chain's own: the chooser takes the option with the higher chance for themselves (the pot
on a tie). ``tui.engine.aces.odds_solve`` solves a chain; this module only reads one.

numpy does the sweeps, imported only when a chain is solved: nothing on the start-up path
loads it (``tests/engine/test_aces_odds.py``). Precomputed tables were the alternative;
all configurations up to 6 players are about 30 MB of floats, more than numpy itself, and
a per-user cache gives the same second launch for free: a solved chain is bytes
(``encode``, ``decode``) kept on the ``Shelf`` it is handed (``odds_solve.solved``), by
a name of its own (``shelf_name``); the shelf knows files, not chains.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tui.engine.core import TableView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Ints = npt.NDArray[np.int64]
    Floats = npt.NDArray[np.float64]

TIE = 1e-12
"""Options closer than this for the chooser count as equal (then the pot)."""


@dataclass(frozen=True)
class ChainSpec:
    """Which chain: seats in the round, the most chips on the table, and the rules."""

    players: int
    total: int
    two_dice: bool = True
    step: int = 1
    last_roll: bool = False

    @classmethod
    def for_table(cls, variants: frozenset[str] | Sequence[str], players: int) -> ChainSpec:
        """The chain for a round of ``players`` with every seat's starting chips (A1):
        it holds every state such a round reaches, and every smaller stake (A8)."""
        start = 3 if "three-chip" in variants else 2
        return cls(
            players,
            start * players,
            "single-die" not in variants,
            -1 if "right-pass" in variants else 1,
            "last-roll" in variants,
        )

    def smaller(self) -> ChainSpec | None:
        """The chain a Last Roll chain continues in once a seat is out."""
        if not self.last_roll or self.players <= 2:
            return None
        return ChainSpec(self.players - 1, self.total, self.two_dice, self.step, True)

    @property
    def name(self) -> str:
        """A short stable name (cache files are named by it)."""
        dice = "2d" if self.two_dice else "1d"
        way = "left" if self.step == 1 else "right"
        rule = "lastroll" if self.last_roll else "plain"
        return f"p{self.players}-c{self.total}-{dice}-{way}-{rule}"


def all_states(players: int, total: int) -> Ints:
    """Every hand vector of ``players`` seats with at most ``total`` chips, sorted by key."""
    import numpy as np

    states = np.zeros((1, 0), dtype=np.int64)
    for _ in range(players):
        used = states.sum(axis=1)
        parts = [
            np.column_stack([states[used <= total - k], np.full((used <= total - k).sum(), k)])
            for k in range(total + 1)
        ]
        states = np.concatenate(parts).astype(np.int64)
    keys = states @ (total + 1) ** np.arange(players, dtype=np.int64)
    result: Ints = states[np.argsort(keys)]
    return result


class AcesChain:
    """A solved chain: ``values[i, j]`` is the chance that the seat ``j`` places after the
    roller wins from ``states[i]``."""

    def __init__(self, spec: ChainSpec, values: Floats, smaller: AcesChain | None) -> None:
        import numpy as np

        self.spec = spec
        self.states = all_states(spec.players, spec.total)
        self._weights = (spec.total + 1) ** np.arange(spec.players, dtype=np.int64)
        self.keys: Ints = self.states @ self._weights
        if values.shape != self.states.shape:
            raise ValueError(f"odds for {spec.name} have the wrong shape {values.shape}")
        self.values = values
        self.smaller = smaller

    def index(self, hands: Sequence[int]) -> int:
        """Where the hands (roller first) are in ``states``; ``KeyError`` if not there."""
        if len(hands) != self.spec.players or min(hands) < 0 or sum(hands) > self.spec.total:
            raise KeyError(f"hands {tuple(hands)} are not in the chain {self.spec.name}")
        import numpy as np

        return int(self.rows_of(np.array([list(hands)], dtype=np.int64))[0])

    def rows_of(self, hands: Ints) -> Ints:
        """The rows of many hand vectors at once (each must be in the chain)."""
        import numpy as np

        found: Ints = np.searchsorted(self.keys, hands @ self._weights)
        return found

    def chances(self, hands: Sequence[int]) -> tuple[float, ...]:
        """Each seat's chance to win, roller first, before the roller rolls."""
        return tuple(float(v) for v in self.values[self.index(hands)])

    def after_move(self, hands: Sequence[int]) -> tuple[float, ...]:
        """Each seat's chance (in the same seat order as ``hands``, the roller first) once
        the roller's turn is over with these hands: the next seat rolls."""
        n = self.spec.players
        # The round's end is in the chain itself: one holder (or, under Last Roll, an
        # empty table) is a fixed row of the next roller's chances.
        after = self.chances([*hands[1:], hands[0]])
        return (after[n - 1], *after[: n - 1])

    def options(self, hands: Sequence[int]) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """At a one-chip ace+six (roller first in ``hands``): each seat's chance after the
        pot, and after the pass."""
        if hands[0] != 1:
            raise ValueError("the ace+six choice needs exactly one chip")
        pot = [0, *hands[1:]]
        passed = list(pot)
        passed[self.spec.step % self.spec.players] += 1
        return self.after_move(pot), self.after_move(passed)


# -- a chain as bytes, for the shelf ------------------------------------------------------

FORMAT = 1
"""Bumped whenever the bytes' layout or the chain's meaning changes: the name changes
with it, so old bytes are never read (and the next solve writes the new ones)."""

_MAGIC = b"party-dice aces odds\n"


def shelf_name(spec: ChainSpec) -> str:
    """The name ``spec``'s chain is kept under: ``aces-v<FORMAT>-<spec.name>.bin``."""
    return f"aces-v{FORMAT}-{spec.name}.bin"


def shelf_limit(spec: ChainSpec) -> int:
    """The most bytes ``spec``'s chain can take (more is not a chain of ours)."""
    return len(_MAGIC) + 8 * spec.players * 200_000 + 4096


def _spec_fields(spec: ChainSpec) -> list[object]:
    return [spec.players, spec.total, spec.two_dice, spec.step, spec.last_roll]


def encode(chain: AcesChain) -> bytes:
    """A header line of JSON (format, the chain, the array's shape), then the values as
    little-endian float64."""
    header = {"format": FORMAT, "spec": _spec_fields(chain.spec), "shape": list(chain.values.shape)}
    data = chain.values.astype("<f8", copy=False).tobytes()
    return _MAGIC + json.dumps(header).encode() + b"\n" + data


def decode(spec: ChainSpec, raw: bytes, smaller: AcesChain | None) -> AcesChain | None:
    """The chain in ``raw``, or ``None`` unless it is exactly ``spec``'s and sound (another
    format, the wrong shape, values that are not chances, any damage)."""
    import numpy as np

    if not raw.startswith(_MAGIC):
        return None
    head, _, body = raw[len(_MAGIC) :].partition(b"\n")
    try:
        header = json.loads(head)
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return None
    shape = header.get("shape")
    if header.get("spec") != _spec_fields(spec) or not isinstance(shape, list) or len(shape) != 2:
        return None
    if not all(isinstance(n, int) and n >= 0 for n in shape) or len(body) != 8 * math.prod(shape):
        return None
    values = np.frombuffer(body, dtype="<f8").reshape(shape).astype(np.float64)
    if not np.isfinite(values).all() or values.min() < -1e-9 or values.max() > 1 + 1e-9:
        return None
    try:
        return AcesChain(spec, values, smaller)
    except ValueError:
        return None


# -- the chains this process knows ---------------------------------------------------------

_KNOWN: dict[ChainSpec, AcesChain] = {}
"""Chains solved in this process (by the table's odds worker, or before a simulation):
the sharp computer player reads them, and never waits for one to be solved."""


def remember(chain: AcesChain) -> None:
    """Make ``chain`` (and its smaller Last Roll chains) known to the sharp player."""
    found: AcesChain | None = chain
    while found is not None:
        _KNOWN[found.spec] = found
        found = found.smaller


def forget() -> None:
    """Forget every known chain (tests start from none)."""
    _KNOWN.clear()


def known(spec: ChainSpec) -> AcesChain | None:
    """The solved chain for ``spec``, if this process has one."""
    return _KNOWN.get(spec)


def seat_order(view: TableView) -> list[int]:
    """The seats still in the round in turn order, the one to act first."""
    inside = [s.seat for s in view.seats if "out" not in s.flags]
    if view.current is None or view.current not in inside:
        raise ValueError("no seat is to act")
    at = inside.index(view.current)
    return inside[at:] + inside[:at]


def table_spec(view: TableView) -> ChainSpec:
    """The chain a table's rounds use: its seats in the match, all starting chips."""
    playing = sum(1 for s in view.seats if "broke" not in s.flags)
    return ChainSpec.for_table(view.variants, playing)


def chain_for(chain: AcesChain, players: int) -> AcesChain:
    """The chain of ``players`` seats: ``chain`` or one of its Last Roll smaller ones."""
    found: AcesChain | None = chain
    while found is not None and found.spec.players > players:
        found = found.smaller
    if found is None or found.spec.players != players:
        raise KeyError(f"no chain for {players} players beside {chain.spec.name}")
    return found


def seat_chances(chain: AcesChain, view: TableView) -> tuple[float, ...] | None:
    """Every seat's chance to win this round (0 for a seat out), by seat; ``None`` when no
    round is being played. At a choice, the chooser's better option (the sharp policy)."""
    if view.phase not in ("turn", "choice"):
        return None
    order = seat_order(view)
    hands = [view.seats[s].counters for s in order]
    here = chain_for(chain, len(order))
    if view.phase == "choice":
        pot, passed = here.options(hands)
        rel = passed if passed[0] > pot[0] + TIE else pot
    else:
        rel = here.chances(hands)
    by_seat = [0.0] * len(view.seats)
    for seat, chance in zip(order, rel, strict=True):
        by_seat[seat] = chance
    return tuple(by_seat)


def choice_chances(
    chain: AcesChain, view: TableView
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """At the ace+six choice: every seat's chance after the pot and after the pass, by seat."""
    order = seat_order(view)
    hands = [view.seats[s].counters for s in order]
    pot, passed = chain_for(chain, len(order)).options(hands)
    result = []
    for rel in (pot, passed):
        by_seat = [0.0] * len(view.seats)
        for seat, chance in zip(order, rel, strict=True):
            by_seat[seat] = chance
        result.append(tuple(by_seat))
    return result[0], result[1]

"""Exact Aces odds for small tables, built from the engine itself and solved in fractions.

Every state reachable from the start is set up on a real ``AcesGame``; every ordered dice
outcome is rolled on a copy with scripted dice (both options of an ace+six too), and
where the engine ends up is the transition. So the chain follows the engine's own moves,
not a second reading of the rules, and the numpy solver (``tui.engine.aces.odds_solve``)
is checked against it exactly. The choice follows the same policy as the odds (the
chooser's own better chance, the pot on a tie), found by policy iteration.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product

from tests.support.aces import new_game
from tui.engine.aces import AcesGame

Hands = tuple[int, ...]
Move = tuple[Fraction, Hands | None, tuple[int | None, ...] | int]
"""(chance, next hands or None when the round is over, where each seat went: its place
in the next hands, None when out; or the winner's place when over)."""


def _place(game: AcesGame, hands: Hands) -> None:
    n = len(hands)
    game._chips = list(hands)
    game._out = [False] * n
    game._absent = [False] * n
    game._holders = sum(1 for h in hands if h)
    game._in_count = n
    game._current = 0
    game._phase = "turn"


def _settled(game: AcesGame, n: int) -> tuple[Hands | None, tuple[int | None, ...] | int]:
    if game.over or game.phase == "round_over":
        (winner,) = game.winners()
        return None, winner
    current = game.current_seat()
    assert current is not None
    order = [s for s in range(current, current + n) if not game._absent[s % n]]
    order = [s % n for s in order]
    where: list[int | None] = [None] * n
    for place, seat in enumerate(order):
        where[seat] = place
    return tuple(game.chips[s] for s in order), tuple(where)


def moves(hands: Hands, variants: frozenset[str]) -> list[list[Move]]:
    """Each option's moves from ``hands`` (roller first): one option but at a choice."""
    n = len(hands)
    base, rng = new_game(n, variants)
    _place(base, hands)
    count = 1 if "single-die" in variants else 2
    plain: list[Move] = []
    chosen: dict[str, list[Move]] = {"pot": [], "pass": []}
    for dice in product(range(1, 7), repeat=count):
        chance = Fraction(1, 6**count)
        game = copy.deepcopy(base)
        game._rng.more(*dice)  # type: ignore[attr-defined]
        (action,) = game.legal_actions()
        game.apply(action)
        if game.phase == "choice":
            for kind in ("pot", "pass"):
                option = copy.deepcopy(game)
                option.apply(next(a for a in option.legal_actions() if a.kind == kind))
                chosen[kind].append((chance, *_settled(option, n)))
        else:
            plain.append((chance, *_settled(game, n)))
    del rng
    if not chosen["pot"]:
        return [plain]
    return [plain + chosen["pot"], plain + chosen["pass"]]


def exact_odds(start: Hands, variants: frozenset[str]) -> dict[Hands, tuple[Fraction, ...]]:
    """Every reachable state's exact chances (roller first), from the engine's own moves."""
    table: dict[Hands, list[list[Move]]] = {}
    todo = [start]
    while todo:
        hands = todo.pop()
        if hands in table:
            continue
        table[hands] = moves(hands, variants)
        for option in table[hands]:
            todo.extend(nxt for _, nxt, _ in option if nxt is not None and nxt not in table)
    policy = {hands: 0 for hands in table}
    while True:
        values = _solve(table, policy)
        better = {hands: _best(options, values, len(hands)) for hands, options in table.items()}
        if better == policy:
            return values
        policy = better


def _row(move: Move, values: dict[Hands, tuple[Fraction, ...]], n: int) -> list[Fraction]:
    """What one move adds to each seat's chance (seats by place in the current hands)."""
    chance, nxt, where = move
    if nxt is None:
        assert isinstance(where, int)
        return [chance if j == where else Fraction(0) for j in range(n)]
    assert isinstance(where, tuple)
    return [chance * values[nxt][p] if p is not None else Fraction(0) for p in where]


def _best(options: list[list[Move]], values: dict[Hands, tuple[Fraction, ...]], n: int) -> int:
    """The roller's better option (0 pot, 1 pass), the pot on a tie."""
    if len(options) == 1:
        return 0
    pot, passed = (sum((_row(m, values, n)[0] for m in o), Fraction(0)) for o in options)
    return 1 if passed > pot else 0


def _solve(
    table: dict[Hands, list[list[Move]]], policy: dict[Hands, int]
) -> dict[Hands, tuple[Fraction, ...]]:
    """Gauss-Jordan in fractions: unknown (hands, seat) for every state and seat."""
    unknowns = [(hands, j) for hands in table for j in range(len(hands))]
    column = {u: i for i, u in enumerate(unknowns)}
    size = len(unknowns)
    rows: list[list[Fraction]] = []
    for hands, j in unknowns:
        row = [Fraction(0)] * (size + 1)
        row[column[hands, j]] += 1
        for chance, nxt, where in table[hands][policy[hands]]:
            if nxt is None:
                if where == j:
                    row[size] += chance
            else:
                assert isinstance(where, tuple)
                place = where[j]
                if place is not None:
                    row[column[nxt, place]] -= chance
        rows.append(row)
    for i in range(size):
        pivot = next(r for r in range(i, size) if rows[r][i] != 0)
        rows[i], rows[pivot] = rows[pivot], rows[i]
        lead = rows[i][i]
        rows[i] = [x / lead for x in rows[i]]
        for r in range(size):
            if r != i and rows[r][i] != 0:
                factor = rows[r][i]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[i], strict=True)]
    answer = {u: rows[column[u]][size] for u in unknowns}
    return {hands: tuple(answer[hands, j] for j in range(len(hands))) for hands in table}

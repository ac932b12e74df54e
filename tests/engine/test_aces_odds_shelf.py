"""A solved Aces chain as bytes: read back exactly, and never trusted blindly (another
format, the wrong shape or spec, values that are not chances, any damage: solved again)."""

from __future__ import annotations

import pytest

from tui.engine.aces import odds
from tui.engine.aces.odds import ChainSpec, decode, encode, shelf_name
from tui.engine.aces.odds_solve import solve_all, solved

SPEC = ChainSpec(3, 6, last_roll=True)


class DictShelf:
    """A ``Shelf`` in memory that counts what it is asked."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}
        self.writes = 0

    def read(self, name: str, limit: int) -> bytes | None:
        data = self.kept.get(name)
        return None if data is None or len(data) > limit else data

    def write(self, name: str, data: bytes) -> bool:
        self.writes += 1
        self.kept[name] = data
        return True


def test_a_chain_round_trips_through_its_bytes() -> None:
    chain = solve_all(SPEC)
    back = decode(SPEC, encode(chain), chain.smaller)
    assert back is not None and (back.values == chain.values).all()
    assert back.smaller is chain.smaller


def test_solved_puts_each_chain_on_the_shelf_once_then_reads_it() -> None:
    shelf = DictShelf()
    first = solved(SPEC, shelf)
    assert sorted(shelf.kept) == sorted(shelf_name(s) for s in (SPEC, SPEC.smaller()) if s)
    assert shelf.writes == 2
    again = solved(SPEC, shelf)
    assert shelf.writes == 2  # read back, not solved again
    assert (again.values == first.values).all()


def test_bad_bytes_are_not_a_chain() -> None:
    chain = solve_all(SPEC)
    raw = encode(chain)
    other_format = raw.replace(b'"format": 1', b'"format": 2', 1)
    assert decode(SPEC, other_format, chain.smaller) is None
    assert decode(SPEC, raw[:-8], chain.smaller) is None
    assert decode(ChainSpec(3, 6), raw, None) is None
    assert decode(SPEC, b"party-dice aces odds\n{not json", chain.smaller) is None
    assert decode(SPEC, b"something else", chain.smaller) is None
    header, _, body = raw.partition(b"]}\n")
    not_chances = header + b"]}\n" + b"\x00\x00\x00\x00\x00\x00\xf0\x7f" + body[8:]  # inf
    assert decode(SPEC, not_chances, chain.smaller) is None


@pytest.mark.parametrize("damage", ["truncated", "other format"])
def test_damaged_bytes_on_the_shelf_are_solved_again_and_replaced(damage: str) -> None:
    shelf = DictShelf()
    good = solved(SPEC, shelf)
    name = shelf_name(SPEC)
    raw = shelf.kept[name]
    shelf.kept[name] = (
        raw[: len(raw) // 2]
        if damage == "truncated"
        else raw.replace(b'"format": 1', b'"format": 2', 1)
    )
    again = solved(SPEC, shelf)
    assert (again.values == good.values).all()
    assert shelf.kept[name] == raw


def test_a_new_format_names_its_bytes_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    before = shelf_name(SPEC)
    monkeypatch.setattr(odds, "FORMAT", odds.FORMAT + 1)
    assert shelf_name(SPEC) != before

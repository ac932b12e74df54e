"""The per-user odds cache: solved once, read back exactly, private, and never trusted blindly."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tui.engine.aces.odds import ChainSpec
from tui.storage import odds_cache

SPEC = ChainSpec(3, 6, last_roll=True)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "party-dice" / "odds"


def test_a_solved_chain_is_kept_private_and_read_back_exactly(cache: Path) -> None:
    first = odds_cache.chain(SPEC)
    files = sorted(p.name for p in cache.iterdir())
    assert files == [
        f"aces-v{odds_cache.FORMAT}-{s.name}.bin" for s in (ChainSpec(2, 6, last_roll=True), SPEC)
    ]
    for path in cache.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    again = odds_cache.load(SPEC, first.smaller)
    assert again is not None
    assert (again.values == first.values).all()


def test_another_format_or_damage_is_solved_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = odds_cache.chain(SPEC)
    path = odds_cache.path_for(SPEC)
    raw = path.read_bytes()
    assert (
        odds_cache.decode(SPEC, raw.replace(b'"format": 1', b'"format": 2', 1), good.smaller)
        is None
    )
    assert odds_cache.decode(SPEC, raw[:-8], good.smaller) is None
    assert odds_cache.decode(ChainSpec(3, 6), raw, None) is None
    path.write_bytes(raw[: len(raw) // 2])
    assert odds_cache.load(SPEC, good.smaller) is None
    again = odds_cache.chain(SPEC)
    assert (again.values == good.values).all()
    assert odds_cache.load(SPEC, good.smaller) is not None


def test_an_unwritable_cache_still_gives_odds(cache: Path) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text("not a folder")
    assert odds_cache.chain(ChainSpec(2, 4)).chances((2, 2))[0] > 0

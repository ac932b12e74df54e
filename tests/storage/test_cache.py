"""The per-user cache: bytes kept private under a name, and never trusted blindly."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tui.engine.aces.odds import ChainSpec, shelf_name
from tui.engine.aces.odds_solve import solved
from tui.storage.cache import FileShelf

SPEC = ChainSpec(3, 6, last_roll=True)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "party-dice" / "odds"


def test_bytes_are_kept_private_and_read_back(cache: Path) -> None:
    shelf = FileShelf()
    assert shelf.read("a-name.bin", 100) is None  # nothing yet, and nothing made
    assert not cache.exists()
    assert shelf.write("a-name.bin", b"\x00\x01 some bytes")
    assert shelf.read("a-name.bin", 100) == b"\x00\x01 some bytes"
    assert stat.S_IMODE((cache / "a-name.bin").stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700


def test_more_than_the_limit_or_an_unreadable_file_is_not_there(cache: Path) -> None:
    shelf = FileShelf()
    shelf.write("big.bin", b"x" * 101)
    assert shelf.read("big.bin", 100) is None
    assert shelf.read("big.bin", 101) == b"x" * 101
    os.symlink(cache / "big.bin", cache / "link.bin")
    assert shelf.read("link.bin", 1000) is None  # a link is refused, not followed


@pytest.mark.parametrize("name", ["../escape", "a/b", ".hidden", "", "UPPER", "a" * 200, "x.."])
def test_a_name_is_one_plain_file_name(cache: Path, name: str) -> None:
    with pytest.raises(ValueError, match="cannot name a cache file"):
        FileShelf().write(name, b"data")
    assert not cache.exists()


def test_an_unwritable_cache_keeps_nothing_and_says_so(cache: Path) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text("not a folder")
    assert FileShelf().write("a.bin", b"data") is False
    assert FileShelf().read("a.bin", 100) is None


def test_a_solved_chain_is_kept_by_the_name_its_game_gives(cache: Path) -> None:
    """End to end: the game names its bytes, the shelf keeps them as files of that name."""
    first = solved(SPEC, FileShelf())
    names = sorted(p.name for p in cache.iterdir())
    assert names == sorted(shelf_name(s) for s in (ChainSpec(2, 6, last_roll=True), SPEC))
    assert names[0].startswith("aces-v1-p")  # the files of earlier versions are still read
    again = solved(SPEC, FileShelf())
    assert (again.values == first.values).all()


def test_an_unwritable_cache_still_gives_odds(cache: Path) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text("not a folder")
    assert solved(ChainSpec(2, 4), FileShelf()).chances((2, 2))[0] > 0

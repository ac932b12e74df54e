"""The registry's index finds the games of its package without naming them."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tui.games
from tui import games


@pytest.fixture
def dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder searched as part of ``tui.games`` (as if its files were in the package)."""
    folder = tmp_path / "more_games"
    folder.mkdir()
    monkeypatch.setattr(tui.games, "__path__", [*tui.games.__path__, str(folder)])
    yield folder
    for name in ("pig", "notes"):
        games.unregister(name)
        sys.modules.pop(f"tui.games.{name}", None)


def test_the_built_in_games_are_the_package_s_game_modules() -> None:
    assert games.ids() == ("aces", "chase")
    package = Path(tui.games.__file__).parent
    modules = sorted(p.stem for p in package.glob("*.py") if not p.stem.startswith("_"))
    assert modules == ["aces", "chase", "spec"]  # spec.py has no SPEC: not a game


def test_a_game_module_dropped_into_the_package_is_registered(dropped: Path) -> None:
    """New files only: a module exposing ``SPEC`` is found by listing the folder; one
    without it, or a private one, is not a game."""
    (dropped / "pig.py").write_text(
        "import dataclasses\n"
        "from tests.support.third_game import RACE\n"
        'SPEC = dataclasses.replace(RACE, id="pig", title="Pig", menu_key="y")\n'
    )
    (dropped / "notes.py").write_text("WORDS = 'not a game'\n")
    (dropped / "_private.py").write_text("raise AssertionError('never imported')\n")
    (dropped / "README.txt").write_text("not a module\n")
    games._register_builtin()
    assert games.ids() == ("aces", "chase", "pig")
    assert games.get("pig").title == "Pig"


def test_a_dropped_game_with_a_taken_key_stops_the_start_with_a_clear_error(
    dropped: Path,
) -> None:
    (dropped / "pig.py").write_text(
        "import dataclasses\n"
        "from tests.support.third_game import RACE\n"
        'SPEC = dataclasses.replace(RACE, id="pig", title="Pig", menu_key="a")\n'
    )
    with pytest.raises(games.RegistryError, match="Pig: menu key 'a' is taken by Aces in the Pot"):
        games._register_builtin()
    assert "pig" not in games.ids()

"""One command line (issue 16, item 7): ``simulate`` and ``play`` call the same things by
the same names, the old spellings still work with a note, and ``simulate`` plays the
variants chosen in Settings unless told otherwise, and says which it played."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import parse as parse_play
from tui.simulate.cli import main, parse
from tui.storage.settings import Settings, save_settings


@pytest.fixture(autouse=True)
def settings_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "party-dice" / "settings.toml"


def test_simulate_plays_the_settings_variants_and_says_so(
    settings_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save_settings(Settings().with_variants("aces", ["three-chip"]), settings_home)
    assert parse(["aces"]).variants == ("three-chip",)
    assert main(["aces", "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Variants: three-chip (from your settings; --standard for none)" in out


def test_simulate_standard_or_named_variants_override_the_settings(settings_home: Path) -> None:
    save_settings(Settings().with_variants("aces", ["three-chip"]), settings_home)
    standard = parse(["aces", "--standard"])
    assert standard.variants == () and standard.variants_from == "asked"
    assert parse(["aces", "--variant", "single-die"]).variants == ("single-die",)


def test_the_old_spellings_work_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse(["aces", "--bot", "casual"]).bot == "casual"
    assert "--bot is now --bot-level" in capsys.readouterr().err
    command = parse_play(["play", "aces", "--players", "Ann,Ben", "--bots", "1"])
    assert command.play is not None
    assert command.play.humans == ("Ann", "Ben") and command.play.bots == 1
    err = capsys.readouterr().err
    assert "--players is now --names" in err and "--bots is now --computers" in err


def test_play_and_simulate_share_bot_level() -> None:
    assert parse(["aces", "--bot-level", "casual"]).bot == "casual"
    command = parse_play(
        ["play", "aces", "--names", "Ann", "--computers", "2", "--bot-level", "sharp"]
    )
    assert command.play is not None and command.play.bot_level == "sharp"


def test_simulate_and_odds_default_to_the_level_play_uses(settings_home: Path) -> None:
    """Without --bot-level, simulate and odds play the computers at the level Settings
    chose, as play does: casual at first, sharp once Settings say sharp."""
    from tui.commands import PlayRequest

    request = PlayRequest(game_id="aces", humans=("Ann",), bots=2)
    first = Settings()
    assert parse(["aces"]).bot == first.bot_level == "casual"
    assert request.config(default_level=first.bot_level).seats[1].bot == "casual"
    sharp = Settings(bot_level="sharp")
    save_settings(sharp, settings_home)
    assert parse(["chase"]).bot == "sharp"
    assert request.config(default_level=sharp.bot_level).seats[1].bot == "sharp"

"""Settings: defaults, the TOML file, hostile names, damaged files, variant words."""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.disk import corrupt_copies, with_modes_obeyed
from tui import games
from tui.engine.aces import rules as aces_rules
from tui.engine.chase import rules as chase_rules
from tui.games import conflict_notes
from tui.storage.files import StorageError
from tui.storage.settings import (
    ANIMATION_INFO,
    DEFAULT_THEME,
    GLYPHS_INFO,
    Settings,
    load_settings,
    save_settings,
    toml_text,
)

GAME_VARIANTS = {spec.id: spec.variant_names for spec in games.all_games()}
VARIANT_INFO = {v.name: (v.title, v.line) for spec in games.all_games() for v in spec.variants}
CONFLICTS = tuple(conflict for spec in games.all_games() for conflict in spec.conflicts)
ALL_OUT_INFO = {choice.value: choice.line for choice in games.get("chase").options[0].choices}

HOSTILE_NAMES = [
    "[bold red]x",
    "[/]",
    "[link=https://example.com]click[/link]",
    "\x1b[31mred\x1b[0m",
    'say "hi"',
    "back\\slash\\n",
    "new\nline",
    "tab\there",
    "nul\x00byte",
    "del\x7f",
    "zero\u200bwidth",
    "\u202eright-to-left",
    "漢字のなまえ",
    "Zoë 🎲🎲",
    "'''",
    '"""',
    "# not a comment",
    "a = 1",
    "x" * 200,
    "  spaced  out  ",
]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "config" / "party-dice" / "settings.toml"


# Defaults and round trips


def test_no_file_gives_defaults_and_no_message(path: Path) -> None:
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is None
    assert not path.parent.exists()  # reading creates nothing


def test_defaults() -> None:
    settings = Settings()
    assert settings.variants_for("aces") == frozenset() == settings.variants_for("chase")
    assert settings.option("chase", "all_out") is None  # its first choice, "replay"
    assert games.option_defaults("chase", settings) == {"all_out": "replay"}
    assert settings.animation == "normal"
    assert settings.glyphs == "unicode"
    assert settings.confirm_quit is True
    assert settings.theme == DEFAULT_THEME == "textual-dark"
    assert settings.last_names == ()
    assert settings.bot_level == "casual"
    assert settings.plain is False and settings.brief is False


def test_round_trip_of_every_field(path: Path) -> None:
    settings = Settings(
        variants={
            "aces": frozenset({"three-chip", "last-roll"}),
            "chase": frozenset({"kings-swap", "four-lives"}),
        },
        options={"chase": {"all_out": "share"}},
        animation="off",
        glyphs="ascii",
        confirm_quit=False,
        theme="nord",
        last_names=("Ann", "Ben"),
        bot_level="sharp",
        old_saves="7",
        plain=True,
        brief=True,
    )
    save_settings(settings, path)
    assert load_settings(path) == (settings, None)


def test_old_saves_is_days_or_never_and_a_bad_value_falls_back(path: Path) -> None:
    assert Settings().old_save_days() == 30
    assert Settings(old_saves="never").old_save_days() is None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('format = 1\nold_saves = 12\nanimation = "off"\n')
    settings, _message = load_settings(path)
    assert settings.old_saves == "30" and settings.animation == "off"


def test_default_path_follows_xdg_config_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    save_settings(Settings(animation="fast"))
    written = tmp_path / "xdg" / "party-dice" / "settings.toml"
    assert written.exists()
    assert load_settings()[0].animation == "fast"


def test_file_is_readable_toml_with_a_version(path: Path) -> None:
    save_settings(Settings(variants={"aces": frozenset({"single-die", "three-chip"})}), path)
    text = path.read_text()
    assert text.startswith("# party-dice settings")
    document = tomllib.loads(text)
    assert document["format"] == 1
    assert document["aces_variants"] == ["three-chip", "single-die"]  # rule-sheet order


def test_permissions_and_no_temp_files(path: Path) -> None:
    old = os.umask(0o022)
    try:
        save_settings(Settings(), path)
        save_settings(Settings(glyphs="ascii"), path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    assert sorted(os.listdir(path.parent)) == ["settings.toml"]


# Names


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_names_survive_a_round_trip_cleaned(path: Path, name: str) -> None:
    save_settings(Settings().remember_names([name, "Ben"]), path)
    settings, message = load_settings(path)
    assert message is None
    (first, second) = settings.last_names
    assert second == "Ben"
    assert len(first) <= 20
    assert not any(ord(c) < 0x20 or ord(c) == 0x7F for c in first)
    assert "\u200b" not in first and "\u202e" not in first
    if name.startswith("["):
        assert first == name[:20]  # markup is kept literally, never interpreted


def test_names_in_a_hand_edited_file_are_cleaned_and_capped(path: Path) -> None:
    path.parent.mkdir(parents=True)
    long_name = "y" * 50
    path.write_text(
        'last_names = ["ok", "ctrl\\u0007bell", "' + long_name + '", "", "   "]\n',
        encoding="utf-8",
    )
    settings, message = load_settings(path)
    assert message is None
    assert settings.last_names == ("ok", "ctrlbell", "y" * 20)


def test_at_most_twenty_names_are_remembered() -> None:
    names = [f"P{index}" for index in range(30)]
    assert Settings().remember_names(names).last_names == tuple(names[:20])


@given(st.text(alphabet=st.characters(exclude_categories=["Cs"])))
def test_any_string_survives_tomllib(value: str) -> None:
    assert tomllib.loads(toml_text({"x": value, "l": [value]})) == {"x": value, "l": [value]}


def test_every_control_character_is_escaped() -> None:
    for code in [*range(0x20), 0x7F]:
        value = f"a{chr(code)}b"
        written = toml_text({"x": value})
        line = written.removesuffix("\n")  # the document's own line end
        assert chr(code) not in line or chr(code) == "\t"
        assert tomllib.loads(written)["x"] == value


def test_lone_surrogates_become_replacement_characters(path: Path) -> None:
    written = toml_text({"x": "a\udcffb", "l": ["\udcff"]})
    assert tomllib.loads(written) == {"x": "a\ufffdb", "l": ["\ufffd"]}
    save_settings(Settings(last_names=("bad\udcffname",)), path)
    assert load_settings(path)[0].last_names == ("bad\ufffdname",)


def test_the_header_becomes_comment_lines_above_the_values() -> None:
    written = toml_text({"ok": True, "n": 3, "l": ["a"], "a key": "x"}, header="h\n\nx")
    assert written.startswith("# h\n#\n# x\nok = true\nn = 3\n")
    assert tomllib.loads(written) == {"ok": True, "n": 3, "l": ["a"], "a key": "x"}


def test_a_person_reads_one_setting_per_line_after_the_header(path: Path) -> None:
    save_settings(Settings(theme="nord", last_names=("Ann",)), path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == [
        "# party-dice settings, written by the app (the Settings screen changes them).",
        "# Unknown keys are ignored; a value of the wrong type falls back to its default.",
    ]
    keys = [line.split(" = ")[0] for line in lines if " = " in line]
    per_game = {
        "variants": [f"{game}_variants" for game in GAME_VARIANTS if GAME_VARIANTS[game]],
        "options": [
            f"{spec.id}_{option.key}"
            for spec in games.all_games()
            for option in spec.options
            if option.in_settings
        ],
    }
    expected = [name for f in fields(Settings) for name in per_game.get(f.name, [f.name])]
    assert keys == ["format", *expected]  # one key per game's variants and option, in order
    assert keys[:5] == ["format", "aces_variants", "chase_variants", "chase_all_out", "animation"]
    assert 'theme = "nord"' in lines and "confirm_quit = true" in lines


# Wrong types and unknown keys


def write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)


def test_unknown_keys_are_ignored_silently(path: Path) -> None:
    write(path, 'animation = "fast"\nfuture_thing = 3\n[new_table]\nx = 1\n')
    settings, message = load_settings(path)
    assert settings == Settings(animation="fast")
    assert message is None


WRONG_TYPES: dict[str, Any] = {
    "aces_variants": '"three-chip"',
    "chase_variants": "3",
    "chase_all_out": '"everyone"',
    "animation": "true",
    "glyphs": '"emoji"',
    "confirm_quit": '"yes"',
    "theme": "[1]",
    "last_names": '"Ann"',
    "bot_level": '"godlike"',
    "plain": '"yes"',
    "brief": "1",
}


def _value(settings: Settings, key: str) -> Any:
    """A setting by its key in the file (``<game>_variants`` for a game's variants,
    ``<game>_<option>`` for a game's option)."""
    if key.endswith("_variants"):
        return settings.variants_for(key.removesuffix("_variants"))
    game, _, option = key.partition("_")
    if game in games.ids():
        return settings.option(game, option)
    return getattr(settings, key)


@pytest.mark.parametrize("key", WRONG_TYPES)
def test_a_wrong_value_falls_back_to_its_default_and_says_so(path: Path, key: str) -> None:
    good = 'glyphs = "ascii"' if key != "glyphs" else "confirm_quit = false"
    write(path, f"{good}\n{key} = {WRONG_TYPES[key]}\n")
    settings, message = load_settings(path)
    assert _value(settings, key) == _value(Settings(), key)
    assert settings != Settings()  # the good key is kept
    assert message is not None
    assert message == (
        f"Some settings in {path} were not understood ({key}); defaults are used for them."
    )
    assert path.exists() and corrupt_copies(path.parent) == []  # not moved: still useful


def test_several_wrong_values_in_one_sentence(path: Path) -> None:
    write(path, 'animation = 3\ntheme = ""\nglyphs = "ascii"\n')
    settings, message = load_settings(path)
    assert settings.glyphs == "ascii"
    assert message is not None and "(animation, theme)" in message


def test_unknown_variant_names_are_dropped_known_ones_kept(path: Path) -> None:
    write(
        path, 'aces_variants = ["three-chip", "wild-sixes", 4]\nchase_variants = ["pairs-safe"]\n'
    )
    settings, message = load_settings(path)
    assert settings.variants_for("aces") == frozenset({"three-chip"})
    assert settings.variants_for("chase") == frozenset({"pairs-safe"})
    assert message is not None and "(aces_variants)" in message


def test_a_variant_of_the_other_game_is_not_accepted(path: Path) -> None:
    write(path, 'aces_variants = ["kings-swap"]\n')
    settings, message = load_settings(path)
    assert settings.variants_for("aces") == frozenset()
    assert message is not None


def test_theme_name_is_cleaned(path: Path) -> None:
    write(path, 'theme = "nord\\u001b[31m"\n')
    assert load_settings(path)[0].theme == "nord[31m"


# Damaged files


DAMAGED: dict[str, bytes] = {
    "not toml": b"this is = = not toml",
    "truncated": b'animation = "fa',
    "binary garbage": bytes(range(256)),
    "latin-1": 'theme = "caf\xe9"'.encode("latin-1"),
    "duplicate key": b'animation = "off"\nanimation = "fast"\n',
    "format a string": b'format = "1"\n',
    "format zero": b"format = 0\n",
}


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_is_moved_aside_and_defaults_used(path: Path, content: bytes) -> None:
    write(path, content)
    settings, message = load_settings(path)
    assert settings == Settings()
    (moved,) = corrupt_copies(path.parent)
    assert moved.read_bytes() == content
    assert moved.name.startswith("settings.toml.corrupt-")
    assert message is not None
    assert message.startswith("Your settings file was damaged (")
    assert message.endswith(f"; it was moved to {moved}, defaults are in use.")
    assert not path.exists()
    save_settings(Settings(), path)  # and the next save starts afresh
    assert moved.read_bytes() == content


def test_a_future_format_is_left_alone_and_never_overwritten(path: Path) -> None:
    """Issue 18 item 15: defaults for this run, the newer file kept as it is."""
    write(path, 'format = 2\nanimation = "off"\n')
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message == (
        "Your settings file was written by a newer party-dice (format 2); left as it is,"
        " defaults are in use."
    )
    assert corrupt_copies(path.parent) == []
    with pytest.raises(StorageError) as caught:
        save_settings(Settings(animation="fast"), path)
    assert "written by a newer party-dice (format 2); left as it is." in caught.value.message
    assert path.read_text() == 'format = 2\nanimation = "off"\n'
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.toml"]


def test_an_empty_file_is_just_defaults(path: Path) -> None:
    write(path, b"")
    assert load_settings(path) == (Settings(), None)
    assert path.exists()


def test_unreadable_file_is_moved_aside(path: Path) -> None:
    path.mkdir(parents=True)  # a directory where the file should be: unreadable even for root
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and "could not be read (is a directory)" in message
    assert len(corrupt_copies(path.parent)) == 1


def test_unreadable_file_simulated(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(path, 'animation = "off"\n')
    real_open = os.open

    def deny(target: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(target) == path:
            raise PermissionError(13, os.strerror(13), str(target))
        return real_open(target, *args, **kwargs)

    monkeypatch.setattr("os.open", deny)
    settings, message = load_settings(path)
    monkeypatch.undo()
    assert settings == Settings()
    assert message is not None and "could not be read (permission denied)" in message
    (moved,) = corrupt_copies(path.parent)
    assert moved.read_text() == 'animation = "off"\n'


def test_a_huge_file_is_damaged(path: Path) -> None:
    write(path, b"# " + b"x" * (70 * 1024) + b"\n")
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and "larger than" in message


def test_unwritable_config_dir_raises_a_clear_storage_error(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("a file, not a directory")
    with pytest.raises(StorageError) as caught:
        save_settings(Settings(), tmp_path / "config" / "settings.toml")
    assert "config" in caught.value.message
    assert caught.value.message.endswith(".")


# Variants: words and conflicts


def test_every_variant_of_both_games_has_a_title_and_one_line() -> None:
    names = set(GAME_VARIANTS["aces"]) | set(GAME_VARIANTS["chase"])
    assert set(VARIANT_INFO) == names
    for title, line in VARIANT_INFO.values():
        assert title and line.endswith(".")
        assert "\n" not in line and len(line) <= 140


def test_variant_names_match_the_engines() -> None:
    assert set(aces_rules.VARIANTS) == set(GAME_VARIANTS["aces"])
    assert set(chase_rules.VARIANTS) == set(GAME_VARIANTS["chase"])


def test_kings_swap_cancels_dealers_king_and_king_stops() -> None:
    (conflict,) = CONFLICTS
    assert conflict.variant == "kings-swap"
    assert conflict.cancels == {"dealers-king", "king-stops"}
    assert conflict_notes({"kings-swap"}) == []
    assert conflict_notes({"dealers-king", "king-stops"}) == []
    (one,) = conflict_notes({"kings-swap", "king-stops", "four-lives"})
    assert one.startswith("Kings swap too is on: ")
    assert one.endswith("King stops play has no effect.")
    (both,) = conflict_notes({"kings-swap", "king-stops", "dealers-king"})
    assert both.endswith("Dealer's King and King stops play have no effect.")


def test_option_words_cover_every_choice() -> None:
    assert set(ALL_OUT_INFO) == {"replay", "share"}
    assert set(ANIMATION_INFO) == {"off", "fast", "normal"}
    assert set(GLYPHS_INFO) == {"unicode", "ascii"}


def test_an_older_file_s_game_option_is_read_into_the_generic_options(path: Path) -> None:
    """Files written before options were kept generically hold Chase's as the typed key
    ``chase_all_out``: it is read (loses nothing), and written back under the same key."""
    write(path, 'format = 1\nchase_all_out = "share"\nanimation = "fast"\n')
    settings, message = load_settings(path)
    assert message is None
    assert settings.option("chase", "all_out") == "share"
    assert games.option_defaults("chase", settings) == {"all_out": "share"}
    save_settings(settings, path)
    assert tomllib.loads(path.read_text())["chase_all_out"] == "share"


def test_every_game_option_in_settings_has_its_key_written(path: Path) -> None:
    """Generic: a game's option chosen in Settings, whatever game, is one flat key."""
    save_settings(Settings(), path)
    document = tomllib.loads(path.read_text())
    for spec in games.all_games():
        for option in spec.options:
            key = f"{spec.id}_{option.key}"
            assert (key in document) == option.in_settings
            if option.in_settings:
                assert document[key] == option.default


def test_with_option_checks_the_option_and_its_value() -> None:
    settings = Settings().with_option("chase", "all_out", "share")
    assert settings.option("chase", "all_out") == "share"
    assert settings.with_option("chase", "all_out", "replay") == Settings()  # the default
    with pytest.raises(ValueError, match="not a choice"):
        settings.with_option("chase", "all_out", "everyone")
    with pytest.raises(ValueError, match="no option"):
        settings.with_option("aces", "match", "rounds")  # the setup's, not the settings'


def test_bot_levels_are_the_engine_s() -> None:
    from typing import get_args

    from tui.engine.bots import BOT_LEVELS
    from tui.storage.settings import BotLevel

    assert get_args(BotLevel) == tuple(BOT_LEVELS)


def test_with_variants_and_variants_for() -> None:
    settings = Settings().with_variants("chase", ["kings-swap"])
    assert settings.variants_for("chase") == {"kings-swap"}
    assert settings.variants_for("aces") == frozenset()
    with pytest.raises(ValueError):
        settings.with_variants("aces", ["kings-swap"])


def test_storage_modules_do_not_load_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tui.storage import files, guard, history, locks, paths\n"
        "from tui.storage import save_format, saves, settings\n"
        "assert 'textual' not in sys.modules and 'rich' not in sys.modules, sorted(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


def test_unreadable_file_chmod_000(tmp_path: Path) -> None:
    """Run as a user the mode bits bind (as root too: see ``with_modes_obeyed``)."""

    def body(folder: Path) -> None:
        path = folder / "config" / "party-dice" / "settings.toml"
        write(path, 'animation = "off"\n')
        os.chmod(path, 0)
        settings, message = load_settings(path)
        assert settings == Settings()
        assert message is not None and "could not be read (permission denied)" in message
        (moved,) = corrupt_copies(path.parent)
        os.chmod(moved, 0o600)
        assert moved.read_text() == 'animation = "off"\n'

    with_modes_obeyed(tmp_path, body)


def test_read_only_config_dir(tmp_path: Path) -> None:
    """Run as a user the mode bits bind (as root too: see ``with_modes_obeyed``)."""

    def body(folder: Path) -> None:
        path = folder / "config" / "party-dice" / "settings.toml"
        path.parent.mkdir(parents=True)
        os.chmod(path.parent, 0o500)
        try:
            with pytest.raises(StorageError) as caught:
                save_settings(Settings(), path)
            assert "(permission denied)" in caught.value.message
        finally:
            os.chmod(path.parent, 0o700)

    with_modes_obeyed(tmp_path, body)

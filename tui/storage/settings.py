"""The player's settings: what they are, and the TOML file.

Settings live in ``settings.toml`` in the user config dir. Loading never fails: a key
of the wrong type falls back to its default (and the player is told which), unknown
keys are ignored (a newer party-dice may have written them), and a file that is not
TOML at all is moved aside and replaced by defaults. A file whose ``format`` is newer
than ours is left as it is and never overwritten: defaults are used for this run, and
saving a change says so instead. Pure Python: no Textual, no Rich.

Each game's own settings are kept the same way for every game, under keys made from its
id: its variants (``<game id>_variants``) and the options whose default Settings choose
(``<game id>_<option key>``, ``OptionSpec.in_settings``). Which keys those are, and what
they may hold, is the registry's word (``tui.games``), the one thing of the games this
module reads: it never names a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal, TypeGuard, get_args

from tui import games
from tui.gameconfig import MAX_NAME, clean_name
from tui.storage.files import (
    Damaged,
    StorageError,
    atomic_write_text,
    check_format,
    ensure_private_dir,
    load_or_quarantine,
    read_limited,
)
from tui.storage.paths import settings_path

__all__ = [
    "ANIMATION_INFO",
    "DEFAULT_THEME",
    "GLYPHS_INFO",
    "OLD_SAVES_INFO",
    "Settings",
    "load_settings",
    "save_settings",
]

ANIMATION_INFO: dict[str, str] = {
    "off": "No animation: dice and computer turns appear at once.",
    "fast": "Short rolls and quick computer turns.",
    "normal": "Rolls you can watch and computer turns at a readable pace.",
}

GLYPHS_INFO: dict[str, str] = {
    "unicode": "Dice faces and card suits (⚄ 10♠).",
    "ascii": "Plain characters for terminals without those symbols ([5] 10s).",
}

OLD_SAVES_INFO: dict[str, str] = {
    "never": "Saved games are kept until you discard them.",
    "7": "Continue offers to discard games saved more than a week ago.",
    "30": "Continue offers to discard games saved more than a month ago.",
    "90": "Continue offers to discard games saved more than three months ago.",
}

SETTINGS_FORMAT = 1
DEFAULT_THEME = "textual-dark"
MAX_REMEMBERED_NAMES = 20
"""As many names as the largest table (Chase: 20 players)."""
MAX_THEME_NAME = 64
MAX_SETTINGS_BYTES = 64 * 1024

Animation = Literal["off", "fast", "normal"]
Glyphs = Literal["unicode", "ascii"]
BotLevel = Literal["casual", "sharp"]
"""The computer players' levels (``tui.engine.bots.BOT_LEVELS``, which a test compares)."""
OldSaves = Literal["never", "7", "30", "90"]
"""After how many days a saved game is offered for removal."""

TomlValue = str | bool | int | list[str]
"""What a settings key may hold: the file is flat."""

_SURROGATE = re.compile("[\ud800-\udfff]")

_HEADER = """party-dice settings, written by the app (the Settings screen changes them).
Unknown keys are ignored; a value of the wrong type falls back to its default."""


def clean_names(names: Iterable[str]) -> tuple[str, ...]:
    """Names fit to remember: cleaned of control characters, at most 20 characters
    each, empty ones dropped, at most ``MAX_REMEMBERED_NAMES`` of them."""
    cleaned = (clean_name(name)[:MAX_NAME].strip() for name in names)
    return tuple(name for name in cleaned if name)[:MAX_REMEMBERED_NAMES]


@dataclass(frozen=True)
class Settings:
    """Everything the player can set, with the defaults a new player gets."""

    variants: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """The variants switched on, by game id (in the file: ``<game id>_variants``)."""
    options: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The games' own options chosen here, by game id then option key (in the file:
    ``<game id>_<option key>``); an option not in it takes its first choice."""
    animation: Animation = "normal"
    glyphs: Glyphs = "unicode"
    confirm_quit: bool = True
    theme: str = DEFAULT_THEME
    last_names: tuple[str, ...] = ()
    """Names remembered for the setup screen, in seat order."""
    bot_level: BotLevel = "casual"
    show_odds: bool = False
    """Each seat's live chance on the table (key O). Off at a first launch: the first odds
    of a big table cost seconds of work and a cache file nobody asked for, and some
    tables play for the luck and would rather not see the numbers."""
    old_saves: OldSaves = "30"
    """Continue offers to discard saved games older than this many days (never: keep)."""
    plain: bool = False
    """Plain text (screen readers): party-dice opens as sentences and prompts, a line at a
    time, instead of the full screen (``tui.plain``; ``--plain`` asks for it once)."""
    brief: bool = False
    """The plain-text table drops the words a regular already knows."""

    def old_save_days(self) -> int | None:
        """The age in days past which a save is offered for removal (``None``: never)."""
        return None if self.old_saves == "never" else int(self.old_saves)

    def __post_init__(self) -> None:
        # One spelling per state: a game with no variants on has no entry, nor an option
        # at its default, so settings read back from a file equal the ones written.
        chosen = {game: frozenset(v) for game, v in self.variants.items() if v}
        object.__setattr__(self, "variants", chosen)
        options = {}
        for game_id, values in self.options.items():
            kept = {k: v for k, v in values.items() if v != _option_default(game_id, k)}
            if kept:
                options[game_id] = kept
        object.__setattr__(self, "options", options)

    def variants_for(self, game_id: str) -> frozenset[str]:
        """The variants switched on for ``game_id``."""
        return self.variants.get(game_id, frozenset())

    def option(self, game_id: str, key: str) -> str | None:
        """The value chosen here for ``game_id``'s option ``key`` (``None``: its default)."""
        return self.options.get(game_id, {}).get(key)

    def with_option(self, game_id: str, key: str, value: str) -> Settings:
        """A copy with ``game_id``'s option ``key`` set to ``value`` (``ValueError`` for an
        option Settings do not choose, or a value it does not have)."""
        option = next((o for o in _settings_options(game_id) if o.key == key), None)
        if option is None:
            raise ValueError(f"{game_id} has no option {key!r} in the settings")
        if value not in option.values:
            raise ValueError(f"{value!r} is not a choice of {game_id}'s {key}")
        values = {**self.options.get(game_id, {}), key: value}
        return replace(self, options={**self.options, game_id: values})

    def with_variants(self, game_id: str, variants: Iterable[str]) -> Settings:
        """A copy with ``game_id``'s variants replaced (``ValueError`` on unknown names)."""
        chosen = frozenset(variants)
        unknown = sorted(chosen - set(games.get(game_id).variant_names))
        if unknown:
            raise ValueError(f"unknown variant {unknown[0]!r} for {game_id}")
        return replace(self, variants={**self.variants, game_id: chosen})

    def remember_names(self, names: Sequence[str]) -> Settings:
        """A copy remembering ``names`` (cleaned and capped) for the next setup screen."""
        return replace(self, last_names=clean_names(names))

    @property
    def ascii_glyphs(self) -> bool:
        return self.glyphs == "ascii"


def _settings_options(game_id: str) -> tuple[Any, ...]:
    """``game_id``'s options whose default Settings choose (none for an unknown game)."""
    try:
        spec = games.get(game_id)
    except ValueError:
        return ()
    return tuple(option for option in spec.options if option.in_settings)


def _option_default(game_id: str, key: str) -> str | None:
    found = (o.default for o in _settings_options(game_id) if o.key == key)
    return next(found, None)


def _choice(allowed: Any) -> Any:
    options = frozenset(get_args(allowed))

    def check(value: object) -> TypeGuard[str]:
        return isinstance(value, str) and value in options

    return check


def _read_variants(game_id: str, value: object) -> tuple[frozenset[str], bool]:
    """Known variant names from a list, and whether everything in it was understood."""
    if not isinstance(value, list):
        return frozenset(), False
    known = set(games.get(game_id).variant_names)
    chosen = frozenset(v for v in value if isinstance(v, str) and v in known)
    return chosen, len(chosen) == len(value)


def _read_names(value: object) -> tuple[tuple[str, ...], bool]:
    if not isinstance(value, list):
        return (), False
    return clean_names(v for v in value if isinstance(v, str)), all(
        isinstance(v, str) for v in value
    )


def _read_theme(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    theme = clean_name(value)
    return theme if theme and len(theme) <= MAX_THEME_NAME else None


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed file, and the keys that had to fall back to defaults."""
    defaults = Settings()
    values: dict[str, Any] = {}
    bad: list[str] = []
    simple = {
        "animation": _choice(Animation),
        "glyphs": _choice(Glyphs),
        "bot_level": _choice(BotLevel),
        "confirm_quit": lambda v: isinstance(v, bool),
        "show_odds": lambda v: isinstance(v, bool),
        "old_saves": _choice(OldSaves),
        "plain": lambda v: isinstance(v, bool),
        "brief": lambda v: isinstance(v, bool),
    }
    for key, valid in simple.items():
        if key in data:
            if valid(data[key]):
                values[key] = data[key]
            else:
                bad.append(key)
    variants: dict[str, frozenset[str]] = {}
    for game_id in games.ids():
        key = f"{game_id}_variants"
        if key in data:
            variants[game_id], understood = _read_variants(game_id, data[key])
            if not understood:
                bad.append(key)
    if variants:
        values["variants"] = variants
    options: dict[str, dict[str, str]] = {}
    for game_id in games.ids():
        for option in _settings_options(game_id):
            key = games.settings_key(game_id, option.key)
            if key not in data:
                continue
            if data[key] in option.values:
                options.setdefault(game_id, {})[option.key] = data[key]
            else:
                bad.append(key)
    if options:
        values["options"] = options
    if "last_names" in data:
        values["last_names"], understood = _read_names(data["last_names"])
        if not understood:
            bad.append("last_names")
    if "theme" in data:
        theme = _read_theme(data["theme"])
        if theme is None:
            bad.append("theme")
        else:
            values["theme"] = theme
    return replace(defaults, **values), bad


def _parse(data: bytes) -> dict[str, Any]:
    import tomllib  # only a saved settings file is parsed (none at a first start)

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Damaged("not UTF-8 text") from error
    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise Damaged("not valid TOML") from error
    check_format(document.get("format", SETTINGS_FORMAT), SETTINGS_FORMAT)
    return document


def _refuse_newer(path: Path) -> None:
    """``StorageError`` when the file at ``path`` comes from a newer party-dice."""
    try:
        data = read_limited(path, MAX_SETTINGS_BYTES)
        if data is not None:
            _parse(data)
    except Damaged as damage:
        if damage.kind == "newer":
            newer = f"was written by a newer party-dice ({damage.reason})"
            raise StorageError(f"{path} {newer}; left as it is.") from damage


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults when there are none) and at most one sentence
    for the player about anything that went wrong. Never raises for a bad file."""
    path = settings_path() if path is None else path
    document, message = load_or_quarantine(
        path,
        _parse,
        what="settings file",
        consequence="defaults are in use",
        limit=MAX_SETTINGS_BYTES,
    )
    if document is None:
        return Settings(), message
    settings, bad = settings_from_dict(document)
    if bad:
        keys = ", ".join(bad)
        message = (
            f"Some settings in {path} were not understood ({keys}); defaults are used for them."
        )
    return settings, message


def settings_to_dict(settings: Settings) -> dict[str, TomlValue]:
    values: dict[str, TomlValue] = {"format": SETTINGS_FORMAT}
    for item in fields(settings):
        value = getattr(settings, item.name)
        if item.name == "variants":
            for spec in games.all_games():
                if spec.variants:
                    chosen = settings.variants_for(spec.id)
                    values[f"{spec.id}_variants"] = [v for v in spec.variant_names if v in chosen]
            continue
        if item.name == "options":
            for spec in games.all_games():
                for option in _settings_options(spec.id):
                    value = settings.option(spec.id, option.key) or option.default
                    values[games.settings_key(spec.id, option.key)] = value
            continue
        if item.name == "last_names":
            value = list(clean_names(value))
        values[item.name] = value
    return values


def _utf8_safe(value: TomlValue) -> TomlValue:
    """``value`` with lone surrogates as U+FFFD: a UTF-8 file cannot hold them, and names
    from odd command lines may carry them."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_SURROGATE.sub("\ufffd", item) for item in value]
    return value


def toml_text(values: Mapping[str, TomlValue], header: str = "") -> str:
    """A TOML document: ``header`` as comment lines, then ``values`` (written by tomli-w,
    which escapes what TOML forbids, so any string comes back from ``tomllib`` unchanged)."""
    import tomli_w  # only when a file is written

    comments = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    return comments + tomli_w.dumps({key: _utf8_safe(value) for key, value in values.items()})


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (file 0600, directory 0700).

    Raises ``tui.storage.files.StorageError`` (with a one-sentence ``message``) when the
    config directory cannot be written, or when a newer party-dice wrote the file there
    (it is not ours to overwrite); the app should say so and carry on.
    """
    path = settings_path() if path is None else path
    ensure_private_dir(path.parent)
    _refuse_newer(path)
    atomic_write_text(path, toml_text(settings_to_dict(settings), header=_HEADER))

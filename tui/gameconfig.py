"""What a new game is made of, and the checks a table must pass before it starts.

Pure Python (no textual import): the command line and the setup screen both build a
``GameConfig`` and ask the same functions whether the names and the player count are
acceptable, so a table that the setup screen refuses is refused by ``party-dice play``
with the same words.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tui import games
from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Controller, SaveFormatError, Seat
from tui.lookalike import name_key
from tui.names import INVISIBLE, has_a_letter

MAX_NAME = 20
"""Longest name, in characters, after control characters are removed."""

BOT_NAMES: tuple[str, ...] = (
    "Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Claude", "Hedy",
    "Dennis", "Radia", "Ken", "Margaret", "Tim", "Sophie", "Linus", "Karen", "Guido",
    "Annie", "John", "Mary", "Niklaus",
)  # fmt: skip
"""Names offered to computer players: people's names, so the log reads like a table."""


def clean_name(raw: str) -> str:
    """A name as the table will show it: control and invisible characters removed,
    runs of spaces folded to one, ends stripped. Markup is kept literally (the UI never
    interprets it)."""
    kept = [
        " " if ch.isspace() else ch
        for ch in raw
        if ch.isspace() or (unicodedata.category(ch) != "Cc" and ch not in INVISIBLE)
    ]
    return " ".join("".join(kept).split())


def name_problems(names: Sequence[str]) -> list[str | None]:
    """For each (already cleaned) name, what is wrong with it, or ``None``.

    A name repeated, or one that looks the same on the screen (``tui.lookalike.name_key``:
    case, Unicode forms, invisible characters, Cyrillic and Greek look-alikes), is
    reported at its second and later seats, naming the first seat, so the message sits
    next to the field to change.
    """
    first_seen: dict[str, int] = {}
    problems: list[str | None] = []
    for index, name in enumerate(names):
        if not has_a_letter(name):
            problems.append("Needs a name.")
            continue
        if len(name) > MAX_NAME:
            problems.append(f"Too long: {len(name)} characters, at most {MAX_NAME}.")
            continue
        key = name_key(name)
        if key in first_seen:
            same = names[first_seen[key]].casefold() == name.casefold()
            what = "Same name as" if same else "Looks the same as the name of"
            problems.append(f"{what} seat {first_seen[key] + 1}.")
            continue
        first_seen[key] = index
        problems.append(None)
    return problems


_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def has_controls(name: str) -> bool:
    """True when ``name`` holds a control character (an escape sequence, a carriage
    return), a line or paragraph separator, or a bidirectional control: setup never
    keeps one (``clean_name``), so a save that holds one was edited to."""
    return any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI for ch in name)


def controller_from_save(payload: dict[str, Any]) -> Controller:
    """The game a save holds (``games.controller_from_dict``), if its names pass setup's
    checks but the length (older saves may hold longer ones): each with a letter once
    cleaned, no two that look the same, no control character; ``SaveFormatError``
    otherwise (a damaged save: a hand-edited "Ada" with a Cyrillic A sat beside "Ada", a
    Hangul filler showed nothing, an escape sequence would have reached the terminal of
    everyone at a shared table)."""
    controller = games.controller_from_dict(payload)
    if any(has_controls(seat.name) for seat in controller.seats):
        raise SaveFormatError("a player's name holds control characters")
    cleaned = [clean_name(seat.name) for seat in controller.seats]
    if not all(has_a_letter(name) for name in cleaned):
        raise SaveFormatError("a player's name shows nothing")
    if len({name_key(name) for name in cleaned}) != len(cleaned):
        raise SaveFormatError("two players' names look the same")
    return controller


def count_problem(game_id: str, count: int) -> str | None:
    """What is wrong with ``count`` players for this game, or ``None``."""
    spec = games.get(game_id)
    low, high = spec.players
    if count < low:
        return f"{spec.title} needs at least {low} players ({count} now)."
    if count > high:
        return f"{spec.title} takes at most {high} players ({count} now)."
    return None


def table_problem(game_id: str, names: Sequence[str]) -> str | None:
    """The first thing wrong with a table of (cleaned) names, in one sentence, or ``None``."""
    problem = count_problem(game_id, len(names))
    if problem:
        return problem
    for index, issue in enumerate(name_problems(names)):
        if issue:
            name = names[index]
            shown = (
                f" ({name[:MAX_NAME]}…)" if len(name) > MAX_NAME else f" ({name})" if name else ""
            )
            return f"Seat {index + 1}{shown}: {issue[0].lower()}{issue[1:]}"
    return None


def bot_names(taken: Sequence[str], count: int) -> list[str]:
    """``count`` computer-player names that clash with none of ``taken`` (any case)."""
    used = {name_key(name) for name in taken}
    free = [name for name in BOT_NAMES if name_key(name) not in used]
    extra = 1
    while len(free) < count:
        candidate = f"Computer {extra}"
        if name_key(candidate) not in used:
            free.append(candidate)
        extra += 1
    return free[:count]


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start one game; what setup and ``party-dice play`` produce.

    ``first_seat`` is 0-based: the seat that acts first (its meaning, and the words for
    ``None``, come from the game's ``FirstSeat``). ``options`` are the game's own engine
    keywords (its ``OptionSpec`` keys and their numbers); missing ones take the engine's
    defaults. ``seed`` makes the game reproducible; ``None`` lets the app choose.
    """

    game_id: str
    seats: tuple[Seat, ...]
    variants: frozenset[str] = frozenset()
    first_seat: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @classmethod
    def from_saved(
        cls, game_id: str, seats: Sequence[Seat], state: Mapping[str, Any]
    ) -> GameConfig:
        """The config a saved engine state was started with, as far as the state says
        (its variants, first seat and the game's own options; no seed)."""
        spec = games.get(game_id)
        keys = {o.key for o in spec.options}
        keys |= {n.key for o in spec.options for n in o.numbers.values()}
        first = state.get(spec.first_seat.key)
        return cls(
            game_id,
            tuple(seats),
            variants=frozenset(state.get("variants", ())),
            first_seat=first if isinstance(first, int) else None,
            options={key: value for key, value in state.items() if key in keys},
        )

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @property
    def title(self) -> str:
        return games.get(self.game_id).title

    def problem(self) -> str | None:
        """The first reason this table cannot start, or ``None``."""
        try:
            spec = games.get(self.game_id)
        except ValueError as error:
            return str(error)
        unknown = sorted(self.variants - set(spec.variant_names))
        if unknown:
            choices = ", ".join(spec.variant_names)
            return f"unknown variant {unknown[0]!r} for {self.game_id}: choose from {choices}"
        problem = table_problem(self.game_id, self.names)
        if problem:
            return problem
        if self.first_seat is not None and not 0 <= self.first_seat < len(self.seats):
            return f"first seat must be between 1 and {len(self.seats)}"
        return None


# -- a table remembered between runs, as plain data (tui.storage.last_table) -------------


def table_dict(config: GameConfig) -> dict[str, Any]:
    """``config`` as plain data, without its seed: what the last table file keeps."""
    return {
        "seats": [{"name": seat.name, "level": seat.bot} for seat in config.seats],
        "variants": sorted(config.variants),
        "first_seat": config.first_seat,
        "options": dict(config.options),
    }


def _option_keys(game_id: str) -> set[str]:
    spec = games.get(game_id)
    return {o.key for o in spec.options} | {n.key for o in spec.options for n in o.numbers.values()}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def config_from_table(game_id: str, data: object) -> GameConfig | None:
    """The table ``table_dict`` kept for ``game_id``, or ``None`` when anything in it no
    longer makes sense (a game removed, a variant renamed, a level or name now refused):
    such a table is forgotten, never an error."""
    if game_id not in games.ids() or not isinstance(data, dict):
        return None
    seats_data, variants = data.get("seats"), data.get("variants", [])
    if not isinstance(seats_data, list) or not isinstance(variants, list):
        return None
    if not all(isinstance(v, str) for v in variants):
        return None
    seats = []
    for seat in seats_data:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            return None
        level = seat.get("level")
        if level is not None and level not in BOT_LEVELS:
            return None
        seats.append(Seat(seat["name"], level))
    first = data.get("first_seat")
    options = data.get("options", {})
    if not isinstance(options, dict):
        return None
    keys = _option_keys(game_id)
    kept = {
        key: value
        for key, value in options.items()
        if key in keys and (isinstance(value, str) or _is_int(value))
    }
    config = GameConfig(
        game_id,
        tuple(seats),
        variants=frozenset(variants),
        first_seat=first if _is_int(first) else None,
        options=kept,
    )
    return None if config.problem() else config

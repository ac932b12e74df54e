"""What the command line asks for, as data: ``Command`` and its ``PlayRequest`` (a table
to open) and ``ShareRequest`` (a shared table to host or join). ``tui.cli`` builds
them; pure Python, no Textual.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tui.engine.controller import Seat
from tui.gameconfig import GameConfig, bot_names


@dataclass(frozen=True)
class PlayRequest:
    """``party-dice play``: the table to open, before settings fill the gaps.

    ``variants`` is ``None`` when no ``--variant`` was given (the settings' choice then
    applies) and ``bot_level`` is ``None`` when ``--bot-level`` was not given.
    ``options`` are the game's own options given on the command line (``OptionSpec``
    keys and their numbers); the settings' defaults fill the others.
    """

    game_id: str
    humans: tuple[str, ...]
    bots: int = 0
    bot_level: str | None = None
    variants: frozenset[str] | None = None
    seed: int | None = None
    first_seat: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def config(
        self,
        default_variants: frozenset[str] = frozenset(),
        default_level: str = "casual",
        default_options: Mapping[str, Any] | None = None,
    ) -> GameConfig:
        """The ``GameConfig`` for this request, with settings' defaults where it is silent."""
        level = self.bot_level or default_level
        seats = [Seat(name) for name in self.humans]
        seats += [Seat(name, level) for name in bot_names(self.humans, self.bots)]
        return GameConfig(
            game_id=self.game_id,
            seats=tuple(seats),
            variants=self.variants if self.variants is not None else default_variants,
            first_seat=self.first_seat,
            options={**(default_options or {}), **self.options},
            seed=self.seed,
        )


@dataclass(frozen=True)
class ShareRequest:
    """``party-dice host`` (``play`` is the table, ``None`` with ``resume``) or
    ``party-dice join``. ``here``: the seats the host's terminal holds; ``given``: the
    seats the host gives other accounts (name, uid: ``--names Ben=ben``);
    ``seats_each``: the seats another account may take by itself. ``owner``: whose
    table ``join`` means (``--host``). The code is never here: it is typed at a prompt
    or read from ``PARTY_DICE_CODE``."""

    host: bool
    resume: bool = False
    here: tuple[str, ...] = ()
    given: tuple[tuple[str, int], ...] = ()
    seats_each: int = 1
    idle_minutes: int = 15
    away_minutes: float | None = None
    approve: bool = False
    list_only: bool = False
    watch: bool = False
    seat: str | None = None
    table: str | None = None
    owner: str | None = None


@dataclass(frozen=True)
class Command:
    """What to do: ``kind`` is title, play, resume, rules, simulate, odds, host or join;
    ``plain``: in plain text (``--plain``), not the full screen."""

    kind: str
    ascii: bool = False
    plain: bool = False
    play: PlayRequest | None = None
    share: ShareRequest | None = None
    game_id: str | None = None
    rest: tuple[str, ...] = field(default_factory=tuple)

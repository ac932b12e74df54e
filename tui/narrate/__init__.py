"""Events in words for the table's log: one plain-text line per thing that happened.

Each game has a module with ``describe(events, names, ascii_only=False) -> list[str]``;
``narrate`` picks it by game id and imports it only when first needed, so the simulator
and the engine tests never load a narrator they do not use. Lines are plain strings,
never markup: player names are user text and must be shown as-is.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from tui.engine.core import Event

_MODULES = {"aces": "tui.narrate.aces", "chase": "tui.narrate.chase"}


def narrate(
    game_id: str, events: Sequence[Event], names: Sequence[str], ascii_only: bool = False
) -> list[str]:
    """Log lines for ``events`` of game ``game_id`` ("aces" or "chase")."""
    try:
        module_name = _MODULES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}: choose {' or '.join(_MODULES)}") from None
    module = importlib.import_module(module_name)
    lines: list[str] = module.describe(list(events), list(names), ascii_only=ascii_only)
    return lines

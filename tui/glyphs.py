"""Dice and card glyphs, Unicode or ASCII, in one place.

Die faces U+2680..U+2685 and the suits are one cell wide; never add U+FE0F, which asks
for emoji presentation and makes them two cells wide.
"""

from __future__ import annotations

from tui.engine.cards import card_label

DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"


def die(value: int, ascii_only: bool = False) -> str:
    """One die: ``⚄`` or ``[5]``."""
    return f"[{value}]" if ascii_only else DIE_FACES[value - 1]


def dice(values: tuple[int, ...] | list[int], ascii_only: bool = False) -> str:
    """Several dice separated by spaces: ``⚀ ⚅`` or ``[1] [6]``."""
    return " ".join(die(v, ascii_only) for v in values)


def card(code: str, ascii_only: bool = False) -> str:
    """A card label: ``10♠`` or ``10s``."""
    return card_label(code, ascii_only)

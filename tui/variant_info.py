"""Words for the settings screen: every variant and option in one line, and the
combinations of variants that cancel each other.

Titles follow the rule sheets; the one-line explanations follow the rulings
(``shared/rules/RULINGS.md``), which decide where the sheets are vague.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

VARIANT_INFO: dict[str, tuple[str, str]] = {
    # Aces in the Pot
    "three-chip": ("Three-Chip Start", "Everyone starts with three chips instead of two."),
    "right-pass": (
        "Right-Pass",
        "A six sends a chip to the player on the right instead of the left.",
    ),
    "last-roll": (
        "Last Roll",
        (
            "When one player is left with chips, each player at zero gets a final roll:"
            " a six wins a chip back, anything else and they are out."
        ),
    ),
    "single-die": ("Single-Die", "Everyone rolls one die instead of two: a shorter game."),
    # Chase the Ace
    "announce-low": (
        "Announce low cards",
        "An Ace, 2 or 3 handed over in a swap is shown to everyone.",
    ),
    "dealers-king": (
        "Dealer's King",
        "A King found by the dealer's cut or draw also costs the dealer a life at once.",
    ),
    "dealer-draws": (
        "Dealer draws",
        "The dealer may take the top card of the stock instead of cutting the deck.",
    ),
    "four-lives": ("Four lives", "Everyone starts with four lives instead of three."),
    "kings-swap": (
        "Kings swap too",
        "Kings have no power: they are swapped like any other card and never block.",
    ),
    "king-stops": (
        "King stops play",
        "As soon as a King is shown, the remaining turns are skipped and cards are turned up.",
    ),
    "pairs-safe": (
        "Pairs are safe",
        "A rank held by two or more players is safe; the lowest unpaired card loses.",
    ),
}
"""Variant name -> (title, one-line explanation), for both games."""


@dataclass(frozen=True)
class Conflict:
    """``variant`` switched on makes each of ``cancels`` have no effect, ``because``."""

    variant: str
    cancels: frozenset[str]
    because: str


CONFLICTS: tuple[Conflict, ...] = (
    Conflict(
        "kings-swap",
        frozenset({"dealers-king", "king-stops"}),
        "Kings have no power, so no King is ever found or shown",
    ),
)


def _join(titles: list[str]) -> str:
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def conflict_notes(variants: Iterable[str]) -> list[str]:
    """One sentence per conflict among ``variants`` that are on, for the settings
    screen and the table ("Kings swap too is on: Kings have no power, so no King is ever
    found or shown; King stops play has no effect.")."""
    chosen = set(variants)
    notes = []
    for conflict in CONFLICTS:
        cancelled = sorted(conflict.cancels & chosen)
        if conflict.variant in chosen and cancelled:
            titles = [VARIANT_INFO[name][0] for name in cancelled]
            verb = "has" if len(titles) == 1 else "have"
            notes.append(
                f"{VARIANT_INFO[conflict.variant][0]} is on: {conflict.because};"
                f" {_join(titles)} {verb} no effect."
            )
    return notes


ALL_OUT_INFO: dict[str, str] = {
    "replay": "Players who would all go out at once keep their last life and play again.",
    "share": "Players who would all go out at once share the win.",
}
"""Chase the Ace, when everyone still in would lose their last life together (C8)."""

ANIMATION_INFO: dict[str, str] = {
    "off": "No animation: dice and computer turns appear at once.",
    "fast": "Short rolls and quick computer turns.",
    "normal": "Rolls you can watch and computer turns at a readable pace.",
}

GLYPHS_INFO: dict[str, str] = {
    "unicode": "Dice faces and card suits (⚄ 10♠).",
    "ascii": "Plain characters for terminals without those symbols ([5] 10s).",
}

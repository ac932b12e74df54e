"""Playing cards as two-character codes: rank then suit, ``"AS"``, ``"TD"``, ``"KH"``.

Ranks from low to high: A 2 3 4 5 6 7 8 9 T J Q K (the Ace is the lowest in Chase the
Ace). Suits: C D H S. ``FRESH_DECK`` is the fixed order every round's deck starts in
before its one ``shuffle`` call: clubs, diamonds, hearts, spades, each from Ace to King.
After the shuffle, index 0 is the top of the deck.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
FRESH_DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
LOW_CARDS = frozenset("A23")
"""Ranks that the Announce-low-cards variant makes public when handed over."""

_RANK_NAMES = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
_SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def rank_label(card: str) -> str:
    """The rank as printed on a card: A, 2, ..., 10, J, Q, K."""
    return "10" if card[0] == "T" else card[0]


def rank_name(card: str) -> str:
    """A word for the rank: "Ace", "7", "10", "King"."""
    return _RANK_NAMES.get(card[0], card[0])


def card_label(card: str, ascii_only: bool = False) -> str:
    """``"10♠"`` (suits are one cell wide, never with U+FE0F) or ``"10s"`` in ASCII."""
    suit = card[1].lower() if ascii_only else _SUIT_SYMBOLS[card[1]]
    return rank_label(card) + suit

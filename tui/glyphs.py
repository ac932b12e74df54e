"""Dice and card glyphs, Unicode or ASCII, in one place.

Die faces U+2680..U+2685 and the suits are one cell wide; never add U+FE0F, which asks
for emoji presentation and makes them two cells wide.
"""

from __future__ import annotations

import re

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


# -- dice and cards said in words (the plain-text table: speech and Braille) ----------------

_NUMBERS = ("one", "two", "three", "four", "five", "six")
_PLURALS = ("ones", "twos", "threes", "fours", "fives", "sixes")
_RANK_WORDS = {
    "A": "Ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
}
_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def die_words(value: int) -> str:
    """One die in words: "a six"."""
    return f"a {_NUMBERS[value - 1]}"


def dice_words(values: tuple[int, ...] | list[int]) -> str:
    """Dice in words, as said aloud: "a one and a six", "two sixes", "a four"."""
    faces = list(values)
    if len(faces) == 2 and faces[0] == faces[1]:
        return f"two {_PLURALS[faces[0] - 1]}"
    said = [die_words(value) for value in faces]
    if len(said) <= 1:
        return "".join(said)
    return f"{', '.join(said[:-1])} and {said[-1]}"


def card_words(code: str) -> str:
    """A card in words, never a glyph alone: "the Queen of spades", "the ten of hearts"."""
    return f"the {_RANK_WORDS[code[0]]} of {_SUIT_WORDS[code[1]]}"


_SUIT_CODES = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
_LABEL = re.compile(r"(?<![\w\u2663\u2666\u2665\u2660])(10|[2-9AJQK])([\u2663\u2666\u2665\u2660])")
_FACES = re.compile(f"[{DIE_FACES}](?: [{DIE_FACES}])*")


def spoken(text: str) -> str:
    """``text`` with every card label (``Q♠``) and die face (``⚀ ⚅``) in words: the last
    word for lines a game did not word for speech itself (a game added later)."""
    text = _LABEL.sub(
        lambda m: card_words(("T" if m.group(1) == "10" else m.group(1)) + _SUIT_CODES[m.group(2)]),
        text,
    )
    return _FACES.sub(
        lambda m: dice_words([DIE_FACES.index(face) + 1 for face in m.group(0).split(" ")]), text
    )

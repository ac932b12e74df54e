"""Text rules for the names people type: shared by the checks a table must pass
(``tui.gameconfig``) and by what the table says and draws (``tui.cells``).

Pure standard library, and importing nothing of ``tui``, so both can use it without
either importing the other (the registry sits behind ``gameconfig``).
"""

from __future__ import annotations

import unicodedata

INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2066\u2067\u2068\u2069\ufeff"
    "\u034f\u115f\u1160\u180e\u2061\u2062\u2063\u2064\u2800\u3164\uffa0"
)
"""Zero-width and direction-changing characters, and the letters and marks that are
drawn as nothing (Hangul fillers, the blank Braille pattern, the grapheme joiner):
they would scramble a seat's name, or make one that looks empty."""


def has_a_letter(name: str) -> bool:
    """True when ``name`` has a character that is drawn on its own: not a space, not
    invisible, not only accents (combining marks) with nothing under them."""
    return any(
        not ch.isspace() and ch not in INVISIBLE and unicodedata.category(ch)[0] not in "MC"
        for ch in name
    )

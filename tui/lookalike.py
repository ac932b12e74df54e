"""When two player names would look the same at the table, so "Pass to Eve" is one person.

``name_key`` is what names are compared by (``tui.gameconfig.name_problems``): the name
as the screen shows it (already cleaned by ``gameconfig.clean_name``), NFC-normalized so
a composed "José" and a decomposed one are one name, case-folded, without the characters
a terminal draws as nothing (soft hyphen, tag characters, the combining grapheme joiner,
variation selectors and every other format character), and with Cyrillic and Greek
letters that look like Latin ones read as those Latin letters.

The confusable map is small and explicit on purpose: the lower-case forms (names are
case-folded first) of the Cyrillic and Greek letters that look like a Latin letter in
common terminal fonts. It is not Unicode's full confusables list (``confusables.txt``,
thousands of entries, many only alike in some fonts); a look-alike outside it, say a
mathematical alphanumeric or a Cherokee letter, is not caught.
"""

from __future__ import annotations

import unicodedata

_CONFUSABLE = str.maketrans(
    # These letters (escaped: they look like Latin ones, which is the point) ...
    # Cyrillic
    "\u0430\u0432\u0441\u0501\u0435\u0451\u04bb\u043d"
    "\u0456\u0457\u0458\u043a\u04cf\u043c\u043e\u0440"
    "\u051b\u0455\u0442\u0443\u0475\u051d\u0445\u0433"
    # Greek
    "\u03b1\u03b2\u03f2\u03b5\u03b7\u03b9\u03ba\u03bc"
    "\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u03b6\u03f3"
    # Latin look-alikes of Latin letters
    "\u0131\u0251\u0261",
    # ... read as these Latin letters, in the same order
    "abcde\u00ebhhi\u00efjklmopqstyvwxr"  # Cyrillic
    "abcehikmvoptuxzj"  # Greek
    "iag",  # Latin look-alikes of Latin letters
)
"""Lower-case look-alikes of Latin letters (see the module docstring for its limits)."""

_INVISIBLE_MARKS = frozenset({"\u034f"}) | {chr(c) for c in range(0xFE00, 0xFE10)}
"""The combining grapheme joiner and the variation selectors: marks that draw nothing."""


def _drawn(ch: str) -> bool:
    """True for a character a terminal draws (format characters, tags included, are not)."""
    if ch in _INVISIBLE_MARKS or 0xE0100 <= ord(ch) <= 0xE01EF:
        return False
    return unicodedata.category(ch) != "Cf"


def name_key(name: str) -> str:
    """What two names are compared by: equal keys look the same on the screen."""
    shown = "".join(ch for ch in unicodedata.normalize("NFC", name) if _drawn(ch))
    folded = unicodedata.normalize("NFC", shown.casefold()).translate(_CONFUSABLE)
    return " ".join(folded.split())

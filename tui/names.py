"""Text rules for the names people type: shared by the checks a table must pass
(``tui.gameconfig``) and by what the screens draw (``tui.widgets.textfit``).

Pure standard library, and importing nothing of ``tui``, so both can use it without
either importing the other (the registry sits behind ``gameconfig``).
"""

from __future__ import annotations

INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2066\u2067\u2068\u2069\ufeff"
)
"""Zero-width and direction-changing characters: they would scramble a seat's name."""

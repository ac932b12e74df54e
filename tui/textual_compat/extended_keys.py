"""A key sequence naming a character that cannot exist is ignored, not fatal.

What Textual does: ``XTermParser._parse_extended_key`` (Textual 8.2.8) reads the
kitty keyboard protocol's ``ESC [ <code point> ; <modifiers> ; <text> u`` and calls
``chr()`` on the numbers it finds. A code point beyond U+10FFFF (``ESC [ 1114112 u``,
line noise, a broken terminal, a storm of random bytes) raises ``ValueError: chr() arg
not in range(0x110000)`` in the input thread and the app stops.

Why we need it: no input may stop the app. ``ExtendedKeyGuard`` (a mixin for the
parser, see ``terminal_input``) turns such a sequence into Textual's own "ignored key"
(``Keys.Ignore``), which the parser drops as it drops any sequence it is told to ignore.

When it can go: when Textual range-checks the code points. The guard calls Textual's
own method, so it only changes what happens on the error.
``tests/textual_compat/test_terminal_input.py`` checks the private names;
``tests/app/test_input_storms.py`` sends the sequence through a real pty.

Upstream report (textual, 8.2.8):
    Title: ``ESC [ 1114112 u`` on stdin crashes the app (``chr()`` out of range).
    Smallest reproduction::

        from textual._xterm_parser import XTermParser
        list(XTermParser().feed("\\x1b[1114112u"))   # ValueError

    (also ``\\x1b[97;1;1114112u`` through ``_parse_colon_codepoints``).
    Suggested fix: in ``_parse_extended_key`` and ``_parse_colon_codepoints``,
    treat a code point above ``sys.maxunicode`` as an unknown sequence (return
    ``None``/ignore) instead of calling ``chr()`` on it.
"""

from __future__ import annotations

from textual import events
from textual._xterm_parser import XTermParser
from textual.keys import Keys


class ExtendedKeyGuard(XTermParser):
    """An xterm parser that ignores extended-key sequences it cannot decode."""

    def _parse_extended_key(  # type: ignore[override]  # Textual's is an lru_cache
        self, sequence: str
    ) -> list[events.Key] | None:
        try:
            return XTermParser._parse_extended_key(self, sequence)
        except (ValueError, OverflowError):
            return [events.Key(Keys.Ignore, sequence)]

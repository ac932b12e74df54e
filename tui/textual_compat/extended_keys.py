"""A key sequence naming a character that cannot exist is ignored, not fatal.

What Textual does: ``XTermParser._parse_extended_key`` (Textual 8.2.8) reads the
kitty keyboard protocol's ``ESC [ <code point> ; <modifiers> ; <text> u`` and calls
``chr()`` on the numbers it finds. A code point beyond U+10FFFF (``ESC [ 1114112 u``,
line noise, a broken terminal, a storm of random bytes) raises ``ValueError: chr() arg
not in range(0x110000)`` in the input thread and the app stops.

Why we need it: no input may stop the app. ``ExtendedKeyGuard`` (a mixin for the
parser, see ``terminal_input``) turns such a sequence into Textual's own "ignored key"
(``Keys.Ignore``), which the parser drops as it drops any sequence it is told to ignore.

When it can go: when Textual range-checks the code points (not filed yet: the report is
in ``UPSTREAM.md``). ``tests/textual_compat/test_terminal_input.py`` checks it;
``tests/app/test_input_storms.py`` sends the sequence through a real pty.
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

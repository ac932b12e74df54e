"""The Escape key is answered at once, not a tenth of a second later.

What Textual does: ESC is both the Escape key and the first byte of every other key's
escape sequence (an arrow is ``ESC [ A``), so ``XTermParser`` waits
``constants.ESCAPE_DELAY`` (100 ms, or ``$ESCDELAY``) for a byte that would continue
it; the input thread notices the wait is over only at its next wake-up (every 100 ms).
Every Escape (leaving the rules, a menu, a screen) reached the app 100 to 200 ms after
it was pressed: past issue 34's budget of 50 ms from a key to the screen (``make bench``,
"the rules left"), which holds with this.

What this does: a read from the terminal that is exactly one ESC, taken while the
parser is between sequences, is the Escape key, at once. A terminal writes a key's
whole sequence in one write, and the pty (or SSH) hands it over in one read, so a read
of a lone ESC is a person pressing Escape (as crossterm decides). An ESC with
anything after it in the same read (an arrow, Alt+key, a mouse report), an ESC that ends
a longer read and any ESC inside a paste are parsed by Textual as before, with its wait
(the paste is followed by ``unended_paste``, the guard this one extends). A player
whose link does split sequences (seen on some serial lines and multiplexers) sets
``ESCDELAY``, as for curses programs, and gets Textual's wait back.

Private: ``Parser._timeout_time`` (when the pending read times out) and ``tick()``.
``tests/textual_compat/test_terminal_input.py`` fails when Textual renames them or
stops waiting after a lone ESC (the workaround can go; not filed yet: ``UPSTREAM.md``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from textual.message import Message

from tui.textual_compat.unended_paste import UnendedPasteGuard

ESC = "\x1b"


class LoneEscapeGuard(UnendedPasteGuard):
    """An xterm parser that takes a read of a lone ESC as the Escape key, at once."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._escape_at_once = "ESCDELAY" not in os.environ  # else the wait asked for

    def feed(self, data: str) -> Iterable[Message]:
        # Between sequences: none waiting to be continued, no paste open (whose ESC is
        # text, or the start of its end).
        between = self._timeout_time is None and not self._pasting
        tokens = list(super().feed(data))
        if data == ESC and between and self._escape_at_once and self._timeout_time:
            self._timeout_time = 0.0  # its wait is over: the next tick sends Escape
            tokens += self.tick()
        return tokens


def apply() -> None:
    """This guard extends ``unended_paste``'s, so it is off when that one is."""
    from tui.textual_compat.installed import on

    if not on("unended_paste"):
        raise RuntimeError("it extends unended_paste, which is off")

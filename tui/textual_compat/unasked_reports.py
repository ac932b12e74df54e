"""A window size reported on the terminal's input counts only when the app asked for it.

What Textual does: ``XTermParser.parse`` (Textual 8.2.8) turns every ``ESC [ 48 ; rows ;
columns ; h ; w t`` it reads into an ``events.Resize``, whether or not the terminal was
ever asked to report its size that way (the "in-band window resize" mode 2048, which the
Linux driver turns on only when the terminal answers its one ``ESC [ ? 2048 $ p``
query). So bytes that merely look like such a report (line noise, a storm of random
bytes, a program's output echoed back, ``ESC [ 48 ; 1 ; 1 ; 1 ; 1 t`` typed or pasted)
resize the whole app, to one cell if they say so, until the terminal is resized again.
And any number of ``ESC [ ? 2048 ; n $ y`` answers are believed: one saying "enabled"
makes the driver ignore SIGWINCH, the real resizes, for good.

Why we need it: after a storm of keys the app was at 1x1 while the terminal was 80x24:
Ctrl+Q's question was up, drawn in one cell; for the player the app had gone deaf and
blind (issue 17). ``UnaskedReportGuard`` (a mixin for the parser, see ``terminal_input``) lets
through the first answer to the mode-2048 query only, and size reports only once that
answer said the terminal supports the mode (exactly when the driver turns it on and
stops listening to SIGWINCH); a report it drops leaves the parser's idea of the
terminal's size (used for pixel mouse coordinates) as it was.

When it can go: when Textual ignores size reports it did not enable (not filed yet: the
report is in ``UPSTREAM.md``). ``tests/textual_compat/test_terminal_input.py`` checks
it; ``tests/app/test_input_storms.py`` sends a false report through a real pty.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual import events, messages
from textual._xterm_parser import XTermParser
from textual.message import Message


class UnaskedReportGuard(XTermParser):
    """An xterm parser that drops window-size reports the terminal was not asked for."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._mode_answered = False
        self._sizes_asked = False
        self._kept_size = (self.mouse_pixels, self.terminal_size, self.terminal_pixel_size)

    def feed(self, data: str) -> Iterable[Message]:
        return self._asked_only(super().feed(data))

    def tick(self) -> Iterable[Message]:
        return self._asked_only(super().tick())

    def _asked_only(self, tokens: Iterable[Message]) -> Iterator[Message]:
        for token in tokens:
            if isinstance(token, messages.InBandWindowResize):
                if self._mode_answered:
                    continue  # the driver asks once: a second answer was not asked for
                self._mode_answered = True
                self._sizes_asked = token.supported
            elif isinstance(token, events.Resize):
                if not self._sizes_asked:
                    # The parser took the false size as the terminal's: undo that.
                    self.mouse_pixels, self.terminal_size, self.terminal_pixel_size = (
                        self._kept_size
                    )
                    continue
                self._kept_size = (True, token.size, token.pixel_size)
            yield token

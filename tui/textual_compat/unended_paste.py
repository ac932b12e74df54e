"""A bracketed paste that never ends is ended after a moment of silence.

What Textual does: after ``ESC [ 200 ~`` (a terminal's "paste starts") Textual 8.2.8's
``XTermParser.parse`` keeps every character in a paste buffer until ``ESC [ 201 ~``
("paste ends"). If the end never comes (line noise, a storm of random bytes, a
terminal or multiplexer that drops it, a paste cut off by a dropped packet) every key
typed afterwards, Ctrl+Q and Escape included, is swallowed into that paste for good:
the app looks alive but is deaf.

Why we need it: quitting must always work. A real paste arrives in one go, so
``UnendedPasteGuard`` (a mixin for the parser, see ``terminal_input``) watches the
bytes fed to it for the two markers and, once a paste has been open for ``SILENCE``
seconds with nothing more arriving, feeds the missing end marker itself: what was
pasted is delivered as a ``Paste`` event and the keys after it are keys again. A quit
key (Ctrl+Q, Ctrl+C: the bytes 0x11 and 0x03, which no clipboard text holds) inside an
open paste ends it at once and stays a key, so quitting works even within that moment.

When it can go: when Textual ends a paste that stays open (not filed yet: the report is
in ``UPSTREAM.md``). ``tests/textual_compat/test_terminal_input.py`` checks it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser
from textual.message import Message

SILENCE = 0.5
"""Seconds without input after which an open paste is taken to have ended."""

QUIT_BYTES = "\x11\x03"
"""Ctrl+Q and Ctrl+C as the terminal sends them."""


def _first_quit(data: str) -> int:
    """Where the first quit byte in ``data`` is, or -1."""
    found = [index for index in map(data.find, QUIT_BYTES) if index >= 0]
    return min(found, default=-1)


_TAIL = max(len(BRACKETED_PASTE_START), len(BRACKETED_PASTE_END)) - 1


class UnendedPasteGuard(XTermParser):
    """An xterm parser that ends a bracketed paste left open."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._pasting = False
        self._tail = ""
        self._last_input = time.monotonic()

    def feed(self, data: str) -> Iterable[Message]:
        if _first_quit(data) < 0:
            return self._feed(data)
        tokens: list[Message] = []
        while (cut := _first_quit(data)) >= 0:
            if cut:  # (feeding "" would tell the parser the input has ended)
                tokens += self._feed(data[:cut])
            if self._pasting:
                tokens += self._feed(BRACKETED_PASTE_END)
            tokens += self._feed(data[cut])
            data = data[cut + 1 :]
        return [*tokens, *self._feed(data)] if data else tokens

    def _feed(self, data: str) -> Iterable[Message]:
        if data:
            self._last_input = time.monotonic()
            seen = self._tail + data
            start, end = seen.rfind(BRACKETED_PASTE_START), seen.rfind(BRACKETED_PASTE_END)
            if start != end:  # at least one marker: the later one decides
                self._pasting = start > end
            self._tail = seen[-_TAIL:]
        return super().feed(data)

    def tick(self) -> Iterable[Message]:
        yield from super().tick()
        if self._pasting and time.monotonic() - self._last_input >= SILENCE and not self.is_eof:
            yield from self._feed(BRACKETED_PASTE_END)

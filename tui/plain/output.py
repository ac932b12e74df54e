"""What the plain-text table writes: whole lines, and a prompt with the cursor at its end.

Nothing but printable text and newlines reaches the terminal: no escape sequence, no
carriage return, no control character (names are user text, and ``tui.cells.printable``
drops what a terminal would act on). A line that comes while a prompt waits first ends
the prompt's line, so every line but a waiting prompt ends with a newline. Text is
encoded for the terminal's own encoding; what it cannot show becomes ``?``.
"""

from __future__ import annotations

import codecs
import locale
import os
from typing import Protocol

from tui.cells import printable

PROMPT_END = " > "
"""Every prompt ends so: the cursor waits after it, and typing does not touch the words."""


class Out(Protocol):
    """Where the plain-text table writes (a terminal, or a test's transcript)."""

    waiting: bool
    """True while a prompt waits, the cursor at its end (a line written ends it)."""

    def say(self, text: str) -> None:
        """One line (or several, for text with newlines), each ending with a newline."""

    def prompt(self, text: str) -> None:
        """``text`` and ``PROMPT_END``, the cursor left at its end."""

    def answered(self) -> None:
        """A line was typed: its Enter ended the prompt's line."""


class Writer:
    """Lines and prompts, as text, to ``write`` (the transcript of a test, or a terminal)."""

    def __init__(self) -> None:
        self.waiting = False
        """True while a prompt waits: the cursor is at its end."""

    def write(self, text: str) -> None:
        raise NotImplementedError

    def say(self, text: str) -> None:
        lines = [printable(line).rstrip() for line in text.split("\n")]
        out = "".join(line + "\n" for line in lines)
        if self.waiting:
            out = "\n" + out
        self.waiting = False
        self.write(out)

    def prompt(self, text: str) -> None:
        out = printable(text).rstrip() + PROMPT_END
        if self.waiting:
            out = "\n" + out
        self.waiting = True
        self.write(out)

    def answered(self) -> None:
        self.waiting = False


class TerminalOut(Writer):
    """A file descriptor (the terminal, or a pipe to ``tee``); a terminal gone away
    (EIO, a closed pipe) is written to no more, without a word: there is nobody left
    to read it."""

    def __init__(self, fd: int = 1, encoding: str | None = None) -> None:
        super().__init__()
        self.fd = fd
        name = encoding or locale.getpreferredencoding(False) or "utf-8"
        try:
            codecs.lookup(name)
        except LookupError:
            name = "utf-8"
        self.encoding = name
        self.gone = False

    def write(self, text: str) -> None:
        if self.gone:
            return
        data = text.encode(self.encoding, errors="replace")
        try:
            while data:
                written = os.write(self.fd, data)
                data = data[written:]
        except OSError:
            self.gone = True


class Transcript(Writer):
    """Everything written, as the terminal would show it with the typed lines echoed
    (``typed``): the transcript tests compare it with checked-in text."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def typed(self, line: str) -> None:
        """The terminal echoes a typed line and its Enter."""
        self.text += line + "\n"
        self.answered()

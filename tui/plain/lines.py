"""What is typed at the plain-text table: whole lines, each with the time it arrived.

The terminal stays as it was found, in its own line mode: the person edits a line with
their terminal's (and screen reader's) own keys and sends it with Enter, which works the
same over SSH, in an Emacs shell buffer (which sends only whole lines) and on a serial
console, and leaves nothing to restore when the connection drops. So a key is a line:
``s`` and Enter, a word and Enter, or Enter alone.

Each line is stamped when it arrives (``Clock.now``), for the key gate: a line typed
before the question it answers was written never decides a move or lifts a curtain.
Before a prompt is written, whatever was typed meanwhile is read first (``absorb``), so
a line typed ahead carries a time before the prompt's, however busy the table was.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import select
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from tui.cells import printable

MAX_LINE = 200
"""Characters of a typed line that are read (a paste of a novel is not a move)."""
ESCAPE = "\x1b"


@dataclass(frozen=True)
class Line:
    """A typed line (printable, stripped; an Escape alone is kept as ``ESCAPE``) and
    when it arrived."""

    text: str
    at: float


def clean(raw: str) -> str:
    """A typed line as the table reads it: Escape alone stays Escape; otherwise what a
    terminal would act on is dropped, and the ends stripped."""
    stripped = raw.strip(" \t\r")
    if stripped and set(stripped) == {ESCAPE}:
        return ESCAPE
    return printable(stripped.replace(ESCAPE, ""))[:MAX_LINE].strip()


class LineReader:
    """Reads ``fd`` on an asyncio loop: each whole line goes to ``handler`` when one is
    set (the table), else waits in ``queue`` (the questions before and after a table).
    End of input (Ctrl+D, or the terminal gone) is ``None``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, fd: int = 0) -> None:
        self.loop = loop
        self.fd = fd
        self.queue: asyncio.Queue[Line | None] = asyncio.Queue()
        self.handler: Callable[[Line | None], None] | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._partial = ""
        self._read: deque[Line | None] = deque()
        """Lines read and stamped, not yet handed on (``absorb`` reads mid-step)."""
        self.ended = False
        self.reading = False

    def start(self) -> None:
        self.loop.add_reader(self.fd, self._readable)
        self.reading = True

    def stop(self) -> None:
        self.reading = False
        with contextlib.suppress(ValueError, OSError, RuntimeError):
            self.loop.remove_reader(self.fd)

    def absorb(self) -> None:
        """Read what was typed and not yet read, stamped now, handed on soon (never from
        inside this call): call it before writing a prompt."""
        with contextlib.suppress(OSError, ValueError):
            while self.reading and select.select([self.fd], [], [], 0)[0]:
                if not self._readable():
                    return

    def _readable(self) -> bool:
        """Read once; False at the end of input."""
        try:
            data = os.read(self.fd, 4096)
        except BlockingIOError:
            return True
        except OSError:
            data = b""
        at = self.loop.time()
        if not data:
            self.stop()
            self.ended = True
            self._read.append(None)
        else:
            text = self._partial + self._decoder.decode(data)
            *whole, self._partial = text.split("\n")
            self._read.extend(Line(clean(raw), at) for raw in whole)
        self.loop.call_soon(self._deliver)
        return bool(data)

    def _deliver(self) -> None:
        while self._read:
            line = self._read.popleft()
            if self.handler is not None:
                self.handler(line)
            else:
                self.queue.put_nowait(line)

    async def get(self) -> Line | None:
        """The next line (``None``: input has ended, and stays ended)."""
        if self.ended and self.queue.empty():
            return None
        return await self.queue.get()

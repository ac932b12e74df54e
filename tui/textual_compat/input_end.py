"""The end of the terminal's input is a hang-up, not a busy loop.

What Textual does: ``LinuxDriver.run_input_thread`` (Textual 8.2.8) waits until the
terminal is readable, reads, and skips an empty read ("this can occur if the stdin is
piped"). When the terminal has gone and no SIGHUP came (the app is not the session
leader: ``su user -c party-dice``, ``setsid``), the terminal stays readable with
nothing to read: the thread reads end-of-file for ever, a core at 100 %, and the app
never saves nor leaves.

What this does: the decoder the thread builds (the module global
``getincrementaldecoder``) is wrapped. An empty read that is not the last one (the
terminal said it had input, and had none) is the end of the input: the first one sends
this process SIGHUP, which ``tui.hangup`` turns into a save and an exit as for a
dropped SSH link; each one after it waits ``IDLE_TICK`` seconds, the thread's own tick
while the terminal is quiet, until the app is gone.

``tests/textual_compat/test_input_end.py`` checks the thread's ``decode(read(...),
final=...)`` and the effect. Upstream: PR textual#6690 (``UPSTREAM.md``).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

IDLE_TICK = 0.1
"""Seconds an empty read waits after the first: ``run_input_thread``'s select timeout."""


def hang_up() -> None:
    """Tell this process its terminal is gone, as the kernel does for a session leader."""
    os.kill(os.getpid(), signal.SIGHUP)


class _Watching:
    """A decoder that notices the end of the input and passes everything else on."""

    def __init__(self, decoder: Any, on_end: Callable[[], None]) -> None:
        self._decoder = decoder
        self._on_end = on_end
        self.ended = False

    def decode(self, data: bytes, final: bool = False) -> str:
        if not data and not final:
            if self.ended:
                threading.Event().wait(IDLE_TICK)
            else:
                self.ended = True
                self._on_end()
        text: str = self._decoder.decode(data, final)
        return text

    def __getattr__(self, name: str) -> Any:
        return getattr(self._decoder, name)


class EndAware:
    """A stand-in for ``codecs.getincrementaldecoder`` whose decoders notice the end of
    the input; ``factory`` makes the decoders (the lenient ones of ``input_decoding``)."""

    def __init__(self, factory: Any, on_end: Callable[[], None] = hang_up) -> None:
        self.factory = factory
        self.on_end = on_end

    def __call__(self, encoding: str) -> Callable[..., _Watching]:
        make = self.factory(encoding)

        def watching(*args: Any, **kwargs: Any) -> _Watching:
            return _Watching(make(*args, **kwargs), self.on_end)

        return watching

"""A terminal that has gone away swallows what is written to it, and the app lives on.

What Textual does: ``LinuxDriver`` writes every frame through a ``WriterThread`` that
takes them from a queue of 30 (``MAX_QUEUED_WRITES``). When the terminal is gone (an
SSH link dropped: the pty's other side closed) a write or flush fails with ``EIO``,
the exception ends that thread, and the next 30 frames fill the queue: the event loop
then blocks for good on the 31st. The kernel's SIGHUP comes a moment after the
terminal closes, and ``tui.hangup`` points the output at ``/dev/null`` when it
arrives; a computer's turn that drew frames in between still blocked the loop, so the
app never ran its hang-up save (the autosave after the last move still held the game).

What this does: the driver's output file is wrapped so that once a write or flush
fails with an ``OSError`` the output is taken to be gone, and every write after it is
dropped. The writer thread lives on, the queue drains, and the loop is free for the
save. Everything else (``fileno``, ``isatty``) goes to the file itself.

Private: ``LinuxDriver._file``, read when application mode starts; ``GuardedOutput``
(a driver mixin, see ``fixed_app``) wraps it once the driver is built.
``tests/textual_compat/test_gone_terminal.py`` checks the name and the effect.
Upstream: textual#6692 (the same full queue, after ``App.suspend``); ``UPSTREAM.md``.
"""

from __future__ import annotations

from typing import IO, Any


class GoneWhenItFails:
    """A text output that drops everything once a write or a flush has failed."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._file.write(text)
            except OSError:
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._file.flush()
            except OSError:
                self.gone = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def guard_output(driver: Any) -> None:
    """Wrap ``driver``'s output file (a Linux driver's; others have none to wrap)."""
    file = getattr(driver, "_file", None)
    if file is not None and not isinstance(file, GoneWhenItFails):
        driver._file = GoneWhenItFails(file)


class GuardedOutput:
    """A Linux driver mixin whose output file drops what it cannot write."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        guard_output(self)

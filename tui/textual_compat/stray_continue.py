"""A SIGCONT the app did not stop for leaves the terminal and the app alone, and a
SIGTSTP stops it between two frames, never inside one.

What Textual does: ``LinuxDriver`` answers every SIGCONT by starting application mode
again, for the way back from Ctrl+Z, whether or not the process was ever stopped. The
kernel sends SIGCONT together with SIGHUP when a terminal hangs up (an SSH link drops:
the session gets both), and ``kill -CONT`` sends one at any time. The handler runs in
the main thread between two bytecodes. It starts a second writer thread and a second
input thread, and writes the alternate screen and mouse modes again. When it lands in
the middle of a frame being written, its first write waits for the lock of the lean
stream (``lean_output``) that the frame holds: the event loop is stuck for good, the
hang-up save never runs, and the watchdog ends the app with exit status 1 (the autosave
after the last move still held the game). It happened in about one run in six of
``tests/app/test_hangup.py`` here, and failed a CI run.

What this does: a SIGCONT starts application mode again only when this driver itself
stopped for a SIGTSTP and has not started again since (``_must_signal_resume``, which
Textual's SIGTSTP handler sets and ``start_application_mode`` clears). Ctrl+Z and
``fg`` work as before.

The same lock waits for a SIGTSTP (``kill -TSTP``, or a job-control stop) that lands
inside a frame: Textual's handler leaves application mode at once, from the signal
handler, and its first write waits for the frame's lock; the app never stops and never
draws again (a CI run failed on it: no alternate screen given back within five
seconds). What this does: the handler asks the event loop to stop the app at its next
turn, after the frame being written (``Driver._loop``, which the hang-up guard's
wake-up socket wakes whichever thread took the signal).

Private: ``LinuxDriver._sigtstp_application`` and ``LinuxDriver._sigcont_application``
(installed as the SIGTSTP and SIGCONT handlers when the driver is built),
``LinuxDriver._must_signal_resume`` and ``Driver._loop``.
``tests/textual_compat/test_stray_continue.py`` checks the names and the effect.

Upstream report (textual, 8.2.8):
    Title: SIGCONT without a prior SIGTSTP restarts application mode.
    Smallest reproduction: run any app on a pty and ``kill -CONT`` it: a second
    ``textual-input`` and ``textual-output`` thread start and ``ESC[?1049h`` is sent
    again; closing the pty's master side does the same, since the kernel sends
    SIGCONT with SIGHUP.
    Suggested fix: in ``_sigcont_application`` resume only if ``_must_signal_resume``.
    Title: SIGTSTP inside a frame being written deadlocks the app.
    Suggested fix: ``_sigtstp_application`` schedules the suspension with
    ``loop.call_soon_threadsafe`` instead of doing it in the signal handler.
"""

from __future__ import annotations

import asyncio
from typing import Any


class ResumeOnlyAfterStop:
    """A Linux driver mixin: SIGTSTP suspends between frames, and SIGCONT resumes only
    what SIGTSTP suspended."""

    _must_signal_resume: bool
    _loop: asyncio.AbstractEventLoop

    def _sigtstp_application(self, *args: Any) -> None:
        stop = super()._sigtstp_application  # type: ignore[misc]
        loop = getattr(self, "_loop", None)
        if loop is None or loop.is_closed():
            stop(*args)
        else:
            loop.call_soon_threadsafe(stop, *args)

    def _sigcont_application(self, *args: Any) -> None:
        if getattr(self, "_must_signal_resume", False):
            super()._sigcont_application(*args)  # type: ignore[misc]

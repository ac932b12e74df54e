"""A SIGCONT the app did not stop for leaves the terminal and the app alone, and a
SIGTSTP stops it between two frames, never inside one.

What Textual does: ``LinuxDriver`` answers every SIGCONT by starting application mode
again, for the way back from Ctrl+Z, whether or not the process was ever stopped. The
kernel sends SIGCONT together with SIGHUP when a terminal hangs up (an SSH link drops:
the session gets both), and ``kill -CONT`` sends one at any time. The handler runs in
the main thread between two bytecodes. It starts a second writer thread and a second
input thread, and writes the alternate screen and mouse modes again. When it lands in
the middle of a frame being written, its first write waits for the lock of the lean
stream (``tui.lean``) that the frame holds: the event loop is stuck for good, and the
hang-up save never runs (about one run in six of ``tests/app/test_hangup.py``).

What this does: a SIGCONT starts application mode again only when this driver itself
stopped for a SIGTSTP and has not started again since (``_must_signal_resume``, which
Textual's SIGTSTP handler sets and ``start_application_mode`` clears). Ctrl+Z and
``fg`` work as before.

The same lock waits for a SIGTSTP (``kill -TSTP``, or a job-control stop) that lands
inside a frame: Textual's handler leaves application mode at once, from the signal
handler, and its first write waits for the frame's lock; the app never stops and never
draws again. What this does: the handler asks the event loop running in the main thread
(where Python runs signal handlers) to stop the app at its next turn, after the frame
being written; the hang-up guard's wake-up socket wakes it.

Private: ``LinuxDriver._sigtstp_application`` and ``LinuxDriver._sigcont_application``
(installed as the SIGTSTP and SIGCONT handlers when the driver is built) and
``LinuxDriver._must_signal_resume``; ``ResumeOnlyAfterStop`` is a driver mixin (see
``fixed_app``). ``tests/textual_compat/test_stray_continue.py`` checks the names and
the effect. Upstream: textual#6298 (SIGTSTP; PR #6333 closed unmerged); the SIGCONT
report is not filed yet (``UPSTREAM.md``).
"""

from __future__ import annotations

import asyncio
from typing import Any


class ResumeOnlyAfterStop:
    """A Linux driver mixin: SIGTSTP suspends between frames, and SIGCONT resumes only
    what SIGTSTP suspended."""

    _must_signal_resume: bool

    def _sigtstp_application(self, *args: Any) -> None:
        stop = super()._sigtstp_application  # type: ignore[misc]
        try:
            loop = asyncio.get_running_loop()  # the app's, in the main thread
        except RuntimeError:
            stop(*args)
        else:
            loop.call_soon_threadsafe(stop, *args)

    def _sigcont_application(self, *args: Any) -> None:
        if getattr(self, "_must_signal_resume", False):
            super()._sigcont_application(*args)  # type: ignore[misc]

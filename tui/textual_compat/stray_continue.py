"""A SIGCONT the app did not stop for leaves the terminal and the app alone.

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

Private: ``LinuxDriver._sigcont_application`` (installed as the SIGCONT handler when
the driver is built) and ``LinuxDriver._must_signal_resume``.
``tests/textual_compat/test_stray_continue.py`` checks the names and the effect.

Upstream report (textual, 8.2.8):
    Title: SIGCONT without a prior SIGTSTP restarts application mode.
    Smallest reproduction: run any app on a pty and ``kill -CONT`` it: a second
    ``textual-input`` and ``textual-output`` thread start and ``ESC[?1049h`` is sent
    again; closing the pty's master side does the same, since the kernel sends
    SIGCONT with SIGHUP.
    Suggested fix: in ``_sigcont_application`` resume only if ``_must_signal_resume``.
"""

from __future__ import annotations

from typing import Any


class ResumeOnlyAfterStop:
    """A Linux driver mixin: SIGCONT resumes only what SIGTSTP suspended."""

    _must_signal_resume: bool

    def _sigcont_application(self, *args: Any) -> None:
        if getattr(self, "_must_signal_resume", False):
            super()._sigcont_application(*args)  # type: ignore[misc]

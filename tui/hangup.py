"""Leaving when the terminal goes away: save, exit, and never linger.

sshd sends SIGHUP when a connection drops, and service managers send SIGTERM. Textual
installs no handler for either: by default the process dies at once, without saving;
ignoring SIGHUP is worse, since on a dead terminal Textual's input thread reads
end-of-file forever and spins a core.

``HangUpGuard`` catches SIGHUP, SIGTERM and SIGINT with ``signal.signal`` rather than
``loop.add_signal_handler``: a Python-level handler runs in the main thread between
two bytecodes even while the event loop is blocked (on a dead terminal, Textual's
writer thread dies and the loop can block on its full queue), whereas a loop handler
would wait for the loop. But the kernel hands a process's signal to any one of its
threads, and Python runs the handler in the main thread only, once that thread runs
again: an idle app's main thread waits in ``epoll`` for as long as nothing happens, so a
SIGHUP taken by one of Textual's threads left the app running for good. The guard
therefore also points ``signal.set_wakeup_fd`` at a socket the loop reads: any signal,
in any thread, wakes the loop, and the handler runs. The handler itself does two small
things only:

- it schedules ``on_signal`` on the event loop (``call_soon_threadsafe``), where the
  app saves synchronously, at a point where no move is half applied, and then exits;
- it starts a watchdog thread: once the save is done (or after ``save_wait`` seconds
  without it) Textual gets ``exit_grace`` seconds to close down, after which the
  process ends with ``os._exit``. A save cut short by the watchdog is harmless: files
  are replaced atomically, and the autosave after the last move already holds the game.

On SIGHUP the terminal is usually gone, so standard output and error are pointed at
``/dev/null`` at once; but ``kill -HUP`` can come with the terminal still there, so
first the terminal is put back as it was found, through a fresh non-blocking descriptor
of ``/dev/tty`` (never blocking in the handler, failing quietly when it is gone): the
modes ``remember_terminal`` saved before the app started, the alternate screen off,
mouse reporting off, the cursor shown. Textual's last frames and terminal resets, and
Python's final flush, then succeed quietly instead of failing with EIO (which kills Textual's writer
thread and makes Python exit with status 120). SIGTERM and SIGINT leave a live terminal
alone, for Textual to restore.

Pure standard library: no Textual import.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
import termios
import threading
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

HANGUP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGINT") if hasattr(signal, name)
)
"""SIGINT too: in the app Ctrl+C is a key (the terminal is raw), so a SIGINT comes from
``kill -INT`` and deserves the same care as SIGTERM."""

DETACH_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGHUP",) if hasattr(signal, name)
)
"""The signals that mean the terminal is gone (output goes to /dev/null from then on)."""

SAVE_WAIT = 1.4
"""Seconds the watchdog waits for the save before it stops waiting: on a loaded shared
server (two cores, a busy disk) a save took longer than 0.6 s; with ``EXIT_GRACE`` the
process is still gone within two seconds."""
EXIT_GRACE = 0.5
"""Seconds Textual then has to restore the terminal and return, before ``os._exit``."""


RESTORE = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reporting off
    "\x1b[?2004l\x1b[?7h\x1b[?1004l"  # bracketed paste off, line wrap on, focus events off
    "\x1b[<u\x1b[?1049l\x1b[?25h"  # Kitty keys popped, alternate screen left, cursor shown
)
"""What Textual writes when it stops, to leave the terminal as it was found."""

_found: list[Any] = []
"""The terminal's modes before the app started (``remember_terminal``), if any."""


def remember_terminal() -> None:
    """Keep the terminal's modes (call before the app takes it), for a hang-up to restore."""
    try:
        _found[:] = [termios.tcgetattr(sys.stdin.fileno())]
    except (OSError, ValueError, AttributeError, termios.error):
        _found.clear()


def restore_terminal() -> None:
    """Put the terminal back as it was found, if it is still there; never blocks."""
    try:
        fd = os.open("/dev/tty", os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return  # no terminal left
    try:
        os.write(fd, RESTORE.encode("ascii"))
        if _found:
            termios.tcsetattr(fd, termios.TCSANOW, _found[0])
    except (OSError, termios.error):
        pass
    finally:
        os.close(fd)


class HangUpGuard:
    """Signal handlers that save and leave; ``install()`` in the app's main thread,
    ``uninstall()`` when the app stops (the previous handlers come back)."""

    def __init__(
        self,
        on_signal: Callable[[int], None],
        *,
        signals: Iterable[int] = HANGUP_SIGNALS,
        save_wait: float = SAVE_WAIT,
        exit_grace: float = EXIT_GRACE,
        hard_exit: Callable[[int], Any] = os._exit,
        detach_on: Iterable[int] = DETACH_SIGNALS,
        restore: bool = True,
    ) -> None:
        """``restore``: on a hang-up, put a terminal still there back as the full screen
        found it (the plain-text table leaves it as it was: nothing to put back, and
        no escape sequence is ever written to it)."""
        self.on_signal = on_signal
        self.detach_on = frozenset(detach_on)
        self.restore = restore
        self.signals = tuple(signals)
        self.save_wait = save_wait
        self.exit_grace = exit_grace
        self.hard_exit = hard_exit
        self.received: int | None = None
        """The first signal caught, if any."""
        self.saved = threading.Event()
        """Set by the app once its hang-up save is done (``done_saving``)."""
        self.watchdog: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous: dict[int, Any] = {}
        self._wakeup: tuple[socket.socket, socket.socket, int] | None = None

    @property
    def installed(self) -> bool:
        return bool(self._previous)

    def install(self, loop: asyncio.AbstractEventLoop | None = None) -> bool:
        """Take over the signals; False where that is impossible (not the main thread)."""
        if threading.current_thread() is not threading.main_thread():
            return False
        self._loop = loop or asyncio.get_running_loop()
        for signum in self.signals:
            try:
                self._previous[signum] = signal.signal(signum, self._handle)
            except (OSError, ValueError):  # a signal this platform will not let us catch
                continue
        if self.installed:
            self._wake_on_signals(self._loop)
        return self.installed

    def _wake_on_signals(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wake the loop for a signal that another thread received: Python runs its
        handler only in the main thread, once that thread runs again, and an idle app's
        main thread waits in ``epoll`` for as long as nothing happens (a SIGHUP taken by
        Textual's input thread left the app running for good after the SSH link went)."""
        wake, waker = socket.socketpair()
        try:
            for end in (wake, waker):
                end.setblocking(False)
            previous = signal.set_wakeup_fd(waker.fileno(), warn_on_full_buffer=False)
            loop.add_reader(wake.fileno(), _drain, wake)
        except (OSError, ValueError, RuntimeError, NotImplementedError):
            wake.close()
            waker.close()
            return
        self._wakeup = (wake, waker, previous)

    def uninstall(self) -> None:
        """Give the signals back (safe to call twice, and from any state)."""
        if threading.current_thread() is not threading.main_thread():
            return
        previous, self._previous = self._previous, {}
        for signum, handler in previous.items():
            try:
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
            except (OSError, ValueError):
                continue
        if self._wakeup is not None:
            wake, waker, fd = self._wakeup
            self._wakeup = None
            with contextlib.suppress(OSError, ValueError):
                signal.set_wakeup_fd(fd)
            if self._loop is not None and not self._loop.is_closed():
                with contextlib.suppress(OSError, ValueError, RuntimeError):
                    self._loop.remove_reader(wake.fileno())
            wake.close()
            waker.close()

    def done_saving(self) -> None:
        """The app's save after a signal is finished: the watchdog may count down."""
        self.saved.set()

    def _handle(self, signum: int, _frame: FrameType | None) -> None:
        if self.received is not None:
            return  # already leaving; the watchdog sees to the rest
        self.received = signum
        if signum in self.detach_on:
            if self.restore:
                restore_terminal()
            _detach_output()
        self.watchdog = threading.Thread(
            target=self._watch, name="party-dice-hangup-watchdog", daemon=True
        )
        self.watchdog.start()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            # The loop may close in between: then there is nothing left to save.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.on_signal, signum)

    def _watch(self) -> None:
        self.saved.wait(self.save_wait)
        # Textual normally returns well within the grace time and the process ends
        # with this daemon thread; if it is stuck on a dead terminal, end it here.
        threading.Event().wait(self.exit_grace)
        self.hard_exit(0 if self.saved.is_set() else 1)


def _drain(wake: socket.socket) -> None:
    """Empty the wake-up socket (the signal numbers the C handler wrote to it)."""
    with contextlib.suppress(OSError):
        while wake.recv(512):
            pass


def _detach_output() -> None:
    """Point file descriptors 1 and 2 at /dev/null (safe in a signal handler)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        for fd in (1, 2):
            try:
                os.dup2(null, fd)
            except OSError:
                continue
    finally:
        os.close(null)

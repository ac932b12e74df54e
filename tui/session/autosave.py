"""A table's saves, written on a thread of their own, in order, never twice the same.

A save is written after every move, atomically: a temporary file, fsync, rename, fsync
of the folder. On a loaded shared server those fsyncs can take a good part of a second,
and the table must never wait for them. So the table serialises the game once, on its
own thread, as the move is made (the bytes are then fixed, whatever the game does next),
and hands the write to ``SaveWriter``, one thread per table that writes the jobs in the
order they came. A job waiting to start is replaced by a newer one: every move is
saved by the newest write after it, and a write that would be overwritten at once is
skipped. ``flush`` waits for what is queued (leaving the table, quitting, the hang-up's
save: nothing queued is lost at exit); an idle writer waits on a condition and costs no
CPU, and its thread ends after a while (a table played again is a new session, with a
writer of its own).

Pure standard library: no Textual.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

THREAD_NAME = "party-dice-save"
IDLE_END = 10.0
"""Seconds a writer with nothing to write keeps its thread (a new job starts another)."""

Job = Callable[[], None]


class SaveWriter:
    """Runs save jobs on one thread of its own, in order (see the module)."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._next: Job | None = None
        self._running = False
        self._thread: threading.Thread | None = None
        self.written = 0
        """Jobs run so far (a job that raised counts too: it reports its own failure)."""
        self.skipped = 0
        """Jobs replaced by a newer one before they started."""

    def submit(self, job: Job) -> None:
        """Run ``job`` after those before it; one still waiting is replaced by it."""
        with self._ready:
            if self._next is not None:
                self.skipped += 1
            self._next = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
                self._thread.start()
            self._ready.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job submitted so far has run; False if ``timeout`` seconds
        passed first."""
        with self._ready:
            return self._ready.wait_for(
                lambda: self._next is None and not self._running, timeout=timeout
            )

    @property
    def idle(self) -> bool:
        with self._ready:
            return self._next is None and not self._running

    def _run(self) -> None:
        while True:
            with self._ready:
                if not self._ready.wait_for(lambda: self._next is not None, IDLE_END):
                    self._thread = None  # nothing to write: the thread ends
                    return
                job, self._next = self._next, None
                self._running = True
            try:
                if job is not None:
                    job()
            except Exception:  # a job reports its own failure; the writer goes on
                pass
            finally:
                with self._ready:
                    self._running = False
                    self.written += 1
                    self._ready.notify_all()

"""The terminal's input reaches the app in batches: one loop callback per batch, not
one task per key.

What Textual does: the driver's input thread hands each message (every key, paste,
mouse event) to the app with ``Driver.send_message``, which calls
``asyncio.run_coroutine_threadsafe(app._post_message(message), loop)``: a thread-safe
callback, a task, a concurrent future and its done-callback chain, per key. A storm of
a few thousand keys (a cat on the keyboard, a burst over a slow link released at once)
fills the event loop with thousands of these; profiled after a storm, more than half of
the loop's time went to ``run_coroutine_threadsafe``'s callbacks
(``_chain_future`` -> ``Future.add_done_callback``), competing with the input thread
for the GIL, and Ctrl+Q waited behind them for up to three seconds.

What this does: ``BatchedInputApp`` runs the terminal's driver as a subclass whose
``send_message`` appends to a deque and schedules one drain on the loop only when none
is pending. The drain posts every waiting message, in order, through the same
``App._post_message`` (so ``quit_lane`` still sees each quit key as it is queued and
can drop the keys behind it). Order is kept: one deque, drained from one thread, each
message posted as it is taken. Pilot's headless driver is left alone (it is not fed by
a thread).

When it can go: when Textual's driver batches its own input. Checked by
``tests/textual_compat/test_input_batches.py``.

Upstream report (textual, 8.2.8):
    Title: Driver.send_message creates one task and one concurrent future per key.
    Smallest reproduction: write 20,000 keys to an app's terminal at once, then
    Ctrl+Q; py-spy shows the loop busy in ``run_coroutine_threadsafe`` callbacks and
    the quit waits seconds.
    Suggested fix: queue the thread's messages in a deque and wake the loop once per
    batch (``call_soon_threadsafe`` only when the deque was empty).
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from functools import cache
from typing import Any

from textual.app import App, ReturnType
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver
from textual.message import Message


class BatchedSendDriver(Driver):
    """A driver whose input thread queues messages and wakes the loop once per batch."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._waiting: deque[Message] = deque()
        self._drain_lock = threading.Lock()
        self._drain_pending = False
        self.drains = 0
        """Batches drained so far (what the tests count)."""

    def send_message(self, message: Message) -> None:
        self._waiting.append(message)
        with self._drain_lock:
            if self._drain_pending:
                return
            self._drain_pending = True
        asyncio.run_coroutine_threadsafe(self._drain(), loop=self._loop)

    async def _drain(self) -> None:
        with self._drain_lock:
            self._drain_pending = False
        self.drains += 1
        while self._waiting:
            await self._app._post_message(self._waiting.popleft())


@cache
def batched(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` with its input batched (the same class for the same driver)."""
    return type(f"Batched{driver_class.__name__}", (BatchedSendDriver, driver_class), {})


class BatchedInputApp(App[ReturnType]):
    """An app whose terminal driver hands it input in batches."""

    def get_driver_class(self) -> type[Driver]:
        driver_class = super().get_driver_class()
        if issubclass(driver_class, HeadlessDriver):
            return driver_class
        return batched(driver_class)

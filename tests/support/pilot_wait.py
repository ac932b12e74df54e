"""Pilot's wait for the screen, asking only the nodes that have work in hand.

What Textual does: ``Pilot._wait_for_screen`` (run by every ``press``, ``pause`` and
click) posts a callback to the app and to every node of the screen, and waits until each
has run it: all the messages queued before it are then handled. A node with nothing
queued and nothing in hand runs its callback and then an idle pass for nothing. On the
setup screen with twelve seats (137 nodes) a ``pause()`` with nothing to do cost 5.6-6.6
ms of CPU, most of it in those round trips; app tests take thousands of steps.

What this does: the same wait, but only the app and the nodes that are busy (a message
queued or being handled, a callback for after the next one, or not yet running) are
asked. A node parked on its empty queue has handled everything queued for it, which is
what the callback would have shown; what a busy node's messages post to an idle node is
not waited for, as before (its callback was queued ahead of them).

Private: ``Pilot._wait_for_screen``, and of each node ``_message_queue`` (Textual's own
queue: a node is parked when its loop waits on the queue's ``ready_event``),
``_next_callbacks``, ``_running``. Test support only; the app never waits this way.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.message_pump import MessagePump
from textual.pilot import Pilot, WaitForScreenTimeout


def _busy(node: MessagePump) -> bool:
    """False when the node is parked waiting for its next message: nothing queued,
    nothing in hand (a node handling a message is not waiting on its queue), no
    callback for after it."""
    queue: Any = node._message_queue
    parked = node._running and queue.empty() and queue.ready_event._waiters
    return not parked or bool(node._next_callbacks)


async def wait_for_busy_nodes(self: Pilot[Any], timeout: float = 30.0) -> bool:
    try:
        screen = self.app.screen
    except Exception:
        return False
    app = self.app
    nodes = [app, *(node for node in screen.walk_children(with_self=True) if _busy(node))]
    count = 0
    done = asyncio.Event()

    def decrement() -> None:
        nonlocal count
        count -= 1
        if count == 0:
            done.set()

    for node in nodes:
        if node.call_later(decrement):
            count += 1
    if count:
        waits = [
            asyncio.create_task(done.wait()),
            asyncio.create_task(app._exception_event.wait()),
        ]
        _, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if len(waits) == len(pending):
            raise WaitForScreenTimeout(
                "Timed out while waiting for widgets to process pending messages."
            )
        if count > 0:
            return False
    return True


def waiting_on_busy_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """For one test: Pilot waits only on the app and the screen's busy nodes."""
    monkeypatch.setattr(Pilot, "_wait_for_screen", wait_for_busy_nodes)

"""Wait until a Pilot app has done everything it would do by itself, however busy the
machine is: the same keys then meet the same screens on a quiet and a loaded machine.

``pilot.pause()`` waits for the messages queued on the screen on top, then forces one
refresh; but what that refresh sets off comes later: a screen's ``call_after_refresh``
callbacks (a gate over the table counts as drawn only then, and a key before it is
held back), workers (the palette's search, the history being written), a computer's
turn waiting on a timer while another screen covers the table. Whether those had run
when the next key came depended on the wall clock, so the monkey test passed or failed
depending on the load. ``settle`` waits for all of them, in rounds, never for a time.
"""

from __future__ import annotations

import asyncio
from typing import Any

ROUNDS = 2000
"""Rounds at most before the app is taken to be stuck (each round is a pause, and a
hundredth of a second when a computer's turn waits on a timer)."""


def _pending(app: Any) -> list[str]:
    """What the app still has to do by itself, named (empty when it has settled)."""
    pending: list[str] = []
    for screen in app.screen_stack:
        if getattr(screen, "busy", False):
            pending.append(f"{type(screen).__name__} busy")
        if screen._callbacks and (screen is app.screen or screen._message_queue.qsize()):
            # A screen under the top one runs these when it next idles, which only a
            # message of its own brings: with none queued, they are not waiting on time.
            pending.append(f"{type(screen).__name__} callbacks after refresh")
        for node in (screen, *screen.walk_children()):
            if node._message_queue.values or node._next_callbacks:
                pending.append(f"{type(node).__name__} messages")
    if app._message_queue.values or app._next_callbacks:
        pending.append("app messages")
    if any(not worker.is_finished for worker in app.workers):
        pending.append("workers")
    return pending


async def settle(pilot: Any) -> None:
    """Return once the app has handled every key and message, has drawn, has run what
    its screens asked to run after drawing, and has no worker or computer turn left."""
    app = pilot.app
    for _ in range(ROUNDS):
        await pilot.pause()
        await app.workers.wait_for_complete()
        pending = _pending(app)
        if not pending:
            return
        if any(entry.endswith("busy") for entry in pending):
            await asyncio.sleep(0.01)  # a timer, not a guess: the turn ends by itself
    raise AssertionError(f"the app did not settle: {_pending(app)}")


async def press_settled(pilot: Any, *keys: str) -> None:
    """Press ``keys`` one at a time, each once the app has settled from the one before,
    as a person who waits for each screen would (a burst can meet a curtain not counted
    as drawn yet, which rightly holds the key back)."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)

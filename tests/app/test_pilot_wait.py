"""Pilot's wait for the screen in the app tests (``tests.support.fast_pilot``): it still
waits for every message a node has queued or is handling, and asks no idle node."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widgets import Static


class Slow(Message):
    """A message whose handler takes a while, awaiting, as a mount or a save does."""


class Worker(Static):
    done = 0

    async def on_slow(self, message: Slow) -> None:
        await asyncio.sleep(0.2)
        self.done += 1


class Busy(App[None]):
    def compose(self) -> ComposeResult:
        yield Worker("worker", id="worker")
        for index in range(20):
            yield Static(f"idle {index}")


async def test_the_wait_ends_only_once_a_queued_and_a_handled_message_are_done() -> None:
    async with Busy().run_test(size=(30, 25)) as pilot:
        await pilot.pause()
        worker = pilot.app.query_one(Worker)
        worker.post_message(Slow())
        await pilot._wait_for_screen()  # one queued: waited for
        assert worker.done == 1
        worker.post_message(Slow())
        await asyncio.sleep(0.05)  # now being handled, awaiting, its queue empty
        await pilot._wait_for_screen()
        assert worker.done == 2


async def test_idle_nodes_are_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[MessagePump] = []
    call_later = MessagePump.call_later

    def counted(self: MessagePump, *args: Any, **kwargs: Any) -> bool:
        asked.append(self)
        return call_later(self, *args, **kwargs)

    async with Busy().run_test(size=(30, 25)) as pilot:
        await pilot.pause()
        await pilot.pause()
        monkeypatch.setattr(MessagePump, "call_later", counted)
        await pilot._wait_for_screen()
        assert asked == [pilot.app], "only the app, as every node of the screen is idle"
        worker = pilot.app.query_one(Worker)
        worker.post_message(Slow())
        asked.clear()
        await pilot._wait_for_screen()
        assert asked == [pilot.app, worker] and worker.done == 1

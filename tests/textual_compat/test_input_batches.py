"""``input_batches``: ``Driver.send_message`` (one task per message), the driver's
``_loop`` and ``_app``, and the effect: thousands of messages from the input thread
reach the app in order, in a handful of drains instead of one task each."""

from __future__ import annotations

import asyncio
import inspect
import threading
from typing import Any, cast

from textual import events
from textual.app import App
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from tui.textual_compat.input_batches import BatchedInputApp, BatchedSendDriver, batched


class Recorder:
    """What a driver needs of an app: ``_post_message``; it keeps what it was given."""

    def __init__(self) -> None:
        self.posted: list[Message] = []

    async def _post_message(self, message: Message) -> bool:
        self.posted.append(message)
        return True


def test_the_private_names_are_still_there() -> None:
    source = inspect.getsource(Driver.send_message)
    assert "run_coroutine_threadsafe" in source
    assert "self._app._post_message(message), loop=self._loop" in source
    assert "self._loop = asyncio.get_running_loop()" in inspect.getsource(Driver.__init__)


def test_the_terminal_driver_is_batched_once() -> None:
    driver_class = BatchedInputApp[None]().get_driver_class()
    assert issubclass(driver_class, BatchedSendDriver)
    assert issubclass(driver_class, LinuxDriver)
    assert BatchedInputApp[None]().get_driver_class() is driver_class


async def test_a_storm_from_a_thread_arrives_whole_in_order_in_few_drains() -> None:
    app = Recorder()
    driver = batched(HeadlessDriver)(cast(App[Any], app))
    assert isinstance(driver, BatchedSendDriver)
    keys = [events.Key(f"k{n}", None) for n in range(5000)]

    def input_thread() -> None:
        for key in keys:
            driver.send_message(key)

    thread = threading.Thread(target=input_thread)
    thread.start()
    while thread.is_alive() or len(app.posted) < len(keys):
        await asyncio.sleep(0.001)
    thread.join()
    assert app.posted == keys
    assert 1 <= driver.drains < len(keys) // 10, driver.drains

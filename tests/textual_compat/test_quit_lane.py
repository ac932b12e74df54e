"""``quit_lane``: ``App.post_message`` (the driver's way in goes through it), the app's
queue, and the effect: keys left far behind a quit key are dropped, keys of the same
burst are not."""

from __future__ import annotations

import inspect
from collections import deque

from textual import _queue, events
from textual.driver import Driver
from textual.message_pump import MessagePump

from tui.textual_compat.quit_lane import BACKLOG, BEHIND, QuitLaneApp


def test_the_private_names_are_still_there() -> None:
    assert "self._app._post_message(message)" in inspect.getsource(Driver.send_message)
    assert "return self.post_message(message)" in inspect.getsource(MessagePump._post_message)
    assert "return Queue()" in inspect.getsource(MessagePump._message_queue.func)
    assert isinstance(_queue.Queue[int]().values, deque)


def test_keys_left_far_behind_a_quit_key_are_dropped() -> None:
    app = QuitLaneApp[None]()
    quit_key = events.Key("ctrl+q", None)
    old, fresh, resize = (
        events.Key("a", "a"),
        events.Key("b", "b"),
        events.Resize.from_dimensions((80, 24), None),
    )
    old.time = quit_key.time - BEHIND - 1
    fresh.time = quit_key.time - BEHIND / 2
    older_resize = events.Resize.from_dimensions((1, 1), None)
    for message in (older_resize, old, resize, fresh):
        app._message_queue.put_nowait(message)
    app.post_message(quit_key)
    assert list(app._message_queue.values) == [resize, fresh, quit_key]


def test_a_backlog_of_keys_is_dropped_however_fresh() -> None:
    app = QuitLaneApp[None]()
    burst = [events.Key("a", "a") for _ in range(BACKLOG)]
    for key in burst:
        app._message_queue.put_nowait(key)
    app.post_message(events.Key("ctrl+q", None))
    assert len(app._message_queue.values) == BACKLOG + 1  # a burst: kept
    app._message_queue.put_nowait(events.Key("b", "b"))
    app.post_message(events.Key("ctrl+c", None))
    left: list[events.Key] = list(app._message_queue.values)
    assert [event.key for event in left] == ["ctrl+c"]

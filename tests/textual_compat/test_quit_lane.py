"""``quit_lane``: ``App._post_message`` (the driver's way in) and the effect."""

from __future__ import annotations

import inspect

from textual import events
from textual.driver import Driver

from tui.textual_compat.quit_lane import BEHIND, QuitLaneApp


def test_the_driver_posts_through_the_private_name() -> None:
    assert "self._app._post_message(message)" in inspect.getsource(Driver.send_message)


async def test_keys_left_far_behind_a_quit_key_are_dropped() -> None:
    app = QuitLaneApp[None]()
    old, fresh, quit_key = events.Key("a", "a"), events.Key("b", "b"), events.Key("ctrl+q", None)
    old.time = quit_key.time - BEHIND - 1
    fresh.time = quit_key.time - BEHIND / 2
    assert not app.stale_input(old)
    await app._post_message(quit_key)
    assert app.stale_input(old) and not app.stale_input(fresh) and not app.stale_input(quit_key)

"""Ctrl+Q and Ctrl+C work within a second, however far behind the app has fallen.

What Textual does: the driver's input thread hands every key to the app's queue
(``App.post_message``), and the app handles them strictly in order. Keys can arrive far
faster than some screens handle them: each key typed into the command palette's search
field redraws the field and starts a new search, so the few thousand keys of a storm
(a cat on the keyboard, a page pasted into the palette) keep the app busy for a minute,
and a quit key waits behind all of them: the app looks deaf.

Why we need it: quitting must always work. ``QuitLaneApp`` looks at each quit key as
the driver queues it (in ``post_message``, before the keys ahead of it are handled)
and, when the app is behind, takes the keys and pastes still waiting out of the app's
queue (``MessagePump._message_queue``, Textual's own ``textual._queue.Queue`` whose
``values`` is a deque): nobody has seen their effect, and the player wants out. The
app is behind when more than ``BACKLOG`` keys and pastes wait (a count, so the same
burst is treated the same on a quiet and on a busy machine; no person types that far
ahead), and a key that came ``BEHIND`` seconds or more before the quit key is left
behind whatever the count. Of the resizes waiting, only the newest is kept: each makes
the screen lay itself out again, and only the last size is the terminal's. Keys typed
just before a quit key (one burst) still act in order, and the keys after it
(``Ctrl+Q`` ``y``) keep their meaning.

When it can go: when priority bindings overtake Textual's queue (not filed yet: the report
is in ``UPSTREAM.md``). ``tests/textual_compat/test_quit_lane.py`` checks it.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from textual import events
from textual.app import App, ReturnType
from textual.message import Message

from tui.textual_compat.installed import on

FIX = "quit_lane"

QUIT_KEYS = frozenset({"ctrl+q", "ctrl+c"})
"""The keys the app binds to quit (``PartyDiceApp.BINDINGS``)."""

BEHIND = 0.25
"""Seconds a key may have waited when a quit key arrives and still be handled."""

BACKLOG = 200
"""Keys and pastes that may wait when a quit key arrives; with more, all are dropped."""


def _input(message: object) -> bool:
    return isinstance(message, (events.Key, events.Paste))


class QuitLaneApp(App[ReturnType]):
    """An app whose quit keys overtake a backlog of keys it has not handled yet."""

    def post_message(self, message: Message) -> bool:
        if on(FIX) and isinstance(message, events.Key) and message.key in QUIT_KEYS:
            self.drop_input_behind(message.time)
        return super().post_message(message)

    def drop_input_behind(self, quit_time: float) -> int:
        """Take the keys, pastes and resizes left behind a quit key out of the queue;
        returns how many."""
        queued: Any = getattr(self._message_queue, "values", None)
        if not isinstance(queued, deque):  # Textual's own queue keeps its messages there
            return 0
        behind = sum(map(_input, queued)) > BACKLOG
        resizes = [message for message in queued if isinstance(message, events.Resize)]
        kept = [
            message
            for message in queued
            if not (_input(message) and (behind or message.time <= quit_time - BEHIND))
            and not (isinstance(message, events.Resize) and message is not resizes[-1])
        ]
        dropped = len(queued) - len(kept)
        if dropped:
            queued.clear()
            queued.extend(kept)
        return dropped

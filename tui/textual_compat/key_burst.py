"""Keys typed ahead act in order, each on the screen the keys before it left.

What Textual does: a terminal hands over a burst of keys at once (fast typing, key
repeat, a slow SSH link), and Textual 8.2.8 routes them all before the first is handled.
A seat added with Ctrl+N and named in the same burst got its name in the first seat; a
key after the one that opens the settings could close them half built. So a new key
waits for the screen on top to settle (``_settle``).

A key the focused widget does not take (Enter in a seat's name, Ctrl+R on a seat)
reaches its binding only when it bubbles back up to the app, behind the keys typed
after it, which meanwhile went to the old focus ("Ann", Enter, "Ben" in one burst gave
"AnnBen"). A key typed after it waits for it (put back in the queue, behind it), for
``RETURN_WAIT`` at most: a storm's backlog is not reordered. And a key that bubbles up
after another screen covered the one it was sent to (a quit question that overtook a
storm's keys) would run the bindings of the screen now on top (``App._on_key``, private,
overridden): keys typed before a question answered it. Such a key is dropped.

When it can go: when Textual queues keys per screen and a key bubbling up runs the
bindings of the screen it was sent to (not filed yet: the report is in ``UPSTREAM.md``).
``tests/textual_compat/test_key_burst.py`` checks it; ``tests/app/test_setup_burst.py``
and ``tests/app/test_screens.py`` show what breaks without it. (Its ``pop_screen`` for a
screen not on top went in issue 34: curtains are covers now, and a key queued on a
closed screen does nothing, ``stale_nodes``.)
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections import OrderedDict, deque
from typing import Any

from textual import events
from textual.app import App, ReturnType, ScreenStackError
from textual.message import Message
from textual.screen import Screen

from tui.textual_compat.installed import on

FIX = "key_burst"

RETURN_WAIT = 0.25
"""Seconds a key typed ahead may be held back for the key before it to reach its
binding (a backlog older than this, a storm's, goes on in the order it came)."""
STALE = 1.0
"""Seconds after which a key on its way back up that never arrived is forgotten."""
FOLLOWED_KEYS = 64
"""Keys whose screen is remembered until they come back up to the app: one a widget
handles and stops never does, and is forgotten this many keys later."""


class KeyBurstApp(App[ReturnType]):
    """An app whose keys, however fast they come, act on the screen they were meant for."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._meant_for: OrderedDict[int, tuple[events.Key, weakref.ref[Screen[Any]]]]
        self._meant_for = OrderedDict()
        """Keys forwarded to a screen (by ``id``), with the screen (not kept alive for
        them), until they come back up to the app."""
        self._returning: deque[events.Key] = deque()
        """Keys back in the app's queue, bubbled up from the screen they were forwarded
        to, their bindings not run yet."""

    def post_message(self, message: Message) -> bool:
        """Post as Textual does; a key coming back up to the app is noted as returning."""
        posted = super().post_message(message)
        if posted and on(FIX) and isinstance(message, events.Key) and message.is_forwarded:
            self._returning.append(message)
        return posted

    async def on_event(self, event: events.Event) -> None:
        """A new key first waits (a moment at most) for the screen on top to finish
        mounting and for the widgets it will pass through to handle what they hold.
        Keys still queued while the app shuts down have no screen and are dropped."""
        if on(FIX) and isinstance(event, events.Key) and not event.is_forwarded:
            if self._held_back(event):
                return
            try:
                screen = self.screen
            except ScreenStackError:
                return
            await self._settle(screen)
            if self._held_back(event):  # the key before it came back up meanwhile
                return
            self._remember_screen(event)
        await super().on_event(event)

    def _held_back(self, event: events.Key) -> bool:
        """Put ``event`` back in the queue, behind a key before it that is back in the
        app's queue to reach its binding there (Enter in a name, Ctrl+R on a seat), if
        ``event`` is young enough to wait for it. True if it was put back."""
        now = time.monotonic()  # the clock a message's ``time`` is read from on Linux
        returning = self._returning
        while returning and returning[0].time < now - STALE:
            returning.popleft()
        if not returning or now - event.time >= RETURN_WAIT:
            return False
        self.post_message(event)
        return True

    def _remember_screen(self, event: events.Key) -> None:
        """``event`` is about to be forwarded to the screen on top: remember which."""
        self._meant_for[id(event)] = (event, weakref.ref(self.screen))
        while len(self._meant_for) > FOLLOWED_KEYS:
            self._meant_for.popitem(last=False)

    async def _on_key(self, event: events.Key) -> None:
        """A key back up at the app runs the bindings of the screen on top (Textual's
        ``App._on_key``, after this one) only if it was forwarded to that screen; else
        ``prevent_default`` stops the handlers below this one, ``App``'s among them."""
        if not on(FIX):
            return
        with contextlib.suppress(ValueError):
            self._returning.remove(event)
        kept = self._meant_for.pop(id(event), None)
        if kept is None or kept[0] is not event:
            return
        try:
            covered = kept[1]() is not self.screen
        except ScreenStackError:
            covered = True
        if covered:
            event.prevent_default()
            event.stop()

    async def _settle(self, screen: Screen[Any]) -> None:
        for _ in range(100):  # half a second at most
            if screen.is_mounted or not screen.is_attached:
                break
            await asyncio.sleep(0.005)
        node: Any = self.focused or screen
        chain: list[Any] = []
        while node is not None and node is not self:
            chain.append(node)
            node = node.parent
        for node in chain:  # in order: a key handled below bubbles up to the next
            handled = asyncio.Event()
            if node.call_later(handled.set):
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(handled.wait(), 0.5)

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
``RETURN_WAIT`` at most from when it was first held back (not from when it was typed:
on a loaded server keys let through for their age overtook the key before them and were
lost). Quit keys are the quit lane's and never wait. A key that bubbles up after
another screen covered the one it was sent to would run the bindings of the screen now
on top (``App._on_key``, private, overridden): keys typed before a question answered
it. Such a key is dropped.

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
from tui.textual_compat.quit_lane import QUIT_KEYS

FIX = "key_burst"

RETURN_WAIT = 0.5
"""Seconds from when a key is first held back for the key before it (then it goes on, a
storm's backlog in the order it came, instead of going round the queue for each)."""
STALE = 1.0
"""Seconds after which a key back at the app but never handled there is forgotten."""
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
        self._returning: deque[tuple[events.Key, float]] = deque()
        """Keys back in the app's queue, bubbled up from the screen they were forwarded
        to, their bindings not run yet, with when each came back."""
        self._held_since: weakref.WeakKeyDictionary[events.Key, float]
        self._held_since = weakref.WeakKeyDictionary()  # when each was first held back

    def post_message(self, message: Message) -> bool:
        """Post as Textual does; a key coming back up to the app is noted as returning."""
        posted = super().post_message(message)
        if posted and on(FIX) and isinstance(message, events.Key) and message.is_forwarded:
            self._returning.append((message, time.monotonic()))
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
        app's queue to reach its binding there (Enter in a name, Ctrl+R on a seat), unless
        ``event`` has been held back for ``RETURN_WAIT`` already. True if it was put back."""
        if event.key in QUIT_KEYS:
            return False  # the quit lane's: it overtakes what waits
        now = time.monotonic()
        returning = self._returning
        while returning and returning[0][1] < now - STALE:
            returning.popleft()
        held = self._held_since
        if not returning or now - held.setdefault(event, now) >= RETURN_WAIT:
            held.pop(event, None)
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
        self._returning = deque(back for back in self._returning if back[0] is not event)
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

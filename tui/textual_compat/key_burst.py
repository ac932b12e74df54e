"""Keys typed ahead act in order, each on the screen the keys before it left.

What Textual does: a terminal hands over a burst of keys at once (fast typing, key
repeat, a slow SSH link), and Textual 8.2.8 routes them all before the first is handled.
``App.pop_screen`` always pops the top screen, whichever screen asks.

Why we need it: a key after the one that opens the dealer's cut would go to the table,
not the cut; one after the key that opens the settings could close them half built; a
second Escape queued on a closed screen would close the table below it. ``KeyBurstApp``
makes a new key wait for the screen on top to settle, and makes ``pop_screen`` close the
screen that asks (using ``App._screen_stack``, ``App._replace_screen`` and
``Screen._pop_result_callback``, Textual's own steps for popping a screen).

A key the focused widget does not take (Enter in a seat's name, Ctrl+R on a seat)
reaches its binding only when it bubbles back up to the app: at the back of the app's
queue, behind the keys typed after it, which would meanwhile go to the old focus ("Ann",
Enter, "Ben" typed in one burst gave "AnnBen"). A key typed after it waits for it (put
back in the queue, behind it), for ``RETURN_WAIT`` at most: a storm's backlog is not
reordered.

And a key forwarded to one screen that bubbles up to the app after another screen
covered it (a quit question that overtook a storm's keys, a box a timer opened) would
run the bindings of the screen now on top (``App._on_key`` checks ``self.screen``'s):
keys typed before a question was asked answered it. Such a key is dropped at the app.

When it can go: when Textual queues keys per screen and lets a screen that is not on top
dismiss itself. ``tests/textual_compat/test_key_burst.py`` checks the private steps.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import OrderedDict, deque
from typing import Any

from textual import _time, events
from textual.app import App, ReturnType, ScreenStackError
from textual.await_complete import AwaitComplete
from textual.message import Message
from textual.screen import Screen

from tui.textual_compat.calling_screen import calling_screen


def _done() -> AwaitComplete:
    """An already finished ``AwaitComplete``: a pop that has nothing to do."""
    done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
    return done


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
        if posted and isinstance(message, events.Key) and message.is_forwarded:
            self._returning.append(message)
        return posted

    async def on_event(self, event: events.Event) -> None:
        """Keys typed ahead act in order, each on the screen the keys before it left.

        A terminal hands over a burst of keys at once (fast typing, key repeat, a slow
        SSH link). Textual would route them all before the first is handled: a key
        after the one that opens the dealer's cut would go to the table, not the cut;
        one after the key that opens the settings could close them half built. So a
        new key first waits (a moment at most) for the screen on top to finish
        mounting and for the widgets it will pass through to handle what they hold.
        Keys still queued while the app shuts down have no screen and are dropped.
        """
        if isinstance(event, events.Key) and not event.is_forwarded:
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
        now = _time.get_time()
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
        ``App._on_key``, called after this one) only if that is the screen it was
        forwarded to; else it is dropped here (``prevent_default`` stops the handlers
        of the classes below this one, ``App``'s among them)."""
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
            node = node._parent
        for node in chain:  # in order: a key handled below bubbles up to the next
            handled = asyncio.Event()
            if node.call_later(handled.set):
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(handled.wait(), 0.5)

    def pop_screen(self) -> AwaitComplete:
        """Pop the screen that asks to close, which is not always the one on top.

        Keys that arrive in one burst (typed ahead, key repeat, a slow SSH link) are
        queued on the screen that was on top when they came. The first may dismiss
        that screen; the second would then dismiss whatever lies below (the table
        itself, or a curtain without its callback). And a screen covered by another
        (the rules opened by the key before) that dismisses itself would close the
        cover instead, leaving itself behind with its result already given. So a
        screen already gone closes nothing, and a covered screen closes itself.
        """
        caller = calling_screen()
        stack = self._screen_stack
        if caller is None or (stack and caller is stack[-1]):
            return super().pop_screen()
        if caller not in stack[1:]:
            return _done()  # gone already, or the screen at the bottom
        stack.remove(caller)
        caller._pop_result_callback()
        return AwaitComplete(self._replace_screen(caller)).call_next(self)

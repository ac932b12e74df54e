"""A screen that is closed, or not built yet, ignores what still reaches it.

What Textual does: keys typed ahead, timers and callbacks are queued on a screen (or on
one of its widgets) and handled in order, whether or not the screen is still there. In
Textual 8.2.8 a handler or an action that runs after its screen was closed (a key
before it dismissed it, the app is quitting) or before the screen was composed finds
none of its widgets: ``query_one`` raises ``NoMatches`` and the whole app stops with a
traceback (the rules' ``#viewer-aces`` after Ctrl+Q ``y`` ``?`` ``?``, the table's
``#seats-top`` after ``r`` Enter x150 Ctrl+Q, the palette's ``CommandList``, the
Header's ``HeaderTitle``).

Why here: one rule for every screen and widget, Textual's own included, instead of a
guard at each ``query_one``. A node is *live* when it is attached to a running app
(``MessagePump.is_attached``: not removed, no removed ancestor, the app not exiting),
and its screen is composed (``is_mounted``) and on the screen stack. An action aimed at
a node that is not live does nothing (``App._dispatch_action``); a ``NoMatches`` raised
while such a node handles a message is dropped (``MessagePump._dispatch_message``,
so the node goes on handling the rest of its queue), and so is one raised by its idle
handlers and callbacks (``call_after_refresh``, ``call_next``), which reach
``App._handle_exception`` with the node in ``textual._context.active_message_pump``.
A ``NoMatches`` on a live node is a real bug and still ends the app.

When it can go: when Textual stops delivering messages and actions to a screen that
has left the stack. ``tests/textual_compat/test_stale_nodes.py`` checks the private names.

Upstream report (textual, 8.2.8):
    Title: NoMatches from handlers that run after their screen was popped.
    Smallest reproduction: a screen whose ``on_mount`` does
    ``self.query_one("#x")`` and whose compose yields ``Static(id="x")``; in
    ``run_test``, ``app.push_screen(s)`` then ``app.pop_screen()`` in the same
    callback (or press a key bound to ``app.pop_screen`` and to an action of the
    screen in one burst): the Mount handler (or the action) runs on a screen whose
    children are gone and the app exits with ``NoMatches``.
    Suggested fix: ``App._dispatch_action`` skips a namespace that is not attached,
    and a message pump whose screen is no longer attached discards ``NoMatches``
    (or stops dispatching user handlers) instead of ending the app.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any

from textual._context import active_message_pump
from textual.app import App, ReturnType
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen

Dispatch = Callable[[MessagePump, Message], Coroutine[Any, Any, None]]


def is_live(node: object) -> bool:
    """True when ``node`` may assume its screen's widgets exist: it is attached to a
    running app, and its screen is composed and on the screen stack. The app itself
    is always live."""
    if isinstance(node, App):
        return True
    if not isinstance(node, DOMNode) or not node.is_attached:
        return False
    screen: Any = node if isinstance(node, Screen) else getattr(node, "screen", None)
    if not isinstance(screen, Screen) or not screen.is_mounted:
        return False
    return screen in node.app.screen_stack


def _tolerant(dispatch: Dispatch) -> Dispatch:
    @functools.wraps(dispatch)
    async def _dispatch_message(self: MessagePump, message: Message) -> None:
        try:
            await dispatch(self, message)
        except NoMatches:
            if is_live(self):
                raise

    _dispatch_message.__party_dice_tolerant__ = True  # type: ignore[attr-defined]
    return _dispatch_message


def apply() -> None:
    """Install the rule for message handlers (once; later calls do nothing)."""
    current = MessagePump._dispatch_message
    if not getattr(current, "__party_dice_tolerant__", False):
        MessagePump._dispatch_message = _tolerant(current)  # type: ignore[method-assign,assignment]


class StaleNodesApp(App[ReturnType]):
    """An app that a screen gone or not built yet cannot stop: its actions do nothing,
    and its handlers' ``NoMatches`` are dropped (``apply()`` covers message handlers)."""

    async def _dispatch_action(self, namespace: DOMNode, action_name: str, params: Any) -> bool:
        if not is_live(namespace):
            return True  # handled: a closed screen's key does nothing
        return await super()._dispatch_action(namespace, action_name, params)

    def _handle_exception(self, error: Exception) -> None:
        if isinstance(error, NoMatches) and not is_live(active_message_pump.get(None)):
            return  # a callback of a screen that is gone: it had nothing left to do
        super()._handle_exception(error)

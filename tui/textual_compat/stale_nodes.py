"""A screen that is closed, or not built yet, ignores what still reaches it.

What Textual does: keys typed ahead, timers, callbacks and workers are queued on a
screen (or on one of its widgets) and run in order, whether or not the screen is still
there. In Textual 8.2.8 a handler, an action or a worker that runs after its screen was
closed (a key before it dismissed it, the app is quitting) or before the screen was
composed finds none of its widgets: ``query_one`` raises ``NoMatches`` and the whole
app stops with a traceback (the rules after Ctrl+Q ``y`` ``?`` ``?``, the table after
``r`` Enter x150 Ctrl+Q, the command palette's search worker after Ctrl+P, a letter and
Escape in one burst).

What this swallows, and nothing else: a ``NoMatches`` raised for a node that is not
*live*. A node is live when it is attached to a running app (``is_attached``: not
removed, no removed ancestor, the app not exiting) and its screen is composed
(``is_mounted``) and on the screen stack. Such a node's action does nothing
(``App._dispatch_action``); its message handler's ``NoMatches`` is dropped
(``MessagePump._dispatch_message``, so the node goes on with the rest of its queue), and
so is one from its idle callbacks (``call_after_refresh``, ``call_next``: they reach
``App._handle_exception`` with the node in ``textual._context.active_message_pump``) or
from a worker it started (``WorkerFailed``, reported from inside the worker). A
``NoMatches`` on a live node is a real bug and still ends the app, as any other error.

``stale_caller`` tells the app that the code asking it to close a screen, go back to
the title or start a rematch runs for a screen that has already left the stack (a key
typed ahead, queued on it), so that it does nothing (``DOMNode.parent`` walks up to the
screen from the message pump running now).

When it can go: when Textual stops delivering messages, actions and worker results to
a screen that has left the stack (textual#4258; ``UPSTREAM.md``).
``tests/textual_compat/test_stale_nodes.py`` checks the private names and the effect.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from textual.app import App, ReturnType
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.worker import NoActiveWorker, WorkerFailed, get_current_worker

from tui.textual_compat.installed import on, replace

FIX = "stale_nodes"

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


def running_for() -> Any:
    """The message pump whose message (or callback) is being handled now, if any."""
    from textual._context import active_message_pump

    return active_message_pump.get(None)


def calling_screen() -> Screen[Any] | None:
    """The screen whose message (or whose widget's message) is being handled now, if
    the code running now runs for a screen rather than for the app."""
    node: Any = running_for()
    while isinstance(node, DOMNode) and not isinstance(node, Screen):
        node = node.parent
    return node if isinstance(node, Screen) else None


def stale_caller(stack: Sequence[Screen[Any]]) -> bool:
    """True when the code running now runs for a screen that has left the stack
    (always False with the workaround off: Textual's way)."""
    if not on(FIX):
        return False
    caller = calling_screen()
    return caller is not None and caller not in stack


def _tolerant(dispatch: Dispatch) -> Dispatch:
    @functools.wraps(dispatch)
    async def _dispatch_message(self: MessagePump, message: Message) -> None:
        try:
            await dispatch(self, message)
        except NoMatches:
            if is_live(self):
                raise

    return _dispatch_message


def apply() -> None:
    """Install the rule for message handlers."""
    replace(MessagePump, "_dispatch_message", _tolerant(MessagePump._dispatch_message))


def _stale_error(error: Exception) -> bool:
    """True for a ``NoMatches`` raised for a node that is not live: by its idle callback
    (the node is the message pump running), or by a worker it started."""
    if isinstance(error, WorkerFailed):  # reported from inside the worker (Worker._run)
        try:
            worker_node: object = get_current_worker().node
        except NoActiveWorker:
            return False
        return isinstance(error.error, NoMatches) and not is_live(worker_node)
    return isinstance(error, NoMatches) and not is_live(running_for())


class StaleNodesApp(App[ReturnType]):
    """An app that a screen gone or not built yet cannot stop: its actions do nothing,
    and its handlers', callbacks' and workers' ``NoMatches`` are dropped (``apply()``
    covers message handlers)."""

    async def _dispatch_action(self, namespace: DOMNode, action_name: str, params: Any) -> bool:
        if on(FIX) and not is_live(namespace):
            return True  # handled: a closed screen's key does nothing
        return await super()._dispatch_action(namespace, action_name, params)

    def _handle_exception(self, error: Exception) -> None:
        if on(FIX) and _stale_error(error):
            return  # a callback or worker of a screen that is gone: nothing left to do
        super()._handle_exception(error)

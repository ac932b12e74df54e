"""Which screen the code running now runs for.

Textual keeps the message pump whose message is being handled in a context variable,
``textual._context.active_message_pump``, and a node's parent in ``DOMNode._parent``;
neither is public. The app needs them to tell a screen that asks to close (or to go
back to the title, or to start a rematch) after it has already left the stack: a key
typed ahead was queued on it (see ``key_burst``).

Can go when Textual routes a burst of keys to the screen the keys before it left, or
offers the active message pump and a node's parent publicly (``DOMNode.parent`` is
public but typed ``DOMNode | None`` and walks the same attribute).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual._context import active_message_pump
from textual.screen import Screen


def parent_of(node: Any) -> Any:
    """The node's parent (``None`` for the app, or for a node never mounted)."""
    return getattr(node, "_parent", None)


def calling_screen() -> Screen[Any] | None:
    """The screen whose message (or whose widget's message) is being handled now, if
    the code running now runs for a screen rather than for the app."""
    node: Any = active_message_pump.get(None)
    while node is not None and not isinstance(node, Screen):
        node = parent_of(node)
    return node if isinstance(node, Screen) else None


def stale_caller(stack: Sequence[Screen[Any]]) -> bool:
    """True when the code running now runs for a screen that has left the stack."""
    caller = calling_screen()
    return caller is not None and caller not in stack

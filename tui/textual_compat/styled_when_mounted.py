"""A widget is styled when it is mounted, not also each time its classes change before.

What Textual does: a widget's classes and pseudo-classes changing calls
``App.update_styles``, which applies the whole style sheet to the widget and all its
children, whether or not the widget is in the DOM yet. Widgets change their classes
while they are being built: a compact ``Button`` or ``Input`` sets ``-textual-compact``
from its reactive, an ``Input`` validates its value, a ``Switch`` or ``Button`` sets its
variant. Each of those is a styling of a widget nobody can see, done again when it is
mounted (``App._register`` applies the style sheet to every widget it mounts). Opening
the setup screen applied the style sheet 386 times, more than a hundred of them to
widgets not mounted yet (Textual 8.2.8).

What this does: ``update_styles`` leaves a node that is not attached to the app alone;
mounting it styles it with the classes it has by then. A node attached, and the app
itself, are restyled as before.

Public names only (``App.update_styles``, ``is_attached``); it works around Textual
styling what is not in the DOM. ``tests/textual_compat/test_styled_when_mounted.py``
fails when Textual stops doing that (the workaround can go).

Upstream report (textual, 8.2.8):
    Title: widgets are restyled on every class change made before they are mounted.
    Smallest reproduction: count ``Stylesheet.apply`` calls while building (not
    mounting) a ``Button(compact=True)`` inside a running app: one or more, then one
    more when it is mounted.
    Suggested fix: in ``DOMNode.update_node_styles``, return early when the node is not
    attached.
"""

from __future__ import annotations

from textual.app import App, ReturnType
from textual.dom import DOMNode


class StyledWhenMountedApp(App[ReturnType]):
    """An app that styles a widget once it is in the DOM, not before."""

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        if node is not self and not node.is_attached:
            return  # styled when it is mounted, with the classes it has then
        super().update_styles(node, animate=animate)

"""The one message a game's centre widget posts when an animation has finished.

The table screen waits for ``AnimationDone`` (any subclass, such as
``DiceView.Rolled``) before it reveals the result of a move, so a new game's widget
(a card being turned over, a cut) can animate without the screen knowing about it.
"""

from __future__ import annotations

from textual.message import Message


class AnimationDone(Message):
    """An animation ended or was skipped."""

"""Ctrl+Q and Ctrl+C work within a second, however far behind the app has fallen.

What Textual does: the driver's input thread hands every key to the app through
``App._post_message``, and the app handles them strictly in order. Keys can arrive far
faster than some screens handle them: each key typed into the command palette's search
field starts a new search, so a few thousand keys of a storm (or a cat on the
keyboard, or a paste of a page of text into the palette) keep the app busy for tens of
seconds, and a quit key waits behind all of them: the app looks deaf.

Why we need it: quitting must always work. ``QuitLaneApp`` notes when a quit key comes
in from the terminal (in ``_post_message``, as it is queued, before the keys ahead of
it are handled). Keys and pastes still waiting then, that came more than ``BEHIND``
seconds before the quit key, are dropped: the app is behind, nobody has seen their
effect, and the player wants out. Keys typed just before a quit key (a burst) still act
in order, so ``Ctrl+Q`` ``y`` and the like keep their meaning.

When it can go: when Textual offers a way for priority bindings to overtake the queue.
``tests/textual_compat/test_quit_lane.py`` checks the private name and the effect.
"""

from __future__ import annotations

from textual import events
from textual.app import App, ReturnType
from textual.message import Message

QUIT_KEYS = frozenset({"ctrl+q", "ctrl+c"})
"""The keys the app binds to quit (``PartyDiceApp.BINDINGS``)."""

BEHIND = 0.25
"""Seconds a key may have waited when a quit key arrives and still be handled."""


class QuitLaneApp(App[ReturnType]):
    """An app whose quit keys overtake a backlog of keys it has not handled yet."""

    _quit_arrived: float | None = None

    async def _post_message(self, message: Message) -> bool:
        if isinstance(message, events.Key) and message.key in QUIT_KEYS:
            self._quit_arrived = message.time
        return await super()._post_message(message)

    def stale_input(self, event: events.Event) -> bool:
        """True for a key or a paste queued well before a quit key that came after it."""
        arrived = self._quit_arrived
        return (
            arrived is not None
            and isinstance(event, (events.Key, events.Paste))
            and event.time < arrived - BEHIND
        )

    async def on_event(self, event: events.Event) -> None:
        if self.stale_input(event):
            return
        await super().on_event(event)

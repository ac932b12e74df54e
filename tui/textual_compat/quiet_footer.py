"""A footer that rebuilds its keys once per change, and only when they changed.

What Textual does: ``Footer`` subscribes to the screen's ``bindings_updated_signal`` and
answers every signal with ``call_after_refresh(self.recompose)``: it removes and mounts
again one ``FooterKey`` per key, each styled from scratch. A screen publishes the signal
on every focus change and every ``refresh_bindings``, so opening the rules screen
recomposed its footer five times and adding a seat on the setup screen twice, most of
the CPU either took on Textual 8.2.8 (with this app's style sheets, 0.1 s each on a busy
shared server).

Why we need it: a screen change should cost what changed. ``QuietFooter.recompose``
reads the keys the footer would show (``Screen.active_bindings``, public) and returns
at once when they are the ones already shown; a burst of signals then costs one
rebuild. Only public names are used; it lives here because it works around how
Textual's footer behaves, and ``tests/textual_compat/test_quiet_footer.py`` fails when
a Textual upgrade makes it unneeded (the plain footer stops rebuilding for nothing) or
wrong (it shows other keys than the plain footer).

Upstream report (textual, 8.2.8):
    Title: Footer recomposes on every bindings_updated signal, even when nothing changed.
    Smallest reproduction: a screen with a Footer and two Inputs; focus one, then the
    other, then the first: the footer removes and mounts all its FooterKeys three times
    (count ``Footer.recompose`` calls), though the keys shown are the same.
    Suggested fix: in ``Footer.bindings_changed``, compare the shown bindings with the
    last composed ones and recompose only on a difference (and coalesce the calls
    scheduled in one refresh).
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer

Shown = tuple[tuple[Any, ...], ...]


def shown_keys(footer: Footer) -> Shown:
    """What the footer's keys say: key, display, description, action, enabled, tooltip."""
    app = footer.app
    keys = [
        (
            binding.key,
            app.get_key_display(binding),
            binding.description,
            binding.action,
            enabled,
            tooltip,
            id(binding.group) if binding.group is not None else None,
        )
        for _node, binding, enabled, tooltip in footer.screen.active_bindings.values()
        if binding.show
    ]
    return (*keys, (footer.compact, footer.show_command_palette, app.ENABLE_COMMAND_PALETTE))


class QuietFooter(Footer):
    """``Footer``, rebuilt only when the keys it shows change."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: Shown | None = None

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        shown = shown_keys(self)
        if shown == self._shown and self.children:
            return
        await super().recompose()
        if self.children:
            self._shown = shown

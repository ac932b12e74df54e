"""Textual's command palette, without two crashes that fast typing can trigger.

Textual 8.2.8's ``CommandPalette`` searches in a worker that may outlive the palette:
when keys arrive in one burst (type-ahead over a slow SSH link) the palette can close
while a search is still running, and the worker then looks for its list and fails,
which would end the app with a traceback. This subclass ends the search quietly once
the palette is gone, overriding the private ``_gather_commands`` worker (calling
Textual's own through ``__wrapped__``), the watchers ``_watch__list_visible`` and
``_watch__show_busy``, and the action ``_action_command_list``. (Paging its list too
early is fixed in ``option_list_paging``.)

When it can go: when Textual's palette cancels its search worker on unmount.
``tests/textual_compat/test_safe_palette.py`` checks the private names.
"""

from __future__ import annotations

from textual import work
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches


class SafeCommandPalette(CommandPalette):
    """The command palette, safe against keys that arrive faster than it draws."""

    def _gone(self) -> bool:
        return not self.is_attached or not self.query(CommandList)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        if self._gone():
            return
        gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
        try:
            await gather(self, search_value)
        except NoMatches:
            if not self._gone():
                raise

    def _watch__list_visible(self) -> None:
        if not self._gone():
            super()._watch__list_visible()

    async def _watch__show_busy(self) -> None:
        if not self._gone():
            await super()._watch__show_busy()

    def _action_command_list(self, action: str) -> None:
        if not self._gone():
            super()._action_command_list(action)

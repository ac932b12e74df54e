"""PgUp/PgDn on an ``OptionList`` that has not been laid out yet does nothing.

What Textual does: ``OptionList._move_page`` pages through ``OptionList._index_to_line``,
an index of its lines that Textual 8.2.8 builds only once the list has been laid out
with a size; a page key that reaches a list before that (the command palette's list, a
``Select``'s overlay, a menu on a terminal with no room) raises ``KeyError`` and ends the
app. Such keys arrive whenever keys are typed ahead of drawing (the monkey test).

When it can go: when Textual's ``_move_page`` copes with an empty index.
``apply()`` is called by ``tui.textual_compat.install``;
``tests/textual_compat/test_option_list_paging.py`` checks the private names.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

from tui.textual_compat.installed import replace


def apply() -> None:
    """Page only through a list that has been laid out."""
    move_page = OptionList._move_page

    def _move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: nothing to page through
        move_page(self, direction)

    _move_page.__wrapped__ = move_page  # type: ignore[attr-defined]
    replace(OptionList, "_move_page", _move_page)

"""PgUp/PgDn on an ``OptionList`` that has not been laid out yet does nothing.

What Textual does: ``OptionList._move_page`` pages through ``OptionList._index_to_line``,
an index of its lines that Textual 8.2.8 builds only once the list has been laid out
with a size; a page key that reaches a list before that (the command palette's list, a
``Select``'s overlay, a menu on a terminal with no room) raises ``KeyError`` and ends the
app. Found by the monkey test (``tests/app/test_monkey.py``), which types random bursts.

Why we need it: such keys arrive whenever keys are typed ahead of drawing.

When it can go: when Textual's ``_move_page`` copes with an empty index.
``apply()`` is idempotent and is called when ``tui.app`` is imported;
``tests/textual_compat/test_option_list_paging.py`` checks the private names.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

_APPLIED = "_party_dice_fixed"


def apply() -> None:
    """Install the workarounds (once)."""
    if getattr(OptionList, _APPLIED, False):
        return
    move_page = OptionList._move_page

    def _move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: nothing to page through
        move_page(self, direction)

    OptionList._move_page = _move_page  # type: ignore[method-assign]
    setattr(OptionList, _APPLIED, True)

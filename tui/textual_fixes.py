"""Workarounds for Textual 8.2.8 crashes that fast typing can reach, in one place.

Textual is pinned exactly (``textual==8.2.8``), so each fix here targets known code;
``apply()`` is idempotent and is called when ``tui.app`` is imported. Found by the
monkey test (``tests/app/test_monkey.py``), which types random bursts of keys:

- ``OptionList`` pages (PgUp/PgDn) through an index of its lines that it builds only
  once it has been laid out with a size; a page key that reaches a list before that
  (the command palette's list, a ``Select``'s overlay, a menu on a terminal with no
  room) raised ``KeyError``. Such a key now does nothing, as there is nothing to page.
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

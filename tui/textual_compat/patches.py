"""The workarounds that patch Textual's own classes in place, installed together.

Each module's ``apply()`` is idempotent; ``tui.app`` calls ``apply()`` here when it is
imported, before any app runs (the others are mixins the app is built from).
"""

from __future__ import annotations

from tui.textual_compat import (
    inner_outer_cache,
    option_list_paging,
    stale_nodes,
    terminal_input,
    whole_glyphs,
)

PATCHES = (
    inner_outer_cache,
    option_list_paging,
    stale_nodes,
    terminal_input,
    whole_glyphs,
)


def apply() -> None:
    """Install every in-place workaround (once)."""
    for patch in PATCHES:
        patch.apply()

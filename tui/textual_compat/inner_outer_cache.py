"""A widget gone takes the lines it drew with it.

What Textual does: ``StylesCache.get_inner_outer`` is written as a class method (its
first parameter is ``cls``) but decorated with ``@lru_cache(1024)`` only, so it is an
instance method whose cache is keyed on the instance: the cache keeps the last 1024
``StylesCache`` objects alive, one per widget that drew, and each holds every line its
widget rendered (``StylesCache._cache``: Strips, each with seven small caches of its
own). A widget removed, a screen closed, a seat row taken away: their lines stay in
memory until a thousand other widgets have drawn. Measured here: after about 40
Pilot tests (their apps all closed) a test worker held 28,000 Strips and 430,000 objects,
where 1,900 Strips and 130,000 objects remain with this workaround; each full garbage
collection walked all of them (0.4 to 1.9 s each on a loaded machine, and pytest runs
five at the end of a worker, after which xdist interrupts it). In the app, Settings,
the rules and the Chase setup opened and closed twenty times left 28.7 MB allocated,
10.9 MB with this.

What this does: the same function, cached on what it depends on (the two colours), not
on the instance: a class-level function, as intended.

Private: ``textual._styles_cache.StylesCache.get_inner_outer``.
``tests/textual_compat/test_inner_outer_cache.py`` fails when Textual's method is no
longer the one replaced here. Upstream: textual#6665 (``UPSTREAM.md``).
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style

from tui.textual_compat.installed import replace


@lru_cache(1024)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background styles (what Textual's method returns)."""
    return (
        Style(background=base_background + background),
        Style(background=base_background),
    )


def _get_inner_outer(
    _self: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    return inner_outer(base_background, background)


def apply() -> None:
    """Install the instance-free cache."""
    _get_inner_outer.__wrapped__ = StylesCache.get_inner_outer  # type: ignore[attr-defined]
    replace(StylesCache, "get_inner_outer", _get_inner_outer)

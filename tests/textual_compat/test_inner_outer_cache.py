"""``inner_outer_cache``: Textual's ``StylesCache.get_inner_outer`` caches on the
instance, and so keeps up to 1024 gone widgets' rendered lines alive; the app's caches
on the two colours only."""

from __future__ import annotations

import gc
import inspect
import weakref
from typing import Any

from textual._styles_cache import StylesCache
from textual.color import Color

from tui.textual_compat import install

install.install()
TEXTUALS: Any = StylesCache.get_inner_outer.__wrapped__


def test_the_private_method_is_still_the_one_replaced() -> None:
    source = inspect.getsource(TEXTUALS)
    assert "@lru_cache(1024)" in source and "@classmethod" not in source
    assert list(inspect.signature(TEXTUALS).parameters) == ["cls", "base_background", "background"]
    assert "self.get_inner_outer(base_background, background)" in inspect.getsource(
        StylesCache.render_line
    )


def test_textual_keeps_a_gone_widgets_styles_cache_alive() -> None:
    cache = StylesCache()
    gone = weakref.ref(cache)
    TEXTUALS(cache, Color(1, 2, 3), Color(4, 5, 6, 0.5))
    del cache
    gc.collect()
    try:
        assert gone() is not None, "kept by the method's cache"
    finally:
        TEXTUALS.cache_clear()


def test_the_same_styles_without_the_instance() -> None:
    base, background = Color(10, 20, 30), Color(200, 100, 0, 0.25)
    assert StylesCache().get_inner_outer(base, background) == TEXTUALS(
        StylesCache(), base, background
    )
    TEXTUALS.cache_clear()


def test_the_apps_cache_keeps_no_styles_cache_alive() -> None:
    cache = StylesCache()
    gone = weakref.ref(cache)
    cache.get_inner_outer(Color(1, 2, 3), Color(4, 5, 6, 0.5))
    del cache
    gc.collect()
    assert gone() is None

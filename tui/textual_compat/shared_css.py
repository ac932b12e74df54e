"""Parsed style sheets are shared by every ``Stylesheet`` in the process.

What Textual does: each ``Stylesheet`` keeps the rules it parsed in its own small cache
(``Stylesheet._parse_cache``, 64 entries), empties it whenever the theme's variables are
set, and ``Stylesheet.reparse`` (every ``App.refresh_css``: the theme is set at start-up,
and changed from Settings) parses every source again in a new ``Stylesheet`` whose cache
starts empty. So the same text, with the same variables, is parsed again and again: 28
times at each start of the app (Textual 8.2.8), about a fifth of the CPU an app takes to
reach its title under Pilot, and again for every theme switched back to.

Why it is safe: parsing is a pure function of the source text, where it was read from,
its flags and the variables; the rules it returns are only read afterwards (Textual's
own cache already hands the same ``RuleSet`` objects to every parse of one sheet). The
shared cache keys on all of those, the variables included, and is bounded.

Private: ``Stylesheet._parse_rules`` (wrapped) and ``Stylesheet._variables`` (read).
``apply()`` is idempotent and is called when ``tui.app`` is imported;
``tests/textual_compat/test_shared_css.py`` fails when Textual renames either or starts
sharing parses itself (the workaround can go).

Upstream report (textual, 8.2.8):
    Title: the same CSS is parsed again by every Stylesheet and every reparse.
    Smallest reproduction: count calls to ``textual.css.parse.parse`` while an app with
    a few widgets starts twice in one process: each start parses every source, and
    ``refresh_css`` parses them all once more.
    Suggested fix: a module-level cache keyed on the source and the variables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

SHARED_PARSES = 512
"""Sources kept parsed: the app's and its widgets' (about sixty) under a few themes."""
_APPLIED = "_party_dice_shared_css"
_VARIABLES_KEY = "_party_dice_variables_key"

_parsed: LRUCache[tuple[object, ...], list[RuleSet]] = LRUCache(SHARED_PARSES)


def _variables_key(sheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    """The sheet's variables as a key, worked out once per variables dict it is given."""
    variables = sheet._variables
    kept = sheet.__dict__.get(_VARIABLES_KEY)
    if kept is not None and kept[0] is variables:
        key: tuple[tuple[str, str], ...] = kept[1]
        return key
    key = tuple(sorted(variables.items()))
    sheet.__dict__[_VARIABLES_KEY] = (variables, key)
    return key


def apply() -> None:
    """Install the shared cache (once)."""
    if getattr(Stylesheet, _APPLIED, False):
        return
    parse_rules: Callable[..., list[RuleSet]] = Stylesheet._parse_rules

    def _parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        rules = _parsed.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _parsed.set(key, rules)
        return rules

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    setattr(Stylesheet, _APPLIED, True)

"""A style sheet read when a screen is first shown is parsed alone, not with all the rest.

What Textual does: ``App._load_screen_css`` reads a screen's ``CSS_PATH`` the first time
the screen is pushed, then calls ``Stylesheet.reparse``, which parses every source the
app has (its sheets and every widget's ``DEFAULT_CSS``) again, in a fresh ``Stylesheet``
whose parse cache is empty. Each screen naming its own sheet (``tui.look.sheets``) keeps
them out of start-up, but with that ``reparse`` the first opening of each screen would
parse the whole app's CSS again (Textual 8.2.8, issue 12).

What this does: ``reparse`` parses in place through the sheet's own ``_parse_cache``, so
only the sources not parsed yet are parsed. Why it is safe: the cache is keyed by a
source's text and place, and ``Stylesheet.set_variables`` empties it whenever the
variables change (a theme, the box kinds), so what it holds was parsed with the
variables in force, as a fresh parse would be; a source Textual found invalid is tried
again, as in a fresh sheet. ``Stylesheet.parse`` keeps the rules in force when a source
fails and raises, as ``reparse`` did.

Private: ``Stylesheet._invalid_css``, and the parse cache ``parse`` reads.
``tests/textual_compat/test_sheet_cache.py`` fails when Textual's ``reparse`` stops
starting from a fresh sheet (the workaround can go) or the names change.

Upstream report (textual, 8.2.8):
    Title: Stylesheet.reparse parses every source again when one screen's CSS is added.
    Smallest reproduction: two screens with their own CSS_PATH; push the second and
    count calls of ``textual.css.parse.parse``: every source of the app is parsed again.
    Suggested fix: hand the fresh sheet the parse cache when the variables are the same.
"""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

_APPLIED = "_party_dice_parse_once"


def reparse(self: Stylesheet) -> None:
    """``Stylesheet.reparse``, through the cache: each source is parsed once per set of
    variables."""
    invalid = self._invalid_css
    self._invalid_css = set()  # a fresh sheet tries every source again
    try:
        self.parse()
    finally:
        self._invalid_css |= invalid


def apply() -> None:
    """Install the workaround (once)."""
    if getattr(Stylesheet, _APPLIED, False):
        return
    Stylesheet.reparse = reparse  # type: ignore[method-assign]
    setattr(Stylesheet, _APPLIED, True)

"""A screen pushed again restyles itself only when its styles may have gone stale.

What Textual does: ``App.push_screen`` posts ``ScreenResume()``, whose
``refresh_styles`` is true, and ``Screen._on_screen_resume`` then applies the whole
style sheet to every node of the screen again, whether or not anything changed. For a
screen just built that is the second styling in a row; for a screen the app keeps and
pushes again (the rules, ``RulesScreen.shown_in``) it was 40 % of the CPU the opening
took (Textual 8.2.8, issue 12). Every screen of the app but the modal ones is one: the
title and the table, resumed each time a screen over them closes, and every sub-screen
(opening Settings applied the style sheet 615 times, 407 without the second styling).

Why it is safe: a screen's styles go stale while it is off the stack only when the
theme or the app's own classes or pseudo-classes change (``:dark``, ``-ascii-glyphs``,
the theme's and the box variables come with them: ``App.refresh_css``) or when a style
sheet of the app's own is added, as Textual restyles only the screens on the stack
then. A widget's ``DEFAULT_CSS``, read the first time such a widget is mounted, restyles
no node already there in Textual either, so it is not counted. ``QuietResume`` notes
those when the screen is mounted and each time it resumes, and lets Textual restyle
when any differs. Private: ``Screen._on_screen_resume``, overridden, and the event's
``refresh_styles``. ``tests/textual_compat/test_quiet_resume.py`` fails when Textual
stops restyling on a push (the workaround can go) or renames either.

Upstream report (textual, 8.2.8):
    Title: push_screen restyles the whole screen even when nothing changed.
    Smallest reproduction: install a screen with a few hundred widgets, push and pop it
    in a loop, and count ``Stylesheet.apply`` calls: every push applies the style
    sheet to every node.
    Suggested fix: track a style generation (``App._css_update_count`` plus the app's
    classes) per screen and pass ``refresh_styles=False`` when it is unchanged.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen

from tui.textual_compat.quiet_resize import QuietResize

Styled = tuple[frozenset[object], str, frozenset[str], frozenset[str]]


def styled_for(screen: Screen[Any]) -> Styled:
    """What a screen's styles depend on beyond its own nodes: the app's own style
    sheets (not the widgets' defaults), its theme, classes and pseudo-classes."""
    app = screen.app
    own = frozenset(key for key, css in app.stylesheet.source.items() if not css.is_defaults)
    return (own, app.theme, frozenset(app.classes), app.pseudo_classes)


class QuietResume(QuietResize):
    """A screen that skips the restyle on a push when nothing it depends on changed
    (and, through ``QuietResize``, the layout a resize to its own size would redo)."""

    _styled: Styled | None = None

    def on_mount(self) -> None:
        self._styled = styled_for(self)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        now = styled_for(self)
        if now == self._styled:
            event.refresh_styles = False
        super()._on_screen_resume(event)
        self._styled = now

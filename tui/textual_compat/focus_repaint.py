"""Moving the focus repaints what the focus changes, not the whole screen.

What Textual does: ``Screen.focused`` is a reactive declared with the default
``repaint=True``, so every focus change (each Tab, each name the setup moves to, each
seat added) marks the whole screen dirty, and the next update renders every widget on
it (Textual 8.2.8). What the focus changes is repainted anyway, without it: the widget
that gains the focus and the one that loses it refresh themselves (``_on_focus``,
``_on_blur``), their ``:focus`` styles are applied (``watch_has_focus``), and every widget
under an ancestor with a ``:focus-within`` rule is restyled (``_update_focus_styles``).
The terminal got the same bytes either way (the lean stream sends only changed cells),
but the whole screen was rendered for them: a seat added on the setup cost a third more
CPU, and every Tab in Settings rendered all of Settings.

What this does: ``Screen.focused`` no longer asks for the whole screen's repaint. Its
watchers (the key bar's bindings, the app's own) run as before.

Private: ``Reactive._repaint`` (the flag the declaration sets). ``apply()`` is idempotent
and called from ``patches.apply()``; ``tests/textual_compat/test_focus_repaint.py`` fails
when Textual renames it or stops repainting the screen on focus (the workaround can go).

Upstream report (textual, 8.2.8):
    Title: a focus change repaints the whole screen.
    Smallest reproduction: two ``Input``s and twenty ``Static``s; press Tab and count the
    widgets rendered: every one, where the two inputs' lines changed.
    Suggested fix: declare ``focused: Reactive[Widget | None] = Reactive(None,
    repaint=False)``; focus and blur already refresh what they change.
"""

from __future__ import annotations

from textual.screen import Screen


def apply() -> None:
    """Declare the screen's focus as not repainting it (once; idempotent)."""
    Screen.focused._repaint = False

"""Keys a modal screen offers, written out on it: `` Enter  I am Ann    Esc  Leave table``.

Curtains and the cut are modal, so the key bar below them does not speak for them; they
spell out their own keys, each drawn like a key cap, the same way on every screen.
"""

from __future__ import annotations

from rich.text import Text


def key_hints(*pairs: tuple[str, str]) -> Text:
    """One line of ``(key, what it does)`` pairs, three spaces apart."""
    text = Text()
    for index, (key, label) in enumerate(pairs):
        if index:
            text.append("   ")
        text.append(f" {key} ", style="reverse bold")
        text.append(" " + label)
    return text

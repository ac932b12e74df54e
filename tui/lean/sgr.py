"""A terminal's SGR state and cursor, and the shortest sequences that change them.

Part of the lean stream (``tui.lean.stream``): what ``ESC[...m`` does to the style
in force (``apply_sgr``), the shortest way from one style to another (``transition``),
what a blank cell shows (``blank_look``), how far text moves the cursor when that is
certain (``advance``) and the shortest cursor move (``move``), and whether the
terminal's terminfo says it may erase (``bce``) or scroll a band of rows (``csr``).
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from typing import NamedTuple


class Style(NamedTuple):
    """The SGR state of a terminal: attribute codes in force, foreground, background
    (each colour as the codes that set it, ``None`` for the terminal's default)."""

    attrs: frozenset[str]
    fg: str | None
    bg: str | None


PLAIN = Style(frozenset(), None, None)

ON = frozenset({"1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53"})
OFF: dict[str, frozenset[str]] = {
    "22": frozenset({"1", "2"}),
    "23": frozenset({"3"}),
    "24": frozenset({"4", "21"}),
    "25": frozenset({"5", "6"}),
    "27": frozenset({"7"}),
    "28": frozenset({"8"}),
    "29": frozenset({"9"}),
    "54": frozenset({"51", "52"}),
    "55": frozenset({"53"}),
}
"""Each attribute-off code and the attributes it ends."""
FG = frozenset({*map(str, range(30, 38)), *map(str, range(90, 98))})
BG = frozenset({*map(str, range(40, 48)), *map(str, range(100, 108))})
SEEN_ON_BLANKS = frozenset({"4", "21", "9", "53", "51", "52"})
"""Attributes a blank cell shows (lines through it); colours aside, no other does."""

NARROW_SYMBOLS = frozenset("★♠♡♢♣♤♥♦♧✗✕•—…↑↓⚀⚁⚂⚃⚄⚅⭘")
"""Characters of East Asian width ambiguous or neutral that the app draws itself: stars,
suits and crosses, the rules' bullets and dashes, the setup's arrows, the die faces
(drawn one cell wide everywhere, ``tui.glyphs``) and the circle of Textual's ``Header``.
Each is one cell as Rich measures it and Textual lays it out; a terminal that drew one
two wide would break the layout whatever the stream did. Taken as unknown, each lost the
cursor on its row and made the stream send that row and the next again on every repaint
(the rules screen went out whole twice when it was drawn twice)."""


@lru_cache(maxsize=4096)
def apply_sgr(params: str, style: Style) -> Style | None:
    """``style`` after ``ESC[<params>m``; ``None`` for codes this does not model."""
    parts = params.split(";")
    attrs, fg, bg = set(style.attrs), style.fg, style.bg
    i = 0
    while i < len(parts):
        code = parts[i] or "0"
        if code == "0":
            attrs, fg, bg = set(), None, None
        elif code in ON:
            attrs.add(code)
        elif code in OFF:
            attrs -= OFF[code]
        elif code in FG:
            fg = code
        elif code == "39":
            fg = None
        elif code in BG:
            bg = code
        elif code == "49":
            bg = None
        elif code in ("38", "48"):
            kind = parts[i + 1] if i + 1 < len(parts) else ""
            size = {"5": 3, "2": 5}.get(kind, 0)
            if not size or i + size > len(parts) or not all(parts[i + 1 : i + size]):
                return None
            colour = ";".join(parts[i : i + size])
            fg, bg = (colour, bg) if code == "38" else (fg, colour)
            i += size - 1
        else:
            return None
        i += 1
    return Style(frozenset(attrs), fg, bg)


def _codes(style: Style) -> list[str]:
    codes = sorted(style.attrs, key=int)
    return codes + [colour for colour in (style.fg, style.bg) if colour is not None]


@lru_cache(maxsize=4096)
def transition(actual: Style, desired: Style) -> str:
    """The shortest SGR that takes a terminal from ``actual`` to ``desired``."""
    if actual == desired:
        return ""
    codes = _codes(desired)
    reset = "\x1b[0m" if not codes else "\x1b[0;" + ";".join(codes) + "m"
    changes: list[str] = []
    removed = actual.attrs - desired.attrs
    for off, ended in OFF.items():
        if removed & ended:
            changes.append(off)
            changes += sorted(desired.attrs & ended, key=int)  # ended with it: again
    changes += sorted(desired.attrs - actual.attrs - set(changes), key=int)
    if desired.fg != actual.fg:
        changes.append(desired.fg or "39")
    if desired.bg != actual.bg:
        changes.append(desired.bg or "49")
    diff = "\x1b[" + ";".join(changes) + "m"
    return diff if len(diff) < len(reset) else reset


def blank_look(style: Style) -> tuple[object, ...]:
    """What a blank cell drawn in ``style`` shows: its background (the foreground when
    reversed) and the lines drawn through it."""
    reverse = "7" in style.attrs
    lines = style.attrs & SEEN_ON_BLANKS
    return (style.bg, style.fg if reverse or lines else None, reverse, lines)


@lru_cache(maxsize=4096)
def advance(text: str) -> int | None:
    """Cells ``text`` moves the cursor, if every character is one cell for sure (the
    same runs come again and again: asked once each)."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    for char in text:
        code = ord(char)
        if not (
            0x20 <= code < 0x7F
            or 0xA0 <= code <= 0xFF
            or 0x2500 <= code <= 0x25FC
            or char in NARROW_SYMBOLS
        ):
            return None
    return len(text) if "\xad" not in text else None


def move(cursor: tuple[int, int] | None, target: tuple[int, int]) -> str:
    """The shortest sequence that moves the cursor from ``cursor`` to ``target``."""
    row, col = target
    moves = [f"\x1b[{row};{col}H" if col > 1 else f"\x1b[{row}H"]
    if cursor is not None:
        here_row, here_col = cursor
        if row == here_row:
            step = col - here_col
            moves.append(f"\x1b[{col}G")
            if step > 0:  # never back by a count: past the last column the cursor
                # the text left is on the last column (not one beyond, as counted here)
                moves.append("\x1b[C" if step == 1 else f"\x1b[{step}C")
            if col == 1:
                moves.append("\r")
        elif row == here_row + 1 and col == 1:
            moves.append("\r\n")  # not at the bottom row: it was asked to go below
    return min(moves, key=len)


@cache
def erases_in_background(term: str | None) -> bool:
    """True if the terminal ``term`` names erases in the background colour in force
    (terminfo's ``bce``: xterm and its kin; not screen or tmux)."""
    return _terminfo(term, "bce")


@cache
def scrolls_regions(term: str | None) -> bool:
    """True if the terminal ``term`` names scrolls a band of rows (terminfo's ``csr``
    and ``indn``: xterm, screen and tmux; not the Linux console's entry)."""
    return _terminfo(term, "csr") and _terminfo(term, "indn")


def _terminfo(term: str | None, capability: str) -> bool:
    """Whether ``term``'s terminfo has ``capability`` (curses reads one terminal's entry
    per process, the first asked for: the app asks only for its own ``TERM``)."""
    if not term:
        return False
    try:
        import curses

        with open(os.devnull, "w") as nowhere:
            curses.setupterm(term, nowhere.fileno())
        if capability == "bce":
            return curses.tigetflag(capability) > 0
        return bool(curses.tigetstr(capability))
    except Exception:  # no terminfo for it, or no curses: the plain way
        return False

"""What the terminal is sent, without the escape sequences that change nothing on it.

What Textual does: every segment of every line goes out as ``ESC[<style>m``, its text
and ``ESC[0m``: the whole style and a reset around each run of text, even when the next
run has the same style; and each piece of a line (the cuts where widgets meet) starts
with a cursor move, even where the cursor already is. Over SSH at 80x24 with 256
colours, styles were 59% and cursor moves 10% of the bytes a Chase game sent (a border
of one colour went out as three styled runs with three resets).

What this does: ``LeanStream`` keeps the terminal's state as the stream leaves it (the
SGR attributes and colours in force, the cursor's place) and writes a style only when
text is about to be drawn under a style other than the terminal's (as the shortest of
the changes or a reset and the whole style; blanks need only their background), and a
cursor move only when the cursor is elsewhere. At the end of every write the terminal
is in the state the unchanged stream would have left it, so nothing else that writes
(Textual's own modes, a crash report) finds it otherwise. A sequence it does not know
is passed on as it is, and until the next full reset the styles around it are too;
the cursor counts as lost after anything but text it can measure (ASCII, Latin-1, box
drawing, blocks and shapes up to U+25FC, one cell each, as Rich measures them).

``LeanOutputApp`` runs the terminal's driver as a subclass whose ``write`` goes
through one ``LeanStream`` (``Driver.write`` and ``App.get_driver_class`` are public;
it lives here because it undoes a habit of Textual's renderer, ``Strip.render``).
Pilot's headless driver writes nothing and is left alone.

When it can go: when Textual's renderer writes each style change once. Checked by
``tests/textual_compat/test_lean_output.py`` (the same cells, colours and attributes on
a model terminal, fed both streams).

Upstream report (textual, 8.2.8):
    Title: Strip.render writes the full SGR and a reset around every segment.
    Smallest reproduction: a bordered Static in a 256-colour terminal; count the
    ``ESC[0m`` in one frame (one per segment, about 40% of the bytes).
    Suggested fix: render a strip's segments as style transitions, resetting once at
    the end of the line.
"""

from __future__ import annotations

import re
import threading
from functools import cache, lru_cache
from typing import Any, NamedTuple

from textual.app import App, ReturnType
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver


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

_TOKEN = re.compile(
    r"\x1b\[(?P<sgr>[0-9;]*)m"
    r"|\x1b\[(?P<row>[0-9]+);(?P<col>[0-9]+)H"
    r"|(?P<other>\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[^\[\]])"
    r"|(?P<text>[^\x1b]+)"
)
_INCOMPLETE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?)?\Z")
STILL = frozenset({"\x1b[?2026h", "\x1b[?2026l", "\x1b[?25l", "\x1b[?25h"})
"""Sequences that leave the cursor where it is (synchronised output, cursor shown)."""


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


def _advance(text: str) -> int | None:
    """Cells ``text`` moves the cursor, if every character is one cell for sure."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    for char in text:
        code = ord(char)
        if not (0x20 <= code < 0x7F or 0xA0 <= code <= 0xFF or 0x2500 <= code <= 0x25FC):
            return None
    return len(text) if "\xad" not in text else None


class LeanStream:
    """One terminal's output stream, written with only the sequences that change it."""

    def __init__(self) -> None:
        self.actual: Style | None = None
        """The style the terminal has now (``None``: unknown until a full reset)."""
        self.desired: Style | None = None
        """The style the stream has asked for (drawn with the next text)."""
        self.cursor: tuple[int, int] | None = None
        """(row, column) from 1, as CSI H counts, or ``None`` when not known."""

    def feed(self, data: str) -> str:
        """``data`` as it needs to be written, given what was written before."""
        if _INCOMPLETE.search(data):  # a sequence cut in two: pass it all on, as it is
            self.actual = self.desired = None
            self.cursor = None
            return data
        out: list[str] = []
        write = out.append
        for match in _TOKEN.finditer(data):
            text = match.group("text")
            if text is not None:
                self._text(text, write)
                continue
            params = match.group("sgr")
            if params is not None:
                self._sgr(params, match.group(), write)
                continue
            row = match.group("row")
            if row is not None:
                position = (int(row), int(match.group("col")))
                if position != self.cursor:
                    write(match.group())
                    self.cursor = position
                continue
            other = match.group()
            self._settle(write)
            write(other)
            if other not in STILL and not other.startswith("\x1b]"):
                self.cursor = None
        self._settle(write)
        return "".join(out)

    def _sgr(self, params: str, sequence: str, write: Any) -> None:
        base = self.desired
        if base is None:  # unknown: only a sequence that starts with a reset tells
            first = params.split(";")[0]
            if first not in ("", "0"):
                write(sequence)
                return
            base = PLAIN
        style = apply_sgr(params, base)
        if style is None:  # a code not modelled: pass it on, and know nothing more
            self._settle(write)
            write(sequence)
            self.actual = self.desired = None
            return
        if self.actual is None and self.desired is None:
            write(sequence)  # the first reset after not knowing: the state is known now
            self.actual = style
        self.desired = style

    def _settle(self, write: Any) -> None:
        """Bring the terminal to the style asked for."""
        if self.desired is not None and self.actual != self.desired:
            if self.actual is None:
                write("\x1b[0m" + transition(PLAIN, self.desired))
            else:
                write(transition(self.actual, self.desired))
            self.actual = self.desired

    def _text(self, text: str, write: Any) -> None:
        if text == "\n":
            self.cursor = None  # a line feed between lines, always followed by a move
            write(text)
            return
        actual, desired = self.actual, self.desired
        blank = not text.strip(" ")
        if not (blank and actual and desired and blank_look(actual) == blank_look(desired)):
            self._settle(write)
        write(text)
        cursor = self.cursor
        cells = _advance(text)
        self.cursor = None if cursor is None or cells is None else (cursor[0], cursor[1] + cells)


class LeanOutputDriver(Driver):
    """A driver whose output goes through one ``LeanStream``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lean = LeanStream()
        self._lean_lock = threading.Lock()

    def write(self, data: str) -> None:
        with self._lean_lock:  # one stream, in the order it is written
            super().write(self.lean.feed(data))  # type: ignore[safe-super]


@cache
def lean(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` with its output written lean (the same class for the same driver)."""
    return type(f"Lean{driver_class.__name__}", (LeanOutputDriver, driver_class), {})


class LeanOutputApp(App[ReturnType]):
    """An app whose terminal driver writes only the sequences that change the screen."""

    def get_driver_class(self) -> type[Driver]:
        driver_class = super().get_driver_class()
        if issubclass(driver_class, HeadlessDriver):
            return driver_class
        return lean(driver_class)

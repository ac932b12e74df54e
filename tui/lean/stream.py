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
cursor move only when the cursor is elsewhere (the shortest: a few columns on, a new
line, or the place). On a terminal whose terminfo has ``bce`` (xterm and its kin, not
screen or tmux) a run of ten or more blanks in one background, even cut into pieces
where widgets meet, is erased (ECH) rather than written.

It also keeps what every cell shows (``tui.lean.cells``): Textual repaints a region whole
(a seat panel of which one line changed, the table under a lifted round-end box), and
the runs already on the terminal are moved past, not sent again. Where terminfo has
``csr`` and ``indn``, a band of whole rows that moved up (the log gaining lines) is
scrolled and only what differs drawn (``tui.lean.scroll``). A Chase person's turn with
curtains went from 8.2, 14.3 and 8.3 KB (seeds 1-3, 80x24) to 7.1, 12.3 and 7.1 KB, and
from 15.9 KB to 8.3 KB at 160x48; it costs the stream about 1-1.6 ms more CPU per frame
(0.8 to 1.9 ms at 80x24, 1.1 to 2.8 ms at 160x48).

It never repeats a character (REP, ``CSI n b``), though xterm's terminfo has ``rep``
and it would save a quarter of those bytes: many terminals that call themselves xterm
lack it or repeat only ASCII (tmux before 3.5, PuTTY, JetBrains' terminal), and a box's
border would vanish there.

At the end of every write the terminal is in the state the unchanged stream would have
left it (style and cursor), so nothing else that writes (Textual's own modes, a crash
report) finds it otherwise. A sequence it does not know is passed on as it is, and
until the next full reset the styles around it are too; it may have changed any cell,
so every cell is forgotten. The cursor counts as lost after anything but text it can
measure (ASCII, Latin-1, box drawing, blocks and shapes up to U+25FC, card suits, one
cell each, as Rich measures them), and the cells after it on its row with it.

It knows nothing of Textual: ``tui.lean.driver`` puts it between Textual's renderer and
the terminal. Checked by ``tests/lean/test_stream.py`` (the same cells, colours and
attributes on a model terminal, fed both streams).
"""

from __future__ import annotations

import re
from typing import Any

from tui.lean.cells import UNKNOWN, ShownCells, cell_keys, changed_runs
from tui.lean.scroll import STILL, TOKEN, find_scroll, scroll_sequence
from tui.lean.sgr import (
    PLAIN,
    Style,
    advance,
    apply_sgr,
    blank_look,
    move,
    transition,
)

_INCOMPLETE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?)?\Z")
WRAP_MODES = {"\x1b[?7h": True, "\x1b[?7l": False}
"""Auto-wrap on and off (DECAWM): neither moves the cursor nor changes a cell."""
ERASE_FROM = 10
"""Blanks in a run at least this long are erased (ECH and a move past them) rather
than written."""


class LeanStream:
    """One terminal's output stream, written with only the sequences that change it."""

    def __init__(self, erase: bool = False, scroll: bool = False) -> None:
        self.erase = erase
        """Blank runs may be erased (ECH) in the background colour: the terminal has
        ``bce`` (its terminfo says so)."""
        self.scroll = scroll
        """Rows that moved up may be scrolled (a scroll region and SU: terminfo's
        ``csr`` and ``indn``), when the stream knows the terminal's ``width``."""
        self.width: int | None = None
        """The terminal's width in cells (told on every resize), if known."""
        self.height: int | None = None
        """The terminal's height in rows (told with the width), if known."""
        self.wraps = True
        """The terminal wraps a row that runs past its last column onto the next (its
        default; Textual turns it off, ``ESC [ ? 7 l``, when it starts)."""
        self.actual: Style | None = None
        """The style the terminal has now (``None``: unknown until a full reset)."""
        self.desired: Style | None = None
        """The style the stream has asked for (drawn with the next text)."""
        self.cursor: tuple[int, int] | None = None
        """(row, column) from 1, as CSI H counts, or ``None`` when not known."""
        self.wanted: tuple[int, int] | None = None
        """Where the stream has asked the cursor to be (it goes there before the next
        text or other sequence)."""
        self.blanks: tuple[tuple[int, int], int, Style] | None = None
        """A run of blanks not written yet (where, how many, in which style): pieces of
        one run, cut where the widgets beneath meet, are erased as one."""
        self.shown = ShownCells()
        """What the terminal's cells show: runs already there are not sent again."""
        self.lost_row: int | None = None
        """The row the cursor was lost on by a character of unknown width (its cells
        from there on are forgotten), while it is not known again."""

    def feed(self, data: str) -> str:
        """``data`` as it needs to be written, given what was written before."""
        if _INCOMPLETE.search(data):  # a sequence cut in two: pass it all on, as it is
            out: list[str] = []
            self._flush(out.append)
            out += [self._place(), data]
            self.shown.forget()
            self.lost_row = None
            self.actual = self.desired = None
            self.cursor = self.wanted = None
            return "".join(out)
        out = []
        write = out.append
        scroll = None
        if self.scroll and self.width:
            scroll = find_scroll(self.shown, data, self.desired, self.width)
        for match in TOKEN.finditer(data):
            if scroll is not None and match.group() not in STILL:  # inside a synced update
                self._scroll(*scroll, write)
                scroll = None
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
                self.wanted = (int(row), int(match.group("col")))
                continue
            other = match.group()
            self._flush(write)
            write(self._place())
            self._settle(write)
            write(other)
            if other in WRAP_MODES:
                self.wraps = WRAP_MODES[other]
            elif other not in STILL and not other.startswith("\x1b]"):
                self.cursor = self.lost_row = None  # it may have moved the cursor,
                self.shown.forget()  # or changed cells
        self._flush(write)
        write(self._place())
        self._settle(write)
        return "".join(out)

    def _scroll(self, top: int, bottom: int, up: int, write: Any) -> None:
        """Scroll rows ``top`` to ``bottom`` up ``up`` rows (``lean_scroll``)."""
        write(self._place())
        self._settle(write)
        write(scroll_sequence(top, bottom, up))
        self.cursor = None
        self.shown.scroll(top, bottom, up)

    def _place(self) -> str:
        """The move to where the stream wants the cursor, if it is elsewhere."""
        wanted, self.wanted = self.wanted, None
        if wanted is None or wanted == self.cursor:
            return ""
        sequence = move(self.cursor, wanted)
        self.cursor = wanted
        return sequence

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
            self._flush(write)  # blanks held back are drawn in the style before it
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
        at = self.wanted or self.cursor
        if text == "\n" and at is not None:
            self.wanted = (at[0] + 1, at[1])  # a line feed between lines: a move
            return
        if at is None:  # drawn where the stream cannot tell
            if self.lost_row is None or ("\n" in text and not self._clear_line_feed(text)):
                self.shown.forget()
                self.lost_row = None
            else:  # on from a character of unknown width (or Textual's line feed between
                # the rows of an update): the rest of its row, or had it wrapped, the next
                self.shown.forget_from(self.lost_row + 1, 1)
                if text == "\n":
                    self.lost_row = None  # the cursor's row is not known either now
            self._draw(text, at, write)
            return
        cells = advance(text)
        if cells is None:  # the cursor will be lost on this row: its cells with it
            self.shown.forget_from(*at)
            self.lost_row = at[0]
            self._draw(text, at, write)
            return
        desired = self.desired
        if desired is None:  # in a style not modelled: drawn, and its cells not known
            self.shown.draw(*at, [UNKNOWN] * cells)
            self._draw(text, at, write)
            return
        runs = changed_runs(text, self.shown.draw(*at, cell_keys(text, desired)))
        if runs == [(0, cells)]:
            self._draw(text, at, write)
            return
        row, col = at
        for start, end in runs:
            self.wanted = (row, col + start)
            self._draw(text[start:end], self.wanted, write)
        self.wanted = (row, col + cells)  # past the cells already shown

    def _clear_line_feed(self, text: str) -> bool:
        """True for a line feed from a lost row that cannot scroll: the cursor is on
        the lost row, or on the row below had the row wrapped, and not on the bottom."""
        return (
            text == "\n"
            and self.lost_row is not None
            and self.height is not None
            and self.lost_row + (2 if self.wraps else 1) <= self.height
        )

    def _draw(self, text: str, at: tuple[int, int] | None, write: Any) -> None:
        """Write ``text`` at ``at`` (where the stream wants the cursor, or ``None``)."""
        desired = self.desired
        blank = not text.strip(" ")
        if blank and at is not None and self._hold(len(text), at, write):
            return
        self._flush(write)
        write(self._place())
        actual = self.actual
        if not (blank and actual and desired and blank_look(actual) == blank_look(desired)):
            self._settle(write)
        cells = advance(text)
        write(text)
        cursor = self.cursor
        self.cursor = None if cursor is None or cells is None else (cursor[0], cursor[1] + cells)

    def _hold(self, count: int, at: tuple[int, int], write: Any) -> bool:
        """Hold back ``count`` blanks at ``at`` if they may be erased (with what was held
        just before them, when they go on from it in the same look)."""
        desired = self.desired
        if not self.erase or desired is None:
            return False
        look = blank_look(desired)
        if look != (desired.bg, None, False, frozenset()):
            return False  # reversed or with a line through it: erasing would lose it
        run = self.blanks
        if run is not None and (run[0][0], run[0][1] + run[1]) == at and blank_look(run[2]) == look:
            self.blanks = (run[0], run[1] + count, run[2])
        else:
            self._flush(write)
            self.blanks = (at, count, desired)
        self.wanted = (at[0], at[1] + count)
        return True

    def _flush(self, write: Any) -> None:
        """Write the run of blanks held back: erased if long, else as blanks."""
        run, self.blanks = self.blanks, None
        if run is None:
            return
        (row, col), count, style = run
        wanted, desired = self.wanted, self.desired
        self.wanted = (row, col)
        write(self._place())
        if self.actual is None or blank_look(self.actual) != blank_look(style):
            self.desired = style
            self._settle(write)
            self.desired = desired
        if count >= ERASE_FROM:
            write(f"\x1b[{count}X")  # erased in the background colour (bce)
        else:
            write(" " * count)
            self.cursor = (row, col + count)
        self.wanted = wanted

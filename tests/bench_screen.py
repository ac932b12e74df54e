"""Just enough of a terminal to know what is on the screen, for the benchmark's drivers.

Textual draws with absolute cursor moves (CSI row;col H), colours (SGR) and text; it
turns line wrapping off. The app's lean output also moves by columns (CSI n C, D, G),
erases runs of blanks (CSI n X) and scrolls a band of rows up (CSI t;b r, then CSI n S).
This keeps a grid of characters from that stream and ignores every other sequence
(modes, OSC titles, colours), so a driver can ask "is the curtain up?" or "which screen
is showing?" without guessing from a pile of partial repaints.
Wide characters take two cells, measured as Rich (and so Textual) measures them.
"""

from __future__ import annotations

import codecs
import re

from rich.cells import get_character_cell_size

_TOKEN = re.compile(
    r"\x1b\[(?P<csi>[0-9;?<>=$]*)(?P<final>[ -/]*[@-~])"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC, ended by BEL or ST
    r"|\x1b[^\[\]]"  # any other two-character escape
    r"|(?P<text>[^\x1b]+)"
)
_INCOMPLETE = re.compile(r"\x1b(?:\[[0-9;?<>=$ -/]*|\][^\x07\x1b]*\x1b?)?\Z")


class Screen:
    """A ``columns`` x ``rows`` grid fed with everything a program writes to its terminal."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        self._region = (0, rows - 1)
        """The scroll region's first and last rows (from 0)."""

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        cut = _INCOMPLETE.search(text)
        self._pending = text[cut.start() :] if cut else ""
        if cut:
            text = text[: cut.start()]
        for match in _TOKEN.finditer(text):
            if match.group("text") is not None:
                self._write(match.group("text"))
                continue
            if match.group("final") == "r":
                parts = [int(p) for p in match.group("csi").split(";") if p.isdigit()]
                top, bottom = parts if len(parts) == 2 else (1, self.rows)
                self._region = (max(top, 1) - 1, min(bottom, self.rows) - 1)
                self.row = self.column = 0
            elif match.group("final") == "S":
                csi = match.group("csi")
                top, bottom = self._region
                band = self.cells[top : bottom + 1]
                count = min(int(csi) if csi.isdigit() else 1, len(band))
                band = band[count:] + [[" "] * self.columns for _ in range(count)]
                self.cells[top : bottom + 1] = band
            elif match.group("final") == "H":
                parts = [int(p) if p.isdigit() else 1 for p in match.group("csi").split(";")]
                row, column = [*parts, 1, 1][:2]
                self.row = min(max(row, 1), self.rows) - 1
                self.column = min(max(column, 1), self.columns) - 1
            elif match.group("final") in ("C", "D", "G", "X"):
                self._cursor(match.group("final"), match.group("csi"))

    def _cursor(self, final: str, csi: str) -> None:
        """The moves and the erase ``tui.lean`` writes: columns
        on (C) or back (D), to a column (G), blanks from the cursor (X)."""
        count = int(csi) if csi.isdigit() else 1
        if final == "C":
            self.column = min(self.column + count, self.columns - 1)
        elif final == "D":
            self.column = max(self.column - count, 0)
        elif final == "G":
            self.column = min(max(count, 1), self.columns) - 1
        else:
            end = min(self.column + count, self.columns)
            self.cells[self.row][self.column : end] = [" "] * (end - self.column)

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.column = 0
            elif char == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif char >= " ":
                width = get_character_cell_size(char)
                if width == 0 or self.column >= self.columns:
                    continue
                line = self.cells[self.row]
                line[self.column] = char
                if width == 2 and self.column + 1 < self.columns:
                    line[self.column + 1] = ""
                self.column += width

    def lines(self) -> list[str]:
        return ["".join(line) for line in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())

    def __contains__(self, needle: str) -> bool:
        return any(needle in line for line in self.lines())

"""A model terminal for checking that two output streams draw the same screen.

Written on its own (not from ``tui.lean``'s tables): SGR applied
one parameter at a time, cursor moves (CUP, CUF, CUB, CHA, CR, LF), erasing (ECH, as
with bce), a scroll region (DECSTBM, which homes the cursor) scrolled up (SU, the rows
scrolled in blank in the background colour, as with bce), one or two cells per character
as Rich measures them. Each cell keeps what it shows: a character with its attributes
and colours, or for a blank its background, the foreground when reversed, and any line
drawn through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.cells import get_character_cell_size

from tui.lean.stream import LeanStream

_SEQ = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|([^\x1b])")
_OFF = {22: (1, 2), 23: (3,), 24: (4, 21), 25: (5, 6), 27: (7,), 28: (8,), 29: (9,)}
_OFF |= {54: (51, 52), 55: (53,)}


@dataclass
class ModelTerminal:
    """Cells, SGR state and cursor of a terminal, one parameter at a time."""

    width: int
    height: int
    attrs: set[int] = field(default_factory=set)
    fg: tuple[int, ...] | None = None
    bg: tuple[int, ...] | None = None
    row: int = 0
    col: int = 0

    def __post_init__(self) -> None:
        self.cells: list[list[object]] = [[None] * self.width for _ in range(self.height)]
        self.region = (0, self.height - 1)

    def sgr(self, params: list[int]) -> None:
        i = 0
        while i < len(params):
            code = params[i]
            if code == 0:
                self.attrs, self.fg, self.bg = set(), None, None
            elif code in _OFF:
                self.attrs -= set(_OFF[code])
            elif 30 <= code <= 37 or 90 <= code <= 97:
                self.fg = (code,)
            elif 40 <= code <= 47 or 100 <= code <= 107:
                self.bg = (code,)
            elif code == 39:
                self.fg = None
            elif code == 49:
                self.bg = None
            elif code in (38, 48):
                size = 3 if params[i + 1] == 5 else 5
                colour = tuple(params[i : i + size])
                if code == 38:
                    self.fg = colour[1:]
                else:
                    self.bg = colour[1:]
                i += size - 1
            else:
                self.attrs.add(code)
            i += 1

    def look(self, char: str) -> object:
        """What a cell drawn now with ``char`` shows."""
        if char == " ":
            reverse = 7 in self.attrs
            lines = frozenset(self.attrs & {4, 21, 9, 53, 51, 52})
            return (" ", self.bg, self.fg if reverse or lines else None, reverse, lines)
        return (char, frozenset(self.attrs), self.fg, self.bg)

    def feed(self, data: str) -> None:
        for match in _SEQ.finditer(data):
            params, final, char = match.groups()
            numbers = [int(p) for p in params.split(";") if p.isdigit()] if params else []
            count = numbers[0] if numbers else 1
            if final == "m":
                self.sgr([int(p or 0) for p in (params or "0").split(";")])
            elif final == "H":
                row, col = [*numbers, 1, 1][:2]
                self.row, self.col = row - 1, col - 1
            elif final == "C":
                self.col += count
            elif final == "D":
                self.col -= count
            elif final == "G":
                self.col = count - 1
            elif final == "r":
                top, bottom = [*numbers, 1, self.height][:2] if numbers else (1, self.height)
                self.region = (top - 1, bottom - 1)
                self.row = self.col = 0
            elif final == "S":
                top, bottom = self.region
                rows = self.cells[top : bottom + 1]
                blank: object = (" ", self.bg, None, False, frozenset())
                rows = rows[count:] + [[blank] * self.width for _ in range(min(count, len(rows)))]
                self.cells[top : bottom + 1] = rows[: bottom + 1 - top]
            elif final == "X":  # erased in the background colour, nothing else (bce)
                for col in range(self.col, min(self.width, self.col + count)):
                    self.cells[self.row][col] = (" ", self.bg, None, False, frozenset())
            elif char == "\n":
                self.row += 1
            elif char == "\r":
                self.col = 0
            elif char is not None:
                width = get_character_cell_size(char)
                if 0 <= self.row < self.height and self.col < self.width:
                    self.cells[self.row][self.col] = self.look(char)
                    if width == 2 and self.col + 1 < self.width:
                        self.cells[self.row][self.col + 1] = "wide"
                self.col += width

    @property
    def state(self) -> tuple[object, ...]:
        return (frozenset(self.attrs), self.fg, self.bg)


def same_screens(
    writes: list[str],
    size: tuple[int, int],
    erase: bool = True,
    scroll: bool = True,
) -> tuple[int, int]:
    """Feed ``writes`` and their lean form (``erase``: with blank runs erased; ``scroll``:
    with rows that moved up scrolled) to two model terminals, checking cells, style and
    cursor after each write; the bytes of each stream."""
    plain, lean = ModelTerminal(*size), ModelTerminal(*size)
    stream = LeanStream(erase, scroll)
    stream.width, stream.height = size
    before = after = 0
    for number, data in enumerate(writes):
        lean_data = stream.feed(data)
        plain.feed(data)
        lean.feed(lean_data)
        assert lean.cells == plain.cells, f"write {number} drew otherwise: {lean_data!r}"
        assert lean.state == plain.state, f"write {number} left another style"
        assert (lean.row, lean.col) == (plain.row, plain.col), f"write {number}: cursor"
        before, after = before + len(data.encode()), after + len(lean_data.encode())
    return before, after

"""Where the seats go for a given number of players and terminal size (pure logic).

Small terminals (80x24 is the reference) put every panel in a band above the pot, in
one row when they fit and in rows of three otherwise; panels shrink to two lines of
content before the log does. Large terminals (about 120x36 and up) seat players around
the table: the first half in a band above the pot, the rest below it in reverse order,
so that play runs clockwise around the middle, with taller panels and room for dice
drawn as pips. Tables too big for bordered panels (Chase with many players) get
one-line panels in columns.

Every size from the arrangement is fixed, so the layout never moves while a game is
played: only the contents of widgets change (see issue 7, bytes per turn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MIN_WIDTH = 60
MIN_HEIGHT = 20
"""Below this the table shows a "too small" notice instead of a broken layout."""

MAX_PANEL_WIDTH = 44
"""Wider panels read worse: on a large terminal the bands are centred instead."""

LARGE_WIDTH = 120
LARGE_HEIGHT = 36


@dataclass(frozen=True)
class Arrangement:
    """Seats per band (left to right), panels per row, rows per panel (with border;
    1 means a borderless one-line panel) and the height of the centre row."""

    top: tuple[int, ...]
    bottom: tuple[int, ...]
    columns_top: int
    columns_bottom: int
    panel_height: int
    centre_height: int
    large: bool
    panel_width: int = 0
    """Cells per panel (with border), or 0: the band's width shared equally."""


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def arrange(players: int, width: int, height: int) -> Arrangement:
    seats = tuple(range(players))
    if width >= LARGE_WIDTH and height >= LARGE_HEIGHT and players <= 8:
        half = math.ceil(players / 2)
        top, bottom = seats[:half], tuple(reversed(seats[half:]))
        tall = height >= 44
        panel_width = min(MAX_PANEL_WIDTH, (width - 2 - (half - 1)) // half)
        return Arrangement(
            top=top,
            bottom=bottom,
            columns_top=max(1, len(top)),
            columns_bottom=max(1, len(bottom)),
            panel_height=7 if tall else 6,
            centre_height=11 if tall else 9,
            large=True,
            panel_width=panel_width,
        )
    min_panel_width = 20
    fit_columns = max(1, width // min_panel_width)
    if players <= min(4, fit_columns):
        columns = players
    else:
        columns = min(fit_columns, 3 if players <= 6 else fit_columns)
    rows = math.ceil(players / columns)
    roomy = height >= 30
    if rows == 1:
        panel_height = 6 if roomy else 5
    elif rows == 2:
        panel_height = 5 if roomy else 4
    else:
        panel_height = 1
        line_width = 38
        columns = max(1, width // line_width)
    return Arrangement(
        top=seats,
        bottom=(),
        columns_top=columns,
        columns_bottom=1,
        panel_height=panel_height,
        centre_height=7 if roomy else 5,
        large=False,
    )

"""Where the seats of a Chase the Ace table go (pure logic, no Textual).

Chase differs from Aces in two ways that the shared ``tui.table.layout.arrange`` does
not know about: every panel has a card to show (a fourth line of content, so bordered
panels are six rows high), and a table seats up to 20 players. So:

- up to 8 players on a large terminal: the shared arrangement around the table;
- otherwise bordered panels (six rows) in as few rows as fit, keeping at least a few
  lines of log, with the panels spread evenly over the rows;
- when bordered panels do not fit (20 players at 80x24): one line per seat, in
  columns of at least ``LINE_WIDTH`` cells, the compact form of ``tui.table.kits.chase``,
  each column reading down in seat order (play goes down one column, then the next).

Spare rows go to the middle of the table (the card and what the player knows) before
the log, up to ``CENTRE_MAX``. Sizes depend only on the player count and the terminal
size, never on the game's state, so nothing moves during play.
"""

from __future__ import annotations

import math

from tui.table.layout import LARGE_HEIGHT, LARGE_WIDTH, Arrangement, arrange

PANEL_ROWS = 6
"""A bordered panel: border, name, lives, status, card, border."""
PANEL_MIN_WIDTH = 19
LINE_WIDTH = 38
"""Cells a one-line seat needs to read well (name, lives, card, marks)."""
LINE_MIN_WIDTH = 29
CENTRE_MIN = 5
CENTRE_MAX = 7
CHROME = 2
"""The action bar and the footer."""


def min_log(height: int) -> int:
    return 10 if height >= LARGE_HEIGHT else 5


def column_major(players: int, columns: int) -> tuple[int, ...]:
    """Seats in the order a grid fills row by row, so that each column reads down in
    seat order (1-10 in the first column, 11-20 in the second); empty cells are left
    at the end of the last column."""
    rows = math.ceil(players / max(1, columns))
    order = []
    for row in range(rows):
        for column in range(columns):
            seat = column * rows + row
            if seat < players:
                order.append(seat)
    return tuple(order)


def chase_arrange(players: int, width: int, height: int) -> Arrangement:
    large = width >= LARGE_WIDTH and height >= LARGE_HEIGHT
    if large and players <= 8:
        return arrange(players, width, height)
    seats = tuple(range(players))
    centre_base = 9 if large else CENTRE_MIN
    budget = height - centre_base - CHROME - min_log(height)
    most = max(1, (width + 1) // (PANEL_MIN_WIDTH + 1))
    rows = math.ceil(players / most)
    if rows * PANEL_ROWS <= budget:
        columns = math.ceil(players / rows)
        panel_height = PANEL_ROWS
        used = rows * PANEL_ROWS
    else:
        columns = max(1, width // LINE_WIDTH)
        rows = math.ceil(players / columns)
        if rows > budget:
            columns = max(columns, width // LINE_MIN_WIDTH)
            rows = math.ceil(players / columns)
        panel_height = 1
        used = rows
    spare = max(0, budget - used)
    centre = centre_base if large else min(CENTRE_MAX, centre_base + spare)
    if panel_height == 1:
        seats = column_major(players, columns)
    return Arrangement(
        top=seats,
        bottom=(),
        columns_top=columns,
        columns_bottom=1,
        panel_height=panel_height,
        centre_height=centre,
        large=large,
    )

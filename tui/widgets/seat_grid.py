"""A band of player panels in a grid: the seats above (or below) the middle of the table.

The table screen says which seats the band holds, how many per row and how tall each
panel is (``tui.table.layout``); the band only rebuilds its panels when that changes
(a resize across a layout threshold), and otherwise passes new ``PanelModel``s to the
panels it has, which redraw only when their model changed.
"""

from __future__ import annotations

import math

from textual.containers import Grid

from tui.widgets.player_panel import PanelModel, PlayerPanel


class SeatGrid(Grid):
    """Holds ``PlayerPanel``s for some seats."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seats: tuple[int, ...] = ()
        self.columns = 1
        self.panel_height = 5
        self.panel_width = 0
        self.models: dict[int, PanelModel] = {}
        self.panels: dict[int, PlayerPanel] = {}

    def set_seats(
        self, seats: tuple[int, ...], columns: int, panel_height: int, panel_width: int = 0
    ) -> None:
        """Seat these players (left to right, row by row); no-op if nothing changed.

        ``panel_width`` 0 shares the band's width; otherwise panels have that width and
        the band is only as wide as they need (the screen centres it)."""
        shape = (seats, columns, panel_height, panel_width)
        if shape == (self.seats, self.columns, self.panel_height, self.panel_width):
            return
        self.seats, self.columns, self.panel_height, self.panel_width = shape
        if panel_width:
            gutter = 1
            self.styles.grid_columns = str(panel_width)
            self.styles.width = columns * panel_width + (columns - 1) * gutter
        else:
            self.styles.grid_columns = "1fr"
            self.styles.width = "100%"
        rows = math.ceil(len(seats) / max(1, columns)) if seats else 0
        self.styles.grid_size_columns = max(1, columns)
        self.styles.grid_size_rows = max(1, rows)
        self.styles.grid_rows = str(panel_height)
        self.styles.height = rows * panel_height
        self.display = bool(seats)
        self.set_class(panel_height == 1, "-compact")
        self.remove_children()
        self.panels = {seat: PlayerPanel(seat, classes=f"seat-{seat + 1}") for seat in seats}
        for seat, panel in self.panels.items():
            if seat in self.models:
                panel.show(self.models[seat])
        if self.panels:
            self.mount_all(self.panels.values())

    def show(self, models: dict[int, PanelModel]) -> None:
        self.models.update(models)
        for seat, panel in self.panels.items():
            if seat in models:
                panel.show(models[seat])

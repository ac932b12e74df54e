"""Records: every name's games, wins, win rate and best streak, from the history.

Worked out from the finished games (``tui.storage.records``) each time the screen
opens. Laid out for the screen's width like Recent games, so every column reads at
80 columns: the win rate per game (Aces, Chase) goes one game to a line in the last
column rather than running off the right edge.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Static

from tui import games
from tui.app_host import app_host
from tui.cells import fit
from tui.look import sheets
from tui.screens import SubScreen
from tui.storage.records import GameTally, NameRecord
from tui.widgets.key_bar import KeyBar

COLUMNS = (("Name", 16), ("Games", 5), ("Wins", 4), ("Win rate", 8), ("Best streak", 11))
"""The fixed columns and their cells; "By game" takes the rest of the width."""
NAME_MOST = 24
"""A wide screen gives names up to this many cells (as long as the log shows them)."""
SIDE = 4 + 2
"""The table's margins and its scroll bar."""


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def _game(game_id: str) -> str:
    return games.get(game_id).short_title if game_id in games.ids() else fit(game_id, 8)


def by_game(tallies: tuple[GameTally, ...]) -> Text:
    """ "Aces 2/3 67%" a line for each game the name played."""
    return Text("\n".join(f"{_game(t.game)} {t.wins}/{t.games} {percent(t.rate)}" for t in tallies))


class RecordsScreen(SubScreen):
    """Every name that finished a game, most wins first."""

    CSS_PATH = sheets("records")

    def __init__(self) -> None:
        super().__init__()
        self.records: list[NameRecord] = []
        self._width = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Records", classes="section-title", id="records-title")
        yield Static(
            "Most wins first. A shared win counts as a win for each who shared it.",
            id="records-note",
        )
        yield DataTable(id="records", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        from tui.storage.records import read_records

        self.sub_title = "Records"
        self.records, message = read_records(app_host(self).history_path)
        if message:
            self.notify(message, severity="warning", timeout=8)
        if not self.records:
            self.query_one("#records-note", Static).update("No finished games yet.")
        self._fill(self.app.size.width)
        self.query_one("#records", DataTable).focus()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._fill(event.size.width)

    def _fill(self, width: int) -> None:
        """The table laid out for a screen ``width`` cells wide."""
        self._width = width
        table: DataTable[Text] = self.query_one("#records", DataTable)
        padding = 2 * table.cell_padding * (len(COLUMNS) + 1)
        room = max(14, width - SIDE - padding - sum(cells for _, cells in COLUMNS))
        name_cells = min(NAME_MOST, COLUMNS[0][1] + max(0, room - 30) // 2)
        room -= name_cells - COLUMNS[0][1]
        table.clear(columns=True)
        table.add_column("Name", width=name_cells)
        for title, cells in COLUMNS[1:]:
            table.add_column(title, width=cells)
        table.add_column("By game", width=room)
        for record in self.records:
            table.add_row(
                Text(fit(record.name, name_cells), style="bold"),
                Text(str(record.games), justify="right"),
                Text(str(record.wins), justify="right"),
                Text(percent(record.rate), justify="right"),
                Text(str(record.best_streak), justify="right"),
                by_game(record.by_game),
                height=None,
            )

"""Recent games: who won lately, from the per-user history of finished games.

Every column reads at 80 columns: the table is laid out for the screen's width (the
game under its date, the players and the variants wrapped in their columns) rather
than running off the right edge, where Length and Variants were out of sight and a
20-seat game's names scrolled sideways.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Static

from tui import games
from tui.app_host import app_host
from tui.cells import fit
from tui.games import variant_title
from tui.look import sheets
from tui.screens import SubScreen
from tui.storage.history import GameRecord
from tui.widgets.key_bar import KeyBar

WHEN, WINNER, LENGTH = 12, 12, 9
"""Cells for the date (and the game below it), the winners and the length."""
SIDE = 4 + 2
"""The table's margins and its scroll bar."""


def _name(name: str) -> str:
    """A name from the history file, printable and cut (it is user text from disk)."""
    return fit(name, 24)


def _game(game_id: str) -> str:
    """The game's short title ("Chase"), to sit under the date in one line."""
    return games.get(game_id).short_title if game_id in games.ids() else fit(game_id, WHEN)


class RecentScreen(SubScreen):
    """The last finished games, newest first."""

    CSS_PATH = sheets("recent")

    LIMIT = 50

    def __init__(self) -> None:
        super().__init__()
        self.records: list[GameRecord] = []
        self._width = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Recent games", classes="section-title", id="recent-title")
        yield DataTable(id="recent", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        from tui.storage.history import History

        self.sub_title = "Recent games"
        self.records, message = History(app_host(self).history_path).recent(self.LIMIT)
        if message:
            self.notify(message, severity="warning", timeout=8)
        self._fill(self.app.size.width)
        self.query_one("#recent", DataTable).focus()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._fill(event.size.width)

    def _fill(self, width: int) -> None:
        """The table laid out for a screen ``width`` cells wide."""
        self._width = width
        table: DataTable[Text] = self.query_one("#recent", DataTable)
        padding = 2 * table.cell_padding * 5
        room = max(16, width - SIDE - padding - WHEN - WINNER - LENGTH)
        players = room * 3 // 5
        variants = room - players
        table.clear(columns=True)
        table.add_column("When, game", width=WHEN)
        table.add_column("Winner", width=WINNER)
        table.add_column("Players", width=players)
        table.add_column("Length", width=LENGTH)
        table.add_column("Variants", width=variants)
        for record in self.records:
            when = Text(f"{record.finished_at.astimezone():%d %b %H:%M}\n")
            when.append(_game(record.game), style="dim")
            table.add_row(
                when,
                Text(" and ".join(map(_name, record.winners)) or "nobody", style="bold"),
                Text(", ".join(map(_name, record.players))),
                Text(f"{record.length} {record.unit}"),
                Text(", ".join(variant_title(v) for v in record.variants) or "standard"),
                height=None,
            )

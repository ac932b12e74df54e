"""Recent games: who won lately, from the per-user history of finished games."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Static

from tui import games
from tui.app_host import app_host
from tui.games import variant_title
from tui.screens import SubScreen
from tui.textual_compat.quiet_footer import QuietFooter
from tui.widgets.textfit import fit


def _name(name: str) -> str:
    """A name from the history file, printable and cut (it is user text from disk)."""
    return fit(name, 24)


class RecentScreen(SubScreen):
    """The last finished games, newest first."""

    LIMIT = 50

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Recent games", classes="section-title", id="recent-title")
        yield DataTable(id="recent", cursor_type="row", zebra_stripes=True)
        yield QuietFooter()

    def on_mount(self) -> None:
        from tui.storage.history import History

        self.sub_title = "Recent games"
        records, message = History(app_host(self).history_path).recent(self.LIMIT)
        if message:
            self.notify(message, severity="warning", timeout=8)
        table: DataTable[Text] = self.query_one("#recent", DataTable)
        table.add_columns("When", "Game", "Winner", "Players", "Length", "Variants")
        for record in records:
            table.add_row(
                Text(f"{record.finished_at.astimezone():%d %b %H:%M}"),
                Text(games.title_of(record.game)),
                Text(" and ".join(map(_name, record.winners)) or "nobody", style="bold"),
                Text(", ".join(map(_name, record.players))),
                Text(f"{record.length} {record.unit}"),
                Text(", ".join(variant_title(v) for v in record.variants) or "standard"),
            )
        table.focus()

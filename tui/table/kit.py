"""What each game draws differently on the one table screen: its seats and its middle.

``tui.table.screen.TableScreen`` draws every game the same way: seat panels, the pot,
the action bar, the log, the info box, the boxes over the table. A ``TableKit`` is one
game's parts at one table, each with defaults so that a game overrides only what it
changes:

- ``words``: everything the table says and who may see what, the pure half shared with
  the plain-text table (``tui.session.table_words.TableWords``);
- ``Seats``: what a counter is (chips or lives, its symbol), how a seat's panel reads
  (``panel_model``, ``detail``) and where the seats go (``arrange``);
- ``Centre``: the widget in the middle of the table (Aces shows dice, Chase a card), how
  it shows the settled state and whether a move animates.

A kit is a plain object made once per table (the game's ``GameSpec.kit``), so nothing is
shared between tables. Widgets a kit adds should draw through
``tui.widgets.lines.LineWidget`` so a move repaints only what changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text

from tui.engine.core import Event, SeatView, TableView
from tui.session.table_words import TableWords
from tui.table.layout import Arrangement, arrange
from tui.widgets.player_panel import PanelModel, odds_bar

if TYPE_CHECKING:
    from textual.widget import Widget

ODDS_BAR_CELLS = 8


class Seats:
    """Seat panels and where they go; chips by default."""

    counter_word = "chip"
    counter_plural = "chips"
    symbol = "\u25cf"
    ascii_symbol = "o"
    pot_title = "Pot"

    def panel_model(
        self,
        view: TableView,
        seat_view: SeatView,
        bot: str | None,
        ascii_only: bool,
        odds: float | None = None,
    ) -> PanelModel:
        """A seat's panel; with ``odds``, its chance this round in words and as a bar."""
        model = PanelModel(
            seat=seat_view.seat,
            name=seat_view.name,
            counters=seat_view.counters,
            flags=seat_view.flags,
            bot=bot,
            counter_word=self.counter_word,
            counter_plural=self.counter_plural,
            symbol=self.symbol,
            ascii_symbol=self.ascii_symbol,
            detail=self.detail(view, seat_view, ascii_only),
            ascii_only=ascii_only,
        )
        if odds is None:
            return model
        detail = model.detail.copy() if model.detail is not None else Text()
        if detail.plain:
            detail.append("  ")
        detail.append(odds_bar(odds, ODDS_BAR_CELLS, ascii_only), style="bold")
        return replace(model, odds=odds, detail=detail)

    def detail(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
        """An extra line for a tall panel (a card, where sixes go)."""
        return None

    def arrange(self, players: int, width: int, height: int) -> Arrangement:
        """Where the seats go at this terminal size."""
        return arrange(players, width, height)


class Centre:
    """The widget in the middle of the table; a blank one by default."""

    def make(self, ascii_only: bool) -> Widget:
        from textual.widgets import Static

        return Static("")

    def show(
        self, centre: Widget, view: TableView, names: Sequence[str], events: Sequence[Event]
    ) -> None:
        """Draw the settled state; ``events`` are those of the move just revealed."""

    def animate(
        self,
        centre: Widget,
        events: Sequence[Event],
        names: Sequence[str],
        seconds: float,
        frames: int,
    ) -> bool:
        """Start an animation for ``events``; True if ``centre`` will post
        ``AnimationDone`` when it ends (the table then waits before revealing)."""
        return False

    def finish(self, centre: Widget) -> None:
        """Jump to the end of a running animation (any key)."""


class TableKit:
    """One game's parts at one table: its words, its seats and its middle."""

    def __init__(
        self,
        words: TableWords,
        *,
        seats: Seats | None = None,
        centre: Centre | None = None,
    ) -> None:
        self.words = words
        self.seats = seats or Seats()
        self.centre = centre or Centre()

    @property
    def game_id(self) -> str:
        return self.words.game_id

    @property
    def title(self) -> str:
        return self.words.title

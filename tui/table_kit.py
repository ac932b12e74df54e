"""The game-specific parts of the one table screen, looked up by game id.

``tui.screens.table.TableScreen`` draws every game the same way: seat panels, the pot,
the action bar, the log, the table info. What differs between games lives in a
``TableKit`` that the game's ``GameSpec.kit`` makes, a new one per table:

- what a counter is (chips or lives, and its symbol) and how a seat's panel reads
  (``panel_model``; Chase adds its card through ``PanelModel.detail`` and its one-line
  form through ``PanelModel.line``), and where the seats go (``arrange``);
- the widget in the middle of the table (``make_centre``, ``show_centre``,
  ``animate``; Aces shows dice, Chase will show cards or a cut) and when it animates;
- the info lines (round, match, variants) and the end-of-round summary
  (``round_summary``), which opens the round-end screen;
- hooks for hidden information, unused by Aces: ``viewer`` (whose secrets the table
  may show now), ``curtain_before`` (a screen to push before a person's turn, e.g.
  "Pass to Ben"), ``curtain_after`` (after that person's move) and ``ask_arg`` (a
  screen that picks the number for an action with ``arg_range``, e.g. a cut depth).

A new game adds a subclass and names it in its ``GameSpec`` (``tui.games``; the kit's
module is imported the first time a table for that game opens); the screen never
branches on the game id. Widgets a kit adds should draw through
``tui.widgets.lines.LineWidget`` so a move repaints only the lines it changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text

from tui.engine.controller import Controller, Seat
from tui.engine.core import Action, Event, SeatView, TableView
from tui.game_spec import NarrateFn
from tui.games import get, variant_title
from tui.widgets.player_panel import PanelModel
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from tui.table_layout import Arrangement

LOG_NAME_WIDTH = 24
"""Names in the log are cut to this many cells, so one name cannot flood it."""


@dataclass(frozen=True)
class RoundSummary:
    """What the round-end screen shows: a headline, sentences, and the standings
    (name, value in words, marker such as "winner"), and whether the game is over."""

    title: str
    lines: tuple[str, ...]
    standings: tuple[tuple[str, str, str], ...] = ()
    final: bool = False


def variants_line(variants: frozenset[str]) -> str:
    if not variants:
        return "Variants: none (standard rules)"
    return "Variants: " + ", ".join(variant_title(v) for v in sorted(variants))


class TableKit:
    """Defaults shared by every game; subclasses override what differs."""

    game_id = ""
    title = ""
    counter_word = "chip"
    counter_plural = "chips"
    symbol = "\u25cf"
    ascii_symbol = "o"
    pot_title = "Pot"
    describe: NarrateFn | None = None
    """The game's narrator, set by the ``GameSpec`` that made this kit."""

    # -- seats -------------------------------------------------------------------

    def panel_model(
        self, view: TableView, seat_view: SeatView, seat: Seat, ascii_only: bool
    ) -> PanelModel:
        return PanelModel(
            seat=seat_view.seat,
            name=seat_view.name,
            counters=seat_view.counters,
            flags=seat_view.flags,
            bot=seat.bot,
            counter_word=self.counter_word,
            counter_plural=self.counter_plural,
            symbol=self.symbol,
            ascii_symbol=self.ascii_symbol,
            detail=self.panel_detail(view, seat_view, ascii_only),
            ascii_only=ascii_only,
        )

    def panel_detail(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
        return None

    def arrange(self, players: int, width: int, height: int) -> Arrangement:
        """Where the seats go at this terminal size (Chase needs room for a card)."""
        from tui.table_layout import arrange

        return arrange(players, width, height)

    # -- the middle of the table ------------------------------------------------------

    def make_centre(self, ascii_only: bool) -> Widget:
        from textual.widgets import Static

        return Static("")

    def show_centre(
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
        ``AnimationDone`` when it ends (the screen then waits before revealing)."""
        return False

    def finish_animation(self, centre: Widget) -> None:
        """Jump to the end of a running animation (any key)."""

    # -- words ------------------------------------------------------------------------

    def log_names(self, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [fit(name, LOG_NAME_WIDTH, ascii_only) for name in names]

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        if self.describe is None:
            raise RuntimeError(f"the {self.game_id or 'game'} kit was made without a narrator")
        return list(self.describe(list(events), list(names), ascii_only=ascii_only))

    def reason_line(self, name: str, reason: str) -> str:
        return f"{name} (computer) {reason}"

    def info_lines(self, view: TableView, names: Sequence[str]) -> list[str]:
        return [f"Round {view.round}", variants_line(view.variants)]

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str]
    ) -> RoundSummary | None:
        """A summary when ``events`` ended a round or the game, else ``None``."""
        return None

    # -- hidden information (Chase) -----------------------------------------------------

    def viewer(self, controller: Controller, current_viewer: int | None) -> int | None:
        """Whose private view the table draws now (``None``: public only)."""
        return None

    def curtain_before(self, controller: Controller, seat: int) -> Screen[Any] | None:
        """A screen to push before person ``seat`` acts; its result (a seat or ``None``)
        becomes the viewer."""
        return None

    def curtain_after(
        self, controller: Controller, seat: int, events: Sequence[Event]
    ) -> Screen[Any] | None:
        """A screen to push after person ``seat`` moved, before the table goes on."""
        return None

    def ask_arg(self, action: Action, view: TableView) -> Screen[Any] | None:
        """A screen that returns the number for ``action`` (it has ``arg_range``)."""
        return None


def kit_for(game_id: str) -> TableKit:
    """A new kit for a table of ``game_id`` (``ValueError`` for an unknown game)."""
    kit: TableKit = get(game_id).kit()
    return kit

"""What the table draws: the board every game is played on, and the boxes over it.

``TableBoard`` is the drawing half of ``tui.table.screen.TableScreen``: it composes
the seat bands, the pot, the game's centre widget, the table info, the action bar and
the log, places the seats for the terminal's size (the kit's ``arrange``, fixed while
the game is played) and, after every move, pushes the view the privacy rule allows
into the widgets, each of which redraws only what changed. ``curtain_cover`` and
``number_cover`` turn what a kit asks for (``CurtainRequest``, ``NumberRequest``)
into a box the table draws over itself (``_open_cover``, on its ``cover`` layer: only
the cells it covers are repainted when it comes and goes); the kit never builds one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.events import Key, Mount, Resize
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from tui import games
from tui.app_host import app_host
from tui.engine.core import Action, Event, TableView
from tui.session.odds_warmup import warm
from tui.table.cover import Cover, CoverLayer
from tui.table.flow import FlowState, TableFlow, main_action_alias
from tui.table.gate import TableGate
from tui.table.kit import CurtainRequest, NumberRequest, TableKit
from tui.table.layout import MIN_HEIGHT, MIN_WIDTH, Arrangement, too_small
from tui.widgets.action_bar import ActionBar, key_label
from tui.widgets.game_log import GameLog
from tui.widgets.key_bar import KeyBar
from tui.widgets.pot import PotView
from tui.widgets.seat_grid import SeatGrid
from tui.widgets.table_info import TableInfo
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from textual.widget import Widget

    from tui.session.seat_control import TableController


def curtain_cover(request: CurtainRequest, ascii_only: bool, gate: TableGate) -> Cover:
    """The box for a curtain the kit asked for: pass the keyboard, or a private card;
    it feeds the table's ``gate`` and is lifted only by a key that passes it."""
    from tui.screens.curtain import PassCurtain, PrivateResult

    if request.card is None:
        return PassCurtain(request.seat, request.name, request.lines, ascii_only, gate)
    return PrivateResult(request.seat, request.name, request.card, request.lines, ascii_only, gate)


def number_cover(request: NumberRequest, ascii_only: bool) -> Cover:
    """The box that picks an action's number (the dealer's cut)."""
    from tui.screens.cut import CutScreen

    return CutScreen(request.chooser, request.arg_range, ascii_only, note=request.note)


class TableMoved(Message):
    """The table moved without this keyboard (another terminal's move arrived)."""


class TableBoard(Screen[Any]):
    """The table as drawn for one controller; ``TableScreen`` adds the flow and keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o,O", "toggle_odds", "Odds", show=False),  # "O" in Settings' words
        Binding("pageup", "read_log(1)", "Read back the log (or the mouse wheel)", show=False),
        Binding("pagedown", "read_log(-1)", "Read the log forward", show=False),
        Binding("end", "read_log(0)", "The log's newest lines", show=False),
        Binding("w,W", "door", "Who sits", show=False),  # "W answers", the info box says
    ]

    def __init__(self, controller: TableController) -> None:
        super().__init__(classes=f"game-{controller.game_id}")
        self.controller = controller
        self.kit: TableKit = games.get(controller.game_id).new_kit()
        self.viewer: int | None = None
        """The seat whose private view is drawn (``None``: the public view)."""
        self._arrangement: Arrangement | None = None
        self.flow = TableFlow()
        self.cover: Cover | None = None
        """The box drawn over the table now (a curtain, a round's end), if any."""
        self._held: contextlib.AbstractContextManager[None] | None = None
        """Repaints held back while a cover is being mounted (``_open_cover``)."""

    @property
    def ascii_only(self) -> bool:
        """Plain ASCII glyphs only (the table's setting, see ``TableScreen``)."""
        return False

    centre: Widget
    """The game's widget in the middle of the table (made by the kit)."""

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.controller.seats]

    @property
    def log_names(self) -> list[str]:
        return self.kit.words.log_names(self.names, self.ascii_only)

    def compose(self) -> ComposeResult:
        seats = self.kit.seats
        with Vertical(id="table"):
            with Center(classes="band"):
                yield SeatGrid(id="seats-top", classes="seats")
            with Horizontal(id="centre"):
                yield PotView(
                    id="pot",
                    title=seats.pot_title,
                    word=seats.counter_word,
                    plural=seats.counter_plural,
                    symbol=seats.symbol,
                    ascii_symbol=seats.ascii_symbol,
                    ascii_only=self.ascii_only,
                )
                yield self.centre
                yield TableInfo(id="info")
            with Center(classes="band"):
                yield SeatGrid(id="seats-bottom", classes="seats")
            yield ActionBar(id="actions")
            yield GameLog(id="log")
        yield Static("", id="too-small", markup=False)
        yield CoverLayer()
        yield KeyBar()

    @on(Mount)
    def _watch_controller(self) -> None:
        """A move made elsewhere wakes the table (from the controller's thread)."""

        def moved() -> None:
            self.post_message(TableMoved())

        self.controller.watch(moved)

    @on(TableMoved)
    def _table_moved(self, message: TableMoved) -> None:
        """A move waits: play on; only news of who is here: redraw the info box (the
        actions stay as drawn, so a person's decision is not opened anew)."""
        message.stop()
        if not self.is_attached:
            return
        if self.controller.is_bot_turn():
            if self.flow.ready:
                self._advance()
        elif self.flow.state in (FlowState.READY, FlowState.THINKING):
            self._refresh_info()

    def on_resize(self, event: Resize) -> None:
        self._layout(event.size.width, event.size.height)
        if self.cover is not None:
            self._place_cover(self.cover)

    def _layout(self, width: int, height: int) -> None:
        small = too_small(width, height)
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(
                f"This terminal is {width}x{height}; the table needs at least "
                f"{MIN_WIDTH}x{MIN_HEIGHT}.\nMake the window bigger to go on playing "
                "(Esc leaves the table)."
            )
            return
        arrangement = self.kit.seats.arrange(len(self.controller.seats), width, height)
        if arrangement == self._arrangement:
            return
        self._arrangement = arrangement
        self.set_class(arrangement.large, "-large")
        for grid_id, band, columns in (
            ("#seats-top", arrangement.top, arrangement.columns_top),
            ("#seats-bottom", arrangement.bottom, arrangement.columns_bottom),
        ):
            self.query_one(grid_id, SeatGrid).set_seats(
                band, columns, arrangement.panel_height, arrangement.panel_width
            )
        self.query_one("#centre").styles.height = arrangement.centre_height

    # -- drawing --
    def current_view(self) -> TableView:
        self.viewer = self.kit.privacy.viewer(self.controller, self.viewer)
        return self.controller.view(self.viewer)

    def _refresh_table(self, events: Sequence[Event]) -> None:
        view = self.current_view()
        ascii_only = self.ascii_only
        seats = self.controller.seats
        models = {
            sv.seat: self.kit.seats.panel_model(view, sv, seats[sv.seat], ascii_only)
            for sv in view.seats
        }
        for grid in self.query(SeatGrid):
            grid.show(models)
        self.query_one(PotView).show(view.pot)
        self.kit.centre.show(self.centre, view, self.log_names, events)
        self._refresh_info(view)

    def _refresh_info(self, view: TableView | None = None) -> None:
        """The info box: the game's lines, then who is at the table (when shared)."""
        view = view or self.current_view()
        words, names, ascii_only = self.kit.words, self.log_names, self.ascii_only
        info = words.info_lines(view, names, ascii_only)
        info += words.presence_lines(self.controller.presence(), names, ascii_only)
        self.query_one(TableInfo).show(self.kit.title, info)

    def _status(self, seat: int | None, what: str) -> None:
        who = fit(self.names[seat], 20, self.ascii_only) if seat is not None else ""
        self.query_one(ActionBar).show_status(what.format(who=who))

    def _advance(self) -> None:
        """Play on (``TableScreen``'s flow)."""

    def on_screen_suspend(self) -> None:
        """Another screen (rules, keys) covers the table and its box: the box is not
        seen, so it takes no key until drawn again. (Textual calls this and
        ``TableScreen``'s handler both: one per class.)"""
        if self.cover is not None:
            self.cover.gate_hidden()

    def on_screen_resume(self) -> None:
        if self.cover is not None:
            self.cover.gate_shown()

    def _open_cover(self, cover: Cover, callback: Callable[[Any], None]) -> None:
        """Draw ``cover`` over the table; the table is ``GATED`` until it closes."""
        self.flow.to(FlowState.GATED)
        self.cover = cover

        def closed(result: Any) -> None:
            self._release()
            if self.cover is cover:
                self.cover = None
            cover.display = False  # what it covered is repainted once, with what follows
            cover.remove()
            self.flow.to(FlowState.READY)
            callback(result)

        cover.on_close = closed
        cover.on_shown = self._release
        cover.middle = self._middle()
        # The move that opened it and the box go out in one frame: mounting takes a while,
        # and a table drawn for that while without its curtain reads as "my turn".
        self._release()  # never two holds at once: one would never be let go
        self._held = self.app.batch_update()
        self._held.__enter__()
        self.query_one(CoverLayer).mount(cover)  # placed once its lines are composed

    def _release(self) -> None:
        """Let the held repaints go (the cover is placed, closed, or the table gone)."""
        held, self._held = self._held, None
        if held is not None:
            held.__exit__(None, None, None)

    def on_unmount(self) -> None:
        self._release()

    def _middle(self) -> Region | None:
        """The table's middle (pot, card, info) on the screen, if laid out."""
        if self._arrangement is None or self.has_class("-too-small"):
            return None
        return self.query_one("#centre").region

    def _place_cover(self, cover: Cover) -> None:
        cover.middle = self._middle()
        if cover.is_mounted:
            cover.place(self.size)

    def _cover_key(self, event: Key) -> None:
        """A key while a box covers the table: the box's, unless bound by the app or
        left by the box to the table's bindings (then only recorded by the gate)."""
        cover = self.cover
        assert cover is not None
        binding = self.active_bindings.get(event.key)
        if binding is not None and (binding.node is not self or event.key in cover.table_keys):
            cover.record_key(event)  # the app's keys (rules, keys, quit), Escape on a curtain
            return
        cover.take_key(event)
        event.stop()
        event.prevent_default()

    def _curtain_closed(self, result: Any) -> None:
        """A curtain closed: its result (a seat) becomes the viewer, and play goes on."""
        if isinstance(result, int):
            self.viewer = result
        self._advance()

    def _open_table(self, resumed: bool) -> None:
        """Lay the table out and write who sits at it (``resumed``: a saved game)."""
        self._layout(self.app.size.width, self.app.size.height)
        who = ", ".join(self.log_names)
        if resumed:
            opening = f"{self.kit.title}: the game goes on. At the table: {who}."
        else:
            opening = f"{self.kit.title}. At the table: {who}."
        self.query_one(GameLog).write([opening])
        self._refresh_table(())
        self._start_odds()

    # -- odds -------------------------------------------------------------------------

    def _start_odds(self) -> None:
        """Odds on, if the setting says so: solved on a thread of their own, drawn when
        they come (``tui.session.odds_warmup``); no move waits for them."""
        on = self.odds_setting()
        if self.kit.show_odds(on) and on:
            view = self.controller.view(None)
            warm(self.controller.game_id, len(view.seats), view.variants, self._odds_ready)

    def _odds_ready(self) -> None:
        """On the odds thread: redraw on the app's own thread, if the table is still up."""
        with contextlib.suppress(Exception):  # the app or the table has gone meanwhile
            self.app.call_from_thread(self._odds_came)

    def _odds_came(self) -> None:
        # Mid-animation or under a curtain the next redraw will show them: not now.
        if self.is_attached and self.flow.state in (FlowState.READY, FlowState.THINKING):
            self._refresh_table(())

    def odds_setting(self) -> bool:
        """Whether the table shows odds (the app's setting; off without an app)."""
        try:
            return app_host(self).settings.show_odds
        except Exception:
            return False

    def action_toggle_odds(self) -> None:
        """O: odds on or off, kept as a setting."""
        with contextlib.suppress(Exception):
            app_host(self).update_settings(show_odds=not self.odds_setting())
        self._start_odds()
        self._refresh_table(())

    def action_read_log(self, pages: int) -> None:
        """Scroll the log ``pages`` back (negative: forward; 0: to the live end). The
        action bar keeps the live turn in sight meanwhile."""
        log = self.query_one(GameLog)
        if pages:
            log.scroll(pages * log.page)
        else:
            log.live()

    def action_door(self) -> None:
        """W: who sits at the table, when the controller offers a choice (a shared
        table's host: let a joiner in, turn them away, kick a seat)."""
        choices = self.controller.door()
        if not choices:
            self.app.bell()
            return
        from tui.screens.door import DoorScreen

        def chosen(choice: str | None) -> None:
            if choice is not None:
                self.controller.open_door(choice)

        self.app.push_screen(DoorScreen(choices), chosen)

    # -- what the app reads ------------------------------------------------------------

    @property
    def game_in_progress(self) -> bool:
        return not self.controller.over

    def rules_context(self) -> tuple[str, frozenset[str]]:
        return self.controller.game_id, self.controller.view(None).variants

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of what may be done right now (the help screen adds the bindings)."""
        if self.cover is not None:
            return self.cover.help_keys()
        actions = self._available_actions()
        keys = [(key_label(action.key), action.label) for action in actions]
        if main_action_alias(len(actions)) and actions[0].key != "enter":
            keys.append(("Enter or Space", actions[0].label))
        return keys

    def _available_actions(self) -> list[Action]:
        return self.controller.actions()

    def _show_actions(self) -> None:
        actions = self._available_actions()
        seat = self.controller.whose_turn()
        if not actions and seat is not None:  # the move is made at another terminal
            self._status(seat, "Waiting for {who}...")
            return
        prompt = f"{fit(self.names[seat], 16, self.ascii_only)}:" if seat is not None else ""
        self.query_one(ActionBar).show_actions(
            actions,
            enter_alias=main_action_alias(len(actions)) and actions[0].key != "enter",
            prompt=prompt,
        )

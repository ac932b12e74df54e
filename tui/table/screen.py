"""The one table screen every game is played on: it draws what the table presenter decided.

``TableScreen`` is a Textual front end (``tui.session.table_presenter.TableFront``) of a
``TablePresenter``: it draws each ``TableModel`` it is handed (seat panels, the pot, the
game's widget in the middle, the info box, the action bar, the log, and a box over the
table: ``tui.table.covers``), forwards keys with their arrival times, timers, the end of
an animation and clicks, and does what only it can: wait, animate, save through the
app, leave, ask before leaving. What differs per game is the kit's (``tui.table.kit``);
the decisions (whose turn, which curtain, which key acts) are the presenter's alone.

Only the controller protocol is used (``tui.session.seat_control``): a controller in
another process (a shared table) drives the same screen; a move made elsewhere wakes it
(``TableMoved``).

The app builds it with ``table_screen(session)`` and reads ``save_game()`` (on quit and
hang-up), ``rules_context()``, ``game_in_progress``, ``saving`` and ``help_keys()``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.events import Key, Resize
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from tui import games
from tui.app_host import app_host
from tui.cells import fit, printable
from tui.engine.core import Event
from tui.look import TABLE_SHEETS, game_sheets, sheets
from tui.session.table_flow import Pace, TableFlow, pace_for
from tui.session.table_front import Binding as KeyBinding
from tui.session.table_model import (
    Cover,
    NumberChoice,
    PassCurtain,
    PrivateCard,
    RoundEnd,
    TableModel,
)
from tui.session.table_presenter import TablePresenter
from tui.table.covers.box import CoverBox, CoverLayer
from tui.table.covers.curtain import PassCurtainBox, PrivateCardBox
from tui.table.covers.cut import CutChooser
from tui.table.covers.round_end import RoundEndBox
from tui.table.gate import GateTimes, TerminalTimes
from tui.table.kit import TableKit
from tui.table.layout import MIN_HEIGHT, MIN_WIDTH, Arrangement, too_small
from tui.widgets.action_bar import ActionBar, key_label
from tui.widgets.animation import AnimationDone
from tui.widgets.game_log import GameLog
from tui.widgets.key_bar import KeyBar
from tui.widgets.pot import PotView
from tui.widgets.seat_grid import SeatGrid
from tui.widgets.table_info import TableInfo

if TYPE_CHECKING:
    from tui.gameconfig import GameConfig
    from tui.session.table_session import HeldTable
    from tui.storage.save_format import Match

MIN_WAIT = 0.01
"""Shortest timer: Textual 8.2.8 divides by a timer's interval when it runs late, so a
zero-second timer can end the app with ZeroDivisionError."""

SAVE_FLUSH = 1.2
"""Seconds quitting waits for the save being written (the hang-up's watchdog allows
``tui.hangup.SAVE_WAIT``)."""

PROMPT_NAME = 16
"""A name in the action bar's prompt ("Ann:") is cut to this many cells."""
STATUS_NAME = 20
"""A name in the action bar's status ("Ben (computer) is thinking...")."""


class TableMoved(Message):
    """The table moved without this keyboard (another terminal's move arrived)."""


class Later(Message):
    """Run ``callback`` on the screen's own thread (posted from another thread)."""

    def __init__(self, callback: Callable[[], None]) -> None:
        super().__init__()
        self.callback = callback


COVER_BOXES: dict[type[Cover], type[CoverBox]] = {
    PassCurtain: PassCurtainBox,
    PrivateCard: PrivateCardBox,
    NumberChoice: CutChooser,
    RoundEnd: RoundEndBox,
}
"""Which box draws which cover."""


class TableScreen(Screen[None]):
    """A game in progress: seats, pot, the game's centre widget, actions and the log."""

    CSS_PATH = sheets(*TABLE_SHEETS)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave table"),
        Binding("q", "leave", "Leave", show=False),
        Binding("f", "finish", "Finish the game"),
        Binding("F", "finish", show=False),  # as the table writes it: "F finishes the game"
        Binding("o,O", "toggle_odds", "Odds on or off: each seat's chance", show=False),
        Binding("pageup", "read_log(1)", "Read back the log (or the mouse wheel)", show=False),
        Binding("pagedown", "read_log(-1)", "Read the log forward", show=False),
        Binding("end", "read_log(0)", "The log's newest lines", show=False),
        Binding("w,W", "door", "Who sits: let in, turn away, kick", show=False),
    ]

    default_times: ClassVar[Callable[[], GateTimes]] = TerminalTimes
    """Where a table reads the key gate's times unless given ``times`` (tests swap it)."""

    def __init__(
        self,
        session: HeldTable,
        *,
        ascii_only: bool | None = None,
        animation: str | None = None,
        confirm_quit: bool | None = None,
        times: GateTimes | None = None,
    ) -> None:
        controller = session.controller
        super().__init__(classes=f"game-{controller.game_id}")
        self.css_path = [*self.css_path, *map(Path, game_sheets(controller.game_id))]
        self.session = session
        self.controller = controller
        self.kit: TableKit = games.get(controller.game_id).new_kit()
        self.times = times or type(self).default_times()
        self._ascii = ascii_only
        self._animation = animation
        self._confirm_quit = confirm_quit
        self.presenter = TablePresenter(session, self.kit.words, self, self)
        self.centre = self.kit.centre.make(self.ascii_only)
        self.centre.add_class("table-centre")
        self._arrangement: Arrangement | None = None
        self._timer: Timer | None = None
        self._shown_cover: Cover | None = None
        self.boxes: dict[type[Cover], CoverBox] = {
            kind: box(id=f"cover-{box.__name__.lower()}") for kind, box in COVER_BOXES.items()
        }

    # -- the settings the table plays by (``TablePrefs``) -----------------------------------

    @property
    def ascii_only(self) -> bool:
        if self._ascii is not None:
            return self._ascii
        try:
            return app_host(self).ascii_glyphs
        except Exception:
            return False

    @property
    def pace(self) -> Pace:
        animation = self._animation
        if animation is None:
            try:
                animation = app_host(self).settings.animation
            except Exception:
                animation = None
        return pace_for(animation)

    @property
    def odds_on(self) -> bool:
        """Whether the table shows odds (the app's setting; off without an app)."""
        try:
            return app_host(self).settings.show_odds
        except Exception:
            return False

    def set_odds(self, on: bool) -> None:
        with contextlib.suppress(Exception):
            app_host(self).update_settings(show_odds=on)

    @property
    def confirm_quit(self) -> bool:
        if self._confirm_quit is not None:
            return self._confirm_quit
        return app_host(self).settings.confirm_quit

    # -- what the app and the tests read ----------------------------------------------------

    @property
    def flow(self) -> TableFlow:
        return self.presenter.flow

    @property
    def cover(self) -> Cover | None:
        """The box over the table now (a curtain, a private card, the cut, a round's end)."""
        return self.presenter.cover

    @property
    def viewer(self) -> int | None:
        return self.presenter.viewer

    @property
    def moves(self) -> int:
        return self.presenter.moves

    @property
    def busy(self) -> bool:
        """True while a computer's pause or an animation runs (a key skips it)."""
        return self.presenter.flow.busy

    @property
    def names(self) -> list[str]:
        return self.presenter.names

    @property
    def log_names(self) -> list[str]:
        return self.presenter.log_names

    @property
    def cover_box(self) -> CoverBox | None:
        """The box drawn over the table now, if any."""
        cover = self._shown_cover
        return None if cover is None else self.boxes[type(cover)]

    @property
    def game_in_progress(self) -> bool:
        return not self.controller.over

    @property
    def saving(self) -> bool:
        """True while this game is being saved (off after a failure)."""
        return self.session.saving

    def save_game(self) -> None:
        """Save now and wait for the write (the app calls this on quit and hang-up)."""
        self.presenter.save()
        self.session.flush(SAVE_FLUSH)

    def rules_context(self) -> tuple[str, frozenset[str]]:
        return self.controller.game_id, self.controller.view(None).variants

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of what may be done right now (the help screen adds the bindings)."""
        if isinstance(self.presenter.cover, NumberChoice):
            return list(CutChooser.KEYS)
        return [(key_label(key), words) for key, words in self.presenter.help_keys()]

    # -- building the screen ----------------------------------------------------------------

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
        with CoverLayer():
            yield from self.boxes.values()
        yield KeyBar()

    def on_mount(self) -> None:
        def moved() -> None:  # from the controller's thread
            self.post_message(TableMoved())

        self.controller.watch(moved)
        self._layout(self.app.size.width, self.app.size.height)
        self.presenter.open()
        self.call_after_refresh(self.presenter.shown)  # play on once the table is drawn

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self.presenter.shown)

    def on_screen_suspend(self) -> None:
        """Covered by another screen (rules, keys): what is drawn is not seen, so the
        decision or the box on it takes no key until drawn again."""
        self.presenter.hidden()

    def on_unmount(self) -> None:
        self.presenter.close()
        self._stop_timer()

    # -- drawing a model (``TableFront.show``) ------------------------------------------------

    def show(self, model: TableModel) -> None:
        ascii_only = self.ascii_only
        if model.log:
            self.query_one(GameLog).append(model.log)
        view = model.view
        seats = self.kit.seats
        panels = {
            sv.seat: seats.panel_model(
                view,
                sv,
                model.bots[sv.seat],
                ascii_only,
                None if model.odds is None else model.odds[sv.seat],
            )
            for sv in view.seats
        }
        widest = max(
            (cell_len(printable(sv.name)) for sv in view.seats if model.bots[sv.seat]), default=0
        )
        panels = {seat: replace(panel, computer_names=widest) for seat, panel in panels.items()}
        for grid in self.query(SeatGrid):
            grid.show(panels)
        self.query_one(PotView).show(view.pot)
        self.kit.centre.show(self.centre, view, model.log_names, model.events)
        self.query_one(TableInfo).show(model.title, model.info)
        self._show_bar(model)
        self._show_cover(model.cover)
        self.call_after_refresh(self._drawn, model.gate)

    def _show_bar(self, model: TableModel) -> None:
        bar, names, ascii_only = model.bar, model.names, self.ascii_only
        actions = self.query_one(ActionBar)
        if bar.actions or not bar.status:
            prompt = ""
            if bar.prompt is not None:
                name = fit(names[bar.prompt], PROMPT_NAME, ascii_only)
                prompt = f"{name} has no choice:" if bar.forced else f"{name}:"
            actions.show_actions(bar.actions, enter_alias=bar.enter_alias, prompt=prompt)
        else:
            who = fit(names[bar.who], STATUS_NAME, ascii_only) if bar.who is not None else ""
            actions.show_status(bar.status.format(who=who))

    def _show_cover(self, cover: Cover | None) -> None:
        if cover == self._shown_cover:
            return
        before = self._shown_cover
        self._shown_cover = cover
        if before is not None and (cover is None or type(cover) is not type(before)):
            self.boxes[type(before)].remove_class("-shown")
        if cover is None:
            return
        box = self.boxes[type(cover)]
        ascii_only = self.ascii_only
        match cover:
            case PassCurtain():
                self.query_one(PassCurtainBox).fill(cover, ascii_only)
            case PrivateCard():
                self.query_one(PrivateCardBox).fill(cover, ascii_only)
            case RoundEnd():
                self.query_one(RoundEndBox).fill(cover, ascii_only)
            case NumberChoice():
                self.query_one(CutChooser).ask(cover, ascii_only)
        box.add_class("-shown")
        box.place(self.size, self._middle())

    def _drawn(self, gate: int) -> None:
        if self.is_attached and self.is_current:
            self.presenter.drawn(gate, self.times.now())

    def _middle(self) -> Region | None:
        """The table's middle (pot, card, info) on the screen, if laid out."""
        if self._arrangement is None or self.has_class("-too-small"):
            return None
        return self.query_one("#centre").region

    def on_resize(self, event: Resize) -> None:
        self._layout(event.size.width, event.size.height)
        if self._shown_cover is not None:
            self.boxes[type(self._shown_cover)].place(event.size, self._middle())

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

    # -- what only a front end can do (``TableFront``) ----------------------------------------

    def wait(self, seconds: float) -> None:
        self._stop_timer()
        self._timer = self.set_timer(max(seconds, MIN_WAIT), self._timer_fired)

    def stop_wait(self) -> None:
        self._stop_timer()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _timer_fired(self) -> None:
        self._timer = None
        self.presenter.timer()

    def animate_move(self, events: Sequence[Event], names: Sequence[str], pace: Pace) -> bool:
        return bool(self.kit.centre.animate(self.centre, events, names, pace.roll, pace.frames))

    def end_animation(self) -> None:
        self.kit.centre.finish(self.centre)

    @on(AnimationDone)
    def _animation_done(self, message: AnimationDone) -> None:
        message.stop()
        self.presenter.animated()

    def save(self) -> None:
        app_host(self).autosave(self.session)

    def close_table(self) -> None:
        app_host(self).back_to_title()

    def leave(self) -> None:
        """Leave the table now, saved (no question asked)."""
        self.presenter.leave()

    def rematch(self, config: GameConfig, match: Match) -> None:
        app_host(self).start_game(config, match=match)

    def bell(self) -> None:
        self.app.bell()

    def from_thread(self, callback: Callable[[], None]) -> None:
        self.post_message(Later(callback))

    @on(Later)
    def _later(self, message: Later) -> None:
        message.stop()
        if self.is_attached:
            message.callback()

    @on(TableMoved)
    def _table_moved(self, message: TableMoved) -> None:
        message.stop()
        if self.is_attached:
            self.presenter.table_moved()

    # -- keys and clicks ----------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """Every key goes to the presenter with its arrival time; a key it uses (or
        drops on purpose, typed ahead of a gate) goes no further. The cut's chooser has
        its own keys first."""
        asking = isinstance(self.presenter.cover, NumberChoice)
        if asking and self.query_one(CutChooser).take_key(event):
            event.stop()
            event.prevent_default()
            return
        if self.query_one(RoundEndBox).scroll_key(event.key):
            event.stop()  # a round's end too tall for the screen: PgUp/PgDn scroll it
            event.prevent_default()
            return
        if self.presenter.key(event.key, self.times.arrival(event), self._binding(event.key)):
            event.stop()
            event.prevent_default()

    def _binding(self, key: str) -> KeyBinding:
        """Who binds ``key``: this screen ("table"), the app ("app"), or nobody."""
        binding = self.active_bindings.get(key)
        if binding is None:
            return None
        return "table" if binding.node is self else "app"

    @on(ActionBar.Chosen)
    def _clicked(self, message: ActionBar.Chosen) -> None:
        message.stop()
        self.presenter.choose(message.action)

    @on(RoundEndBox.Chosen)
    def _round_end_clicked(self, message: RoundEndBox.Chosen) -> None:
        message.stop()
        self.presenter.answer(message.kind)

    @on(CutChooser.Answered)
    def _cut(self, message: CutChooser.Answered) -> None:
        message.stop()
        self.presenter.answer(message.depth)

    # -- the table's own keys --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Finish the game is offered only once no person is left in it, the odds only
        by a game that has some, and who sits only where someone may be let in."""
        if action == "finish":
            return self.presenter.can_finish()
        if action == "toggle_odds":
            return self.kit.words.has_odds
        if action == "door":
            return bool(self.controller.door())
        return True

    def action_finish(self) -> None:
        self.presenter.finish()

    def action_toggle_odds(self) -> None:
        self.presenter.toggle_odds()

    def action_leave(self) -> None:
        question = self.presenter.leave_question()
        if question is not None and self.confirm_quit:
            from tui.screens.confirm import ConfirmScreen

            self.app.push_screen(
                ConfirmScreen(question, yes="Leave", no="Keep playing"),
                lambda yes: self.presenter.leave() if yes else None,
            )
            return
        self.presenter.leave()

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


def table_screen(session: HeldTable) -> TableScreen:
    """The app's hook: the table for ``session`` (any game)."""
    return TableScreen(session)

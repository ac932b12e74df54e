"""The one table screen every game is played on: its flow, its keys, the app's hooks.

Drawing is ``tui.table.board.TableBoard``'s, what differs per game the kit's
(``tui.table.kit``); the state is a ``tui.table.flow.TableFlow``. Only the controller
protocol is used (``tui.session.seat_control``): a controller in another process can
drive the table. Computer players move after a pause (one-shot timers); any key skips
the pause or the animation; nothing runs while the table waits for a person.

Keys typed ahead never lift a curtain or make a person's move (``tui.table.gate``):
the table and its curtains feed one ``TableGate`` every key, and a person's action key
acts only if it passes the ``DECISION`` rule, counted from when their actions were
drawn. Keys that do not pass are dropped; the bound keys (Escape, the app's rules and
keys) and "any key skips the computer's pause" are not gated.

The app builds it with ``table_screen(session)`` for a ``tui.session.TableSession`` and
reads ``save_game()`` (also run after every action, ``on_after_action``, through
``app.autosave(session)``: ``tui.app_host``), ``rules_context()``, ``game_in_progress``
and ``help_keys()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.timer import Timer

from tui.app_host import app_host
from tui.engine.core import Action, Event, IllegalAction, find_legal
from tui.look import TABLE_SHEETS, sheets
from tui.screens.round_end import REMATCH, TITLE
from tui.table.board import curtain_cover, number_cover
from tui.table.door import END_KINDS, TableDoor
from tui.table.finish import can_finish, play_out
from tui.table.flow import (
    FlowState,
    Pace,
    computer_move,
    match_key,
    pace_for,
)
from tui.table.gate import GateTimes, TableGate, TerminalTimes
from tui.table.recap import AwayRecap
from tui.widgets.action_bar import ActionBar
from tui.widgets.animation import AnimationDone
from tui.widgets.game_log import GameLog
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from tui.session.table_session import HeldTable

MIN_WAIT = 0.01
"""Shortest timer: Textual 8.2.8 divides by a timer's interval when it runs late, so a
zero-second timer can end the app with ZeroDivisionError."""


class TableScreen(TableDoor):
    """A game in progress: seats, pot, the game's centre widget, actions and the log."""

    CSS_PATH = sheets(*TABLE_SHEETS)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave table"),
        Binding("q", "leave", "Leave", show=False),
        Binding("f", "finish", "Finish the game"),
        Binding("F", "finish", show=False),  # as the table writes it: "F finishes the game"
    ]

    default_times: ClassVar[Callable[[], GateTimes]] = TerminalTimes
    """Where a table's key gate reads its times unless given ``times`` (tests swap it)."""

    def __init__(
        self,
        session: HeldTable,
        *,
        ascii_only: bool | None = None,
        animation: str | None = None,
        confirm_quit: bool | None = None,
        times: GateTimes | None = None,
    ) -> None:
        super().__init__(session, confirm_quit=confirm_quit)
        self.gate = TableGate(times or type(self).default_times())
        """The key gate of this table and its curtains (one keyboard)."""
        self._ascii = ascii_only
        self._animation = animation
        self.moves = 0
        self._timer: Timer | None = None
        """The pause before a computer's move, while ``flow`` is THINKING."""
        self.recap = AwayRecap(session.controller.humans)
        """What each person missed while computer players moved (``tui.table.recap``)."""
        self.centre = self.kit.centre.make(self.ascii_only)
        self.centre.add_class("table-centre")

    # -- settings (the app's, unless given) --------------------------------------------

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
            animation = app_host(self).settings.animation
        return pace_for(animation)

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        log.restore(self.session.log)
        self._open_table(self.session.resumed and self.controller.view(None).phase != "start")
        self.call_after_refresh(self._advance)

    def log_lines(self) -> list[tuple[str, str]]:
        return list(self.query_one(GameLog).lines)

    def _available_actions(self) -> list[Action]:
        if self.controller.over:
            return [REMATCH, TITLE] if self._can_rematch() else [TITLE]
        return self.controller.actions()

    # -- the flow --------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a computer's pause or an animation runs (a key skips it)."""
        return self.flow.busy

    def _advance(self) -> None:
        """Play on until a person must act or something must be waited for."""
        while self.flow.ready:
            after = self.flow.take_after_curtain()
            if after is not None:
                self._open_cover(
                    curtain_cover(after, self.ascii_only, self.gate), self._curtain_closed
                )
                return
            self._refresh_table(())
            plan = self.flow.plan(self.controller, self.pace, self.app.screen is self)
            if plan.kind in ("wait", "forced"):
                self._wait(plan.delay, plan.seat, plan.kind == "forced")
                return
            if plan.kind == "move":
                if not self._computer_move():
                    return
                continue
            if plan.kind == "look" and plan.seat is not None:
                self._tell_recap(plan.seat)
                before = self.kit.curtain_before(self.controller, plan.seat, self.ascii_only)
                if before is not None:
                    self._status(plan.seat, "Waiting for {who}...")
                    curtain = curtain_cover(before, self.ascii_only, self.gate)
                    self._open_cover(curtain, self._curtain_closed)
                    return
            self._show_actions()
            return

    def _tell_recap(self, seat: int) -> None:
        """A person's turn after many computer moves: what they missed, in the log."""
        missed = self.recap.turn(seat)
        if missed:
            who = self.log_names[seat]
            lines = self.kit.words.recap(missed, self.log_names, who, self.ascii_only)
            self.query_one(GameLog).write(lines, style="bold")

    def _wait(self, delay: float, seat: int | None, forced: bool = False) -> None:
        if forced and seat is not None:
            # The move shown as it will be made: no decision, so it plays itself (its key,
            # or any key, plays it at once).
            prompt = f"{fit(self.names[seat], 16, self.ascii_only)} has no choice:"
            self.query_one(ActionBar).show_actions(self.controller.actions(), prompt=prompt)
        else:
            thinking = "{who} (computer) is thinking" if seat is not None else "The table moves on"
            finish = "; F finishes the game" if can_finish(self.controller) else ""
            self._status(seat, thinking + "... any key to skip" + finish)
        self.flow.to(FlowState.THINKING)
        self._timer = self.set_timer(max(delay, MIN_WAIT), self._timer_fired)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _timer_fired(self) -> None:
        self._timer = None
        self.flow.to(FlowState.READY)
        if not self.flow.ready or self.app.screen is not self:
            return  # left, or resumed by on_screen_resume
        if self._computer_move():
            self._advance()

    def on_screen_resume(self) -> None:
        if self.flow.ready:
            self.call_after_refresh(self._advance)

    def _computer_move(self) -> bool:
        """A computer's move (``flow.computer_move``); True when its result is shown."""
        move = computer_move(self.controller)
        return move is not None and self._after_action(move.events, move.seat, move.reason)

    def _skip(self) -> None:
        if self.flow.state is FlowState.ANIMATING:
            self.kit.centre.finish(self.centre)
        elif self.flow.state is FlowState.THINKING:
            self._stop_timer()
            self.flow.to(FlowState.READY)
            if self._computer_move():
                self._advance()

    def choose(self, action: Action) -> None:
        """A person asked for ``action`` (by key or click)."""
        if not self.flow.ready:
            return
        if action.kind in END_KINDS:
            self._end_choice(action.kind)
            return
        if self.controller.over:
            return
        if action.arg_range is not None and action.arg is None:
            request = self.kit.words.number_request(action, self.current_view())
            if request is not None:
                chooser = number_cover(request, self.ascii_only)
                self._open_cover(chooser, lambda arg: self._arg_chosen(action, arg))
                return
            action = action.with_arg(action.arg_range[0])
        self._apply(action)

    def _arg_chosen(self, action: Action, arg: Any) -> None:
        if isinstance(arg, int):
            self._apply(action.with_arg(arg))
        else:
            self._advance()

    def _apply(self, action: Action) -> None:
        self.gate.close_decision()
        seat = self.controller.whose_turn()
        try:
            events = self.controller.apply(find_legal(self.controller.actions(), action))
        except IllegalAction:
            self.app.bell()
            return
        self.flow.person_moved()
        if seat is not None and not self.controller.seats[seat].bot:
            after = self.kit.curtain_after(self.controller, seat, events, self.ascii_only)
            self.flow.after_curtain = after
        if self._after_action(events, seat, None):
            self._advance()

    def _after_action(self, events: list[Event], seat: int | None, reason: str | None) -> bool:
        """Save, log the computer's reason, animate; True if the result is shown now."""
        self.moves += 1
        self.recap.moved(events, seat is None or self.controller.seats[seat].bot is not None)
        self.on_after_action(events)
        if reason and seat is not None:
            line = self.kit.words.reason_line(self.log_names[seat], reason)
            self.query_one(GameLog).write([line], style="dim")
        self.flow.moved(events)
        pace = self.pace
        if self.kit.centre.animate(self.centre, events, self.log_names, pace.roll, pace.frames):
            # The action bar is left as it is: the tumbling dice say enough, and one
            # repaint fewer per turn matters over a slow link.
            self.flow.to(FlowState.ANIMATING)
            return False
        return self._reveal()

    @on(AnimationDone)
    def _animation_done(self, message: AnimationDone) -> None:
        message.stop()
        if self.flow.state is not FlowState.ANIMATING:
            return
        self.flow.to(FlowState.READY)
        if self._reveal():
            self._advance()

    def _reveal(self) -> bool:
        """Show what the last move did; True unless a round-end screen was opened."""
        events = self.flow.take_pending()
        view = self.current_view()
        words, ascii_only = self.kit.words, self.ascii_only
        self.query_one(GameLog).write(
            words.narrate(events, self.log_names, ascii_only, self.viewer)
        )
        self._refresh_table(events)
        summary = words.round_summary(view, events, self.log_names, ascii_only)
        if summary is None:
            return True
        self._show_actions()
        self._open_round_end(summary)
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Finish the game is offered only once no person is left in it."""
        if action == "finish":
            return can_finish(self.controller)
        return True

    def action_finish(self) -> None:
        """Play every move left at once and show the result (no person is left)."""
        if not can_finish(self.controller) or self.flow.closed:
            return
        self._stop_timer()
        if self.flow.busy:
            if self.flow.state is FlowState.ANIMATING:
                self.kit.centre.finish(self.centre)
            self.flow.to(FlowState.READY)
        words, ascii_only = self.kit.words, self.ascii_only

        def narrate(events: Sequence[Event]) -> list[str]:
            return words.narrate(events, self.log_names, ascii_only, None)

        played = play_out(self.controller, narrate, self.flow.take_pending())
        self.moves += played.moves
        self.query_one(GameLog).write(played.lines)
        self.flow.moved(played.last)
        self.on_after_action(played.last)
        if self._reveal():
            self._advance()

    def on_key(self, event: Key) -> None:
        """A key typed ahead of a screen on top, or after leaving, acts no more; a key
        that does not pass the decision gate makes no person's move (it is dropped).
        While a box covers the table, the box has every key first (``_cover_key``)."""
        if self.cover is not None:
            self._cover_key(event)
            return
        bound = event.key in self.active_bindings
        use = self.flow.key(bound)
        action = match_key(self._available_actions(), event.key) if use == "action" else None
        if action is not None and not bound and self.person_deciding():
            if not self.gate.decides(event):
                action = None
                event.stop()
                event.prevent_default()
        else:
            self.gate.record(event)
        if use == "skip":
            event.stop()
            event.prevent_default()
            self._skip()
        elif action is not None:
            event.stop()
            event.prevent_default()
            self.choose(action)

    def person_deciding(self) -> bool:
        """True while the move to make is a person's (their action keys are gated)."""
        if self.controller.over:
            return False
        seat = self.controller.whose_turn()
        return seat is not None and not self.controller.seats[seat].bot

    def _show_actions(self) -> None:
        """Draw the actions; a person's decision opens once they are on screen."""
        super()._show_actions()
        if self.person_deciding():
            self.call_after_refresh(self.gate.decision_drawn, self.gate.open_decision())
        else:
            self.gate.close_decision()

    def on_screen_suspend(self) -> None:
        """Covered: the decision on screen is not seen, so it takes no key; it opens
        again when the actions are drawn anew."""
        self.gate.close_decision()

    @on(ActionBar.Chosen)
    def _clicked(self, message: ActionBar.Chosen) -> None:
        message.stop()
        self.choose(message.action)

    def on_unmount(self) -> None:
        self.flow.to(FlowState.LEFT)
        self._stop_timer()
        self.session.release()


def table_screen(session: HeldTable) -> TableScreen:
    """The app's hook: the table for ``session`` (any game)."""
    return TableScreen(session)

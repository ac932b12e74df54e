"""The one table screen both games are played on.

State flows down: after every move the screen asks the controller for the view and
pushes it into the widgets (seat panels, pot, the game's centre widget, table info),
each of which redraws only what changed. Intent flows up: keys and clicks become
``Action``s from ``controller.actions()``; the screen matches a key to the action
whose ``key`` it is (Enter and Space stand for the only action on offer) and never asks
which game is running to decide what a key does.

Computer players move after a short pause (``tui.table_flow``), driven by one-shot
timers; any key skips the pause or the dice animation, and with animation "off"
everything is instant. Nothing runs while the table waits for a person.

Extension points for another game (Chase the Ace), all in ``tui.table_kit.TableKit``,
made for each table by the game's ``GameSpec.kit`` (``tui.games``):

- ``make_centre`` / ``show_centre`` / ``animate`` / ``finish_animation``: the widget in
  the middle (cards, a cut) and its animation, which ends by posting
  ``tui.widgets.animation.AnimationDone``;
- ``panel_model`` / ``panel_detail``: what a seat panel shows (a card, a dealer mark is a
  flag already); ``counter_word``, ``symbol``: lives instead of chips;
- ``viewer``: whose secrets may be drawn now; ``curtain_before`` / ``curtain_after``:
  screens pushed before and after a person's move (the "Pass to Ben" curtain); the
  screen waits for them and takes the curtain's result as the new viewer;
- ``ask_arg``: a screen that picks the number of an action with ``arg_range`` (the
  dealer's cut), the result is applied with ``Action.with_arg``;
- ``narrate`` (with the viewer, so private events stay private), ``info_lines``,
  ``round_summary`` (opens ``RoundEndScreen``).

Hooks for the app: ``table_screen(controller, config, slot)`` builds the screen;
``save_game()`` runs after every applied action (``on_after_action``) and when the app
saves open games; it calls ``app.autosave(controller, slot)`` when the app offers one,
else writes the save slot itself. ``rules_context()``, ``game_in_progress`` and
``help_keys()`` are read by the app.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.events import Key, Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from tui.engine.core import Action, Event, IllegalAction, TableView, find_legal
from tui.screens.round_end import LOOK, REMATCH, TITLE, RoundEndScreen
from tui.table_flow import Pace, main_action_alias, next_step, pace_for
from tui.table_kit import TableKit, kit_for
from tui.table_layout import MIN_HEIGHT, MIN_WIDTH, Arrangement, too_small
from tui.widgets.action_bar import ActionBar, key_label
from tui.widgets.animation import AnimationDone
from tui.widgets.game_log import GameLog
from tui.widgets.key_bar import KeyBar
from tui.widgets.pot import PotView
from tui.widgets.seat_grid import SeatGrid
from tui.widgets.table_info import TableInfo
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from tui.engine.controller import Controller
    from tui.engine.store import SaveSlot
    from tui.gameconfig import GameConfig

END_KINDS = frozenset({REMATCH.kind, TITLE.kind})
MIN_WAIT = 0.01
"""Shortest timer: Textual 8.2.8 divides by a timer's interval when it runs late, so a
zero-second timer can end the app with ZeroDivisionError."""


def match_key(actions: Sequence[Action], key: str) -> Action | None:
    """The action a key stands for: its own key (letters in either case), or Enter and
    Space for the only action on offer."""
    for action in actions:
        if action.key == key or (len(key) == 1 and action.key == key.lower()):
            return action
    if key in ("enter", "space") and main_action_alias(len(actions)):
        return actions[0]
    return None


class TableScreen(Screen[None]):
    """A game in progress: seats, pot, the game's centre widget, actions and the log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave table"),
        Binding("q", "leave", "Leave", show=False),
    ]

    def __init__(
        self,
        controller: Controller,
        config: GameConfig | None = None,
        slot: SaveSlot | None = None,
        *,
        ascii_only: bool | None = None,
        animation: str | None = None,
        confirm_quit: bool | None = None,
    ) -> None:
        super().__init__(classes=f"game-{controller.game_id}")
        self.controller = controller
        self.config = config
        self.slot = slot
        self.kit: TableKit = kit_for(controller.game_id)
        self._ascii = ascii_only
        self._animation = animation
        self._confirm_quit = confirm_quit
        self.viewer: int | None = None
        self.moves = 0
        self._timer: Timer | None = None
        self._animating = False
        self._pending: list[Event] = []
        self._gate_open = False
        self._curtained: int | None = None
        self._after_curtain: Screen[Any] | None = None
        self._arrangement: Arrangement | None = None
        self._saving_off = False
        self._left = False
        self.centre = self.kit.make_centre(self.ascii_only)
        self.centre.add_class("table-centre")

    # -- settings (the app's, unless given) --------------------------------------------

    @property
    def ascii_only(self) -> bool:
        if self._ascii is not None:
            return self._ascii
        try:
            return bool(getattr(self.app, "ascii_glyphs", False))
        except Exception:  # noqa: BLE001 - no app yet (constructed outside one)
            return False

    @property
    def pace(self) -> Pace:
        animation = self._animation
        if animation is None:
            animation = getattr(getattr(self.app, "settings", None), "animation", "normal")
        return pace_for(animation)

    @property
    def confirm_quit(self) -> bool:
        if self._confirm_quit is not None:
            return self._confirm_quit
        return bool(getattr(getattr(self.app, "settings", None), "confirm_quit", True))

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.controller.seats]

    @property
    def log_names(self) -> list[str]:
        return self.kit.log_names(self.names, self.ascii_only)

    # -- what the app reads ------------------------------------------------------------

    @property
    def game_in_progress(self) -> bool:
        return not self.controller.over

    def rules_context(self) -> tuple[str, frozenset[str]]:
        return self.controller.game_id, self.controller.view(None).variants

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of what may be done right now (the help screen adds the bindings)."""
        actions = self._available_actions()
        keys = [(key_label(action.key), action.label) for action in actions]
        if main_action_alias(len(actions)) and actions[0].key != "enter":
            keys.append(("Enter or Space", actions[0].label))
        return keys

    # -- building ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            with Center(classes="band"):
                yield SeatGrid(id="seats-top", classes="seats")
            with Horizontal(id="centre"):
                yield PotView(
                    id="pot",
                    title=self.kit.pot_title,
                    word=self.kit.counter_word,
                    plural=self.kit.counter_plural,
                    symbol=self.kit.symbol,
                    ascii_symbol=self.kit.ascii_symbol,
                    ascii_only=self.ascii_only,
                )
                yield self.centre
                yield TableInfo(id="info")
            with Center(classes="band"):
                yield SeatGrid(id="seats-bottom", classes="seats")
            yield ActionBar(id="actions")
            yield GameLog(id="log")
        yield Static("", id="too-small", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self._layout(self.app.size.width, self.app.size.height)
        who = ", ".join(self.log_names)
        if self.config is None and self.controller.view(None).phase not in ("start",):
            opening = f"{self.kit.title}: the game goes on. At the table: {who}."
        else:
            opening = f"{self.kit.title}. At the table: {who}."
        self.query_one(GameLog).write([opening])
        self._refresh_table(())
        self.call_after_refresh(self._advance)

    def on_resize(self, event: Resize) -> None:
        self._layout(event.size.width, event.size.height)

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
        arrangement = self.kit.arrange(len(self.controller.seats), width, height)
        if arrangement == self._arrangement:
            return
        self._arrangement = arrangement
        self.set_class(arrangement.large, "-large")
        self.query_one("#seats-top", SeatGrid).set_seats(
            arrangement.top,
            arrangement.columns_top,
            arrangement.panel_height,
            arrangement.panel_width,
        )
        self.query_one("#seats-bottom", SeatGrid).set_seats(
            arrangement.bottom,
            arrangement.columns_bottom,
            arrangement.panel_height,
            arrangement.panel_width,
        )
        self.query_one("#centre").styles.height = arrangement.centre_height

    # -- drawing -------------------------------------------------------------------------

    def current_view(self) -> TableView:
        self.viewer = self.kit.viewer(self.controller, self.viewer)
        return self.controller.view(self.viewer)

    def _refresh_table(self, events: Sequence[Event]) -> None:
        view = self.current_view()
        ascii_only = self.ascii_only
        models = {
            sv.seat: self.kit.panel_model(view, sv, self.controller.seats[sv.seat], ascii_only)
            for sv in view.seats
        }
        for grid in self.query(SeatGrid):
            grid.show(models)
        self.query_one(PotView).show(view.pot)
        self.kit.show_centre(self.centre, view, self.log_names, events)
        self.query_one(TableInfo).show(self.kit.title, self.kit.info_lines(view, self.log_names))

    def _available_actions(self) -> list[Action]:
        if self.controller.over:
            return [REMATCH, TITLE] if self._can_rematch() else [TITLE]
        return self.controller.actions()

    def _show_actions(self) -> None:
        actions = self._available_actions()
        seat = self.controller.whose_turn()
        prompt = f"{fit(self.names[seat], 16, self.ascii_only)}:" if seat is not None else ""
        self.query_one(ActionBar).show_actions(
            actions,
            enter_alias=main_action_alias(len(actions)) and actions[0].key != "enter",
            prompt=prompt,
        )

    # -- the flow --------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a computer's pause or an animation runs (a key skips it)."""
        return self._timer is not None or self._animating

    def _advance(self) -> None:
        """Play on until a person must act or something must be waited for."""
        if self._left:
            return
        while not (self._gate_open or self._animating or self._timer is not None):
            if self._after_curtain is not None:
                curtain, self._after_curtain = self._after_curtain, None
                self._open_gate(curtain, self._curtain_closed)
                return
            self._refresh_table(())
            step = next_step(self.controller, self.pace)
            if step.kind in ("bot", "table"):
                if step.delay > 0 or self.app.screen is not self:
                    self._wait(step.delay, step.seat)
                    return
                if not self._computer_move():
                    return
                continue
            if step.kind == "person" and step.seat is not None and step.seat != self._curtained:
                self._curtained = step.seat
                before = self.kit.curtain_before(self.controller, step.seat)
                if before is not None:
                    who = fit(self.names[step.seat], 20, self.ascii_only)
                    self.query_one(ActionBar).show_status(f"Waiting for {who}...")
                    self._open_gate(before, self._curtain_closed)
                    return
            self._show_actions()
            return

    def _wait(self, delay: float, seat: int | None) -> None:
        if seat is not None:
            status = f"{fit(self.names[seat], 20, self.ascii_only)} (computer) is thinking"
        else:
            status = "The table moves on"
        self.query_one(ActionBar).show_status(f"{status}... any key to skip")
        self._timer = self.set_timer(max(delay, MIN_WAIT), self._timer_fired)

    def _timer_fired(self) -> None:
        self._timer = None
        if self._left or self.app.screen is not self:
            return  # resumed by on_screen_resume
        if self._computer_move():
            self._advance()

    def on_screen_resume(self) -> None:
        if not self.busy and not self._gate_open:
            self.call_after_refresh(self._advance)

    def _computer_move(self) -> bool:
        """One move by a computer player, or the table's own action when no person
        sits at it; True when its result is already shown (play may go on)."""
        controller = self.controller
        seat = controller.whose_turn()
        if controller.is_bot_turn():
            choice = len(controller.actions()) > 1
            decision, events = controller.play_bot()
            # A reason is worth a line when there was a choice, not for every roll.
            return self._after_action(events, seat, decision.reason if choice else None)
        actions = controller.actions()
        if not actions:
            return False
        return self._after_action(controller.apply(actions[0]), seat, None)

    def _skip(self) -> None:
        if self._animating:
            self.kit.finish_animation(self.centre)
        elif self._timer is not None:
            self._timer.stop()
            self._timer = None
            if self._computer_move():
                self._advance()

    def choose(self, action: Action) -> None:
        """A person asked for ``action`` (by key or click)."""
        if self.busy or self._gate_open or self._left:
            return
        if action.kind in END_KINDS:
            self._end_choice(action.kind)
            return
        if self.controller.over:
            return
        if action.arg_range is not None and action.arg is None:
            chooser = self.kit.ask_arg(action, self.current_view())
            if chooser is not None:
                self._open_gate(chooser, lambda arg: self._arg_chosen(action, arg))
                return
            action = action.with_arg(action.arg_range[0])
        self._apply(action)

    def _arg_chosen(self, action: Action, arg: Any) -> None:
        if isinstance(arg, int):
            self._apply(action.with_arg(arg))
        else:
            self._advance()

    def _apply(self, action: Action) -> None:
        seat = self.controller.whose_turn()
        try:
            events = self.controller.apply(find_legal(self.controller.actions(), action))
        except IllegalAction:
            self.app.bell()
            return
        self._curtained = None
        if seat is not None and not self.controller.seats[seat].bot:
            self._after_curtain = self.kit.curtain_after(self.controller, seat, events)
        if self._after_action(events, seat, None):
            self._advance()

    def _after_action(self, events: list[Event], seat: int | None, reason: str | None) -> bool:
        """Save, log the computer's reason, animate; True if the result is shown now."""
        self.moves += 1
        self.on_after_action(events)
        if reason and seat is not None:
            self.query_one(GameLog).write(
                [self.kit.reason_line(self.log_names[seat], reason)], style="dim"
            )
        self._pending = list(events)
        pace = self.pace
        if self.kit.animate(self.centre, events, self.log_names, pace.roll, pace.frames):
            # The action bar is left as it is: the tumbling dice say enough, and one
            # repaint fewer per turn matters over a slow link.
            self._animating = True
            return False
        return self._reveal()

    @on(AnimationDone)
    def _animation_done(self, message: AnimationDone) -> None:
        message.stop()
        if not self._animating or self._left:
            return
        self._animating = False
        if self._reveal():
            self._advance()

    def _reveal(self) -> bool:
        """Show what the last move did; True unless a round-end screen was opened."""
        events, self._pending = self._pending, []
        view = self.current_view()
        lines = self.kit.narrate(events, self.log_names, self.ascii_only, self.viewer)
        self.query_one(GameLog).write(lines)
        self._refresh_table(events)
        summary = self.kit.round_summary(view, events, self.log_names)
        if summary is None:
            return True
        if summary.final:
            choices = [REMATCH, TITLE, LOOK] if self._can_rematch() else [TITLE, LOOK]
        else:
            choices = [*self.controller.actions(), LOOK]
        self._show_actions()
        self._open_gate(RoundEndScreen(summary, choices, self.ascii_only), self._round_end_chosen)
        return False

    def _open_gate(self, screen: Screen[Any], callback: Any) -> None:
        self._gate_open = True

        def closed(result: Any) -> None:
            self._gate_open = False
            callback(result)

        self.app.push_screen(screen, closed)

    def _curtain_closed(self, result: Any) -> None:
        if isinstance(result, int):
            self.viewer = result
        self._advance()

    def _round_end_chosen(self, kind: str | None) -> None:
        if kind in END_KINDS:
            self._end_choice(kind)
            return
        for action in self.controller.actions():
            if action.kind == kind:
                self._apply(action)
                return
        self._advance()

    def _end_choice(self, kind: str | None) -> None:
        if kind == REMATCH.kind:
            self.rematch()
        elif kind == TITLE.kind:
            self.leave()

    # -- keys ------------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        if self._gate_open or self._left:
            return  # a key typed ahead, queued before the table was left, acts no more
        if self.busy:
            if event.key in self.active_bindings:
                return
            event.stop()
            event.prevent_default()
            self._skip()
            return
        action = match_key(self._available_actions(), event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            self.choose(action)

    @on(ActionBar.Chosen)
    def _clicked(self, message: ActionBar.Chosen) -> None:
        message.stop()
        self.choose(message.action)

    # -- saving, leaving, rematch --------------------------------------------------------

    def on_after_action(self, events: Sequence[Event]) -> None:
        """Called after every applied action: the autosave point."""
        self.save_game()

    def save_game(self) -> None:
        """Save now (the app also calls this on quit and hang-up)."""
        hook = getattr(self.app, "autosave", None)
        if callable(hook):
            hook(self.controller, self.slot)
            return
        slot = self.slot
        if slot is None or not slot.held or self._saving_off:
            return
        try:
            if self.controller.over:
                slot.delete()
            else:
                slot.write(self.controller.to_dict(), round=self.controller.view(None).round)
        except Exception as error:  # noqa: BLE001 - a failed save must never stop play
            self._saving_off = True
            self.notify(f"Saving is off: {error}", severity="warning", timeout=8)

    @property
    def saving(self) -> bool:
        """True while this game is being saved (the app may have turned saving off)."""
        saving = getattr(self.app, "saving", None)
        if callable(saving):
            return bool(saving(self.slot))
        return self.slot is not None and self.slot.held and not self._saving_off

    def on_unmount(self) -> None:
        self._left = True
        if self._timer is not None:
            self._timer.stop()
        if self.slot is not None:
            self.slot.release()

    def action_leave(self) -> None:
        if self.game_in_progress and self.confirm_quit:
            from tui.screens.confirm import ConfirmScreen

            question = "Leave this game? It is saved: Continue on the title screen brings it back."
            if not self.saving:
                question = "Leave this game? It cannot be saved, so it will be lost."
            self.app.push_screen(
                ConfirmScreen(question, yes="Leave", no="Keep playing"),
                lambda yes: self.leave() if yes else None,
            )
            return
        self.leave()

    def leave(self) -> None:
        """Back to the title screen (the game so far is saved)."""
        self._left = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.save_game()
        back = getattr(self.app, "back_to_title", None)
        if callable(back):
            back()
        else:
            self.dismiss()

    def _can_rematch(self) -> bool:
        return callable(getattr(self.app, "start_game", None)) and self.rematch_config() is not None

    def rematch_config(self) -> GameConfig | None:
        """The same table again: same seats, variants and options, the next seed."""
        from tui.gameconfig import GameConfig

        config = self.config
        if config is None:
            state = self.controller.to_dict().get("state", {})
            try:
                config = GameConfig.from_saved(
                    self.controller.game_id, self.controller.seats, state
                )
            except (TypeError, ValueError):
                return None
        seed = None if config.seed is None else config.seed + 1
        return dataclasses.replace(config, seed=seed)

    def rematch(self) -> None:
        config = self.rematch_config()
        start = getattr(self.app, "start_game", None)
        if config is None or not callable(start):
            self.leave()
            return
        self.leave()
        start(config)


def table_screen(
    controller: Controller, config: GameConfig | None, slot: SaveSlot | None
) -> TableScreen:
    """The app's hook: the table for ``controller`` (any game)."""
    return TableScreen(controller, config, slot)

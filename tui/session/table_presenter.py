"""The table, decided once for every front end: what it shows now, what a key does.

``TablePresenter`` owns a table's flow (``tui.session.table_flow``), the game's words
and privacy rule (``tui.session.table_words``), the controller (here, or in a shared
table's process), the key gate (``tui.session.keygate``) and who is looking. It answers
two questions: what the table shows now (``model()``, a ``tui.session.table_model.
TableModel``, handed to the front end once per change, after the change is complete:
a move is drawn once), and what a key, a timer, the end of an animation or a click does
(``key``, ``timer``, ``animated``, ``answer``, ``table_moved``...).

A front end (the Textual ``tui.table.screen.TableScreen``, the plain-text table) draws
models and does the few things only it can (``tui.session.table_front.TableFront``):
wait, animate, save, leave. Nothing the table decides lives in a front end. No Textual
here: the presenter is tested on its own, with a front end that records what it is
asked.

Keys typed ahead never lift a curtain or make a person's move: the front end stamps
every key with its arrival time and says when a model that opened a gate was on the
screen (``drawn``, with the model's ``gate`` token); a key passes only if it arrived a
moment after that and after a moment without keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from tui.engine.core import Action, Event, IllegalAction, TableView, find_legal
from tui.session.finish import can_finish, play_out
from tui.session.keygate import CURTAIN, DECISION, TableGate
from tui.session.recap import AwayRecap
from tui.session.table_flow import (
    FlowState,
    TableFlow,
    computer_move,
    main_action_alias,
    match_key,
)
from tui.session.table_front import Binding, TableFront, TablePrefs
from tui.session.table_model import (
    END_KINDS,
    FINISH,
    GO_ON,
    LOOK,
    PRIVACY_COVERS,
    REMATCH,
    TITLE,
    Bar,
    Cover,
    LogLine,
    NumberChoice,
    PassCurtain,
    PrivateCard,
    RoundEnd,
    RoundSummary,
    TableModel,
    match_summary,
)
from tui.session.table_words import TableWords

if TYPE_CHECKING:
    from tui.session.table_session import HeldTable

MAX_LOG = 1000
"""The newest lines of the log kept (and saved): a long Chase game at a table of twenty."""


class TablePresenter:
    """One table's decisions (see the module): one per table, made by its front end."""

    def __init__(
        self, session: HeldTable, words: TableWords, front: TableFront, prefs: TablePrefs
    ) -> None:
        self.session = session
        self.controller = session.controller
        self.words = words
        self.front = front
        self.prefs = prefs
        self.flow = TableFlow()
        self.viewer: int | None = None
        """The seat whose private view is shown (``None``: the public view)."""
        self.cover: Cover | None = None
        self.recap = AwayRecap(self.controller.humans)
        """What each person missed while computer players moved (``tui.session.recap``)."""
        self.moves = 0
        self.on_top = True
        """False while another screen (the rules, the keys) covers the table."""
        self._reason: str | None = None
        """A computer's reason for the move being revealed (told with it, once)."""
        self._events: tuple[Event, ...] = ()
        """The events of the move last revealed (the middle of the table shows them)."""
        self.log: list[LogLine] = [line for line in session.log if line[0]][-MAX_LOG:]
        """The table's log (kept in the save, so a resumed game can be read back)."""
        self._unseen = len(self.log)
        """How many of the log's last lines no model has carried yet."""
        self._bar = Bar()
        self.gate = TableGate()
        """What is open to keys now, and since when (``tui.session.keygate``)."""
        self._waiting: Literal["move", "go_on"] | None = None
        self._due = False
        """A round's end that should have gone on while the table was covered."""
        self.opened = False
        """Set once the table came up (``open``): play goes on from then."""
        self._depth = 0
        """How many entry points are running (the model is shown when the last ends)."""
        self._dirty = False

    # -- what the table shows -----------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.controller.seats]

    @property
    def log_names(self) -> list[str]:
        return self.words.log_names(self.names, self.prefs.ascii_only)

    def current_view(self) -> TableView:
        """The view the privacy rule lets the table show now (and the viewer with it)."""
        self.viewer = self.words.privacy.viewer(self.controller, self.viewer)
        return self.controller.view(self.viewer)

    def model(self) -> TableModel:
        """The table as it should look now (the log lines new since the last model)."""
        view = self.current_view()
        names, ascii_only = self.log_names, self.prefs.ascii_only
        info = self.words.info_lines(view, names, ascii_only)
        info = self.words.with_presence(info, self.controller.presence(), names, ascii_only)
        log = tuple(self.log[len(self.log) - self._unseen :]) if self._unseen else ()
        self._unseen = 0
        return TableModel(
            title=self.words.title,
            names=tuple(self.names),
            log_names=tuple(names),
            bots=tuple(seat.bot for seat in self.controller.seats),
            view=view,
            events=self._events,
            odds=self.words.chances(view),
            info=tuple(info),
            bar=self._bar,
            cover=self.cover,
            log=log,
            gate=self.gate.token,
        )

    def _changed(self) -> None:
        self._dirty = True

    def _show(self) -> None:
        if self._dirty and self.flow.state is not FlowState.LEFT:
            self._dirty = False
            self.front.show(self.model())

    def _step(self, work: Callable[[], None]) -> None:
        """Run one entry point's ``work``; the front end gets one model afterwards."""
        self._depth += 1
        try:
            work()
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._show()

    def write(self, lines: Sequence[str], style: str = "") -> None:
        """Add ``lines`` to the log (shown with the next model)."""
        added = [(line, style) for line in lines if line]
        if added:
            self.log.extend(added)
            del self.log[:-MAX_LOG]
            self._unseen = min(len(self.log), self._unseen + len(added))
            self._changed()

    def save(self) -> None:
        """Save the game now, with the log (after every move, on leaving, on hang-up)."""
        self.session.log = list(self.log)
        self.front.save()

    # -- opening and the flow -------------------------------------------------------------

    def open(self) -> None:
        """The table comes up: who sits at it, the odds if on, and play goes on."""

        def work() -> None:
            resumed = self.session.resumed and self.controller.view(None).phase != "start"
            who = ", ".join(self.log_names)
            title = self.words.title
            opening = f"{title}: the game goes on." if resumed else f"{title}."
            self.write([f"{opening} At the table: {who}."])
            self.opened = True
            self._start_odds()

        self._step(work)

    def close(self) -> None:
        """The table is gone: nothing more happens at it; its save is let go."""
        self._stop_wait()
        self.flow.to(FlowState.LEFT)
        self.session.release()

    def _start_odds(self) -> None:
        """Odds on, if the setting says so: solved on a thread of their own, drawn when
        they come (``tui.session.odds_warmup``); no move waits for them."""
        on = self.prefs.odds_on
        if self.words.show_odds(on) and on:
            from tui.session.odds_warmup import warm

            view = self.controller.view(None)

            def solved() -> None:  # on the odds' thread
                self.front.from_thread(self.odds_came)

            warm(self.controller.game_id, len(view.seats), view.variants, solved)

    def odds_came(self) -> None:
        """The odds were solved: drawn now if the table is settled, else next time."""
        if self.flow.state in (FlowState.READY, FlowState.THINKING):
            self._step(self._changed)

    def toggle_odds(self) -> None:
        """O: odds on or off, kept as a setting."""

        def work() -> None:
            self.prefs.set_odds(not self.prefs.odds_on)
            self._start_odds()
            self._changed()

        self._step(work)

    def _advance(self) -> None:
        """Play on until a person must act or something must be waited for."""
        while self.flow.ready:
            self._changed()
            after = self.flow.take_after_curtain()
            if isinstance(after, PrivateCard):
                self._open_cover(after)
                return
            plan = self.flow.plan(self.controller, self.prefs.pace, self.on_top)
            if plan.kind in ("wait", "forced"):
                self._wait(plan.delay, plan.seat, plan.kind == "forced")
                return
            if plan.kind == "move":
                if not self._computer_move():
                    return
                continue
            if plan.kind == "look" and plan.seat is not None:
                self._tell_recap(plan.seat)
                before = self.words.curtain_before(
                    self.controller, plan.seat, self.prefs.ascii_only
                )
                if before is not None:
                    self._status(plan.seat, "Waiting for {who}...")
                    self._open_cover(before)
                    return
            self._show_actions()
            return

    def _tell_recap(self, seat: int) -> None:
        """A person's turn after many computer moves: what they missed, in the log."""
        missed = self.recap.turn(seat)
        if missed:
            names = self.log_names
            self.write(self.words.recap(missed, names, names[seat], self.prefs.ascii_only), "bold")

    def _wait(self, delay: float, seat: int | None, forced: bool = False) -> None:
        if forced and seat is not None:
            # The move shown as it will be made: no decision, so it plays itself (its key,
            # or any key, plays it at once).
            self._set_bar(Bar(tuple(self.controller.actions()), prompt=seat, forced=True))
        else:
            thinking = "{who} (computer) is thinking" if seat is not None else "The table moves on"
            finish = "; F finishes the game" if can_finish(self.controller) else ""
            self._status(seat, thinking + "... any key to skip" + finish)
        self.flow.to(FlowState.THINKING)
        self._waiting = "move"
        self.front.wait(delay)

    def _stop_wait(self) -> None:
        if self._waiting == "move":
            self._waiting = None
            self.front.stop_wait()

    def timer(self) -> None:
        """The front end's wait is over: a computer moves, or a round's end goes on."""
        waiting, self._waiting = self._waiting, None

        def work() -> None:
            if waiting == "go_on":
                self._go_on()
                return
            if self.flow.state is not FlowState.THINKING:
                return
            self.flow.to(FlowState.READY)
            if not self.on_top:
                return  # played when the table is shown again (``shown``)
            if self._computer_move():
                self._advance()

        self._step(work)

    def _computer_move(self) -> bool:
        """A computer's move (``table_flow.computer_move``); True when its result is shown."""
        move = computer_move(self.controller)
        return move is not None and self._after_action(move.events, move.seat, move.reason)

    def _skip(self) -> None:
        if self.flow.state is FlowState.ANIMATING:
            self.front.end_animation()
        elif self.flow.state is FlowState.THINKING:
            self._stop_wait()
            self.flow.to(FlowState.READY)
            if self._computer_move():
                self._advance()

    # -- a person's move --------------------------------------------------------------------

    def _available_actions(self) -> list[Action]:
        if self.controller.over:
            return [REMATCH, TITLE] if self.can_rematch() else [TITLE]
        return self.controller.actions()

    def person_deciding(self) -> bool:
        """True while the move to make is a person's at this keyboard (its keys are gated)."""
        if self.controller.over:
            return False
        seat = self.controller.whose_turn()
        return seat is not None and seat in self.controller.humans

    def choose(self, action: Action) -> None:
        """A person asked for ``action`` (by key, a word or a click)."""
        self._step(lambda: self._choose(action))

    def _choose(self, action: Action) -> None:
        if not self.flow.ready:
            return
        if action.kind in END_KINDS:
            self._end_choice(action.kind)
            return
        if self.controller.over:
            return
        if action.arg_range is not None and action.arg is None:
            request = self.words.number_request(action, self.current_view())
            if request is not None:
                self._open_cover(request)
                return
            action = action.with_arg(action.arg_range[0])
        self._apply(action)

    def _apply(self, action: Action) -> None:
        self.gate.shut()
        seat = self.controller.whose_turn()
        try:
            events = self.controller.apply(find_legal(self.controller.actions(), action))
        except IllegalAction:
            self.front.bell()
            self._changed()
            return
        self.flow.person_moved()
        if seat is not None and seat in self.controller.humans:
            after = self.words.curtain_after(self.controller, seat, events, self.prefs.ascii_only)
            self.flow.after_curtain = after
        if self._after_action(events, seat, None):
            self._advance()

    def _after_action(self, events: list[Event], seat: int | None, reason: str | None) -> bool:
        """Record, save, animate; True if the move is shown now (with the computer's
        reason, when it had a choice)."""
        self.moves += 1
        self.recap.moved(events, seat is None or self.controller.seats[seat].bot is not None)
        self.words.moved(self.controller.view(None), events)
        self.save()
        self._reason = reason
        self.flow.moved(events)
        if self.front.animate_move(events, self.log_names, self.prefs.pace):
            # The action bar is left as it is: the tumbling dice say enough.
            self.flow.to(FlowState.ANIMATING)
            return False
        return self._reveal()

    def animated(self) -> None:
        """The front end's animation ended: the move is revealed, play goes on."""

        def work() -> None:
            if self.flow.state is not FlowState.ANIMATING:
                return
            self.flow.to(FlowState.READY)
            if self._reveal():
                self._advance()

        self._step(work)

    def _reveal(self) -> bool:
        """Show what the last move did; True unless a round's end was opened."""
        events = self.flow.take_pending()
        self._events = tuple(events)
        view = self.current_view()
        names, ascii_only = self.log_names, self.prefs.ascii_only
        lines = self.words.narrate(events, names, ascii_only, self.viewer)
        reason, self._reason = self._reason, None
        self.write(self.words.with_reason(lines, reason) if reason else lines)
        summary = self.words.round_summary(view, events, names, ascii_only)
        if summary is None:
            return True
        self._show_actions()
        self._open_round_end(summary)
        return False

    def _show_actions(self) -> None:
        """The actions on offer; a person's decision opens once they are on the screen."""
        actions = self._available_actions()
        seat = self.controller.whose_turn()
        if not actions and seat is not None:  # the move is made at another terminal
            self._status(seat, "Waiting for {who}...")
            return
        alias = main_action_alias(len(actions)) and actions[0].key != "enter"
        self._set_bar(Bar(tuple(actions), prompt=seat, enter_alias=alias))
        if self.person_deciding():
            self.gate.open(DECISION)
        else:
            self.gate.shut()

    def _set_bar(self, bar: Bar) -> None:
        self._bar = bar
        self._changed()

    def _status(self, seat: int | None, what: str) -> None:
        self._set_bar(Bar(status=what, who=seat))
        if self.cover is None:
            self.gate.shut()

    # -- keys ---------------------------------------------------------------------------

    def drawn(self, gate: int, at: float) -> None:
        """The front end has drawn the model with token ``gate`` (at time ``at``)."""
        if self.on_top:
            self.gate.drawn(gate, at)

    def key(self, key: str, at: float, binding: Binding = None) -> bool:
        """A key that arrived at ``at``; True if the table used it (or dropped it on
        purpose: a key typed ahead at a gate), False to let its ``binding`` act.

        Under a box, the box has every key first: only the app's bindings, and the
        table's Escape on a curtain, still act. Otherwise, while the table waits any key
        skips the wait (the table's own bindings act as bound), and a person's action key
        acts only if it passes the decision gate."""
        used: list[bool] = []
        self._step(lambda: used.append(self._key(key, at, binding)))
        return bool(used and used[0])

    def _key(self, key: str, at: float, binding: Binding) -> bool:
        cover = self.cover
        if cover is not None:
            return self._cover_key(cover, key, at, binding)
        use = self.flow.key(binding is not None)
        action = match_key(self._available_actions(), key) if use == "action" else None
        if action is not None and binding is None and self.person_deciding():
            if not self.gate.passes(at, DECISION):
                return True  # typed ahead of the decision: dropped
        else:
            self.gate.record(at)
        if use == "skip":
            self._skip()
            return True
        if action is not None:
            self._choose(action)
            return True
        return False

    def _cover_key(self, cover: Cover, key: str, at: float, binding: Binding) -> bool:
        curtain = isinstance(cover, PRIVACY_COVERS)
        if binding == "app" or (binding == "table" and key == "escape" and curtain):
            self.gate.record(at)  # rules, keys, quit; Escape leaves from a curtain
            return False
        if isinstance(cover, NumberChoice):
            self.gate.record(at)
            return False  # the front end's own question takes its keys (``answer``)
        if isinstance(cover, PRIVACY_COVERS):
            if key == "enter" and self.gate.passes(at, CURTAIN):
                self._close_cover(cover.seat if isinstance(cover, PassCurtain) else None)
            elif key != "enter":
                self.gate.record(at)
            return True
        chosen = match_key(cover.choices, key) if key not in ("enter", "space") else None
        if chosen is None and key in ("enter", "space") and cover.choices:
            chosen = cover.choices[0]
        if chosen is None:
            self.gate.record(at)
        elif chosen.kind == LOOK.kind:  # Esc, as everywhere: it decides nothing
            self.gate.record(at)
            self._close_cover(chosen.kind)
        elif self.gate.passes(at, DECISION):
            self._close_cover(chosen.kind)
        return True

    # -- the boxes over the table -------------------------------------------------------------

    def _open_cover(self, cover: Cover) -> None:
        """Draw ``cover`` over the table; the table is ``GATED`` until it is answered."""
        self.flow.to(FlowState.GATED)
        self.cover = cover
        if isinstance(cover, NumberChoice):
            self.gate.shut()
        else:
            self.gate.open(CURTAIN if isinstance(cover, PRIVACY_COVERS) else DECISION)
        self._changed()

    def answer(self, result: object) -> None:
        """The box over the table was answered by the front end's own means (the cut's
        depth, or ``None``; a click on a round-end choice, by its kind)."""
        self._step(lambda: self._close_cover(result))

    def _close_cover(self, result: object) -> None:
        cover = self.cover
        if cover is None:
            return
        self.cover = None
        self.gate.shut()
        if self._waiting == "go_on":
            self._waiting = None
            self.front.stop_wait()
        self._due = False
        self._changed()
        self.flow.to(FlowState.READY)
        if isinstance(cover, PassCurtain):
            if isinstance(result, int):
                self.viewer = result
            self._advance()
        elif isinstance(cover, NumberChoice):
            if isinstance(result, int):
                self._apply(cover.action.with_arg(result))
            else:
                self._advance()
        elif isinstance(cover, RoundEnd):
            self._round_end_chosen(result if isinstance(result, str) else None)
        else:
            self._advance()

    def _open_round_end(self, summary: RoundSummary) -> None:
        """The round's result. The next round goes on by itself when nobody at this
        keyboard starts it (a computer deals, or a person at another terminal), after a
        pause to read; a game nobody at the keyboard plays any more can be finished."""
        goes_on = False
        if summary.final:
            choices = [REMATCH, TITLE, LOOK] if self.can_rematch() else [TITLE, LOOK]
            totals = self.session.match_totals()
            if totals:
                summary = match_summary(summary, totals)
        elif self.controller.is_bot_turn() or not self.controller.actions():
            choices, goes_on = [GO_ON, LOOK], True
        else:
            choices = [*self.controller.actions(), LOOK]
        if not summary.final and can_finish(self.controller):
            choices.insert(-1, FINISH)
        self._open_cover(RoundEnd(summary, tuple(choices), goes_on))
        if goes_on:
            self._waiting = "go_on"
            self.front.wait(self.prefs.pace.reading)

    def _go_on(self) -> None:
        """The pause to read a round's end is over: go on, now or once the table is seen."""
        if not isinstance(self.cover, RoundEnd) or not self.cover.goes_on:
            return
        if self.on_top:
            self._close_cover(GO_ON.kind)
        else:
            self._due = True

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
        elif kind == FINISH.kind:
            self._finish()

    # -- another screen on top, another terminal's move ----------------------------------------

    def hidden(self) -> None:
        """Another screen covers the table: no gate takes a key until drawn again."""
        self.on_top = False
        self.gate.hide()

    def shown(self) -> None:
        """The table is on top again: gates are drawn anew; play goes on if it waited."""

        def work() -> None:
            if not self.opened:
                return
            self.on_top = True
            self.gate.reopen()
            self._changed()
            if self._due:
                self._due = False
                self._close_cover(GO_ON.kind)
            elif self.flow.ready and self.cover is None:
                self._advance()

        self._step(work)

    def table_moved(self) -> None:
        """The table moved without this keyboard (another terminal's move, news of who is
        here): play the move if the table is settled, else only redraw the info box (the
        actions stay as drawn, so a person's decision is not opened anew)."""

        def work() -> None:
            if self.flow.state is FlowState.LEFT:
                return
            if self.controller.is_bot_turn():
                if self.flow.ready:
                    self._advance()
            elif self.flow.state in (FlowState.READY, FlowState.THINKING, FlowState.GATED):
                self._changed()

        self._step(work)

    # -- finishing, leaving, playing again -------------------------------------------------------

    def can_finish(self) -> bool:
        """F: offered once no person is left in a game still going."""
        return can_finish(self.controller)

    def finish(self) -> None:
        """Play every move left at once and show the result (no person is left)."""
        self._step(self._finish)

    def _finish(self) -> None:
        if not can_finish(self.controller) or self.flow.closed:
            return
        self._stop_wait()
        if self.flow.busy:
            if self.flow.state is FlowState.ANIMATING:
                self.front.end_animation()  # its late ``animated()`` then does nothing
            self.flow.to(FlowState.READY)
        words, ascii_only, names = self.words, self.prefs.ascii_only, self.log_names

        def narrate(events: Sequence[Event]) -> list[str]:
            return words.narrate(events, names, ascii_only, None)

        played = play_out(self.controller, narrate, self.flow.take_pending())
        self.moves += played.moves
        self.write(played.lines)
        self.flow.moved(played.last)
        self.save()
        if self._reveal():
            self._advance()

    def leave_question(self) -> str | None:
        """What to ask before leaving a game in progress (``None``: leave at once)."""
        if self.controller.over:
            return None
        if not self.session.saving:
            return "Leave this game? It cannot be saved, so it will be lost."
        return f"Leave this game? {self.session.comeback}"

    def leave(self) -> None:
        """Close the table: the game so far is saved."""
        if self.flow.state is FlowState.LEFT:
            return
        self._stop_wait()
        self.flow.to(FlowState.LEFT)
        self.save()
        self.front.close_table()

    def can_rematch(self) -> bool:
        return self.session.rematch_config() is not None

    def rematch(self) -> None:
        """The same table again (same seats, variants and options, the next seed),
        with this game's winners added to the match so far."""
        config = self.session.rematch_config()
        match = self.session.match_after()
        self.leave()
        if config is not None:
            self.front.rematch(config, match)

    # -- what the keys screen lists ---------------------------------------------------------

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys of what may be done right now, as (key, words)."""
        cover = self.cover
        if isinstance(cover, PassCurtain):
            return [("enter", "The player named takes the keyboard")]
        if isinstance(cover, PrivateCard):
            return [("enter", "Cover your card and pass on")]
        if isinstance(cover, RoundEnd):
            return [(action.key, action.label) for action in cover.choices]
        actions = self._available_actions()
        keys = [(action.key, action.label) for action in actions]
        if main_action_alias(len(actions)) and actions[0].key != "enter":
            keys.append(("Enter or Space", actions[0].label))
        return keys

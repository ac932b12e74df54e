"""The table's door: a round's end, saving after every move, leaving, the rematch.

``TableDoor`` is the half of ``tui.table.screen.TableScreen`` that deals with the ends
of things rather than the play: the round-end screen and what it leads to (the next
round, which goes on by itself when a computer starts it; finishing a game no person
plays in any more; a rematch, which opens the same table again carrying the match's
wins so far, "Ben 2, Ann 1"), the autosave point after every action and the question
before leaving a game in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tui.app_host import app_host
from tui.engine.core import Action, Event
from tui.screens.round_end import FINISH, GO_ON, LOOK, REMATCH, TITLE, RoundEndScreen
from tui.table.board import TableBoard
from tui.table.finish import can_finish
from tui.table.flow import FlowState, Pace, pace_for
from tui.table.gate import TableGate
from tui.table.kit import RoundSummary

if TYPE_CHECKING:
    from tui.session.table_session import HeldTable


END_KINDS = frozenset({REMATCH.kind, TITLE.kind, FINISH.kind})
"""Round-end choices the door handles itself (the rest are the game's actions)."""


class TableDoor(TableBoard):
    """A table for one session: saved after every action, left or played again."""

    def __init__(self, session: HeldTable, *, confirm_quit: bool | None = None) -> None:
        super().__init__(session.controller)
        self.session = session
        self._confirm_quit = confirm_quit

    @property
    def confirm_quit(self) -> bool:
        if self._confirm_quit is not None:
            return self._confirm_quit
        return app_host(self).settings.confirm_quit

    gate: TableGate

    @property
    def pace(self) -> Pace:
        """How long the table waits (``TableScreen``'s, from the settings)."""
        return pace_for(None)

    def _stop_timer(self) -> None:
        """Stop a computer's pause (``TableScreen`` has the timer)."""

    def _apply(self, action: Action) -> None:
        """A person's ``action`` (``TableScreen``)."""

    def action_finish(self) -> None:
        """Play every move left at once (``TableScreen``)."""

    def _open_round_end(self, summary: RoundSummary) -> None:
        """The round's result; the next round goes on by itself when a computer starts
        it (after a pause to read), and a game nobody at the keyboard plays any more
        can be finished from here."""
        go_on: float | None = None
        if summary.final:
            choices = [REMATCH, TITLE, LOOK] if self._can_rematch() else [TITLE, LOOK]
            totals = self.session.match_totals()
            if totals:
                summary = match_summary(summary, totals)
        elif self.controller.is_bot_turn():
            choices, go_on = [GO_ON, LOOK], self.pace.reading
        else:
            choices = [*self.controller.actions(), LOOK]
        if not summary.final and can_finish(self.controller):
            choices.insert(-1, FINISH)
        round_end = RoundEndScreen(summary, choices, self.ascii_only, self.gate, go_on=go_on)
        self._open_cover(round_end, self._round_end_chosen)

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
            self.action_finish()

    def on_after_action(self, events: Sequence[Event]) -> None:
        """Called after every applied action: the autosave point."""
        self.save_game()

    def save_game(self) -> None:
        """Save now (the app also calls this on quit and hang-up)."""
        self.session.log = self.log_lines()
        app_host(self).autosave(self.session)

    def log_lines(self) -> list[tuple[str, str]]:
        """The log as it is now, to keep in the save (``TableScreen``'s)."""
        return []

    @property
    def saving(self) -> bool:
        """True while this game is being saved (off after a failure)."""
        return self.session.saving

    def action_leave(self) -> None:
        if self.game_in_progress and self.confirm_quit:
            from tui.screens.confirm import ConfirmScreen

            question = f"Leave this game? {self.session.comeback}"
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
        self.flow.to(FlowState.LEFT)
        self._stop_timer()
        self.save_game()
        app_host(self).back_to_title()

    def _can_rematch(self) -> bool:
        return self.session.rematch_config() is not None

    def rematch(self) -> None:
        """The same table again (same seats, variants and options, the next seed),
        with this game's winners added to the match so far."""
        config = self.session.rematch_config()
        match = self.session.match_after()
        self.leave()
        if config is not None:
            app_host(self).start_game(config, match=match)


def match_summary(summary: RoundSummary, totals: list[tuple[str, int]]) -> RoundSummary:
    """The game's result with the wins of this run of rematches added: "Ben 2, Ann 1"."""
    line = "Wins in this match: " + ", ".join(f"{name} {won}" for name, won in totals) + "."
    return replace(summary, lines=(*summary.lines, line))

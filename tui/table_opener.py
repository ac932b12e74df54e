"""The app's tables: opening a session's table, saving after every move, resuming.

``TableOpener`` is the part of ``PartyDiceApp`` that hosts ``tui.session`` sessions: it
starts and resumes them through ``Sessions``, pushes their table screens, and shows the
``Notice`` a session returns (a save that failed, a history that could not be written).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App

from tui import games
from tui.gameconfig import GameConfig
from tui.session import Notice, Sessions
from tui.session.table_session import HeldTable, continuing
from tui.textual_compat.stale_nodes import stale_caller

if TYPE_CHECKING:
    from tui.commands import PlayRequest
    from tui.kept_settings import KeptTables
    from tui.share.remote import RemoteSession
    from tui.storage.save_format import Match
    from tui.storage.saves import SaveStore
    from tui.storage.settings import Settings


class TableOpener(App[None]):
    """Opens tables for sessions and tells the player what the sessions report."""

    sessions: Sessions
    """Set by the app's constructor."""
    tables: KeptTables
    """The last table of each game, for "Play again" (set by the app's constructor)."""
    shared: RemoteSession | None = None
    """A shared table to open at start (``party-dice host`` or ``join``, connected
    before the app started)."""

    _told_once: set[str] | None = None

    def tell_once(self, message: str) -> None:
        """A file's problem in one sentence, told once in a run whoever finds it again
        (``party-dice resume``, then the title's menu, which is rebuilt often)."""
        if self._told_once is None:
            self._told_once = set()
        if message not in self._told_once:
            self._told_once.add(message)
            self.notify(message, severity="warning", timeout=10)

    def tell(self, notice: Notice | None) -> None:
        """Show a session's or the settings' message to the player."""
        if notice is not None:
            self.notify(
                notice.message, title=notice.title, severity=notice.severity, timeout=notice.timeout
            )

    @property
    def history_path(self) -> Path | None:
        """Where finished games are recorded (``None``: the default in the data dir)."""
        return self.sessions.history_path

    @property
    def store(self) -> SaveStore:
        return self.sessions.store

    def start_requested(self, play: PlayRequest, settings: Settings) -> None:
        """The table ``party-dice play`` asked for, the settings filling in the rest;
        remembered as the setup screen remembers its tables, for "Play again"."""
        config = play.config(
            default_variants=settings.variants_for(play.game_id),
            default_level=settings.bot_level,
            default_options=games.option_defaults(play.game_id, settings),
        )
        if config.problem() is None:
            self.tables.remember(config)
        self.start_game(config)

    def start_game(self, config: GameConfig, *, match: Match | None = None) -> None:
        """Build the game ``config`` describes and open its table, with a save slot.

        A table asking for a rematch has just closed itself: the new table is then
        opened from the app's own message queue, not from the closing screen's; it
        carries the ``match`` so far.
        """
        if stale_caller(self.screen_stack):
            self.call_later(lambda: self.start_game(config, match=match))
            return
        session, notice = self.sessions.start(config, match=match)
        self.tell(notice)
        if session is not None:
            self.open_table(session)

    def autosave(self, session: HeldTable) -> None:
        """The table's hook after every action: save, or record the finished game.

        The history is written on a worker thread: a history database another session
        holds locked makes a write wait (SQLite's busy timeout), and the event loop must
        never wait with it. What it has to say comes back to the screen afterwards.
        """
        job = session.finish()
        if job is None:
            self.tell(session.autosave())
            return

        def record() -> None:
            notice = job()
            if notice is not None:
                with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                    self.call_from_thread(self.tell, notice)

        self.run_worker(record, thread=True, group="history", exit_on_error=False)

    def open_table(self, session: HeldTable) -> None:
        """Push the table for ``session``; what its saves say later is told here."""
        from tui.table.screen import table_screen

        loop = asyncio.get_running_loop()

        def tell(notice: Notice) -> None:  # from the session's writer thread
            with contextlib.suppress(RuntimeError):  # the app closed its loop meanwhile
                loop.call_soon_threadsafe(self.tell, notice)

        session.tell = tell
        self.push_screen(table_screen(session))

    def resume_game(self, slot_id: str, *, say_which: bool = False) -> bool:
        """Open a saved game (``say_which``: and say which it is, once open); say in
        one sentence why not if it cannot be opened."""
        from tui.storage.saves import SaveError

        try:
            session = self.sessions.resume(slot_id)
        except SaveError as error:
            self.notify(error.message, severity="warning", timeout=8)
            return False
        self.open_table(session)
        if say_which:
            self.tell(continuing(session))
        self.tell(session.opening_notice)
        return True

    def resume_latest(self) -> bool:
        """``party-dice resume``: the newest save not open elsewhere."""
        slot_id, notices = self.sessions.latest()
        for notice in notices:  # files moved aside or left (warnings), or why there is none
            if notice.severity == "warning":
                self.tell_once(notice.message)
            else:
                self.tell(notice)
        return slot_id is not None and self.resume_game(slot_id, say_which=True)

    def action_continue(self) -> None:
        """Continue: straight into the only save, or a list to choose from."""
        saves = self.store.list()
        if len(saves) == 1 and not saves[0].in_use:
            self.resume_game(saves[0].slot_id)
            return
        from tui.screens.saves import SavesScreen

        self.push_screen(SavesScreen(saves))

    def back_to_title(self) -> None:
        """Close every screen above the title (the app's own)."""

    def open_shared(self) -> None:
        """Open the shared table this run connected to; when the table goes away, say
        why in one line and go back to the title."""
        session = self.shared
        if session is None:
            return
        remote = session.controller
        loop = asyncio.get_running_loop()

        def gone() -> None:
            for news in remote.news_since():  # a wrong code at the door, a failed save
                self.notify(news, severity="warning", timeout=10)
            why = remote.gone()
            if why is not None and self.shared is session and not session.released:
                self.shared = None
                self.notify(why, severity="warning", timeout=10)
                self.back_to_title()

        def changed() -> None:
            """From the connection's thread: hand ``gone`` to the loop, without waiting
            for it (``call_from_thread`` left an unawaited coroutine behind when the
            app had just closed its loop)."""
            with contextlib.suppress(RuntimeError):  # the app closed its loop meanwhile
                loop.call_soon_threadsafe(gone)

        remote.watch(changed)
        self.open_table(session)
        self.tell(session.opening_notice)

    # -- shared tables from the title screen ----------------------------------------

    def action_share(self, what: str) -> None:
        """Host or join a shared table; off Linux, or turned off, one line saying why."""
        from tui.share.transport import supported, why_not

        if not supported():
            self.notify(why_not(), severity="warning", timeout=8)
            return
        if what == "host":
            from tui.screens.setup import SetupScreen
            from tui.screens.shared import HostPick

            def picked(game_id: str | None) -> None:
                if game_id is not None:
                    self.push_screen(SetupScreen(game_id, hosted=True))

            self.push_screen(HostPick(), picked)
            return
        from tui.screens.shared import JoinScreen
        from tui.share.client import open_tables

        tables = open_tables()
        if not tables:
            self.notify("No shared table is open on this server.", timeout=6)
            return
        self.push_screen(JoinScreen(tables))

    def host_game(self, config: GameConfig) -> None:
        """Start a table process for ``config`` and join it; the people at this
        terminal are the first person (others join with the code)."""
        from tui.share.transport import ShareError
        from tui.share_start import host_config

        try:
            self.shared = host_config(config)
        except ShareError as error:
            self.notify(str(error), severity="error", timeout=8)
            return
        self.open_shared()

    def join_table(
        self,
        name: str,
        code: str,
        waiting: Callable[[str], None] | None = None,
        watch: bool = False,
    ) -> str | None:
        from tui.share.transport import ShareError
        from tui.share_start import join_name

        try:
            self.shared = join_name(name, code, watch, waiting)
        except ShareError as error:
            return str(error)
        return None

    def open_joined(self, wanted: bool = True) -> None:
        if wanted:
            self.open_shared()
        elif self.shared is not None:
            self.shared.release()
            self.shared = None

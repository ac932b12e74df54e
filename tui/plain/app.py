"""The plain-text program's parts, and its tables.

``PlainApp`` holds what outlives one table (where it writes and reads, the clock, the
settings, the sessions) and runs each table from its first line to its end
(``tui.plain.run`` starts it all on one event loop).

Each table is a ``tui.plain.table.PlainTable`` on the same sessions as the full screen
(``tui.session``: saves, autosave, history, rematches) or a shared table's
(``tui.share``). Before a table opens, the privacy rule of the plain table is applied
(``keyboard_problem``): see ``tui.plain``.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from tui import games
from tui.gameconfig import GameConfig
from tui.kept_settings import KeptSettings, KeptTables
from tui.narrate.words import sentence
from tui.plain.clock import Clock
from tui.plain.dialog import Dialog, GetLine
from tui.plain.lines import LineReader
from tui.plain.output import Out
from tui.plain.table import Ending, PlainTable
from tui.session import Notice, Sessions
from tui.session.privacy import people_in
from tui.session.table_session import HeldTable, continuing
from tui.session.table_words import TableWords

if TYPE_CHECKING:
    from tui.commands import PlayRequest
    from tui.share.remote import RemoteSession
    from tui.storage.save_format import Match

HISTORY_WAIT = 2.0
"""Seconds the program waits, before it ends, for finished games being recorded."""


def keyboard_problem(words: TableWords, people: int, title: str) -> str | None:
    """Why ``people`` cannot play ``title`` at one plain-text terminal, or ``None``: a
    game that hides cards keeps them from everyone at a keyboard but the one whose
    turn it is, and a line once written cannot be taken back (see ``tui.plain``)."""
    if people < 2 or not words.hides_cards():
        return None
    return (
        f"{title} hides each player's card, and plain text cannot take back a line once"
        " it is written: the scrollback, a Braille display and speech keep it for everyone"
        " at this terminal. So each person plays from their own terminal, at a shared table."
    )


class PlainApp:
    """The plain program's parts: where it writes and reads, its clock, the settings,
    the sessions, and the table open now (a hang-up saves it)."""

    def __init__(
        self,
        out: Out,
        get: GetLine,
        clock: Clock,
        reader: LineReader | None = None,
        *,
        kept: KeptSettings | None = None,
        tables: KeptTables | None = None,
        sessions: Sessions | None = None,
    ) -> None:
        self.out = out
        self.clock = clock
        self.reader = reader
        absorb = reader.absorb if reader is not None else (lambda: None)
        self.absorb = absorb
        self.dialog = Dialog(out, get, clock.now, absorb)
        self.kept = kept or KeptSettings()
        self.tables = tables or KeptTables()
        self.sessions = sessions or Sessions()
        self.table: PlainTable | None = None
        self.remote: RemoteSession | None = None

    def say(self, line: str) -> None:
        self.out.say(line)

    def tell(self, notice: Notice | None) -> None:
        if notice is not None:
            self.say(sentence(notice.message.replace("`", "")))

    # -- tables ---------------------------------------------------------------------------

    async def play(self, config: GameConfig, match: Match | None = None) -> None:
        """Start ``config``'s table here (and its rematches), or say why not."""
        while True:
            words = games.get(config.game_id).new_words()
            people = sum(1 for seat in config.seats if seat.bot is None)
            problem = keyboard_problem(words, people, config.title)
            if problem is not None:
                await self.offer_to_host(config, problem)
                return
            session, notice = self.sessions.start(config, match=match)
            self.tell(notice)
            if session is None:
                return
            ending = await self.run_table(session, words)
            if ending.kind != "rematch" or ending.config is None:
                return
            self.say("A new game at the same table.")
            config, match = ending.config, ending.match

    async def play_request(self, play: PlayRequest) -> None:
        """``party-dice play --plain``: the table asked for, the settings filling in."""
        settings = self.kept.settings
        config = play.config(
            default_variants=settings.variants_for(play.game_id),
            default_level=settings.bot_level,
            default_options=games.option_defaults(play.game_id, settings),
        )
        await self.play(config)

    async def resume(self, slot_id: str, say_which: bool = False) -> None:
        from tui.storage.saves import SaveError

        try:
            session = self.sessions.resume(slot_id)
        except SaveError as error:
            self.say(sentence(error.message))
            return
        words = games.get(session.controller.game_id).new_words()
        people = len(people_in(session.controller))  # still in the game, at this keyboard
        if keyboard_problem(words, people, "") is not None:
            session.release()
            title = games.title_of(session.controller.game_id)
            self.say(
                f"This game of {title} has several people at one keyboard, and hides their"
                " cards: plain text cannot keep them apart. Open it in the full screen"
                " (party-dice resume), or host it so that each plays from their own terminal"
                " (party-dice host --resume --plain)."
            )
            return
        if say_which:
            self.tell(continuing(session))
        self.tell(session.opening_notice)
        await self.run_table(session, words)

    async def resume_latest(self) -> None:
        """``party-dice resume --plain``: the newest save not open elsewhere."""
        slot_id, notices = self.sessions.latest()
        for notice in notices:
            self.tell(notice)
        if slot_id is not None:
            await self.resume(slot_id, say_which=True)

    async def run_table(self, session: HeldTable, words: TableWords | None = None) -> Ending:
        """One table, from its first line to its end; what was typed goes to it."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Ending] = loop.create_future()

        def ended(ending: Ending) -> None:
            if not done.done():
                done.set_result(ending)

        words = words or games.get(session.controller.game_id).new_words()
        table = PlainTable(session, words, self.out, self.clock, self.kept, ended, self.absorb)
        self.table = table
        reader = self.reader
        if reader is not None:
            reader.handler = table.typed
        try:
            table.start()
            if reader is not None:
                while not reader.queue.empty():  # typed before the table came up
                    table.typed(reader.queue.get_nowait())
            ending = await done
        finally:
            if reader is not None:
                reader.handler = None
            table.close()
            self.table = None
        if ending.kind == "title" and not session.controller.over:
            self.say(session.comeback.replace("title screen", "title"))
        for thread in table.history:
            thread.join(HISTORY_WAIT)
        return ending

    # -- shared tables ----------------------------------------------------------------------

    async def offer_to_host(self, config: GameConfig, problem: str) -> None:
        """Say why ``config`` cannot be played at this terminal, and offer a shared table."""
        from tui.share.transport import supported, why_not

        self.say(problem)
        if not supported():
            self.say(why_not())
            return
        people = [seat.name for seat in config.seats if seat.bot is None]
        others = ", ".join(people[1:])
        self.say(
            f"A shared table: {people[0]} plays here; {others} each type party-dice join"
            " --plain at their own terminal, with the code this table says."
        )
        if await self.dialog.yes("Host it now?", default=True):
            from tui.share.transport import ShareError
            from tui.share_start import host_config

            try:
                shared = host_config(config, [people[0]])
            except ShareError as error:
                self.say(sentence(str(error)))
                return
            await self.run_shared(shared)

    async def run_shared(self, shared: RemoteSession) -> None:
        """A shared table this terminal joined, until it leaves or the table goes."""
        remote = shared.controller
        words = games.get(remote.game_id).new_words()
        problem = keyboard_problem(words, len(remote.humans), games.title_of(remote.game_id))
        if problem is not None:
            shared.release()
            self.say(problem)
            self.say("Host again with one person here (--here), and the others join.")
            return
        self.remote = shared

        def changed() -> None:  # from the connection's thread
            self.clock.from_thread(gone)

        def gone() -> None:
            why = remote.gone()
            table = self.table
            if why is not None and not shared.released and table is not None:
                table.say(sentence(why))
                table.close_table()

        remote.watch(changed)
        self.tell(shared.opening_notice)
        try:
            await self.run_table(shared, words)
        finally:
            shared.release()
            self.remote = None

    # -- the end ----------------------------------------------------------------------------

    def hang_up(self) -> None:
        """The terminal went away, or we were asked to stop: save the table open now."""
        table = self.table
        if table is not None:
            with contextlib.suppress(Exception):  # leaving must never fail
                table.hang_up()

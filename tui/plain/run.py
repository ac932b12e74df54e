"""``party-dice --plain``: the plain-text program, on one event loop.

``run`` is what ``party-dice --plain`` (and ``TERM=dumb``, and the setting "Plain text
(screen readers)") runs in place of the full-screen app: it reads lines from the
terminal, answers a hang-up by saving as the full table does (``tui.hangup``, without
touching the terminal), opens the table ``play``, ``resume``, ``host`` or ``join`` asked
for, then the title (``tui.plain.menus``) until the person quits or input ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from typing import TYPE_CHECKING

from tui import games
from tui.narrate.words import sentence
from tui.plain.app import PlainApp, keyboard_problem
from tui.plain.clock import LoopClock
from tui.plain.dialog import Ended
from tui.plain.lines import LineReader
from tui.plain.output import PROMPT_END, TerminalOut

if TYPE_CHECKING:
    from tui.commands import Command
    from tui.share.remote import RemoteSession


async def _main(command: Command, shared: RemoteSession | None, app: PlainApp) -> int:
    from tui.plain.menus import Menus

    menus = Menus(app)
    for message in filter(None, (app.kept.message, app.tables.message)):
        app.say(sentence(message))
    try:
        if shared is not None:
            await app.run_shared(shared)
        elif command.kind == "play" and command.play is not None:
            await app.play_request(command.play)
        elif command.kind == "resume":
            await app.resume_latest()
        await menus.title()
    except Ended:
        pass
    app.say("Goodbye.")
    return 0


def run(command: Command, shared: RemoteSession | None = None) -> int:
    """The plain-text program on this terminal (standard input and output); its exit
    status: 0 (done, or saved and left on a signal)."""
    from tui.hangup import HangUpGuard

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    out = TerminalOut(sys.stdout.fileno())
    reader = LineReader(loop, sys.stdin.fileno())
    app = PlainApp(out, reader.get, LoopClock(loop), reader)
    task = loop.create_task(_main(command, shared, app))

    def signalled(_signum: int) -> None:
        app.hang_up()
        guard.done_saving()
        task.cancel()

    guard = HangUpGuard(signalled, restore=False)
    try:
        guard.install(loop)
        reader.start()
        try:
            return loop.run_until_complete(task)
        except asyncio.CancelledError:
            return 0
    finally:
        reader.stop()
        guard.uninstall()
        if shared is not None:
            shared.release()
        with contextlib.suppress(Exception):
            loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()


def shared_from_cli(command: Command) -> int:
    """``party-dice host --plain`` and ``join --plain``: reach the table, then play it
    in plain text. A host's terminal seating two people of a game that hides cards is
    refused before any table process starts (``keyboard_problem``)."""
    from tui import share_start
    from tui.share.transport import ShareError

    play, share = command.play, command.share
    if command.kind == "host" and play is not None and share is not None:
        words = games.get(play.game_id).new_words()
        problem = keyboard_problem(words, len(share.here), games.title_of(play.game_id))
        if problem is not None:
            print(problem, file=sys.stderr)
            print("Host with one person here (--here NAME); the others join.", file=sys.stderr)
            return 2

    def say(line: str) -> None:  # each line a sentence, as everywhere in plain text
        print(sentence(line), flush=True)

    def ask(prompt: str) -> str:  # a prompt as every plain prompt ends
        return input(prompt.rstrip() + PROMPT_END)

    shared: RemoteSession | None
    try:
        if command.kind == "host":
            shared = share_start.host(command)
        else:
            shared = share_start.join(command, ask=ask, say=say)
    except (ShareError, EOFError) as error:
        print(str(error) or "No code was typed.", file=sys.stderr)
        return 1
    return 0 if shared is None else run(command, shared)

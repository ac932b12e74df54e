"""``party-dice`` and ``python -m tui``: parse the command line, then run the app.

Textual is imported only on the paths that open the app, so ``party-dice simulate``,
``party-dice rules`` and ``--version`` start fast and work without a terminal. Nothing
of the project is imported before ``main`` runs, so a Ctrl+C during start-up lands in
``main``'s one ``except`` (status 130, no traceback).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.commands import Command
    from tui.early_interrupt import EarlyInterrupts
    from tui.share.remote import RemoteSession

INTERRUPTED = 130
"""Ctrl+C before the app took the terminal (128 + SIGINT, as shells report it)."""
CRASHED = 1
"""An internal error (the app's or its input thread's): one line, details in a log."""


def _has_tty() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        return False


def _run_app(command: Command, shared: RemoteSession | None = None) -> int:
    import gc

    # Loading Textual and the app makes a few hundred objects of garbage among hundreds
    # of thousands that live as long as the process: no collection while it loads, then
    # all of it frozen, so that no full collection walks it again (the first one, due
    # while a table opened, took 60 ms of a 0.5 s start: issue 12).
    gc.disable()
    try:
        from tui.app import PartyDiceApp
        from tui.early_interrupt import interrupt_lost
        from tui.hangup import remember_terminal
        from tui.output_encoding import fall_back_if_needed

        ascii_only = command.ascii or fall_back_if_needed()  # a non-UTF-8 terminal: ASCII
        app = PartyDiceApp(ascii_glyphs=ascii_only or None, start=command)
    finally:
        gc.freeze()
        gc.enable()
    if interrupt_lost():
        return INTERRUPTED
    app.shared = shared
    remember_terminal()  # a hang-up with the terminal still there puts it back so
    app.run()
    if app.crashed:
        return CRASHED
    return app.return_code or 0


def main(argv: Sequence[str] | None = None) -> int:
    """The console script and the one exit path: the status says why it ended
    (0 done, or saved and left on a signal; 1 an internal error; 2 a bad command line
    or no terminal; 130 Ctrl+C before the app was up, quietly: no traceback)."""
    lost: EarlyInterrupts | None = None
    try:
        from tui.early_interrupt import catch_lost_interrupts

        lost = catch_lost_interrupts()  # a Ctrl+C lost inside one of Python's callbacks
        return _main(argv)
    except KeyboardInterrupt:
        return INTERRUPTED
    except RuntimeError as error:
        # A Ctrl+C while an import makes a class reaches us wrapped: "Error calling
        # __set_name__ ..." from KeyboardInterrupt (Textual's Selector, seen in CI).
        if isinstance(error.__cause__, KeyboardInterrupt):
            return INTERRUPTED
        raise
    finally:
        if lost is not None:
            lost.release()


def _main(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        command = _parse(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    if command is None:
        return 2
    if command.kind == "simulate":
        from tui.simulate.cli import main as simulate_main

        return simulate_main(list(command.rest))
    if command.kind == "odds":
        from tui.simulate.odds import main as odds_main

        return odds_main(list(command.rest))
    if command.kind == "rules":
        from tui.rules import plain_text

        assert command.game_id is not None
        sys.stdout.write(plain_text(command.game_id))
        return 0
    if command.kind == "join" and command.share is not None and command.share.list_only:
        return _shared(command)
    if _plain(command):
        return _run_plain(command)
    if not _has_tty():
        from tui.cli import PROG

        print(
            f"{PROG} needs a terminal: over SSH, connect with `ssh -t host {PROG}`.",
            file=sys.stderr,
        )
        return 2
    if command.kind in ("host", "join"):
        return _shared(command)
    return _run_app(command)


PLAIN_KINDS = ("title", "play", "resume", "host", "join")
"""What the plain-text table can be asked for (``--plain``, ``TERM=dumb``, the setting)."""


def _plain(command: Command) -> bool:
    """True when this run is in plain text: ``--plain``, a dumb terminal (which cannot
    draw the full screen), or the setting "Plain text (screen readers)"."""
    import os

    if command.kind not in PLAIN_KINDS:
        return False
    if command.plain or os.environ.get("TERM") == "dumb":
        return True
    from tui.storage.settings import load_settings

    return load_settings()[0].plain


def _run_plain(command: Command) -> int:
    """The plain-text table (``tui.plain``): it reads lines, so only its input need be
    a terminal (its output may go through ``tee`` to make a log that reads like a story)."""
    try:
        terminal = sys.stdin.isatty()
    except (AttributeError, ValueError):
        terminal = False
    if not terminal:
        from tui.cli import PROG

        print(
            f"{PROG} needs a terminal to read from: over SSH, `ssh -t host {PROG}`.",
            file=sys.stderr,
        )
        return 2
    if command.kind in ("host", "join"):
        from tui.plain.run import shared_from_cli

        return shared_from_cli(command)
    from tui.plain.run import run

    return run(command)


def _parse(args: list[str]) -> Command | None:
    """The command ``args`` ask for; ``None`` (the problem told) when they make no sense.
    No arguments is the title, reached without argparse (loading it and building the
    parser took about 10 ms of a start-up of 0.5 s: issue 12)."""
    if not args:
        from tui.commands import Command

        return Command("title")
    from tui.cli import UsageError, parse

    try:
        return parse(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return None


def _shared(command: Command) -> int:
    """``host`` and ``join``: reach the table first, then open its screen."""
    from tui import share_start as start
    from tui.share.transport import ShareError

    try:
        shared = start.host(command) if command.kind == "host" else start.join(command)
    except (ShareError, EOFError) as error:
        start.say_wrapped(str(error) or "No code was typed.", sys.stderr)
        return 1
    return 0 if shared is None else _run_app(command, shared)


if __name__ == "__main__":
    sys.exit(main())

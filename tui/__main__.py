"""``party-dice`` and ``python -m tui``: parse the command line, then run the app.

Textual is imported only on the paths that open the app, so ``party-dice simulate``,
``party-dice rules`` and ``--version`` start fast and work without a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tui.cli import PROG, Command, UsageError, parse

NO_TTY = f"{PROG} needs a terminal: over SSH, connect with `ssh -t host {PROG}`."


def _has_tty() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        return False


def _run_app(command: Command) -> int:
    from tui.app import PartyDiceApp
    from tui.output_encoding import fall_back_if_needed

    ascii_only = command.ascii or fall_back_if_needed()  # a non-UTF-8 terminal: ASCII
    app = PartyDiceApp(ascii_glyphs=ascii_only or None, start=command)
    app.run()
    return app.return_code or 0


def main(argv: Sequence[str] | None = None) -> int:
    """The console script; returns the exit status (2 for a bad command line)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        command = parse(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    if command.kind == "simulate":
        from tui.simulate import main as simulate_main

        return simulate_main(list(command.rest))
    if command.kind == "rules":
        from tui.rules import plain_text

        assert command.game_id is not None
        sys.stdout.write(plain_text(command.game_id))
        return 0
    if not _has_tty():
        print(NO_TTY, file=sys.stderr)
        return 2
    return _run_app(command)


if __name__ == "__main__":
    sys.exit(main())

"""The plain-text table on a real pty, played a prompt at a time, and its bytes checked.

``PlainTerminal`` runs ``python -m tui ... --plain`` on a pseudo-terminal (echo on, as a
person's terminal is), waits until the program waits at a prompt, answers it as a
player would (``answer``), and keeps everything it typed. ``check_bytes`` then holds the
output to the plain table's promises: no escape sequence, no lone carriage return, and
every line a whole line but a prompt (which the typed line, echoed, finishes).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from tests.support.pty_driver import PtyApp, app_env

PROMPT_END = b" > "

Policy = Callable[[str, str], str | None]
"""(prompt, everything said so far) -> the line to type (``None``: nothing yet)."""


class PlainTerminal:
    """One terminal running the plain table."""

    def __init__(
        self, home: Path, argv: list[str], env: dict[str, str] | None = None, name: str = ""
    ) -> None:
        from tests.support.pty_driver import ROOT

        environment = app_env(home)
        environment.update(env or {})
        import sys

        self.name = name
        self.app = PtyApp([sys.executable, "-m", "tui", *argv], env=environment, cwd=str(ROOT))
        self.typed: list[str] = []
        self.answers: list[tuple[str, str]] = []
        """(prompt, the line typed at it), in order."""
        self._answered_at = 0
        """How much of the output there was when the last line was typed."""

    @property
    def output(self) -> bytes:
        return bytes(self.app.output)

    def text(self) -> str:
        return self.output.decode("utf-8", "replace").replace("\r\n", "\n")

    def waiting(self, settle: float = 0.6) -> str | None:
        """The prompt the program waits at now (nothing more for ``settle`` seconds: a
        person's key gate wants a moment between a question and its answer), else
        ``None``."""
        self.app.read(0.02)
        out = self.app.output
        if len(out) <= self._answered_at or not out.endswith(PROMPT_END):
            return None
        if self.app.read(settle):
            return None  # more came: not settled yet
        if not self.app.output.endswith(PROMPT_END):
            return None
        return bytes(self.app.output).decode("utf-8", "replace").rsplit("\r\n", 1)[-1]

    def type(self, line: str) -> None:
        self._answered_at = len(self.app.output)
        self.typed.append(line)
        self.app.send(line + "\r")

    def done(self) -> bool:
        return self.app.poll() is not None


def play(terminals: list[PlainTerminal], policy: Policy, limit: float = 240.0) -> None:
    """Answer every prompt of every terminal with ``policy`` until all have ended."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if all(t.done() for t in terminals):
            for terminal in terminals:
                terminal.app.read(0.2)
            return
        for terminal in terminals:
            if terminal.done():
                continue
            prompt = terminal.waiting()
            if prompt is None:
                continue
            answer = policy(prompt, terminal.text())
            if answer is not None:
                terminal.answers.append((prompt, answer))
                terminal.type(answer)
    tails = "\n\n".join(f"{t.name}: ...{t.text()[-600:]}" for t in terminals)
    raise AssertionError(f"the game did not end in {limit} s:\n{tails}")


ESCAPES = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_bytes(terminal: PlainTerminal) -> list[str]:
    """What breaks the plain table's promises in ``terminal``'s output (empty: none)."""
    out = terminal.output
    problems = []
    if b"\x1b" in out:
        at = out.index(b"\x1b")
        problems.append(f"an escape sequence: {out[max(0, at - 40) : at + 20]!r}")
    found = ESCAPES.search(out)
    if found:
        problems.append(f"a control character {found.group()!r} at {found.start()}")
    if re.search(rb"\r(?!\n)", out):
        problems.append("a carriage return without its newline")
    typed = list(terminal.typed)
    segments = out.decode("utf-8", "replace").split("\r\n")
    for segment in segments[:-1]:
        if " > " not in segment:
            if segment and segment[-1] not in ".!?:":
                problems.append(f"a line that is no sentence: {segment!r}")
            continue
        prompt, _, after = segment.rpartition(" > ")
        if " > " in prompt:
            problems.append(f"two prompts on one line: {segment!r}")
        elif typed and after == typed[0]:
            typed.pop(0)  # the typed line, echoed by the terminal, finished it
        elif after != "":  # "": news came, and the program ended the prompt's line first
            problems.append(f"a prompt finished by {after!r}, not by what was typed")
    last = segments[-1]
    if last and not last.endswith(" > ") and terminal.app.poll() is None:
        problems.append(f"a waiting line that is no prompt: {last!r}")
    return problems


def quit_number(said: str) -> str:
    """The number of Quit in the last title menu said."""
    numbers: list[str] = re.findall(r"^(\d+)\. Quit\.$", said, re.M)
    return numbers[-1]

"""Questions asked in words before and after a table: numbered choices, typed answers.

Every question is one prompt with the cursor at its end; an answer it cannot take gets
one sentence saying what it takes, and the prompt again. End of input (Ctrl+D, or the
terminal gone) answers ``None`` everywhere, and the caller goes back (the title then
ends the program).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from tui.plain.lines import ESCAPE, Line
from tui.plain.output import Out

GetLine = Callable[[], Awaitable[Line | None]]

BACK = ("b", "back", ESCAPE)
"""Answers that go back, at every question."""


class Ended(Exception):
    """Input ended: nobody is left to answer."""


@dataclass(frozen=True)
class Option:
    """One numbered choice: what it says, and what choosing it returns."""

    words: str
    value: object = None


class Dialog:
    """Asks ``out``'s person questions, reading answers with ``get``."""

    def __init__(
        self,
        out: Out,
        get: GetLine,
        now: Callable[[], float],
        before_prompt: Callable[[], None] = lambda: None,
    ) -> None:
        self.out = out
        self.get = get
        self.now = now
        self.before_prompt = before_prompt

    def say(self, line: str) -> None:
        self.out.say(line)

    async def text(self, prompt: str) -> str:
        """One typed line (``Ended`` when input ends)."""
        self.before_prompt()
        self.out.prompt(prompt)
        asked = self.now()
        line = await self.get()
        if line is None:
            raise Ended
        if line.at >= asked:
            self.out.answered()  # typed at the prompt: its Enter ended the prompt's line
        return line.text

    async def choose(
        self,
        question: str,
        options: Sequence[Option],
        *,
        back: bool = True,
        default: int | None = None,
    ) -> object | None:
        """A numbered choice; ``None`` when the person goes back (b, or Enter when no
        ``default``), unless ``back`` is False (the title: nothing to go back to).
        ``default``: the number Enter chooses."""
        for number, option in enumerate(options, 1):
            self.say(f"{number}. {option.words}")
        last = len(options)
        hint = f"{question} 1 to {last}" if last > 1 else f"{question} 1"
        if default is not None:
            ends = f", Enter for {default}" + (", b goes back." if back else ".")
        else:
            ends = ", or Enter to go back." if back else "."
        while True:
            answer = (await self.text(hint + ends)).lower()
            if answer == "" and default is not None:
                return options[default - 1].value
            if back and (answer in BACK or (answer == "" and default is None)):
                return None
            if answer.isdigit() and 1 <= int(answer) <= last:
                return options[int(answer) - 1].value
            self.say(f"Type a number from 1 to {last}{ends}")

    async def number(self, question: str, low: int, high: int, default: int) -> int | None:
        """A whole number from ``low`` to ``high``; Enter takes ``default``; b goes back."""
        while True:
            answer = await self.text(f"{question} {low} to {high}, Enter for {default}.")
            if answer == "":
                return default
            if answer.lower() in BACK:
                return None
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            self.say(f"Type a whole number from {low} to {high}.")

    async def yes(self, question: str, default: bool | None = None) -> bool | None:
        """y or n (Enter takes ``default`` when there is one); b goes back (``None``)."""
        enter = "" if default is None else f", Enter for {'y' if default else 'n'}"
        while True:
            answer = (await self.text(f"{question} y or n{enter}.")).lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            if answer == "" and default is not None:
                return default
            if answer in BACK:
                return None
            self.say("Type y for yes or n for no.")

"""What a person may type at the plain-text table besides a move, and what it means.

Moves are the letters of the full table (``s`` stand, ``r`` roll), and Enter alone is
the only move on offer. Questions may be asked at any time, each by a number (no game's
move is a digit) or a word: the pot, everyone's chips or lives, whose turn and who
deals, your own card, the odds, the last line again, the rules, the keys, and leave.
The table's own keys are the full table's: ``o`` odds on or off, ``f`` finish a game
no person is left in, ``w`` who sits (a shared table's host), ``q`` or Escape leave.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.plain.lines import ESCAPE


@dataclass(frozen=True)
class Question:
    """A question: its name, its number, the words that ask it, what it asks ("for
    the pot": said after its number)."""

    name: str
    number: str
    words: tuple[str, ...]
    about: str


QUESTIONS = (
    Question("pot", "1", ("pot", "middle"), "for the pot"),
    Question(
        "standings", "2", ("all", "everyone", "scores", "standings"), "for everyone's {counters}"
    ),
    Question("turn", "3", ("turn", "whose", "who"), "for whose turn it is and who deals"),
    Question("card", "4", ("card", "hand", "mine"), "for your own card"),
    Question("odds", "5", ("odds", "chances"), "for the odds"),
    Question("again", "6", ("again", "repeat", "last"), "for the last line again"),
    Question("rules", "7", ("rules",), "for the rules"),
    Question("keys", "8", ("keys", "help", "h", "?"), "for the keys"),
    Question("leave", "9", ("leave", "quit", "exit", "bye"), "to leave the table"),
)

TABLE_KEYS = frozenset({"escape", "q", "f", "o", "w"})
"""The full table's own keys (its bindings): the presenter has them first, as there."""

BRIEF = "brief"
"""The word that turns brief words on or off."""


def question(text: str, counters: str = "") -> Question | None:
    """The question ``text`` asks (its number or one of its words, any case), if any;
    ``counters`` ("chips", "lives") asks for everyone's too."""
    said = text.strip().lower()
    for asked in QUESTIONS:
        if said == asked.number or said in asked.words:
            return asked
    if counters and said in (counters, counters.rstrip("s")):
        return QUESTIONS[1]
    return None


def key_of(text: str) -> str | None:
    """The key a typed line stands for: Enter alone, Escape, or one character (moves
    are single letters); ``None`` for anything longer."""
    if text == "":
        return "enter"
    if text == ESCAPE:
        return "escape"
    if len(text) == 1:
        return text
    return None


def key_word(key: str) -> str:
    """A key as a prompt says it: "Enter", "Escape", "s"."""
    return {"enter": "Enter", "escape": "Escape", "space": "Space"}.get(key, key)


def questions_said(counters: str) -> str:
    """The questions, as the keys answer lists them."""
    said = [f"{q.number} {q.about.format(counters=counters or 'standings')}" for q in QUESTIONS]
    return "Questions, at any time: type " + ", ".join(said) + "."


def rules_lines(game_id: str, variants: frozenset[str] | None = None) -> list[str]:
    """A game's rules as lines to read (with the variants of a table, when given),
    without the underlines of headings, which a screen reader would spell out."""
    from tui.rules import in_force_note, plain_text, to_plain

    text = plain_text(game_id)
    if variants is not None:
        text += "\n" + to_plain(in_force_note(game_id, variants))
    lines = [line for line in text.splitlines() if line.strip(" =-")]
    return [*lines, "End of the rules."]

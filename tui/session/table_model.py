"""What a table shows now, as data: the table presenter's answer to its front ends.

``tui.session.table_presenter.TablePresenter`` decides; a front end (the Textual table
screen, the plain-text table) draws a ``TableModel`` and forwards keys and timers. So
everything a player sees is here as plain values: the view the privacy rule allows, the
words of the info box and the log, the actions on offer and whose they are, and the box
over the table (``Cover``): a curtain before a person's turn, a private card after their
swap, the question for an action's number (the dealer's cut), a round's end.

Pure data: no Textual, no Rich.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tui.engine.core import Action, Event, TableView

LOOK = Action("table", "Look at the table", "escape")
REMATCH = Action("rematch", "Rematch", "r")
TITLE = Action("title", "Back to title", "t")
GO_ON = Action("go_on", "Go on", "enter")
"""The next round, when nobody at this keyboard starts it: it also goes on by itself."""
FINISH = Action("finish", "Finish the game", "f")
"""Offered once no person is left in the game: every move left is played at once."""
END_KINDS = frozenset({REMATCH.kind, TITLE.kind, FINISH.kind})
"""Round-end choices the table handles itself (the rest are the game's actions)."""


class SpareLine(str):
    """An info-box line the box leaves out first when it has no room for every line: a
    reminder of the rules, or "Single round", the match a table plays unless it says
    otherwise."""

    __slots__ = ()


LogLine = tuple[str, str]
"""A line of the log: its text and its style ("", "bold", "dim")."""


@dataclass(frozen=True)
class ShownCard:
    """One card at a showdown: its glyph, whose it is, and ``mark``: "loser" (lost a
    life with it), "safe" (paired, under Pairs are safe) or ""."""

    card: str
    name: str
    mark: str = ""


@dataclass(frozen=True)
class RoundSummary:
    """What a round's end says: a headline, sentences, and the standings (name, value
    in words, marker such as "winner"), whether the game is over, and the cards of a
    showdown."""

    title: str
    lines: tuple[str, ...]
    standings: tuple[tuple[str, str, str], ...] = ()
    final: bool = False
    showdown: tuple[ShownCard, ...] = ()
    """The cards turned up, lowest first (a game with a showdown)."""


def match_summary(summary: RoundSummary, totals: list[tuple[str, int]]) -> RoundSummary:
    """The game's result with the wins of this run of rematches added: "Ben 2, Ann 1"."""
    line = "Wins in this match: " + ", ".join(f"{name} {won}" for name, won in totals) + "."
    return replace(summary, lines=(*summary.lines, line))


# -- the boxes over the table -------------------------------------------------------------


@dataclass(frozen=True)
class PassCurtain:
    """Before person ``seat``'s turn, when two or more people share the keyboard: only
    public ``lines``, and "Pass to <name>". Lifted by an Enter that passes the curtain's
    key gate; ``seat`` then becomes the table's viewer."""

    seat: int
    name: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PrivateCard:
    """After person ``seat``'s swap: the ``card`` they now hold and what they gave and
    got (``lines``), for their eyes alone, until an Enter that passes the gate."""

    seat: int
    name: str
    card: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class NumberChoice:
    """The question for ``action``'s number (its ``arg_range``): the dealer's cut. The
    front end asks it its own way and answers with the number, or ``None`` to go back."""

    action: Action
    chooser: str
    arg_range: tuple[int, int]
    note: str = ""


@dataclass(frozen=True)
class RoundEnd:
    """A round's (or the game's) end and what may follow (``choices``, the first the
    one Enter takes); ``goes_on``: it closes by itself after a pause to read, because
    nobody at this keyboard starts the next round."""

    summary: RoundSummary
    choices: tuple[Action, ...]
    goes_on: bool = False


Cover = PassCurtain | PrivateCard | NumberChoice | RoundEnd

PRIVACY_COVERS = (PassCurtain, PrivateCard)
"""Covers that are privacy gates (rule ``CURTAIN``): a key typed ahead never lifts them."""


# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    """The action bar: the ``actions`` on offer with the name of the person to press
    (``prompt``, a seat; ``None``: anyone at the table), or a ``status`` sentence in
    which ``{who}`` stands for seat ``who``'s name (the front end fits the name)."""

    actions: tuple[Action, ...] = ()
    prompt: int | None = None
    status: str = ""
    who: int | None = None
    enter_alias: bool = False
    """Enter and Space stand for the only action on offer."""
    forced: bool = False
    """The only action is no decision and plays itself in a moment ("has no choice")."""


@dataclass(frozen=True)
class TableModel:
    """Everything a front end draws, as the presenter decided it."""

    title: str
    names: tuple[str, ...]
    """Each seat's name, as typed (fit them to the space you have)."""
    log_names: tuple[str, ...]
    """Names as the log writes them (cut so that one name cannot flood a line)."""
    bots: tuple[str | None, ...]
    """Each seat's computer level, ``None`` for a person."""
    view: TableView
    """What the privacy rule lets the table show now (public, or one seat's)."""
    events: tuple[Event, ...]
    """The move just revealed (the centre shows the last roll, the card taken)."""
    odds: tuple[float, ...] | None
    """Each seat's chance this round, when the table shows odds and has them."""
    info: tuple[str, ...]
    """The info box: who asks to join a shared table (the host must see it), the game's
    lines, then who is at a shared table; a ``SpareLine`` goes first when short of room."""
    bar: Bar
    cover: Cover | None
    log: tuple[LogLine, ...]
    """Lines new since the last model was drawn, to append to the log."""
    gate: int
    """A token: once this model is on the screen, the front end calls
    ``presenter.drawn(gate, time)``, which opens the decision or the curtain it shows."""

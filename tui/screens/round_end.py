"""The end of a round or of the game: who won, what the pot held, the match standings.

Drawn by the table screen over the table when a move ends a round (a
``tui.table.cover.Cover``: only the cells it covers are sent to the terminal). Its choices are
``Action``s: the controller's table actions (Aces' "Next round") and the table's own
("Rematch", "Back to title", "Look at the table"); it closes with the chosen action's
``kind`` and the table screen does the rest, so this screen knows no game.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.events import Key

from tui.engine.core import Action
from tui.session.keygate import DECISION
from tui.table.cover import BoxText, Cover
from tui.table.gate import TableGate
from tui.table.kit import RoundSummary
from tui.widgets.action_bar import ActionBar, key_label
from tui.widgets.textfit import fit, printable

LOOK = Action("table", "Look at the table", "escape")
REMATCH = Action("rematch", "Rematch", "r")
TITLE = Action("title", "Back to title", "t")
GO_ON = Action("go_on", "Go on", "enter")
"""The next round, when a computer starts it: it also goes on by itself."""
FINISH = Action("finish", "Finish the game", "f")
"""Offered once no person is left in the game: every move left is played at once."""
GOES_ON = "The game goes on by itself in a moment."


def standings_text(summary: RoundSummary, ascii_only: bool) -> Text:
    text = Text()
    if not summary.standings:
        return text
    width = max(cell_len(fit(name, 24, ascii_only)) for name, _, _ in summary.standings)
    star = "*" if ascii_only else "\u2605"
    for index, (name, value, marker) in enumerate(summary.standings):
        if index:
            text.append("\n")
        shown = fit(name, 24, ascii_only)
        text.append(f"{star} " if marker == "winner" else "  ", style="bold")
        pad = " " * (width - cell_len(shown) + 2)  # wide characters take two cells
        text.append(shown + pad, style="bold" if marker else "")
        text.append(value)
    return text


MARKS = {"loser": ("\u2717", "x", "bold red"), "safe": ("=", "=", "green")}
"""A showdown card's mark: symbol, its ASCII form, colour. The symbol alone says it
(under NO_COLOR or on a Linux console), the colour only helps."""
NOTES = {"loser": "loses a life", "safe": "paired: safe"}
ROWS_MOST = 8
"""More cards than this go several to a line (a table of twenty at 80x24)."""
LINE_CELLS = 58
"""Cells of a line of cards: the box is 64 wide, less its border and padding."""


def showdown_text(summary: RoundSummary, ascii_only: bool) -> Text:
    """The showdown's cards lowest first, losers and safe pairs marked."""
    text = Text("Cards, lowest first:", style="bold")
    cards = summary.showdown
    wide = max((cell_len(fit(c.name, 16, ascii_only)) for c in cards), default=0)
    used = 0
    for index, shown in enumerate(cards):
        symbol, plain, colour = MARKS.get(shown.mark, (" ", " ", ""))
        mark = plain if ascii_only else symbol
        name = fit(shown.name, 16, ascii_only)
        if len(cards) <= ROWS_MOST:
            text.append("\n")
            text.append(f"{mark} {shown.card:>3}  ", style=colour or "bold")
            pad = " " * (wide - cell_len(name) + 2)
            text.append(name + pad, style=colour)
            text.append(NOTES.get(shown.mark, ""), style=colour)
        else:
            # Lines are broken here, between cards, never between a card and its
            # holder (Rich would wrap at any space, non-breaking ones too).
            entry = Text(f"{mark}{shown.card} ".lstrip(" "), style=colour or "bold")
            entry.append(name, style=colour)
            if index == 0 or used + 2 + entry.cell_len > LINE_CELLS:
                text.append("\n")
                used = 0
            else:
                text.append("  ")
                used += 2
            text.append(entry)
            used += entry.cell_len
    return text


class RoundEndScreen(Cover):
    """The round's end, a box over the table that closes with the kind of the chosen
    action. Its choices are decisions (the next deal, a rematch): with the table's
    ``gate`` a key takes one only if it passes the ``DECISION`` rule, so an Enter
    hammered to hurry the computers neither skips the round's result nor deals.
    Escape ("Look at the table") decides nothing and is never held back."""

    gate_rule = DECISION

    def __init__(
        self,
        summary: RoundSummary,
        choices: list[Action],
        ascii_only: bool = False,
        gate: TableGate | None = None,
        *,
        go_on: float | None = None,
    ) -> None:
        """``go_on``: seconds after which the box closes by itself with ``GO_ON``
        (the next round starts without a person: time enough to read the result)."""
        super().__init__(gate, classes="round-end -final" if summary.final else "round-end")
        self.summary = summary
        self.choices = choices
        self.ascii_only = ascii_only
        self.go_on = go_on
        self._due = False

    def help_keys(self) -> list[tuple[str, str]]:
        return [(key_label(action.key), action.label) for action in self.choices]

    def box_width(self, screen_width: int) -> int:
        return min(64, screen_width * 95 // 100)

    def box_max_height(self, screen_height: int) -> int:
        return max(1, screen_height * 95 // 100)

    def compose(self) -> ComposeResult:
        yield BoxText(Text(printable(self.summary.title), style="bold"), id="round-end-title")
        if self.summary.showdown:
            yield BoxText(showdown_text(self.summary, self.ascii_only), id="round-end-showdown")
        yield BoxText(
            Text("\n".join(printable(line) for line in self.summary.lines)),
            id="round-end-lines",
        )
        if self.summary.standings:
            yield BoxText(standings_text(self.summary, self.ascii_only), id="round-end-standings")
        if self.go_on is not None:
            yield BoxText(GOES_ON, id="round-end-goes-on")
        bar = ActionBar(id="round-end-actions")
        bar.show_actions(self.choices)
        yield bar

    def on_mount(self) -> None:
        """The pause before going on by itself (``Cover.on_mount`` places the box; Textual
        calls both handlers)."""
        if self.go_on is not None:
            self.set_timer(max(self.go_on, 0.01), self._went_on)

    def _went_on(self) -> None:
        """Time to go on: now, or when the table is shown again (the rules or the keys
        screen may be on top of it and its box)."""
        if self.screen.is_current:
            self.close(GO_ON.kind)
        else:
            self._due = True

    def gate_shown(self) -> None:
        if self._due:
            self._due = False
            self.call_later(self.close, GO_ON.kind)
            return
        super().gate_shown()

    def take_key(self, event: Key) -> None:
        key = event.key
        chosen = None
        for action in self.choices:
            if action.key == key or (len(key) == 1 and action.key == key.lower()):
                chosen = action
                break
        if chosen is None and key in ("enter", "space") and self.choices:
            chosen = self.choices[0]
        if chosen is None:
            self.record_key(event)
            return
        event.stop()
        event.prevent_default()
        if chosen.kind == LOOK.kind:  # Esc, as everywhere: it decides nothing
            self.record_key(event)
            self.close(chosen.kind)
        elif self.key_passes(event):
            self.close(chosen.kind)

    @on(ActionBar.Chosen)
    def _chosen(self, message: ActionBar.Chosen) -> None:
        message.stop()
        self.close(message.action.kind)

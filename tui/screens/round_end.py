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
from textual.widgets import Static

from tui.engine.core import Action
from tui.session.keygate import DECISION
from tui.table.cover import Cover
from tui.table.gate import TableGate
from tui.table.kit import RoundSummary
from tui.widgets.action_bar import ActionBar, key_label
from tui.widgets.textfit import fit, printable

LOOK = Action("table", "Look at the table", "escape")
REMATCH = Action("rematch", "Rematch", "r")
TITLE = Action("title", "Back to title", "t")


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
    ) -> None:
        super().__init__(gate, classes="round-end -final" if summary.final else "round-end")
        self.summary = summary
        self.choices = choices
        self.ascii_only = ascii_only

    def help_keys(self) -> list[tuple[str, str]]:
        return [(key_label(action.key), action.label) for action in self.choices]

    def box_width(self, screen_width: int) -> int:
        return min(64, screen_width * 95 // 100)

    def box_max_height(self, screen_height: int) -> int:
        return max(1, screen_height * 95 // 100)

    def compose(self) -> ComposeResult:
        yield Static(Text(printable(self.summary.title), style="bold"), id="round-end-title")
        yield Static(
            Text("\n".join(printable(line) for line in self.summary.lines)),
            id="round-end-lines",
        )
        if self.summary.standings:
            yield Static(standings_text(self.summary, self.ascii_only), id="round-end-standings")
        bar = ActionBar(id="round-end-actions")
        bar.show_actions(self.choices)
        yield bar

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

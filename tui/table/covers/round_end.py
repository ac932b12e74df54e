"""The end of a round or of the game, drawn over the table: who won, what the pot held,
the match standings, the showdown's cards.

Its choices are ``Action``s the table presenter gives (``tui.session.table_model.
RoundEnd``): the controller's (Aces' "Next round", Chase's "Deal") and the table's own
("Rematch", "Back to title", "Look at the table"). The presenter takes their keys; a
click on one posts ``RoundEndBox.Chosen``. It knows no game.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message

from tui.cells import fit, printable
from tui.session.table_model import RoundEnd, RoundSummary
from tui.table.covers.box import BoxText, CoverBox
from tui.widgets.action_bar import ActionBar

GOES_ON = "The game goes on by itself in a moment."
PAGE_KEYS = {"pageup": -1, "pagedown": 1}
"""The keys that scroll a round's end too tall for the screen, and their direction."""


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


class RoundEndBox(CoverBox):
    """A round's end over the table (see the module)."""

    class Chosen(Message):
        """A choice was clicked (its ``kind``)."""

        def __init__(self, kind: str) -> None:
            super().__init__()
            self.kind = kind

    def box_width(self, screen_width: int) -> int:
        return min(64, screen_width * 95 // 100)

    def box_max_height(self, screen_height: int) -> int:
        return max(1, screen_height * 95 // 100)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="round-end-body", can_focus=False):
            yield BoxText(id="round-end-title")
            yield BoxText(id="round-end-showdown")
            yield BoxText(id="round-end-lines")
            yield BoxText(id="round-end-standings")
            yield BoxText(id="round-end-goes-on")
        yield ActionBar(id="round-end-actions")

    def place(self, screen: Size, middle: Region | None) -> None:
        """As every box, with the body (all but the keys) held to what the screen has
        left: a body taller than that (five standings at 60x20) scrolls, a scroll bar
        says so, and the keys stay in sight."""
        width = min(screen.width, self.box_width(screen.width))
        inner = max(1, width - self.styles.gutter.width)
        actions = self.query_one(ActionBar)
        keys = actions.get_content_height(screen, screen, inner) + actions.styles.gutter.height
        keys += actions.styles.margin.height
        room = self.box_max_height(screen.height) - self.styles.gutter.height - keys
        self.query_one("#round-end-body").styles.max_height = max(1, room)
        super().place(screen, middle)

    def scroll_key(self, key: str) -> bool:
        """PgUp/PgDn scroll a body too tall for the screen; True if they did."""
        body = self.query_one("#round-end-body", VerticalScroll)
        if key not in PAGE_KEYS or not self.has_class("-shown") or not body.max_scroll_y:
            return False
        page = max(1, body.scrollable_content_region.height - 1)
        body.scroll_relative(y=PAGE_KEYS[key] * page, animate=False)
        return True

    def fill(self, cover: RoundEnd, ascii_only: bool) -> None:
        summary = cover.summary
        self.set_class(summary.final, "-final")
        self._text("#round-end-title", Text(printable(summary.title), style="bold"))
        showdown = showdown_text(summary, ascii_only) if summary.showdown else None
        self._text("#round-end-showdown", showdown)
        lines = Text("\n".join(printable(line) for line in summary.lines))
        self._text("#round-end-lines", lines)
        standings = standings_text(summary, ascii_only) if summary.standings else None
        self._text("#round-end-standings", standings)
        self._text("#round-end-goes-on", Text(GOES_ON) if cover.goes_on else None)
        self.query_one(ActionBar).show_actions(cover.choices)

    def _text(self, selector: str, text: Text | None) -> None:
        """Fill one part of the box, or leave it out (``None``)."""
        part = self.query_one(selector, BoxText)
        part.display = text is not None
        part.update(text if text is not None else "")

    @on(ActionBar.Chosen)
    def _chosen(self, message: ActionBar.Chosen) -> None:
        message.stop()
        self.post_message(self.Chosen(message.action.kind))

"""Curtains between people sharing one keyboard (ruling C10), drawn over the table.

``PassCurtainBox`` comes before a person's turn when two or more people play: it shows
only public information (the table behind it is public at that moment, and its lines are
built from the public view) and asks the next player to take the keyboard: "Pass to
Ben: press Enter when only Ben is looking". ``PrivateCardBox`` comes after a person's
swap: the card they got back, shown to them alone over a table that is already public
again, until they cover it with Enter.

Both are privacy gates: the table presenter lifts them only with an Enter that arrived a
moment after the curtain was drawn and after a moment without keys
(``tui.session.keygate``), so a double press, a held key or a burst of keys typed ahead
never does. The app's keys (rules, keys, quit) still work over them, and Escape asks to
leave the table, as it would on the table.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tui.cells import fit, printable
from tui.session.table_model import PassCurtain, PrivateCard
from tui.table.covers.box import BoxText, CoverBox
from tui.widgets.card import CardView
from tui.widgets.key_hints import key_hints

NAME_WIDTH = 24

GATE_NOTE = "Keys held or pressed before this appeared do not {verb} it."
"""The curtain's one line on the key gate (why a hurried Enter did nothing)."""


class PassCurtainBox(CoverBox):
    """Before a person's turn: public information and "Pass to <name>"."""

    over_centre = True

    def compose(self) -> ComposeResult:
        """One text, in one widget: the box comes before every person's turn."""
        yield BoxText(id="curtain-text")

    def fill(self, cover: PassCurtain, ascii_only: bool) -> None:
        who = fit(cover.name, NAME_WIDTH, ascii_only)
        self.border_title = "Pass the keyboard"
        self.query_one("#curtain-text", BoxText).update(
            Text("\n").join(
                [
                    Text(f"Pass to {who}: press Enter when only {who} is looking.", style="bold"),
                    Text("\n".join(printable(line) for line in cover.lines)),
                    key_hints(("Enter", f"I am {who}"), ("Esc", "Leave table")),
                    Text(GATE_NOTE.format(verb="open"), style="dim"),
                ]
            )
        )


class PrivateCardBox(CoverBox):
    """After a person's swap: their new card, for their eyes only, until Enter."""

    def compose(self) -> ComposeResult:
        yield BoxText(id="curtain-title")
        yield CardView(tall=True, id="curtain-card")
        yield BoxText(id="curtain-keys")
        yield BoxText(id="curtain-gate")

    def fill(self, cover: PrivateCard, ascii_only: bool) -> None:
        who = fit(cover.name, NAME_WIDTH, ascii_only)
        self.query_one("#curtain-title", BoxText).update(Text(f"{who}, only for you", style="bold"))
        card = self.query_one(CardView)
        card.ascii_only = ascii_only
        card.show(cover.card, "own", ["Your card now:", *(printable(s) for s in cover.lines)])
        self.query_one("#curtain-keys", BoxText).update(
            key_hints(("Enter", "Cover your card and pass on"))
        )
        self.query_one("#curtain-gate", BoxText).update(
            Text(GATE_NOTE.format(verb="cover"), style="dim")
        )

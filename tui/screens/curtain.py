"""Curtains between people sharing one keyboard (ruling C10).

``PassCurtain`` comes before a person's turn when two or more people play: it shows
only public information (the table behind it is public at that moment, and its own
lines are built from the public view) and asks the next player to take the keyboard:
"Pass to Ben: press Enter when only Ben is looking". Enter closes it with Ben's
seat, which the table takes as its viewer; nothing else does.

``PrivateResult`` comes after a person's swap: the card they got back, shown to them
alone over a table that is already public again, until they cover it with Enter.

Both are boxes drawn over the table inside the table screen (``tui.table.cover.Cover``:
a modal screen would repaint the whole terminal twice, too much over a slow link), and
both are modal all the same: the app's keys (rules, keys, quit) still work, but nothing
reaches the table's moves, so no key can act for a player who has not taken the
keyboard. Escape on the pass curtain asks to leave the table, as it would on the table.

Both are privacy gates (``tui.session.keygate``, rule ``CURTAIN``): Enter lifts them
only if it arrived a moment after the curtain was drawn and after a moment without
keys, so a double press, a held key or a burst of keys typed ahead never does. Keys
that do not pass are dropped. Every key they see is fed to the table's clock
(``tui.table.gate.TableGate``), so the quiet interval spans the table and its curtains.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.events import Key

from tui.table.cover import BoxText, Cover
from tui.table.gate import DrawnGate, TableGate
from tui.widgets.card import CardView
from tui.widgets.key_hints import key_hints
from tui.widgets.textfit import fit, printable

NAME_WIDTH = 24


GATE_NOTE = "Keys held or pressed before this appeared do not {verb} it."
"""The curtain's one line on the key gate (why a hurried Enter did nothing)."""


def lifted_by(cover: DrawnGate, event: Key) -> bool:
    """Feed ``event`` to the table's clock; True if it is an Enter that lifts the
    curtain. Any other Enter is dropped here, so it never reaches the table below."""
    if event.key != "enter":
        cover.record_key(event)
        return False
    event.stop()
    event.prevent_default()
    return cover.key_passes(event)


class PassCurtain(Cover):
    """Before a person's turn: public information and "Pass to <name>"; closes with
    the seat of the person who took the keyboard."""

    KEYS = (("enter", "The player named takes the keyboard"),)  # Escape: the table's own
    table_keys = frozenset({"escape"})
    over_centre = True

    def __init__(
        self,
        seat: int,
        name: str,
        lines: Sequence[str],
        ascii_only: bool = False,
        gate: TableGate | None = None,
    ) -> None:
        super().__init__(gate or TableGate(), classes="curtain")
        self.seat = seat
        self.player = fit(name, NAME_WIDTH, ascii_only)
        self.lines = tuple(printable(line) for line in lines)
        self.border_title = "Pass the keyboard"

    def compose(self) -> ComposeResult:
        """One text, in one widget: the box comes before every person's turn, and each
        widget more is built, styled and mounted again each time."""
        who = self.player
        yield BoxText(
            Text("\n").join(
                [
                    Text(f"Pass to {who}: press Enter when only {who} is looking.", style="bold"),
                    Text("\n".join(self.lines)),
                    key_hints(("Enter", f"I am {who}"), ("Esc", "Leave table")),
                    Text(GATE_NOTE.format(verb="open"), style="dim"),
                ]
            ),
            id="curtain-text",
        )

    def take_key(self, event: Key) -> None:
        if lifted_by(self, event):
            self.close(self.seat)


class PrivateResult(Cover):
    """After a person's swap: their new card, for their eyes only, until Enter."""

    KEYS = (("enter", "Cover your card and pass on"),)  # Escape: the table's own
    table_keys = frozenset({"escape"})
    """As on the pass curtain: the footer offers "esc Leave table" here too."""

    def __init__(
        self,
        seat: int,
        name: str,
        card: str,
        lines: Sequence[str],
        ascii_only: bool = False,
        gate: TableGate | None = None,
    ) -> None:
        super().__init__(gate or TableGate(), classes="curtain -private")
        self.seat = seat
        self.player = fit(name, NAME_WIDTH, ascii_only)
        self.card = card
        self.lines = tuple(printable(line) for line in lines)
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        yield BoxText(Text(f"{self.player}, only for you", style="bold"), id="curtain-title")
        view = CardView(ascii_only=self.ascii_only, tall=True, id="curtain-card")
        view.show(self.card, "own", ["Your card now:", *self.lines])
        yield view
        yield BoxText(key_hints(("Enter", "Cover your card and pass on")), id="curtain-keys")
        yield BoxText(Text(GATE_NOTE.format(verb="cover"), style="dim"), id="curtain-gate")

    def take_key(self, event: Key) -> None:
        if lifted_by(self, event):
            self.close(None)

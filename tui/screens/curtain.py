"""Curtains between people sharing one keyboard (ruling C10).

``PassCurtain`` comes before a person's turn when two or more people play: it shows
only public information (the table behind it is public at that moment, and its own
lines are built from the public view) and asks the next player to take the keyboard:
"Pass to Ben: press Enter when only Ben is looking". Enter dismisses it with Ben's
seat, which the table takes as its viewer; nothing else does.

``PrivateResult`` comes after a person's swap: the card they got back, shown to them
alone over a table that is already public again, until they cover it with Enter.

Both are modal: the app's keys (rules, keys, quit) still work, but nothing reaches the
table underneath, so no key can act for a player who has not taken the keyboard.
Escape on the pass curtain asks to leave the table, as it would on the table.

Both are privacy gates (``tui.session.keygate``, rule ``CURTAIN``): Enter lifts them
only if it arrived a moment after the curtain was drawn and after a moment without
keys, so a double press, a held key or a burst of keys typed ahead never does. Keys
that do not pass are dropped. Every key they see is fed to the table's clock
(``tui.table.gate.TableGate``), so the quiet interval spans the table and its curtains.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.table.gate import DrawnGate, TableGate
from tui.widgets.card import CardView
from tui.widgets.key_hints import key_hints
from tui.widgets.textfit import fit, printable

NAME_WIDTH = 24

HELP_BINDINGS: list[BindingType] = [
    Binding("question_mark", "app.show_rules", "Rules", key_display="?"),
    Binding("f1", "app.show_rules", "Rules", show=False),
    Binding("f2", "app.show_help", "Keys"),
]
"""A modal screen stops the app's own keys: these bring back rules and keys."""

GATE_NOTE = "Keys held or pressed before this appeared do not {verb} it."
"""The curtain's one line on the key gate (why a hurried Enter did nothing)."""


class TableCover:
    """What the app asks of the screen on top of a table: the rules of the game at
    the table (``?``), and the keys of this screen (F2)."""

    def rules_context(self) -> tuple[str | None, frozenset[str]]:
        """The table's game and variants; with no table below, no game in particular
        (the rules screen opens at its first game)."""
        table = _table_below(self)
        context = getattr(table, "rules_context", None)
        return context() if callable(context) else (None, frozenset())

    def help_keys(self) -> list[tuple[str, str]]:
        return list(getattr(self, "KEYS", []))


def lifted_by(screen: DrawnGate, event: Key) -> bool:
    """Feed ``event`` to the table's clock; True if it is an Enter that lifts the
    curtain. Any other Enter is dropped here, so it never reaches the table below."""
    if event.key != "enter":
        screen.record_key(event)
        return False
    event.stop()
    event.prevent_default()
    return screen.key_passes(event)


class PassCurtain(DrawnGate, TableCover, ModalScreen[int | None]):
    """Before a person's turn: public information and "Pass to <name>"."""

    KEYS = (("enter", "The player named takes the keyboard"), ("escape", "Leave the table"))

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave table"),
        *HELP_BINDINGS,
    ]

    def __init__(
        self,
        seat: int,
        name: str,
        lines: Sequence[str],
        ascii_only: bool = False,
        gate: TableGate | None = None,
    ) -> None:
        super().__init__(classes="curtain")
        self.gate = gate or TableGate()
        self.seat = seat
        self.player = fit(name, NAME_WIDTH, ascii_only)
        self.lines = tuple(printable(line) for line in lines)

    def compose(self) -> ComposeResult:
        who = self.player
        with Vertical(id="curtain-box") as box:
            box.border_title = "Pass the keyboard"
            yield Static(
                Text(f"Pass to {who}: press Enter when only {who} is looking.", style="bold"),
                id="curtain-ask",
            )
            yield Static(Text("\n".join(self.lines)), id="curtain-public")
            yield Static(
                key_hints(("Enter", f"I am {who}"), ("Esc", "Leave table")), id="curtain-keys"
            )
            yield Static(Text(GATE_NOTE.format(verb="open"), style="dim"), id="curtain-gate")

    def on_mount(self) -> None:
        self.call_after_refresh(self._place)

    def on_resize(self) -> None:
        self.call_after_refresh(self._place)

    def _place(self) -> None:
        """Sit over the middle of the table (pot, card, info), leaving the players'
        panels and the newest lines of the log in sight; centred when that is unknown."""
        boxes = self.query("#curtain-box")
        if not boxes:
            return  # closed before it was drawn (Enter typed ahead)
        box = boxes.first()
        table = _table_below(self)
        middle = None
        if table is not None:
            try:
                middle = table.query_one("#centre").region
            except Exception:
                middle = None
        height = box.outer_size.height
        if middle is None or not middle.height or not height:
            self.styles.align_vertical = "middle"
            box.styles.margin = (0, 0, 0, 0)
            return
        top = max(0, min(self.size.height - height, middle.y + (middle.height - height) // 2))
        self.styles.align_vertical = "top"
        box.styles.margin = (top, 0, 0, 0)

    def on_key(self, event: Key) -> None:
        if lifted_by(self, event):
            self.dismiss(self.seat)

    def action_leave(self) -> None:
        table = _table_below(self)
        if table is not None:
            table.action_leave()


class PrivateResult(DrawnGate, TableCover, ModalScreen[None]):
    """After a person's swap: their new card, for their eyes only, until Enter."""

    KEYS = (("enter", "Cover your card and pass on"),)
    BINDINGS: ClassVar[list[BindingType]] = HELP_BINDINGS

    def __init__(
        self,
        seat: int,
        name: str,
        card: str,
        lines: Sequence[str],
        ascii_only: bool = False,
        gate: TableGate | None = None,
    ) -> None:
        super().__init__(classes="curtain -private")
        self.gate = gate or TableGate()
        self.seat = seat
        self.player = fit(name, NAME_WIDTH, ascii_only)
        self.card = card
        self.lines = tuple(printable(line) for line in lines)
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(Text(f"{self.player}, only for you", style="bold"), id="curtain-title")
            view = CardView(ascii_only=self.ascii_only, tall=True, id="curtain-card")
            view.show(self.card, "own", ["Your card now:", *self.lines])
            yield view
            yield Static(key_hints(("Enter", "Cover your card and pass on")), id="curtain-keys")
            yield Static(Text(GATE_NOTE.format(verb="cover"), style="dim"), id="curtain-gate")

    def on_key(self, event: Key) -> None:
        if lifted_by(self, event):
            self.dismiss(None)


def _table_below(screen: Any) -> Any:
    """The nearest screen under ``screen`` that can leave the table."""
    stack = list(screen.app.screen_stack)
    for below in reversed(stack[: stack.index(screen)] if screen in stack else stack):
        if callable(getattr(below, "action_leave", None)):
            return below
    return None

"""The dealer's cut (ruling C6), drawn over the table: pick how deep to cut, then Enter.

The stock is drawn from the side, the lifted part filled, with the depth marked; the
card at that depth from the top (the bottom card of the lifted part) is the one the
dealer will be offered. The chooser starts in the middle. Keys: arrows one card,
PgUp/PgDn five, Home/End the ends, digits type a depth (``typed_depth``: a digit that
would pass the bottom starts a new number), R a random depth, Enter cuts, Escape goes
back to the table without cutting. The digits typed have a line of their own, kept
empty of them until then, so typing never moves the stock on the screen.

The random depth comes from the screen's own ``random.Random``, never from the game's
random source, so choosing it cannot change the decks of later rounds (a saved game
replays the same shuffles whatever was cut). The stock is shuffled, so every depth is as
good as any other: the choice is the dealer's ritual, not an advantage.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.events import Key
from textual.message import Message
from textual.widget import Widget

from tui.cells import fit
from tui.session.table_model import NumberChoice
from tui.table.covers.box import BoxText, CoverBox
from tui.widgets.key_hints import key_hints

STEP_KEYS = {"left": -1, "down": -1, "right": 1, "up": 1, "pageup": -5, "pagedown": 5}


def typed_depth(typed: str, key: str, high: int) -> str:
    """The digits typed so far after one more digit ``key``: the digit ends the number
    when the number stays at most ``high``; a digit that would pass ``high`` starts a
    new number; a 0 that can do neither (no depth 0) is ignored. So with 49 cards,
    7 9 9 0 reads 7, 9, 9 and stays at 9; 4 2 reads 42, then 7 starts again at 7."""
    longer = (typed + key).lstrip("0")
    if longer and int(longer) <= high:
        return longer
    return key if key != "0" and int(key) <= high else typed


class StockBar(Widget):
    """The stock seen from the side, its ends labelled with the depths they stand for
    (``top 1 ███░░░ 49 bottom``, on the bar's own line so the labels cannot drift from
    its ends), and the chosen depth marked under the last card lifted."""

    DEFAULT_CSS = """
    StockBar {
        height: 2;
    }
    """

    def __init__(self, low: int, high: int, depth: int, ascii_only: bool = False) -> None:
        super().__init__(id="cut-stock")
        self.low, self.high, self.depth = low, high, depth
        self.ascii_only = ascii_only

    def set_depth(self, depth: int) -> None:
        self.depth = depth
        self.refresh()

    def render(self) -> Text:
        head, tail = f"top {self.low} ", f" {self.high} bottom"
        width = max(len(head) + len(tail) + 4, self.content_region.width or self.size.width)
        cards = max(1, self.high)
        room = width - len(head) - len(tail)
        lifted_cells = min(room, max(1, round(room * self.depth / cards)))
        fill, rest, mark = ("=", "-", "^") if self.ascii_only else ("\u2588", "\u2591", "\u25b2")
        bar = Text(head)
        bar.append(fill * lifted_cells, style="bold")
        bar.append(rest * (room - lifted_cells), style="dim")
        bar.append(tail)
        pointer = Text(" " * (len(head) + lifted_cells - 1))
        pointer.append(f"{mark} {self.depth}", style="bold")
        return Text("\n").join([bar, pointer])


class CutChooser(CoverBox):
    """The cut over the table: posts ``Answered`` with the chosen depth, or ``None`` to
    go back without cutting. Not a gate: the cut decides nothing hidden, every key acts
    at once."""

    KEYS = (
        ("left/right", "One card shallower or deeper"),
        ("pageup/pagedown", "Five cards"),
        ("home/end", "The top or the bottom of the stock"),
        ("0-9", "Type a depth: a digit past the bottom starts a new number"),
        ("r", "A random depth"),
        ("enter", "Cut here"),
        ("escape", "Back to the table without cutting"),
    )

    class Answered(Message):
        """The dealer cut at ``depth``, or went back (``None``)."""

        def __init__(self, depth: int | None) -> None:
            super().__init__()
            self.depth = depth

    def __init__(self, *, id: str | None = None, rng: random.Random | None = None) -> None:
        super().__init__(id=id)
        self.low, self.high = 1, 1
        self.depth = 1
        self.ascii_only = False
        self.rng = rng if rng is not None else random.Random()
        self.typed = ""
        self.asking = False
        """True from ``ask`` until the dealer answered (a key more does nothing)."""

    def box_width(self, screen_width: int) -> int:
        return 76

    def compose(self) -> ComposeResult:
        yield BoxText(id="cut-title")
        yield BoxText(id="cut-sentence")
        yield BoxText(id="cut-typed")
        yield StockBar(self.low, self.high, self.depth, self.ascii_only)
        yield BoxText(id="cut-note")
        yield BoxText(id="cut-keys")

    def ask(self, choice: NumberChoice, ascii_only: bool) -> None:
        """A new cut: the stock's depths, the chooser in the middle."""
        self.low, self.high = choice.arg_range
        self.depth = (self.low + self.high) // 2
        self.ascii_only = ascii_only
        self.typed = ""
        self.asking = True
        dealer = fit(choice.chooser, 24, ascii_only)
        self.query_one("#cut-title", BoxText).update(Text(f"{dealer} cuts the deck", style="bold"))
        note = self.query_one("#cut-note", BoxText)
        note.display = bool(choice.note)
        note.update(Text(choice.note, style="italic"))
        self.query_one("#cut-keys", BoxText).update(self._help())
        stock = self.query_one(StockBar)
        stock.low, stock.high, stock.ascii_only = self.low, self.high, ascii_only
        self.set_depth(self.depth)

    def _sentence(self) -> Text:
        text = Text("Take the card at depth ")
        text.append(str(self.depth), style="bold")
        text.append(f" of {self.high} (counted from the top of the stock).")
        return text

    def _typed_line(self) -> Text:
        """The digits typed, on a line of its own kept for them, so typing never moves
        the stock; the rule for a digit too many is told on it."""
        rule = f"a digit past {self.high} starts a new number"
        if not self.typed:
            return Text(f"Type a depth: {rule}.", style="dim")
        return Text.assemble(("Typed: ", "italic"), (self.typed, "bold"), (f"  ({rule})", "dim"))

    def _help(self) -> Text:
        arrows = "<- ->" if self.ascii_only else "\u2190 \u2192"
        rows = [
            [(arrows, "one card"), ("PgUp PgDn", "five"), ("Home End", "the ends")],
            [("0-9", "type a depth"), ("R", "random"), ("Enter", "cut here"), ("Esc", "back")],
        ]
        return Text("\n").join(key_hints(*row) for row in rows)

    def set_depth(self, depth: int) -> None:
        self.depth = min(self.high, max(self.low, depth))
        self.query_one(StockBar).set_depth(self.depth)
        self.query_one("#cut-sentence", BoxText).update(self._sentence())
        self.query_one("#cut-typed", BoxText).update(self._typed_line())

    def take_key(self, event: Key) -> bool:
        """The dealer's key; True if the chooser used it."""
        key = event.key
        if not self.asking:
            return False
        if key in STEP_KEYS:
            self.typed = ""
            self.set_depth(self.depth + STEP_KEYS[key])
        elif key == "home":
            self.typed = ""
            self.set_depth(self.low)
        elif key == "end":
            self.typed = ""
            self.set_depth(self.high)
        elif key in "0123456789" and len(key) == 1:
            self.typed = typed_depth(self.typed, key, self.high)
            self.set_depth(int(self.typed) if self.typed else self.depth)
        elif key == "backspace":
            self.typed = self.typed[:-1]
            self.set_depth(int(self.typed) if self.typed else self.depth)
        elif key == "r":
            self.typed = ""
            self.set_depth(self.rng.randint(self.low, self.high))
        elif key in ("enter", "c", "space"):
            self._answer(self.depth)
        elif key == "escape":
            self._answer(None)
        else:
            return False
        return True

    def _answer(self, depth: int | None) -> None:
        self.asking = False
        self.post_message(self.Answered(depth))

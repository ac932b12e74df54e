"""One player's place at the table: name, counters, person or computer, and state.

Both tables use it: Aces counts chips, Chase counts lives; the table kit says which
symbol and word to use (``PanelModel``). Every state is shown by a symbol and a word as
well as by colour (the CSS classes ``-turn``, ``-out``, ``-winner``, ``-zero``), so the
table reads on a 16-colour terminal, with ``NO_COLOR`` and for colour-blind players.

The panel adapts to the height the layout gives it: one line (a compact row for big
tables), two lines, or three and more (a ``detail`` line for game-specific content such
as a card).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from tui.cells import fit, printable
from tui.narrate.words import percent
from tui.widgets.lines import LineWidget
from tui.widgets.textfit import crop

FLAG_MARKS: dict[str, tuple[str, str, str]] = {
    "winner": ("\u2605", "*", "winner"),
    "turn": ("\u25b6", ">", "to play"),
    "final-roll": ("\u25ce", "@", "final roll"),
    "broke": ("\u2717", "x", "out of the match"),
    "out": ("\u2717", "x", "out"),
    "loser": ("\u25bc", "v", "loses"),
    "zero": ("\u25cb", "o", "at zero"),
    "leader": ("\u25b2", "^", "leader"),
    "dealer": ("\u25c6", "D", "dealer"),
}
"""Flag -> (symbol, ASCII symbol, word), in the order they are listed on a panel."""

FLAG_STYLES: dict[str, str] = {
    "winner": "bold",
    "turn": "bold",
    "out": "dim",
    "broke": "dim",
    "loser": "bold",
    "zero": "italic",
}


@dataclass(frozen=True)
class PanelModel:
    """What a panel shows; built by the table kit from a ``SeatView`` and a ``Seat``."""

    seat: int
    name: str
    counters: int
    flags: frozenset[str] = frozenset()
    bot: str | None = None
    counter_word: str = "chip"
    counter_plural: str = "chips"
    symbol: str = "\u25cf"
    ascii_symbol: str = "o"
    detail: Text | None = None
    ascii_only: bool = False
    line: Text | None = None
    """A game's own one-line form of the seat, used when the panel is one line high."""
    odds: float | None = None
    """The seat's chance to win the round, when the table shows odds."""
    computer_names: int = 0
    """The widest computer's name at the table, in cells: every computer seat says
    "computer" beside its name, or every one says it under, as the widest fits."""

    @property
    def counter_text(self) -> str:
        word = self.counter_word if self.counters == 1 else self.counter_plural
        chance = "" if self.odds is None else f", {percent(self.odds)}"
        return f"{self.counters} {word}{chance}"


def odds_bar(chance: float, width: int, ascii_only: bool) -> str:
    """A bar of ``width`` cells, filled in eighths (ASCII: whole cells of '#')."""
    if ascii_only:
        full = round(chance * width)
        return "#" * full + "." * (width - full)
    eighths = round(chance * width * 8)
    full, part = divmod(eighths, 8)
    bar = "\u2588" * full + (" \u258f\u258e\u258d\u258c\u258b\u258a\u2589"[part] if part else "")
    return bar + "\u2591" * (width - len(bar))


IMPLIED: dict[str, str] = {"final-roll": "zero", "broke": "out"}
"""A flag that says more than another one hides it: "final roll" means at zero."""


def status_marks(flags: frozenset[str], ascii_only: bool) -> list[tuple[str, str, str]]:
    """(flag, symbol, word) for each flag that has a mark, in display order."""
    hidden = {IMPLIED[flag] for flag in flags if flag in IMPLIED}
    return [
        (flag, mark[1] if ascii_only else mark[0], mark[2])
        for flag, mark in FLAG_MARKS.items()
        if flag in flags and flag not in hidden
    ]


class PlayerPanel(LineWidget):
    """A seat's panel. ``show(model)`` repaints only the lines that changed.

    Whose turn it is shows on the name line (a triangle and a highlighted bar), not by a
    border change, so a new turn repaints two lines rather than two whole panels."""

    def __init__(self, seat: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seat = seat
        self.model: PanelModel | None = None

    def show(self, model: PanelModel) -> None:
        if model == self.model:
            return
        self.model = model
        for flag in ("turn", "out", "broke", "winner", "zero", "loser", "final-roll"):
            self.set_class(flag in model.flags, f"-{flag}")
        self.set_class(model.bot is not None, "-bot")
        self.redraw()

    def content_lines(self, width: int, height: int) -> list[Text]:
        model = self.model
        if model is None:
            return [Text("")]
        if height == 1:
            return [self._one_line(model, width)]
        below = height >= 3 and self._kind_below(model, width)
        lines = [self._name_line(model, width, below), self._counter_line(model, width)]
        status_room = width if height >= 3 else width - len(model.counter_text) - 2
        status = self._status_text(model, status_room)
        if below:
            status = self._with_kind(status, width)
        if height >= 3:
            lines.append(crop(status, width))
        elif status.plain:
            lines[1] = self._counters_with_status(model, width, status)
        if height >= 4 and model.detail is not None:
            lines.append(crop(model.detail, width))
        return lines[:height]

    def _kind_below(self, model: PanelModel, width: int) -> bool:
        """Whether "computer" goes under the name, on the status line: the name is what
        the log and the prompts say, so it goes whole first. Where the widest
        computer's name at the table would be cut beside "computer", every computer
        seat says it on its status line ("Barbara" whole, not "Ba\u2026ra computer")."""
        if model.bot is None:
            return False
        widest = max(model.computer_names, cell_len(printable(model.name)))
        return 2 + widest + 1 + len("computer") > width

    def _with_kind(self, status: Text, width: int) -> Text:
        """The status words, then "computer" at the right end when both fit."""
        line = status.copy()
        gap = width - line.cell_len - len("computer")
        if line.plain and gap < 1:
            return line  # the state words first: the log says who is a computer too
        line.append(" " * gap)  # at the right, under where it stands on a wide panel
        line.append("computer", style="dim")
        return line

    def _kind(self, model: PanelModel, width: int, below: bool) -> str:
        """ "person" or "computer" after the name, unless it went below; none where it
        would leave the name less than four cells. A person's name that would be cut
        beside "person" goes whole without it ("Player 1", not "Pla… 1 person"):
        every computer seat says "computer", so a seat that says nothing is a person's."""
        if below:
            return ""
        kind = "person" if model.bot is None else "computer"
        room = width - 2 - len(kind) - 1
        if model.bot is None and cell_len(printable(model.name)) > room:
            return ""
        return kind if room >= 4 else ""

    def _name_line(self, model: PanelModel, width: int, below: bool = False) -> Text:
        turn = "turn" in model.flags
        marker = (">" if model.ascii_only else "\u25b6") if turn else " "
        kind = self._kind(model, width, below)
        room = width - 2 - (len(kind) + 1 if kind else 0)
        name = fit(model.name, room, model.ascii_only)
        line = Text()
        line.append(marker + " ", style="bold" if turn else "")
        line.append(name, style="bold")
        gap = width - cell_len(line.plain) - len(kind)
        if kind:
            line.append(" " * max(1, gap))
            line.append(kind, style="" if turn else "dim")
        if turn:
            line.stylize("reverse")
        return line

    def _counters_with_status(self, model: PanelModel, width: int, status: Text) -> Text:
        """Counters and status on one line: the symbols close up, then go, before the
        status words are cut."""
        room = width - status.cell_len - 2
        symbol = model.ascii_symbol if model.ascii_only else model.symbol
        for gap in (" ", ""):
            symbols = gap.join(symbol * model.counters)
            line = Text()
            line.append(f"{symbols} " if symbols else "", style="bold")
            line.append(model.counter_text)
            if line.cell_len <= room:
                return _join_fit(line, status, width)
        return _join_fit(Text(model.counter_text), status, width)

    def _counter_line(self, model: PanelModel, width: int) -> Text:
        symbol = model.ascii_symbol if model.ascii_only else model.symbol
        words = model.counter_text
        room = (width - len(words) - 1) // 2
        count = model.counters
        if count <= room:
            symbols = " ".join(symbol * count)
        elif room >= 2:
            symbols = " ".join(symbol * (room - 1)) + " +"
        else:  # no room for a symbol before its "+": the words say the count alone
            symbols = ""
        line = Text()
        if symbols:
            line.append(symbols + " ", style="bold")
        line.append(words)
        return crop(line, width)

    def _status_text(self, model: PanelModel, width: int = 0) -> Text:
        """The state words ("to play", "at zero"...), each after its symbol.

        When ``width`` is too narrow, "to play" goes first (the name line already has
        the turn symbol), then the gaps close up."""
        marks = status_marks(model.flags, model.ascii_only)
        if width and len(marks) > 1 and _marks_width(marks, 2) > width:
            marks = [mark for mark in marks if mark[0] != "turn"]
        gap = "  " if not width or _marks_width(marks, 2) <= width else " "
        text = Text()
        for flag, symbol, word in marks:
            if text.plain:
                text.append(gap)
            text.append(f"{symbol} {word}", style=FLAG_STYLES.get(flag, ""))
        return text

    def _one_line(self, model: PanelModel, width: int) -> Text:
        if model.line is not None:
            return crop(model.line, width)
        line = self._name_line(model, min(width, max(12, width // 3)))
        line.append("  ")
        line.append(self._counter_line(model, 24))
        status = self._status_text(model)
        if status.plain:
            line.append("  ")
            line.append(status)
        if model.detail is not None:
            line.append("  ")
            line.append(model.detail)
        return crop(line, width)


def _marks_width(marks: list[tuple[str, str, str]], gap: int) -> int:
    return sum(len(symbol) + 1 + len(word) for _, symbol, word in marks) + gap * (len(marks) - 1)


def _join_fit(left: Text, right: Text, width: int) -> Text:
    joined = left.copy()
    joined.append("  ")
    joined.append(right)
    return crop(joined, width)

"""A playing card drawn with box characters: face down, face up, a King up, announced.

Chase the Ace shows one card per player. A card is drawn as a small box with an
``A♠``-style label (suits are one cell wide and never followed by U+FE0F; the Unicode
playing-card block is never used: its glyphs are two cells wide in some terminals and
missing in others), or in ASCII (``+---+ |As | +---+``) when the settings ask for
ASCII glyphs or ``--ascii`` was given.

How a card is shown depends on who may see it (``SeatView.card_state``):

- ``""``: face down, nobody but its holder knows it (a back of ``▒``, ASCII ``#``);
- ``"own"``: the viewer's own card, face up for that viewer only;
- ``"king"``: a King put face up (heavy border, and the word "up" inline);
- ``"announced"``: a low card everyone saw handed over ("known");
- ``"showdown"``: every card turned up after the dealer's turn.

``inline`` gives a one-line form for seat panels and the log-sized places,
``card_box`` a 3- or 5-line box, and ``CardView`` a widget showing one box card with a
caption beside it (the middle of the table, the curtains).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from tui.cells import printable
from tui.engine.cards import rank_label
from tui.glyphs import card as card_label
from tui.widgets.textfit import crop

BACK = "\u2592"
ASCII_BACK = "#"

_BORDERS = {
    # (top-left, horizontal, top-right, vertical, bottom-left, bottom-right)
    "round": ("\u256d", "\u2500", "\u256e", "\u2502", "\u2570", "\u256f"),
    "heavy": ("\u250f", "\u2501", "\u2513", "\u2503", "\u2517", "\u251b"),
    "ascii": ("+", "-", "+", "|", "+", "+"),
    "ascii-heavy": ("+", "=", "+", "|", "+", "+"),
}


def is_red(code: str) -> bool:
    return code[1] in "DH"


def card_style(code: str | None, state: str, loser: bool = False) -> str:
    """Rich style of a card's label: red suits in red, a King up bold, a loser reversed."""
    if code is None:
        return "dim"
    style = "bold"
    if is_red(code):
        style += " red"
    if loser:
        style += " reverse"
    return style


def inline(code: str | None, state: str, ascii_only: bool = False, *, loser: bool = False) -> Text:
    """``[7♦]``, ``[K♠]``, or ``[▒▒]`` for a face-down card (``code`` None)."""
    text = Text()
    if code is None:
        back = (ASCII_BACK if ascii_only else BACK) * 2
        text.append(f"[{back}]", style="dim")
        return text
    text.append("[")
    text.append(card_label(code, ascii_only), style=card_style(code, state, loser))
    text.append("]")
    return text


def _border(state: str, ascii_only: bool) -> tuple[str, str, str, str, str, str]:
    heavy = state == "king"
    if ascii_only:
        return _BORDERS["ascii-heavy" if heavy else "ascii"]
    return _BORDERS["heavy" if heavy else "round"]


def card_box(
    code: str | None,
    state: str = "",
    ascii_only: bool = False,
    *,
    tall: bool = False,
    loser: bool = False,
) -> list[Text]:
    """The card as lines of a box: 5 cells by 3 lines, or 7 by 5 when ``tall``.

    A face-down card (``code`` None) is a filled back; a face-up one shows its rank and
    suit (``10♦``), and the tall form the rank in two corners and the suit in the middle.
    """
    tl, h, tr, v, bl, br = _border(state, ascii_only)
    inner = 5 if tall else 3
    rows = 3 if tall else 1
    frame = "dim" if code is None else ("bold" if state == "king" or loser else "")
    lines = [Text(tl + h * inner + tr, style=frame)]
    if code is None:
        back = (ASCII_BACK if ascii_only else BACK) * inner
        for _ in range(rows):
            lines.append(Text.assemble((v, frame), (back, "dim"), (v, frame)))
    else:
        style = card_style(code, state, loser)
        rank = rank_label(code)
        label = card_label(code, ascii_only)
        suit = label[len(rank) :]
        if tall and ascii_only:
            middle = [label.ljust(inner), " " * inner, label.rjust(inner)]
        elif tall:
            middle = [rank.ljust(inner), suit.center(inner), rank.rjust(inner)]
        else:
            middle = [label.ljust(inner)]
        for row in middle:
            lines.append(Text.assemble((v, frame), (row, style), (v, frame)))
    lines.append(Text(bl + h * inner + br, style=frame))
    return lines


class CardView(Widget):
    """One card as a box with caption lines beside it (or under it when narrow).

    ``show(code, state, caption)`` redraws only when something changed. The box is
    tall (7x5) when ``tall`` is True, or when it is None and the widget has five lines
    or more; otherwise small (5x3).
    """

    DEFAULT_CSS = """
    CardView {
        height: auto;
    }
    """

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        tall: bool | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.ascii_only = ascii_only
        self.tall = tall
        self.code: str | None = None
        self.state = ""
        self.loser = False
        self.caption: tuple[Text, ...] = ()
        self.with_card = False

    def show(
        self,
        code: str | None,
        state: str,
        caption: Sequence[Text | str] = (),
        *,
        loser: bool = False,
        card: bool = True,
    ) -> None:
        """Draw ``code`` (None: face down) in ``state``; ``card`` False: caption only."""
        lines = tuple(Text(printable(c)) if isinstance(c, str) else c for c in caption)
        new = (code, state, lines, loser, card)
        if new == (self.code, self.state, self.caption, self.loser, self.with_card):
            return
        before = self._lines_wanted()
        self.code, self.state, self.caption, self.loser, self.with_card = new
        # A new layout only when the number of lines changes: one repaint otherwise.
        self.refresh(layout=self._lines_wanted() != before)

    def _lines_wanted(self) -> int:
        box = 0 if not self.with_card else (5 if self.tall else 3)
        return max(1, box, len(self.caption))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._lines_wanted()

    def render(self) -> Text:
        width = max(1, self.content_region.width or self.size.width)
        height = max(1, self.content_region.height or self.size.height)
        return Text("\n").join(self.lines(width, height))

    def lines(self, width: int, height: int) -> list[Text]:
        """The picture as lines, fitted to ``width`` x ``height`` cells."""
        if not self.with_card:
            return [crop(line, width) for line in self.caption[:height]]
        tall = self.tall if self.tall is not None else height >= 5 and width >= 7
        box = card_box(self.code, self.state, self.ascii_only, tall=tall, loser=self.loser)
        box_width = box[0].cell_len
        room = width - box_width - 1
        if room >= 6:
            out: list[Text] = []
            for index in range(min(max(len(box), len(self.caption)), height)):
                line = Text()
                line.append_text(box[index] if index < len(box) else Text(" " * box_width))
                if index < len(self.caption):
                    line.append(" ")
                    line.append(crop(self.caption[index], room))
                out.append(line)
            return out
        stacked = [line.copy() for line in box] + list(self.caption)
        return [crop(line, width) for line in stacked[:height]]

"""The dice of the last roll, with a short, skippable tumbling animation.

Aces in the Pot's centre-of-table widget. Faces are U+2680..U+2685 (one cell wide,
never followed by U+FE0F) or ASCII ``[5]`` (settings.glyphs / ``--ascii``); when the
widget has room (a large terminal) each die is also drawn as a box of pips.

The animation is a handful of frames driven by one-shot timers (never an interval
timer, so nothing runs or writes to the terminal when the table is idle); it never
lasts more than 0.6 s and ``finish()`` jumps to the end. The frames are a fixed
tumble computed from the final faces, so no random source is touched.
"""

from __future__ import annotations

from rich.text import Text
from textual.timer import Timer

from tui.cells import fit, printable
from tui.glyphs import dice as dice_glyphs
from tui.widgets.animation import AnimationDone
from tui.widgets.lines import LineWidget
from tui.widgets.textfit import centred

MAX_ROLL_SECONDS = 0.6

_PIPS: dict[int, frozenset[tuple[int, int]]] = {
    1: frozenset({(1, 1)}),
    2: frozenset({(0, 2), (2, 0)}),
    3: frozenset({(0, 2), (1, 1), (2, 0)}),
    4: frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    5: frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
    6: frozenset({(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)}),
}
"""(row, column) of each pip on a 3x3 grid."""

BOX_WIDTH = 9
BOX_HEIGHT = 5


def die_box(value: int, ascii_only: bool = False) -> list[str]:
    """A die drawn as a 9x5 box of pips."""
    pip = "o" if ascii_only else "\u25cf"
    if ascii_only:
        top = bottom = "+" + "-" * 7 + "+"
        side = "|"
    else:
        top, bottom, side = (
            "\u250c" + "\u2500" * 7 + "\u2510",
            "\u2514" + "\u2500" * 7 + "\u2518",
            "\u2502",
        )
    rows = [top]
    for row in range(3):
        cells = [pip if (row, col) in _PIPS[value] else " " for col in range(3)]
        rows.append(side + " " + " ".join(cells) + " " + side)
    rows.append(bottom)
    return rows


def tumble(final: tuple[int, ...], frame: int) -> tuple[int, ...]:
    """The faces shown ``frame`` steps before the dice settle on ``final``."""
    return tuple(
        (value - 1 + frame * (index + 2) + frame // 2) % 6 + 1 for index, value in enumerate(final)
    )


class DiceView(LineWidget):
    """Shows ``dice`` with a caption ("Ann's roll"); animates a roll on request.

    Each frame of the animation repaints only the line of faces (or the pips)."""

    class Rolled(AnimationDone):
        """The roll animation ended (or was skipped): the table may reveal the result."""

    def __init__(
        self, *, ascii_only: bool = False, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.ascii_only = ascii_only
        self.dice: tuple[int, ...] = ()
        self.caption = ""
        self._frames_left = 0
        self._interval = 0.0
        self._final: tuple[int, ...] = ()
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        self.border_title = "Dice"

    @property
    def rolling(self) -> bool:
        return self._frames_left > 0

    def show(self, dice: tuple[int, ...], caption: str) -> None:
        """Show settled dice (ignored while a roll is being animated)."""
        if self.rolling or (dice, caption) == (self.dice, self.caption):
            return
        self.dice = tuple(dice)
        self._set_caption(caption)
        self.redraw()

    def roll(self, final: tuple[int, ...], caption: str, seconds: float, frames: int = 5) -> None:
        """Tumble for ``seconds`` (capped at 0.6) then settle on ``final`` and post
        ``Rolled``. With ``seconds`` <= 0 the dice settle at once (``Rolled`` is still posted)."""
        self._cancel()
        self._set_caption(caption)
        self._final = tuple(final)
        seconds = min(seconds, MAX_ROLL_SECONDS)
        if seconds <= 0 or not final:
            self._settle()
            return
        self._frames_left = max(1, frames)
        self._interval = seconds / self._frames_left
        self.dice = tumble(self._final, self._frames_left)
        self.redraw()
        self._timer = self.set_timer(self._interval, self._next_frame)

    def _set_caption(self, caption: str) -> None:
        self.caption = printable(caption)

    def finish(self) -> None:
        """Skip the rest of the animation."""
        if self.rolling:
            self._cancel()
            self._settle()

    def _next_frame(self) -> None:
        self._timer = None
        self._frames_left -= 1
        if self._frames_left <= 0:
            self._settle()
            return
        self.dice = tumble(self._final, self._frames_left)
        self.redraw()
        self._timer = self.set_timer(self._interval, self._next_frame)

    def _settle(self) -> None:
        self._frames_left = 0
        self.dice = self._final
        self.redraw()
        self.post_message(self.Rolled())

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._frames_left = 0

    def content_lines(self, width: int, height: int) -> list[Text]:
        style = "bold" if not self.rolling else "dim"
        caption = Text(fit(self.caption, width), style="bold")
        if not self.dice:
            body = [centred("no roll yet", width, "dim")]
        else:
            count = len(self.dice)
            boxes_width = count * BOX_WIDTH + (count - 1) * 2
            faces = centred(self._faces(), width, style)
            if height >= BOX_HEIGHT + 2 and width >= boxes_width:
                boxes = [die_box(value, self.ascii_only) for value in self.dice]
                rows = ["  ".join(box[row] for box in boxes) for row in range(BOX_HEIGHT)]
                body = [centred(row, width, style) for row in rows] + [faces]
            else:
                body = [faces]
        # The caption on top, the dice centred below it: they never move between rolls.
        pad = max(0, (height - 1 - len(body)) // 2)
        lines = [caption, *([Text("")] * pad), *body]
        return lines + [Text("")] * (height - len(lines))

    def _faces(self) -> str:
        glyphs = dice_glyphs(self.dice, self.ascii_only)
        if self.ascii_only or self.rolling:
            return glyphs if self.ascii_only else "   ".join(glyphs.split(" "))
        return "   ".join(
            f"{glyph} {value}" for glyph, value in zip(glyphs.split(" "), self.dice, strict=True)
        )

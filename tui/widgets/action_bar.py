"""The legal actions of this moment, each with its key, straight from the controller.

The bar never decides what is legal: it draws the ``Action`` list it is given (key and
label, so the one-chip ace+six choice reads "P Pot: Ann's last chip into the pot   S
Pass: Ben gets it") and posts ``ActionBar.Chosen`` when one is clicked. When nobody at
the keyboard should act (a computer player is thinking, dice are rolling) it shows a
status line instead, such as "Ben is thinking... any key to skip".
"""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.message import Message

from tui.cells import printable
from tui.engine.core import Action
from tui.widgets.lines import LineWidget

KEY_NAMES = {"enter": "Enter", "space": "Space", "escape": "Esc"}
MAX_ROWS = 3
"""The bar's most rows (``styles/table.tcss`` caps it there too), so the log keeps its room."""
OPTION_INDENT = 4
"""How far a wrapped label's later rows stand in: past a one-letter key's chip."""


def key_label(key: str) -> str:
    """How a key is written on the bar: ``R``, ``Enter``, ``1``."""
    return KEY_NAMES.get(key, key.upper() if len(key) == 1 else key)


class ActionBar(LineWidget):
    """``show_actions(actions)`` or ``show_status(text)``; clicks post ``Chosen``."""

    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.actions: tuple[Action, ...] = ()
        self.status = ""
        self.enter_alias = False
        self.prompt = ""
        self._rows = 0

    def show_actions(
        self,
        actions: list[Action] | tuple[Action, ...],
        enter_alias: bool = False,
        prompt: str = "",
    ) -> None:
        """Offer ``actions``; ``prompt`` (e.g. "Ann:") says who is to press a key."""
        actions = tuple(actions)
        state = (actions, "", enter_alias, prompt)
        if state == (self.actions, self.status, self.enter_alias, self.prompt):
            return
        self.actions, self.status, self.enter_alias, self.prompt = state
        self.set_class(False, "-status")
        self._changed()

    def show_status(self, status: str) -> None:
        if (self.actions, self.status) == ((), status):
            return
        self.actions, self.status = (), status
        self.set_class(True, "-status")
        self._changed()

    def _changed(self) -> None:
        """Repaint what changed; lay out again only if the bar needs another height."""
        width, _ = self._content_size()
        rows = len(self._lines(width)) if self.is_mounted else 0
        if rows != self._rows:
            self._rows = rows
            self.refresh(layout=True)
        else:
            self.redraw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the wrapped actions take (``height: auto`` would otherwise
        measure what was drawn at the old height, and a bar of one row never grows)."""
        return len(self._lines(width))

    def content_lines(self, width: int, height: int) -> list[Text]:
        return self._lines(width)

    def _lines(self, width: int) -> list[Text]:
        """The bar's rows at ``width``: every action on one row if they fit; else each
        action starts a row and its label wraps under itself, so no option's words run
        into the next one's or off the screen (the ace+six choice with long names)."""
        console = self.app.console
        width = max(1, width)  # a terminal one cell wide, or none while it is laid out
        if not self.actions:
            return list(Text(printable(self.status), style="italic").wrap(console, width))
        prompt = Text()
        if self.prompt:
            prompt.append(printable(self.prompt), style="bold")
            prompt.append(" ")
        options = [self._option(index, action) for index, action in enumerate(self.actions)]
        line = prompt.copy()
        for index, option in enumerate(options):
            line.append("   " if index else "")
            line.append(option)
        if line.cell_len <= width:
            return [line]
        stacked: list[Text] = []
        for index, option in enumerate(options):
            stacked.extend(
                _hang(prompt + option if index == 0 else option, width, OPTION_INDENT, console)
            )
        dense = list(line.wrap(console, width))
        return stacked if len(stacked) <= MAX_ROWS or len(stacked) <= len(dense) else dense

    def _option(self, index: int, action: Action) -> Text:
        """One action: its key (reversed, clickable) and its label."""
        click = Style.from_meta({"@click": f"choose({index})"})
        key = key_label(action.key)
        if self.enter_alias and index == 0:
            key += "/Enter"
        text = Text()
        text.append(f" {key} ", style=Style(reverse=True, bold=True) + click)
        text.append(" ")
        text.append(printable(action.label), style=click)
        return text

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.post_message(self.Chosen(self.actions[index]))


def _hang(text: Text, width: int, indent: int, console: Console) -> list[Text]:
    """``text`` wrapped to ``width``, its later rows indented by ``indent`` cells."""
    first = text.wrap(console, width)[0]
    rest = text[len(first.plain) :]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
    first.rstrip()
    if not rest.plain:
        return [first]
    room = max(1, width - indent)
    return [first, *(Text(" " * indent) + row for row in rest.wrap(console, room))]

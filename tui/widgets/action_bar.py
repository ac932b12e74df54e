"""The legal actions of this moment, each with its key, straight from the controller.

The bar never decides what is legal: it draws the ``Action`` list it is given (key and
label, so the one-chip ace+six choice reads "P Pot: Ann's last chip into the pot   S
Pass: Ben gets it") and posts ``ActionBar.Chosen`` when one is clicked. When nobody at
the keyboard should act (a computer player is thinking, dice are rolling) it shows a
status line instead, such as "Ben is thinking... any key to skip".
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.message import Message

from tui.engine.core import Action
from tui.widgets.lines import LineWidget
from tui.widgets.textfit import printable

KEY_NAMES = {"enter": "Enter", "space": "Space", "escape": "Esc"}


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
        rows = len(self._text().wrap(self.app.console, width)) if self.is_mounted else 0
        if rows != self._rows:
            self._rows = rows
            self.refresh(layout=True)
        else:
            self.redraw()

    def content_lines(self, width: int, height: int) -> list[Text]:
        return list(self._text().wrap(self.app.console, width))

    def _text(self) -> Text:
        if not self.actions:
            return Text(printable(self.status), style="italic")
        text = Text()
        if self.prompt:
            text.append(printable(self.prompt), style="bold")
            text.append(" ")
        for index, action in enumerate(self.actions):
            if index:
                text.append("   ")
            click = Style.from_meta({"@click": f"choose({index})"})
            key = key_label(action.key)
            if self.enter_alias and index == 0:
                key += "/Enter"
            text.append(f" {key} ", style=Style(reverse=True, bold=True) + click)
            text.append(" ")
            text.append(printable(action.label), style=click)
        return text

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.post_message(self.Chosen(self.actions[index]))

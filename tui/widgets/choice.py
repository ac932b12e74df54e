"""A compact choice drawn like Textual's compact ``Select``, as one widget until opened.

Why not ``Select``: a compact ``Select`` is six widgets (the current value as a row of
three labels, and the list of choices, an ``OptionList``, built and filled at once).
The setup screen has one per seat, up to twenty, and Textual lays out, styles and (under
Pilot) visits every widget each time a seat is added: the selects were half of what
adding a seat cost. Settings has six and the setup's match lines two or three: as
``Select`` they were a sixth of the widgets Settings built. ``Choice`` draws the current
value itself and builds its list the first time it is opened; closed, it looks cell for
cell like the compact ``Select`` (``tests/app/test_choice.py`` compares them), and it
takes the same keys: Enter, Space, Up or Down open the list, Escape closes it, typing
jumps to a matching choice, Enter chooses.

Issue 34 tried the stock compact ``Select`` in its place (the screens unchanged, their
snapshots the same). Its budget has no row for the setup or Settings, but the everyday
test suite must stay under a minute on two cores, and it opens those screens hundreds
of times: with ``Select`` the setup's and Settings' tests took 132 s of CPU where they
take 110 s (the same tests, the same loaded machine): a third of the suite's growth once
issue 34's speed-ups were gone, enough to bring it to the minute.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import var
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList

SEARCH_RESET = 0.7
"""Seconds after the last key typed in an open list before a new search starts."""


class ChoiceList(OptionList):
    """A choice's open list: Escape or leaving it closes it; typing jumps to a match."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape", "dismiss", "Dismiss menu")]
    ALLOW_SELECT = False

    class Dismiss(Message):
        """The list asks its choice to close it."""

        def __init__(self, lost_focus: bool = False) -> None:
            super().__init__()
            self.lost_focus = lost_focus

    def __init__(self, options: Sequence[str]) -> None:
        super().__init__(*options, compact=True, markup=False)
        self.query_typed = ""
        self._reset: Timer | None = None

    def action_dismiss(self) -> None:
        self.post_message(self.Dismiss())

    def on_blur(self, event: events.Blur) -> None:
        self.post_message(self.Dismiss(lost_focus=True))
        self.suppress_click()

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        return character is not None and character.isprintable()

    def on_key(self, event: events.Key) -> None:
        """Jump to the first choice containing what was typed (earliest match first)."""
        if event.character is None or not event.is_printable:
            return
        event.stop()
        event.prevent_default()
        if self._reset is not None:
            self._reset.stop()
        self._reset = self.set_timer(SEARCH_RESET, self._forget_typed)
        self.query_typed += event.character
        wanted = self.query_typed.lower()
        found = [
            (at, index)
            for index, option in enumerate(self.options)
            if (at := str(option.prompt).lower().find(wanted)) != -1
        ]
        if found:
            self.highlighted = min(found)[1]
            self.scroll_to_highlight()

    def _forget_typed(self) -> None:
        self.query_typed = ""


def _labels_of(options: Sequence[tuple[str, str]], value: str) -> dict[str, str]:
    """Each value's label; ``value`` must be one of them."""
    labels = {v: label for label, v in options}
    if value not in labels:
        raise ValueError(f"{value!r} is not one of the choices")
    return labels


class Choice(Widget, can_focus=True):
    """One value of ``options`` (label, value); ``Choice.Changed`` when it changes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,down,space,up", "open", "Show menu", show=False),
    ]
    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice--arrow"}
    DEFAULT_CSS = """
    Choice {
        height: 1;
        color: $foreground;
        background: $surface;
        pointer: pointer;
        &:focus {
            background-tint: $foreground 5%;
        }
        &:ansi {
            color: ansi_default;
            background: ansi_default;
        }
        & > .choice--arrow {
            color: $foreground 50%;
        }
        & > ChoiceList {
            width: 1fr;
            display: none;
            height: auto;
            max-height: 12;
            overlay: screen;
            constrain: none inside;
            color: $foreground;
            border: tall $border-blurred;
            background: $surface;
            offset-y: 1;
            &:focus {
                background-tint: $foreground 5%;
            }
            & > .option-list--option {
                padding: 0 1;
            }
        }
        &.-expanded > ChoiceList {
            display: block;
        }
    }
    """

    expanded: var[bool] = var(False, init=False)
    """True while the list is open."""

    class Changed(Message):
        """The value changed (by the player or by code)."""

        def __init__(self, choice: Choice, value: str) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._labels = _labels_of(options, value)
        self.options = list(options)
        self._value = value

    # -- the value ---------------------------------------------------------------------

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        if value not in self._labels:
            raise ValueError(f"{value!r} is not one of the choices")
        if value != self._value:
            self._value = value
            self.refresh()
            self.post_message(self.Changed(self, value))

    def set_options(self, options: Sequence[tuple[str, str]], value: str) -> None:
        """Offer ``options`` (label, value) instead, at ``value``; a list built for the
        old ones is dropped, to be built again when next opened."""
        labels = _labels_of(options, value)
        if list(options) == self.options:
            self.value = value
            return
        self.expanded = False
        listed = self._list()
        if listed is not None:
            listed.remove()
        self.options, self._labels = list(options), labels
        self.refresh()
        self.value = value

    # -- drawing -----------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The label, then `` ▼`` (``▲`` while open) and one blank cell: the cells, and
        the styles of each, of a compact ``Select``'s line."""
        width = self.size.width
        if y != 0 or width <= 0:
            return Strip.blank(width, self.rich_style)
        base = self.rich_style
        fill = Style(bgcolor=base.bgcolor)
        label = Text(self._labels[self._value], end="")
        label.truncate(max(0, width - 3))
        arrow = self.get_component_rich_style("choice--arrow") + Style(bgcolor=base.bgcolor)
        segments = [
            Segment(label.plain, Style(color=base.color, bgcolor=base.bgcolor)),
            Segment(" " * max(0, width - 3 - label.cell_len), fill),
            Segment(" ", fill),
            Segment("▲" if self.expanded else "▼", arrow),
            Segment(" ", fill),
        ]
        return Strip(segments, width).crop(0, width)

    # -- opening -----------------------------------------------------------------------

    def _list(self) -> ChoiceList | None:
        return next(iter(self.query_children(ChoiceList)), None)

    async def action_open(self) -> None:
        """Open the list (built the first time), at the current value."""
        listed = self._list()
        if listed is None:
            listed = ChoiceList([label for label, _ in self.options])
            await self.mount(listed)
        self.expanded = True

    def _watch_expanded(self, expanded: bool) -> None:
        self.set_class(expanded, "-expanded")
        self.refresh()
        listed = self._list()
        if expanded and listed is not None:
            listed.focus(scroll_visible=False)
            index = next(i for i, (_, v) in enumerate(self.options) if v == self._value)
            listed.highlighted = index
            listed.scroll_to_highlight()

    async def on_click(self, event: events.Click) -> None:
        if event.widget is not self:
            return  # a click in the open list: the list chooses
        event.stop()
        if self.expanded:
            self.expanded = False
        else:
            await self.action_open()

    @on(ChoiceList.Dismiss)
    def _dismissed(self, event: ChoiceList.Dismiss) -> None:
        event.stop()
        self.expanded = False
        if not event.lost_focus:
            self.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.value = self.options[event.option_index][1]
        self.focus()
        self.expanded = False

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()

"""The bottom line of keys, drawn like Textual's Footer at a fraction of its cost.

Textual's ``Footer`` composes one widget per key, and only after the screen's first
frame: each key widget restyles itself twice on mount (a full stylesheet pass each time),
then the footer repaints. At start-up that costs more than everything else party-dice
adds to a bare Textual app (issue 7: start-up within 1.3 times the bare app). This
widget draws the same line (same characters, same colours, the palette key on the right
after a thin rule) from one ``render`` in the first frame, repaints when the screen's
bindings change, and turns a click on a key into that key, as the Footer does.

Where the Footer cuts: a line too narrow for every key (the setup screen at 80 columns,
any screen at 60) drops whole keys from its right end instead of ending on half of one
("^" of "^t Variants"), and never the key that lists every key (F2, ``KEPT_ACTION``):
a newcomer at a narrow terminal can still find the rest.

Issue 34 measured ``Footer`` again against its budget (start-up within 1.7 times a bare
Textual app to the title, 2.3 times to an Aces table): with ``Footer`` in its place the
app took 2.19 and 2.53 times the bare app, with this 1.53 and 1.75 times (5 runs each,
interleaved, on a machine at load 7 to 11; CPU to the first frame 2.07 and 2.26 times
against 1.38 and 1.69). The bytes a turn sends were the same.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.strip import Strip
from textual.widget import Widget


class _Key(NamedTuple):
    binding: Binding
    enabled: bool
    start: int
    end: int


def _signature(
    shown: list[tuple[Binding, bool]], palette: tuple[Binding, bool] | None
) -> tuple[object, ...]:
    """What the line shows of the bindings: each key, its label, whether it is enabled."""
    return tuple(
        (binding.key, binding.key_display, binding.description, enabled)
        for binding, enabled in [*shown, *([palette] if palette else [])]
    )


class KeyBar(Widget):
    """The keys of the screen's active bindings, and the command palette's key."""

    KEPT_ACTION = "show_help"
    """The action of the key kept on a line too narrow for every key (F2, Keys)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "key-bar--key",
        "key-bar--description",
        "key-bar--rule",
        "key-bar--hover",
    }
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .key-bar--rule {
            color: $foreground 20%;
        }
        .key-bar--hover {
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._keys: list[_Key] = []
        self._hover: int | None = None
        self._drawn: tuple[object, ...] | None = None
        """What the line last drew of the bindings (``_signature``)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        # Repainted only when the keys shown change: focus moving between two inputs
        # changes the screen's bindings, not the line (a frame of its own, each seat).
        if screen is self.screen and self._drawn != _signature(*self._shown()):
            self.refresh()

    def _shown(self) -> tuple[list[tuple[Binding, bool]], tuple[Binding, bool] | None]:
        """The keys to show (one per action, as the Footer does) and the palette's."""
        active = self.screen.active_bindings
        by_action: dict[str, tuple[Binding, bool]] = {}
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show:
                by_action.setdefault(binding.action, (binding, enabled))
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                palette = (found.binding, found.enabled)
        return list(by_action.values()), palette

    def _rule(self) -> str:
        """The thin rule before the palette key (Textual's Footer's), or "|" where the
        app draws in ASCII (``--ascii``, the Linux console: U+258F is not in its font)."""
        return "|" if getattr(self.app, "ascii_glyphs", False) else "\u258f"

    def render_line(self, y: int) -> Strip:
        """The one line: keys from the left, the palette's key at the right, and
        between them only the background (as between the Footer's key widgets)."""
        width = self.size.width
        if y != 0 or width <= 0:
            return Strip.blank(width, self.rich_style)
        key_style = self.get_component_rich_style("key-bar--key")
        text_style = self.get_component_rich_style("key-bar--description")
        hover = self.get_component_rich_style("key-bar--hover", partial=True)
        ground = Style(bgcolor=self.rich_style.bgcolor)
        shown, palette = self._shown()
        self._keys = []
        self._drawn = _signature(shown, palette)

        def extra(enabled: bool) -> Style:
            lit = hover if len(self._keys) == self._hover else Style()
            return lit if enabled else Style(dim=True) + lit

        tail: tuple[str, ...] = ()  # the palette key's runs, at the right end
        if palette is not None:
            binding = palette[0]
            tail = (self._rule(), self.app.get_key_display(binding), f" {binding.description}", " ")
        shown = self._fitting(shown, width - sum(map(cell_len, tail)))
        left: list[Segment] = []
        x = 0
        for binding, enabled in shown:
            more = extra(enabled)
            key, words = self._texts(binding)
            left += [Segment(key, key_style + more), Segment(words, text_style + more)]
            end = x + cell_len(key) + cell_len(words)
            self._keys.append(_Key(binding, enabled, x, end))
            x = end
        right: list[Segment] = []
        if palette is not None:
            binding, enabled = palette
            more = extra(enabled)
            rule, key, words, end_gap = tail
            right = [
                Segment(rule, self.get_component_rich_style("key-bar--rule")),
                Segment(key, key_style + more),
                Segment(words, text_style + more),
                Segment(end_gap, ground),
            ]
            room = max(0, width - Segment.get_line_length(right))
            self._keys.append(_Key(binding, enabled, room + 1, width - 1))
            left = Segment.adjust_line_length(left, room, ground)
            self._keys = [key for key in self._keys if key.start < room] + self._keys[-1:]
        return Strip(left + right).adjust_cell_length(width, ground)

    def _texts(self, binding: Binding) -> tuple[str, str]:
        """A key's two runs on the line: its key, then what it does."""
        return f" {self.app.get_key_display(binding)} ", f"{binding.description} "

    def _fitting(self, shown: list[tuple[Binding, bool]], room: int) -> list[tuple[Binding, bool]]:
        """``shown`` if every key fits in ``room`` cells, else the first keys that fit
        whole, with the key that lists every key (``KEPT_ACTION``) kept at its place.
        Where not even that one fits, every key: the line is cut as the Footer's is."""
        cells = [sum(map(cell_len, self._texts(binding))) for binding, _ in shown]
        if sum(cells) <= room:
            return shown
        kept = [item[0].action == self.KEPT_ACTION for item in shown]
        left = room - sum(size for size, keep in zip(cells, kept, strict=True) if keep)
        if left < 0:
            return shown
        fitting: list[tuple[Binding, bool]] = []
        for item, size, keep in zip(shown, cells, kept, strict=True):
            if not keep:
                if size > left:
                    left = -1  # the keys after the first that does not fit go too
                    continue
                left -= size
            fitting.append(item)
        return fitting

    def _key_at(self, x: int) -> int | None:
        for index, key in enumerate(self._keys):
            if key.start <= x < key.end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self._key_at(event.x)
        if index != self._hover:
            self._hover = index
            self.refresh()

    def on_leave(self, _event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is None:
            return
        key = self._keys[index]
        if key.enabled:
            self.app.simulate_key(key.binding.key)
        else:
            self.app.bell()

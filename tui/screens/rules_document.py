"""The rules of one game as a single scrolling widget that draws only the lines on screen.

Why not Textual's ``MarkdownViewer``: it builds a widget for every paragraph, bullet and
heading (about 450 for the two rule files), and styling and laying those out cost 1.6 to
2 s of CPU each time the rules were opened, on every terminal of a shared server. Issue
34 measured it again against its budget (the rules opened the first time within 150 ms):
a ``MarkdownViewer`` of the Chase rules alone took 1.17 s of CPU to come up, where this
screen with both games' rules took 0.33 s, on the same loaded machine. The
rule files use a small subset of Markdown (``#`` to ``###`` headings, paragraphs, ``-``
bullets, a ``>`` note, ``**bold**`` and ``` `code` ```), so this widget parses the text
once per process (``parse``), wraps it for the current width (again only when the width
or the theme changes) and hands Textual one line at a time (the line API, as ``Log``
does). The wrapped lines are kept per process too (``_LAYOUTS``, by text, width and
look): Textual restyles a widget on every focus change and every time its screen comes
back, and the rules opened again (``RulesScreen.shown_in``) should cost no wrapping.
Its scroll bar is always shown (either game's rules are longer than a terminal is
tall): the text is wrapped once for its width, not a second time, one cell narrower,
when the bar appears after the first layout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Literal

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

Kind = Literal["h1", "h2", "h3", "paragraph", "bullet", "quote"]

GUTTER = 2
"""Blank cells at the left and right of every line."""


@dataclass(frozen=True)
class Block:
    """One heading, paragraph, bullet or note of a rules document."""

    kind: Kind
    text: str


_HEADING = re.compile(r"^(#{1,3}) (.*)$")
_BULLET = re.compile(r"^\s*[-*] ")
_INLINE = re.compile(r"\*\*(.+?)\*\*|`(.+?)`")

Heading = tuple[Kind, str, int]
Look = tuple[Style, ...]
"""The styles a layout was made with: the widget's own, then each component's."""
LayoutKey = tuple[str, str, int, Look]
"""(source, bullet, width, look): everything a document's wrapped lines depend on."""

_LAYOUTS: dict[LayoutKey, tuple[list[Strip], list[Heading]]] = {}
"""Wrapped documents of this process, newest last; a few widths and themes are kept."""
_LAYOUTS_KEPT = 16


@lru_cache(maxsize=8)
def parse(source: str) -> tuple[Block, ...]:
    """The blocks of ``source``; continuation lines join their paragraph or bullet."""
    blocks: list[Block] = []
    lines: list[str] = []
    kind: Kind = "paragraph"

    def flush() -> None:
        if lines:
            blocks.append(Block(kind, " ".join(line.strip() for line in lines)))
            lines.clear()

    for line in source.splitlines():
        if heading := _HEADING.match(line):
            flush()
            level = len(heading.group(1))
            blocks.append(
                Block("h1" if level == 1 else "h2" if level == 2 else "h3", heading.group(2))
            )
        elif not line.strip():
            flush()
        elif _BULLET.match(line):
            flush()
            kind = "bullet"
            lines.append(_BULLET.sub("", line))
        elif line.startswith(">"):
            flush()
            kind = "quote"
            lines.append(line[1:])
        else:
            if not lines:
                kind = "paragraph"
            lines.append(line)
    flush()
    return tuple(blocks)


def inline(text: str, strong: Style, code: Style) -> Text:
    """``text`` with its ``**bold**`` and ``` `code` ``` marks turned into styles."""
    out = Text()
    at = 0
    for mark in _INLINE.finditer(text):
        out.append(text[at : mark.start()])
        if mark.group(1) is not None:
            out.append(mark.group(1), strong)
        else:
            out.append(mark.group(2), code)
        at = mark.end()
    out.append(text[at:])
    return out


class RulesDocument(ScrollView, can_focus=True):
    """One game's rules; ``goto_ruling("C5")`` scrolls that ruling's heading to the top."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "rules-document--h1",
        "rules-document--h2",
        "rules-document--h3",
        "rules-document--strong",
        "rules-document--code",
        "rules-document--quote",
    }
    DEFAULT_CSS = """
    RulesDocument {
        background: $surface;
        height: 1fr;
        overflow-y: scroll;
        & > .rules-document--h1 { color: $text-primary; text-style: bold; }
        & > .rules-document--h2 { color: $text-primary; text-style: bold underline; }
        & > .rules-document--h3 { color: $text-primary; text-style: bold; }
        & > .rules-document--strong { text-style: bold; }
        & > .rules-document--code { color: $text-accent; }
        & > .rules-document--quote { background: $surface-lighten-1; color: $foreground; }
    }
    """

    def __init__(
        self,
        source: str,
        ruling: str | None = None,
        *,
        bullet: str = "•",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.source = source
        self.blocks = parse(source)
        self.bullet = bullet
        self.pending_ruling = ruling
        self._lines: list[Strip] = []
        self._headings: list[Heading] = []
        self._laid_out_for: int | None = None
        self._layout_key: LayoutKey | None = None

    # -- what the screen asks --------------------------------------------------------

    def show_source(self, source: str, ruling: str | None = None, *, bullet: str) -> None:
        """Show ``source`` from its top, as a new widget would (the rules opened again,
        perhaps for another table's variants); with ``ruling``, scrolled to it."""
        if (source, bullet) != (self.source, self.bullet):
            self.source, self.bullet = source, bullet
            self.blocks = parse(source)
            self._laid_out_for = None
            self.refresh()
        self.pending_ruling = None
        self.scroll_to(x=0, y=0, animate=False, immediate=True)
        if ruling:
            self.goto_ruling(ruling)

    def headings(self) -> list[Heading]:
        """Every heading as (kind, text, line), in order, at the present width."""
        return list(self._headings)

    def heading_line(self, ruling: str) -> int | None:
        """The line of the heading that starts with ``ruling`` and a full stop ("C5.")."""
        for _kind, label, line in self._headings:
            if label.startswith(f"{ruling}."):
                return line
        return None

    def goto_ruling(self, ruling: str) -> bool:
        """Scroll so the heading of ``ruling`` is at the top; later, once laid out."""
        if self._laid_out_for is None:
            self.pending_ruling = ruling
            return True
        line = self.heading_line(ruling)
        if line is None:
            return False
        self.scroll_to(y=line, animate=False, immediate=True)
        return True

    def scroll_to_heading(self, number: int) -> None:
        """Scroll heading ``number`` (an index into ``headings()``) to the top; its line
        is looked up now, as the list beside the rules narrows them."""
        self.call_after_refresh(self._scroll_to_heading, number)

    def _scroll_to_heading(self, number: int) -> None:
        if 0 <= number < len(self._headings):
            self.scroll_to(y=self._headings[number][2], animate=False, immediate=True)

    # -- layout ----------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"rules-document--{name}", partial=True)

    def _look(self) -> Look:
        names = ("strong", "code", "h1", "h2", "h3", "quote")
        return (self.rich_style, *(self._style(name) for name in names))

    def _lay_out(self, width: int) -> bool:
        """Wrap every block for ``width`` cells (the gutters included), unless the
        lines in hand (or kept from an earlier widget) were made for the same text,
        width and look; True when the lines changed."""
        key: LayoutKey = (self.source, self.bullet, width, self._look())
        if key == self._layout_key and self._laid_out_for is not None:
            return False
        kept = _LAYOUTS.pop(key, None)
        lines, headings = kept if kept is not None else self._wrap(width, key[3])
        _LAYOUTS[key] = (lines, headings)
        while len(_LAYOUTS) > _LAYOUTS_KEPT:
            del _LAYOUTS[next(iter(_LAYOUTS))]
        self._lines, self._headings, self._laid_out_for = lines, headings, width
        self._layout_key = key
        self.virtual_size = Size(width, len(lines))
        if self.pending_ruling:
            ruling, self.pending_ruling = self.pending_ruling, None
            self.call_after_refresh(self.goto_ruling, ruling)
        return True

    def _wrap(self, width: int, look: Look) -> tuple[list[Strip], list[Heading]]:
        """The lines and headings of the document at ``width`` in ``look``."""
        console = self.app.console
        base, strong, code, *_ = look
        styles = dict(zip(("h1", "h2", "h3", "quote"), look[3:], strict=True))
        inner = max(8, width - 2 * GUTTER)
        lines: list[Strip] = []
        headings: list[Heading] = []
        blank = Strip.blank(0)

        def gap() -> None:
            if lines and lines[-1] is not blank:
                lines.append(blank)

        def add(text: Text, first: str = "", rest: str = "", style: Style | None = None) -> None:
            for number, piece in enumerate(text.wrap(console, inner - len(first))):
                lead = first if number == 0 else rest
                row = Text(" " * GUTTER + lead, end="")
                row.append_text(piece)
                row.rstrip()
                if style is not None:
                    row.pad_right(inner + GUTTER - row.cell_len)
                    row.stylize(style, GUTTER)
                row.stylize_before(base)
                lines.append(Strip(row.render(console)))

        for block in self.blocks:
            if block.kind in ("h1", "h2", "h3"):
                gap()
                headings.append((block.kind, inline(block.text, strong, code).plain, len(lines)))
                heading = inline(block.text, Style(), Style())
                heading.stylize(styles[block.kind])
                if block.kind == "h1":
                    heading.pad_left(max(0, (inner - heading.cell_len) // 2))
                add(heading)
                gap()
            elif block.kind == "bullet":
                add(inline(block.text, strong, code), f"{self.bullet} ", "  ")
            elif block.kind == "quote":
                add(
                    inline(block.text, strong, code),
                    "▌ " if self.bullet != "-" else "| ",
                    "  ",
                    styles["quote"],
                )
                gap()
            else:
                add(inline(block.text, strong, code))
                gap()
        return lines, headings

    def _width(self) -> int:
        return self.scrollable_content_region.width

    def on_resize(self) -> None:
        if self._width() != self._laid_out_for:
            self._lay_out(self._width())

    def notify_style_update(self) -> None:
        super().notify_style_update()
        laid_out = self._laid_out_for is not None and self.is_mounted
        if laid_out and self._lay_out(self._laid_out_for or 0):
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self._width()
        if self._laid_out_for != width and width > 0:
            self._lay_out(width)
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        style = self.rich_style
        if index >= len(self._lines):
            return Strip.blank(width, style)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)

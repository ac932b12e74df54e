"""The rules of both games, every variant and every ruling.

Opened from a table it starts at that game, says which variants are in force there,
and can scroll straight to a ruling ("C5") so the table can point at it. Each game's
rules are one ``RulesDocument`` (see there for why not ``MarkdownViewer``); ``t`` shows
a list of the headings beside it.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Header, OptionList, TabbedContent, TabPane
from textual.widgets.option_list import Option

from tui import games, rules
from tui.app_host import app_host
from tui.screens import SubScreen
from tui.screens.rules_document import RulesDocument
from tui.textual_compat.quiet_footer import QuietFooter


def document(game_id: str, variants: frozenset[str] | None) -> str:
    """The rules of ``game_id``; with ``variants``, a note of those in force at the table."""
    text = rules.markdown(game_id)
    if variants is None:
        return text
    title, _, rest = text.partition("\n")
    return f"{title}\n\n> {rules.in_force_note(game_id, variants)}\n{rest}"


class RulesContents(OptionList):
    """The headings of the document beside it; choosing one scrolls there."""


class RulesScreen(SubScreen):
    """Both games in tabs; ``game_id`` picks the first, ``variants`` marks a live table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(g.menu_key, f"show_game({g.id!r})", g.short_title) for g in games.all_games()),
        Binding("t", "toggle_contents", "Contents"),
    ]
    EXTRA_KEYS = (("Arrows, PgUp/PgDn", "Scroll the rules"),)

    def __init__(
        self,
        game_id: str | None = None,
        variants: frozenset[str] | None = None,
        ruling: str | None = None,
    ) -> None:
        super().__init__()
        known = game_id in games.ids()
        self.game_id = game_id if game_id and known else games.ids()[0]
        self.variants = variants if known else None
        self.ruling = ruling

    def compose(self) -> ComposeResult:
        yield Header()
        bullet = "-" if app_host(self).ascii_glyphs else "•"
        with TabbedContent(initial=f"rules-{self.game_id}", id="rules-tabs"):
            for spec in games.all_games():
                ours = spec.id == self.game_id
                with TabPane(spec.title, id=f"rules-{spec.id}"), Horizontal():
                    yield RulesContents(id=f"contents-{spec.id}")
                    yield RulesDocument(
                        document(spec.id, self.variants if ours else None),
                        ruling=self.ruling if ours else None,
                        bullet=bullet,
                        id=f"viewer-{spec.id}",
                    )
        yield QuietFooter()

    def on_mount(self) -> None:
        self.sub_title = "Rules"
        self._focus_document()

    def _document(self) -> RulesDocument | None:
        found = self.query(f"#viewer-{self.game_id}").results(RulesDocument)
        return next(found, None)

    def _focus_document(self) -> None:
        if (viewer := self._document()) is not None:
            viewer.focus(scroll_visible=False)

    def show_game(self, game_id: str) -> None:
        if game_id in games.ids():
            self.game_id = game_id
            self.query_one(TabbedContent).active = f"rules-{game_id}"
            self._focus_document()

    def action_show_game(self, game_id: str) -> None:
        self.show_game(game_id)

    def action_toggle_contents(self) -> None:
        viewer = self._document()
        if viewer is None:
            return
        contents = self.query_one(f"#contents-{self.game_id}", RulesContents)
        contents.display = not contents.display
        if contents.display:
            contents.set_options(
                Option(("  " if kind == "h3" else "") + label, id=str(number))
                for number, (kind, label, _line) in enumerate(viewer.headings())
                if kind != "h1"
            )
            contents.focus()
        else:
            viewer.focus(scroll_visible=False)

    @on(OptionList.OptionSelected)
    def _heading_chosen(self, event: OptionList.OptionSelected) -> None:
        viewer = self._document()
        if viewer is not None and event.option.id is not None:
            viewer.scroll_to_heading(int(event.option.id))

    @on(TabbedContent.TabActivated)
    def _tab(self, event: TabbedContent.TabActivated) -> None:
        pane_id = event.pane.id or ""
        self.game_id = pane_id.removeprefix("rules-")

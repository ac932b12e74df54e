"""The rules of both games, every variant and every ruling, as rendered Markdown.

Opened from a table it starts at that game, says which variants are in force there,
and can scroll straight to a ruling ("C5") so the table can point at it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, Markdown, MarkdownViewer, TabbedContent, TabPane

from tui import games, rules
from tui.screens import SubScreen


class RulesViewer(MarkdownViewer):
    """A MarkdownViewer that can scroll to a ruling once its document is built."""

    def __init__(self, markdown: str, ruling: str | None = None, **kwargs: Any) -> None:
        super().__init__(markdown, show_table_of_contents=False, open_links=False, **kwargs)
        self.pending_ruling = ruling

    @on(Markdown.TableOfContentsUpdated)
    def _built(self, _event: Markdown.TableOfContentsUpdated) -> None:
        if self.pending_ruling:
            ruling, self.pending_ruling = self.pending_ruling, None
            self.call_after_refresh(self.goto_ruling, ruling)

    def goto_ruling(self, ruling: str) -> bool:
        """Scroll so the heading of ``ruling`` ("A4", "C10") is at the top."""
        for _level, label, block_id in self.document.table_of_contents:
            if label.startswith(f"{ruling}."):
                self.scroll_to_widget(self.query_one(f"#{block_id}"), top=True, animate=False)
                return True
        return False


def document(game_id: str, variants: frozenset[str] | None) -> str:
    """The rules of ``game_id``; with ``variants``, a note of those in force at the table."""
    text = rules.markdown(game_id)
    if variants is None:
        return text
    title, _, rest = text.partition("\n")
    return f"{title}\n\n> {rules.in_force_note(game_id, variants)}\n{rest}"


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
        with TabbedContent(initial=f"rules-{self.game_id}", id="rules-tabs"):
            for spec in games.all_games():
                game_id = spec.id
                ours = game_id == self.game_id
                with TabPane(spec.title, id=f"rules-{game_id}"):
                    yield RulesViewer(
                        document(game_id, self.variants if ours else None),
                        ruling=self.ruling if ours else None,
                        id=f"viewer-{game_id}",
                    )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Rules"
        self._focus_document()

    def _focus_document(self) -> None:
        viewer = self.query_one(f"#viewer-{self.game_id}", RulesViewer)
        self.call_after_refresh(viewer.document.focus, scroll_visible=False)

    def show_game(self, game_id: str) -> None:
        if game_id in games.ids():
            self.game_id = game_id
            self.query_one(TabbedContent).active = f"rules-{game_id}"
            self._focus_document()

    def action_show_game(self, game_id: str) -> None:
        self.show_game(game_id)

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(f"#viewer-{self.game_id}", RulesViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    @on(TabbedContent.TabActivated)
    def _tab(self, event: TabbedContent.TabActivated) -> None:
        pane_id = event.pane.id or ""
        self.game_id = pane_id.removeprefix("rules-")

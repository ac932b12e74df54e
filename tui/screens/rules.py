"""The rules of both games, every variant and every ruling.

Opened from a table it starts at that game, says which variants are in force there,
and can scroll straight to a ruling ("C5") so the table can point at it. Each game's
rules are one ``RulesDocument`` (see there for why not ``MarkdownViewer``); ``t`` shows
a list of the headings beside it.

The app builds the screen once and keeps it (``RulesScreen.shown_in``): opening the
rules again shows the same widgets, already styled and wrapped, set back to how a new
screen would open. Building it (its tabs, two documents, lists, header and footer) is
most of what opening the rules costs, and a player opens them again and again.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Header, OptionList, TabbedContent, TabPane
from textual.widgets.option_list import Option

from tui import games, rules
from tui.app_host import app_host
from tui.games.spec import GameSpec
from tui.look import sheets
from tui.screens import SubScreen
from tui.screens.game_keys import GameKeyed
from tui.screens.rules_document import RulesDocument
from tui.widgets.key_bar import KeyBar


def document(game_id: str, variants: frozenset[str] | None) -> str:
    """The rules of ``game_id``; with ``variants``, a note of those in force at the table."""
    text = rules.markdown(game_id)
    if variants is None:
        return text
    title, _, rest = text.partition("\n")
    return f"{title}\n\n> {rules.in_force_note(game_id, variants)}\n{rest}"


class RulesContents(OptionList):
    """The headings of the document beside it; choosing one scrolls there."""


KEPT = "rules"
"""The name the app's one rules screen is installed under."""


class RulesScreen(GameKeyed, SubScreen):
    """Every game in tabs; ``game_id`` picks the first, ``variants`` marks a live table
    (build it with ``built()``, or ``shown_in``: a key per game comes first)."""

    CSS_PATH = sheets("rules")

    OWN_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "toggle_contents", "Contents"),
    ]

    @classmethod
    def game_binding(cls, spec: GameSpec) -> Binding:
        return Binding(spec.menu_key, f"show_game({spec.id!r})", spec.short_title)

    EXTRA_KEYS = (("Arrows, PgUp/PgDn", "Scroll the rules"),)

    def __init__(
        self,
        game_id: str | None = None,
        variants: frozenset[str] | None = None,
        ruling: str | None = None,
    ) -> None:
        super().__init__()
        self._choose(game_id, variants, ruling)

    @classmethod
    def shown_in(
        cls,
        app: App[Any],
        game_id: str | None = None,
        variants: frozenset[str] | None = None,
        ruling: str | None = None,
    ) -> RulesScreen:
        """The app's rules screen, set to open as ``RulesScreen(game_id, variants,
        ruling)`` would: built and installed the first time, the same one after. A new
        one (not kept) when the kept one is on the stack already, under another screen;
        a new one kept in its place when the games changed since it was built."""
        built = cls.built()
        if app.is_screen_installed(KEPT):
            installed = app.get_screen(KEPT)
            if installed in app.screen_stack:
                return built(game_id, variants, ruling)
            if isinstance(installed, built):
                installed.show(game_id, variants, ruling)
                return installed
            app.uninstall_screen(KEPT)
        kept = built(game_id, variants, ruling)
        app.install_screen(kept, KEPT)
        return kept

    def _choose(
        self, game_id: str | None, variants: frozenset[str] | None, ruling: str | None
    ) -> None:
        known = game_id in games.ids()
        self.game_id = game_id if game_id and known else games.ids()[0]
        self.variants = variants if known else None
        self.ruling = ruling

    def show(
        self, game_id: str | None, variants: frozenset[str] | None, ruling: str | None
    ) -> None:
        """Open again as a new screen would: at ``game_id``'s tab, each document at its
        top (or at ``ruling``), the variants noted, the contents lists hidden."""
        self._choose(game_id, variants, ruling)
        if not self.is_mounted:
            return  # compose reads the choice
        for spec in games.all_games():
            ours = spec.id == self.game_id
            viewer = self.query_one(f"#viewer-{spec.id}", RulesDocument)
            source = document(spec.id, self.variants if ours else None)
            viewer.show_source(source, self.ruling if ours else None, bullet=self._bullet())
            self.query_one(f"#contents-{spec.id}", RulesContents).display = False
        self.query_one(TabbedContent).active = f"rules-{self.game_id}"
        self._focus_document()

    def _bullet(self) -> str:
        return "-" if app_host(self).ascii_glyphs else "•"

    def compose(self) -> ComposeResult:
        yield Header()
        bullet = self._bullet()
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
        yield KeyBar()

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

"""The title screen: the first thing a group sees, and where every game ends up.

A menu with a key for every line (and arrows plus Enter), "Play again" only when a
table was set up before (it starts that table in one key, and comes first so Enter
does too), Continue only when saved games exist, Recent games and Records only when
finished games were recorded.
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui import games, glyphs
from tui.app_host import app_host
from tui.gameconfig import GameConfig
from tui.games.spec import GameSpec
from tui.screens.game_keys import GameKeyed
from tui.storage.paths import history_path
from tui.widgets.key_bar import KeyBar
from tui.widgets.textfit import crop

MENU: tuple[tuple[str, str, str, str], ...] = (
    ("again", "p", "Play again", ""),  # the same table as last time, at once
    ("continue", "o", "Continue", ""),
    ("games", "", "", ""),  # every game of tui.games here, in its order
    ("host", "h", "Host a table", "play with others on this server"),
    ("join", "j", "Join a table", "sit at a table on this server"),
    ("rules", "r", "Rules", "how to play, variants, rulings"),
    ("settings", "s", "Settings", "variants, speed, glyphs, theme"),
    ("recent", "g", "Recent games", "who won lately"),
    ("records", "w", "Records", "wins and streaks by name"),
    ("quit", "q", "Quit", ""),
)
"""(option id, key, title, description) for every line the menu may show."""


def _menu() -> list[tuple[str, str, str, str]]:
    """``MENU`` with the games of the registry in place of its "games" line."""
    lines: list[tuple[str, str, str, str]] = []
    for line in MENU:
        if line[0] == "games":
            lines += [(g.id, g.menu_key, g.title, g.menu_line) for g in games.all_games()]
        else:
            lines.append(line)
    return lines


SHORT_HEIGHT = 22
"""Below this many lines the card drops its spare lines and the dice (it needs 22, with
every line of the menu)."""
CARD_WIDTH = 64
"""The title card's width (styles/title.tcss) where the terminal has room."""
NARROW_WIDTH = 66
"""Below this many cells the card (64 wide) shrinks to the screen and its padding."""

TABLE_LINE_CELLS = 44
"""The cells "Play again" has for the table it starts, before the menu's edge."""


def _table_line(config: GameConfig, cells: int = TABLE_LINE_CELLS) -> str:
    """The remembered table in a few words: "Aces: Ann, Ben + 2 computers"."""
    people = [seat.name for seat in config.seats if seat.human]
    computers = len(config.seats) - len(people)
    line = f"{games.get(config.game_id).short_title}: {', '.join(people)}"
    if computers:
        line += f" + {computers} computer{'s' if computers > 1 else ''}"
    return crop(Text(line), cells).plain  # cells, not characters: wide names


def _prompt(key: str, title: str, note: str) -> Text:
    text = Text.assemble((f" {key} ", "bold reverse"), "  ", (title, "bold"))
    if note:
        text.append(" " * max(2, 18 - len(title)))
        text.append(note, style="dim")
    return text


class TitleScreen(GameKeyed, Screen[Any]):
    """Pick a game, the rules, the settings, or a saved game (build it with ``built()``:
    a key per game comes first)."""

    OWN_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('again')", "Play again", show=False),
        Binding("o", "choose('continue')", "Continue", show=False),
        Binding("r", "choose('rules')", "Rules", show=False),
        Binding("h", "choose('host')", "Host a table", show=False),
        Binding("j", "choose('join')", "Join a table", show=False),
        Binding("s", "choose('settings')", "Settings"),
        Binding("g", "choose('recent')", "Recent", show=False),
        Binding("w", "choose('records')", "Records", show=False),
        Binding("q", "choose('quit')", "Quit"),
    ]
    AUTO_FOCUS = "#menu"

    @classmethod
    def game_binding(cls, spec: GameSpec) -> Binding:
        return Binding(spec.menu_key, f"choose({spec.id!r})", spec.short_title)

    def __init__(self, *, deferred: bool = False) -> None:
        """``deferred``: the title lies under a table opened from the command line, so
        it is built (menu, saves, history) when it is first shown, not before the
        table's first frame (nor while the table is played: mounting widgets on a
        screen below makes Textual repaint the screen on top)."""
        super().__init__()
        self._built = not deferred
        self._building = False

    def compose(self) -> ComposeResult:
        if not self._built:
            return
        yield Header()
        with Center(id="title-box"), Vertical(id="title-card"):
            yield Static("party-dice", id="title-name")
            yield Static("Party games to pass around one keyboard", id="title-tagline")
            yield Static(self._decoration(), id="title-glyphs")
            yield OptionList(id="menu")
        yield KeyBar()

    def _decoration(self) -> Text:
        ascii_only = app_host(self).ascii_glyphs
        dice = glyphs.dice(tuple(range(1, 7)), ascii_only)
        cards = "  ".join(glyphs.card(code, ascii_only) for code in ("AS", "KH", "QD", "JC"))
        return Text(f"{dice}    {cards}", justify="center")

    def on_mount(self) -> None:
        self._fit(self.app.size)
        if self._built:
            self.refresh_menu()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Classes for a short or narrow terminal (60x20): the card keeps its border."""
        self.set_class(size.height < SHORT_HEIGHT, "-short")
        self.set_class(size.width < NARROW_WIDTH, "-narrow")
        if self._built and self._cells != self._note_cells() and self.query("#menu"):
            self.refresh_menu()  # "Play again"'s table line fits the new width

    def _note_cells(self) -> int:
        """The cells "Play again" has for its table line on one row of the card: the
        card's width less its border, padding and the line's key and title (23)."""
        width = self.app.size.width
        card = min(CARD_WIDTH, width) - (4 if width < NARROW_WIDTH else 6)
        return max(8, min(TABLE_LINE_CELLS, card - 23))

    async def _build(self) -> None:
        """Compose a deferred title now (once), then fill its menu."""
        if self._built:
            return
        self._built = self._building = True
        await self.recompose()
        self._building = False
        self.refresh_menu()
        if self.app.screen is self:
            self.set_focus(self.query_one("#menu", OptionList))

    async def on_screen_resume(self) -> None:
        """Back from a game or the settings: saves and glyphs may have changed."""
        self._fit(self.app.size)  # resized while a game was on top
        if self._building or not self._built:
            if self.app.screen is self:  # shown before it was built
                await self._build()
            return
        self.query_one("#title-glyphs", Static).update(self._decoration())
        self.refresh_menu()

    _shown: frozenset[str] = frozenset()
    _cells = 0
    """The cells "Play again"'s table line was cut to when the menu was last filled."""

    def _saves_count(self) -> int:
        """How many saved games there are; bad files are moved aside and reported."""
        try:
            scan = app_host(self).store.scan()
        except Exception:
            return 0
        for message in scan.messages:
            self._tell(message)
        return len(scan.saves)

    def _tell(self, message: str) -> None:
        """One sentence about a file problem, once per run (the menu is rebuilt often)."""
        app_host(self).tell_once(message)

    def _has_history(self) -> bool:
        path = app_host(self).history_path or history_path()
        if not os.path.lexists(path):
            return False  # no game recorded yet: SQLite is not even loaded
        # tui.storage.history, not the Recent games screen: its DataTable costs start-up time.
        from tui.storage.history import History

        try:
            records, message = History(path).recent(1)
        except Exception:
            return False
        if message:
            self._tell(message)
        return bool(records)

    def refresh_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        count = self._saves_count()
        self._cells = self._note_cells()
        shown = {*games.ids(), "host", "join", "rules", "settings", "quit"}
        again = app_host(self).tables.last
        shown |= {"again"} if again else set()
        shown |= {"continue"} if count else set()
        shown |= {"recent", "records"} if self._has_history() else set()
        self._shown = frozenset(shown)
        options = []
        for option_id, key, title, note in _menu():
            if option_id not in shown:
                continue
            if option_id == "again" and again is not None:
                note = _table_line(again, self._cells)
            if option_id == "continue":
                note = "1 saved game" if count == 1 else f"{count} saved games"
            options.append(Option(_prompt(key, title, note), id=option_id))
        menu.set_options(options)
        ids = [option.id for option in options]
        menu.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "choose" and parameters and parameters[0] not in self._shown)

    @on(OptionList.OptionSelected, "#menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_choose(event.option.id)

    def action_choose(self, option_id: str) -> None:
        app = app_host(self)
        again = app.tables.last
        if option_id == "again" and again is not None:
            app.start_game(again)
        elif option_id in games.ids():
            app.action_new_game(option_id)
        elif option_id == "continue":
            app.action_continue()
        elif option_id in ("host", "join"):
            app.action_share(option_id)
        elif option_id == "rules":
            app.action_show_rules()
        elif option_id == "settings":
            app.action_open_settings()
        elif option_id == "recent":
            from tui.screens.recent import RecentScreen

            self.app.push_screen(RecentScreen())
        elif option_id == "records":
            from tui.screens.records import RecordsScreen

            self.app.push_screen(RecordsScreen())
        elif option_id == "quit":
            self.app.exit()

"""Continue: the saved games of this user, newest first, to pick one to resume.

A game open in another session (another SSH login) is listed but cannot be picked, and
says so. Space marks saves, ``d`` discards the marked ones (or the highlighted one) after
asking once; saves older than the "old saves" setting are offered for removal (``x``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui import games
from tui.app_host import app_host
from tui.cells import fit
from tui.look import sheets
from tui.screens import SubScreen
from tui.widgets.key_bar import KeyBar

if TYPE_CHECKING:
    from tui.storage.saves import SaveSummary


NAME_CELLS = 24
"""Names come from files: made printable and cut, so a long one cannot fill the list."""


MARK = "[x] "
"""Before a save marked for discarding (ASCII: it reads under NO_COLOR and TERM=linux)."""


def _players(save: SaveSummary) -> Text:
    """ "Chips: Ann 3, Ben 1" when the save says each seat's number, else the names."""
    word = games.get(save.game).counters if save.game in games.ids() else ""
    names = [fit(name, NAME_CELLS) for name in save.players]
    if word and len(save.counters) == len(names):
        line = Text(f"\n{word.capitalize()}: ", style="dim")
        return line.append(", ".join(f"{n} {c}" for n, c in zip(names, save.counters, strict=True)))
    return Text("\nPlayers: ", style="dim").append(", ".join(names))


def describe(save: SaveSummary, marked: bool = False) -> Text:
    """One save in three lines: the game, its round and when; who plays, with their
    chips or lives; the variants (two games of the same people are told apart by them)."""
    text = Text()
    if marked:
        text.append(MARK, style="bold")
    text.append(games.title_of(save.game), style="bold")
    if save.round:
        text.append(f", round {save.round}")
    text.append(f"  ·  saved {save.saved_at.astimezone():%a %d %b %H:%M}", style="dim")
    if save.in_use:
        text.append("  ·  open in another session", style="bold")
    text.append_text(_players(save))
    titles = games.variant_titles(save.game, save.variants) if save.game in games.ids() else []
    text.append("\nVariants: ", style="dim")
    text.append(", ".join(titles) if titles else "none", style="dim")
    return text


class SavesScreen(SubScreen):
    """Pick a saved game to continue."""

    CSS_PATH = sheets("saves")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "mark", "Mark"),
        Binding("d", "discard", "Discard"),
        Binding("x", "discard_old", "Discard old", show=False),
    ]

    def __init__(self, saves: list[SaveSummary], *, now: datetime | None = None) -> None:
        super().__init__()
        self.saves = list(saves)
        self.marked: set[str] = set()
        """The saves marked for discarding (Space), by slot id."""
        self._now = now

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Continue a saved game", classes="section-title", id="saves-title")
        yield Static("", id="saves-old")
        yield OptionList(id="saves")
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = "Continue"
        self._fill()

    def old(self) -> list[str]:
        """The free saves older than the "old saves" setting, by slot id."""
        days = app_host(self).settings.old_save_days()
        if days is None:
            return []
        now = self._now or datetime.now().astimezone()
        limit = now - timedelta(days=days)
        return [s.slot_id for s in self.saves if not s.in_use and s.saved_at < limit]

    def _fill(self) -> None:
        menu = self.query_one("#saves", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        options: list[Option | None] = []
        for save in self.saves:
            if options:
                options.append(None)  # a rule between two saves
            marked = save.slot_id in self.marked
            options.append(Option(describe(save, marked), id=save.slot_id, disabled=save.in_use))
        menu.set_options(options)
        free = [save.slot_id for save in self.saves if not save.in_use]
        if highlighted not in free:
            highlighted = free[0] if free else None
        menu.highlighted = menu.get_option_index(highlighted) if highlighted else None
        menu.focus()
        old = len(self.old())
        note = self.query_one("#saves-old", Static)
        note.update(
            f"{old} saved game{'s are' if old > 1 else ' is'} older than the Settings allow: "
            "X discards them (after asking)."
            if old
            else ""
        )
        note.display = bool(old)

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        app = app_host(self)
        slot_id = event.option.id
        if slot_id:
            self.dismiss()
            app.resume_game(slot_id)

    def action_mark(self) -> None:
        """Space: mark the highlighted save for discarding, or unmark it."""
        option = self.query_one("#saves", OptionList).highlighted_option
        if option is None or option.id is None or option.disabled:
            return
        self.marked ^= {option.id}
        self._fill()

    def action_discard(self) -> None:
        """D: discard the marked saves, or the highlighted one when none is marked."""
        option = self.query_one("#saves", OptionList).highlighted_option
        chosen = [s.slot_id for s in self.saves if s.slot_id in self.marked]
        if not chosen and option is not None and option.id is not None and not option.disabled:
            chosen = [option.id]
        self._ask_to_discard(chosen)

    def action_discard_old(self) -> None:
        """X: discard every save older than the "old saves" setting."""
        self._ask_to_discard(self.old())

    def _ask_to_discard(self, slot_ids: list[str]) -> None:
        if not slot_ids:
            return
        from tui.screens.confirm import ConfirmScreen

        many = len(slot_ids) > 1
        question = (
            f"Discard these {len(slot_ids)} saved games? They cannot be brought back."
            if many
            else "Discard this saved game? It cannot be brought back."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._discard(slot_ids)

        self.app.push_screen(ConfirmScreen(question, yes="Discard"), answered)

    def _discard(self, slot_ids: list[str]) -> None:
        from tui.storage.saves import SaveError

        store = app_host(self).store
        gone: set[str] = set()
        for slot_id in slot_ids:
            try:
                store.discard(slot_id)
            except SaveError as error:
                self.notify(error.message, severity="warning")
                continue
            gone.add(slot_id)
        self.saves = [save for save in self.saves if save.slot_id not in gone]
        self.marked -= gone
        if self.saves:
            self._fill()
        else:
            self.dismiss()

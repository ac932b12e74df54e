"""Continue: the saved games of this user, newest first, to pick one to resume.

A game open in another session (another SSH login) is listed but cannot be picked, and
says so. ``d`` discards a save after asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui import games
from tui.app_host import app_host
from tui.screens import SubScreen
from tui.textual_compat.quiet_footer import QuietFooter
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from tui.storage.saves import SaveSummary


NAME_CELLS = 24
"""Names come from files: made printable and cut, so a long one cannot fill the list."""


def describe(save: SaveSummary) -> Text:
    """One save in three lines: the game, its round and when; who plays; the variants
    (two games of the same people are told apart by them)."""
    text = Text()
    text.append(games.title_of(save.game), style="bold")
    if save.round:
        text.append(f", round {save.round}")
    text.append(f"  ·  saved {save.saved_at.astimezone():%a %d %b %H:%M}", style="dim")
    if save.in_use:
        text.append("  ·  open in another session", style="bold")
    text.append("\nPlayers: ", style="dim")
    text.append(", ".join(fit(name, NAME_CELLS) for name in save.players))
    titles = games.variant_titles(save.game, save.variants) if save.game in games.ids() else []
    text.append("\nVariants: ", style="dim")
    text.append(", ".join(titles) if titles else "none", style="dim")
    return text


class SavesScreen(SubScreen):
    """Pick a saved game to continue."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("d", "discard", "Discard")]

    def __init__(self, saves: list[SaveSummary]) -> None:
        super().__init__()
        self.saves = list(saves)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Continue a saved game", classes="section-title", id="saves-title")
        yield OptionList(id="saves")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.sub_title = "Continue"
        self._fill()

    def _fill(self) -> None:
        menu = self.query_one("#saves", OptionList)
        options: list[Option | None] = []
        for save in self.saves:
            if options:
                options.append(None)  # a rule between two saves
            options.append(Option(describe(save), id=save.slot_id, disabled=save.in_use))
        menu.set_options(options)
        free = [save.slot_id for save in self.saves if not save.in_use]
        menu.highlighted = menu.get_option_index(free[0]) if free else None
        menu.focus()

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        app = app_host(self)
        slot_id = event.option.id
        if slot_id:
            self.dismiss()
            app.resume_game(slot_id)

    def action_discard(self) -> None:
        from tui.screens.confirm import ConfirmScreen

        menu = self.query_one("#saves", OptionList)
        option = menu.highlighted_option
        if option is None or option.id is None or option.disabled:
            return
        slot_id = option.id

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            from tui.storage.saves import SaveError

            app = app_host(self)
            try:
                app.store.discard(slot_id)
            except SaveError as error:
                self.notify(error.message, severity="warning")
                return
            self.saves = [save for save in self.saves if save.slot_id != slot_id]
            if self.saves:
                self._fill()
            else:
                self.dismiss()

        self.app.push_screen(
            ConfirmScreen("Discard this saved game? It cannot be brought back.", yes="Discard"),
            answered,
        )

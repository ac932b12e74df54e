"""One game's variants as switches, each with its one-line explanation and conflicts.

Settings shows one of these per game, and the setup screen opens one for its game
(``tui.screens.variants``): the same words, the same conflict notes, the same saving
(every flip goes to ``app.update_settings`` at once), so a variant switched while
setting up a table is the variant Settings shows, and the one the table plays.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static, Switch

from tui import games
from tui.app_host import app_host


def cancelled_by(variant: str, chosen: frozenset[str]) -> str | None:
    """The title of the variant that makes ``variant`` have no effect, if one is on."""
    for conflict in (c for spec in games.all_games() for c in spec.conflicts):
        if variant in conflict.cancels and conflict.variant in chosen:
            return games.variant_title(conflict.variant)
    return None


def state_word(on: bool) -> Text:
    """A switch's state in a word, so it never depends on colour."""
    return Text("on ", style="bold") if on else Text("off", style="dim")


class VariantRow(Horizontal):
    """A switch, the variant's title, and what it does in one line."""

    def __init__(self, game_id: str, variant: str, on: bool) -> None:
        super().__init__(classes="setting-row", id=f"row-{variant}")
        self.game_id = game_id
        self.variant = variant
        self.initial = on

    def compose(self) -> ComposeResult:
        title, explanation = games.variant_title(self.variant), games.variant_line(self.variant)
        yield Switch(self.initial, id=f"variant-{self.variant}")
        yield Label(state_word(self.initial), classes="setting-state")
        with Vertical(classes="setting-text"):
            yield Label(Text(title, style="bold"), classes="setting-title")
            yield Static(explanation, classes="setting-info", markup=False)
            yield Static("", classes="setting-note", markup=False)


class VariantSwitches(Vertical):
    """Every variant of ``game_id``, then the conflicts among those switched on."""

    DEFAULT_CSS = """
    VariantSwitches { height: auto; }
    """

    def __init__(self, game_id: str) -> None:
        super().__init__(classes="variant-switches", id=f"variants-{game_id}")
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        chosen = app_host(self).variants_for(self.game_id)
        for variant in games.get(self.game_id).variant_names:
            yield VariantRow(self.game_id, variant, variant in chosen)
        yield Static("", classes="conflicts", id=f"conflicts-{self.game_id}", markup=False)

    def on_mount(self) -> None:
        self.refresh_notes()

    def refresh_notes(self) -> None:
        """The notes that depend on what is on: each cancelled variant's, the conflicts."""
        chosen = app_host(self).variants_for(self.game_id)
        for row in self.query(VariantRow):
            on = row.query_one(Switch).value
            note = row.query_one(".setting-note", Static)
            by = cancelled_by(row.variant, chosen) if on else None
            note.update(f"No effect while {by} is on." if by else "")
            note.display = bool(by)
        notes = games.conflict_notes(chosen, self.game_id)
        conflicts = self.query_one(".conflicts", Static)
        conflicts.update("\n".join(f"! {note}" for note in notes))
        conflicts.display = bool(notes)

    @on(Switch.Changed)
    def _switched(self, event: Switch.Changed) -> None:
        row = event.switch.parent
        if not isinstance(row, VariantRow):
            return
        event.stop()
        row.query_one(".setting-state", Label).update(state_word(event.value))
        app = app_host(self)
        chosen = set(app.variants_for(self.game_id))
        (chosen.add if event.value else chosen.discard)(row.variant)
        app.update_settings(variants=app.settings.with_variants(self.game_id, chosen).variants)
        self.refresh_notes()

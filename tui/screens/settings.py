"""Settings: every variant with its one-line explanation, and how the app looks and paces.

Every change is saved at once (``app.update_settings``), so there is no Save button to
forget. Variants that cancel each other are explained right where they are switched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, Label, Static, Switch

from tui import games
from tui.app_host import app_host
from tui.engine.bots import BOT_LEVELS
from tui.games.spec import GameSpec, OptionSpec
from tui.look import sheets
from tui.screens import SubScreen
from tui.screens.variant_switches import VariantSwitches, state_word
from tui.storage.settings import ANIMATION_INFO, GLYPHS_INFO, OLD_SAVES_INFO, Settings
from tui.widgets.choice import Choice
from tui.widgets.key_bar import KeyBar

GLYPH_CHECK = "\u2680 \u2681 \u2682 \u2683 \u2684 \u2685   \u2663 \u2666 \u2665 \u2660"
"""Die faces and suits exactly as the tables draw them (never with U+FE0F)."""

CHOICE_LABELS: dict[str, dict[str, str]] = {
    "animation": {"off": "Off", "fast": "Fast", "normal": "Normal"},
    "glyphs": {"unicode": "Unicode", "ascii": "ASCII"},
    "bot_level": {level: level.capitalize() for level in BOT_LEVELS},
    "old_saves": {"never": "Never", "7": "A week", "30": "A month", "90": "Three months"},
}

CHOICE_INFO: dict[str, Mapping[str, str]] = {
    "animation": ANIMATION_INFO,
    "glyphs": GLYPHS_INFO,
    "bot_level": BOT_LEVELS,
    "old_saves": OLD_SAVES_INFO,
}


class ChoiceRow(Vertical):
    """A labelled drop-down with a line saying what the current choice does."""

    def __init__(
        self,
        field: str,
        label: str,
        options: list[tuple[str, str]],
        value: str,
        info: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(classes="choice-row", id=f"row-{field}")
        self.field = field
        self.label = label
        self.options = options
        self.value = value
        self.info: Mapping[str, str] = CHOICE_INFO.get(field, {}) if info is None else info
        """What each value does, in one line (``show_note``)."""
        self._note: str | None = None

    def chosen(self, settings: Settings, value: str) -> dict[str, Any]:
        """The change of settings choosing ``value`` here (none if it is already so)."""
        return {} if getattr(settings, self.field) == value else {self.field: value}

    def compose(self) -> ComposeResult:
        with Horizontal(classes="choice-line"):
            yield Label(self.label, classes="choice-label")
            yield Choice(
                [(text, value) for value, text in self.options],
                self.value,
                id=f"choice-{self.field}",
            )
        yield Static("", classes="setting-info choice-info", markup=False)

    def show_note(self, value: str) -> None:
        """Say under the list what ``value`` does (each write lays the screen out again:
        only a change is written)."""
        info = self.info.get(value, "")
        if info == self._note:
            return
        self._note = info
        line = self.query_one(".choice-info", Static)
        line.update(info)
        line.display = bool(info)


class GameOptionRow(ChoiceRow):
    """A game's own option whose default Settings choose (``OptionSpec.in_settings``)."""

    def __init__(self, spec: GameSpec, option: OptionSpec, settings: Settings) -> None:
        label = f"{spec.short_title}: {option.label[:1].lower()}{option.label[1:]}"
        value = settings.option(spec.id, option.key) or option.default
        info = {choice.value: choice.line for choice in option.choices}
        field = games.settings_key(spec.id, option.key)
        super().__init__(field, label, list(option.labels().items()), value, info)
        self.game_id = spec.id
        self.key = option.key
        self.default = option.default

    def chosen(self, settings: Settings, value: str) -> dict[str, Any]:
        if (settings.option(self.game_id, self.key) or self.default) == value:
            return {}
        return {"options": settings.with_option(self.game_id, self.key, value).options}


class SettingsList(VerticalScroll, can_focus=False):
    """Every setting; it scrolls to follow the focus, so Tab never stops on it."""


class SettingsScreen(SubScreen):
    """All settings on one scrolling page; Escape goes back."""

    CSS_PATH = sheets("settings")

    AUTO_FOCUS = "Switch"
    EXTRA_KEYS = (
        ("Space / Enter", "Flip the switch or open the list under the cursor"),
        ("Tab / Shift+Tab", "Next / previous setting"),
    )

    def compose(self) -> ComposeResult:
        settings: Settings = app_host(self).settings
        yield Header()
        with SettingsList(id="settings-body"):
            for spec in games.all_games():
                yield Static(f"{spec.title}: variants", classes="section-title")
                yield VariantSwitches(spec.id)
            for spec in games.all_games():
                for option in spec.options:
                    if option.in_settings:
                        yield GameOptionRow(spec, option, settings)
            yield Static("Play and display", classes="section-title")
            yield ChoiceRow(
                "animation",
                "Animation",
                list(CHOICE_LABELS["animation"].items()),
                settings.animation,
            )
            yield ChoiceRow(
                "glyphs", "Dice and cards", list(CHOICE_LABELS["glyphs"].items()), settings.glyphs
            )
            yield Static(self._glyph_check(), id="glyph-check")
            yield ChoiceRow(
                "bot_level",
                "Computer level",
                list(CHOICE_LABELS["bot_level"].items()),
                settings.bot_level,
            )
            yield ChoiceRow(
                "old_saves",
                "Old saved games",
                list(CHOICE_LABELS["old_saves"].items()),
                settings.old_saves,
            )
            themes = sorted(self.app.available_themes)
            yield ChoiceRow("theme", "Theme", [(name, name) for name in themes], self.app.theme)
            yield from self._switch_row(
                "confirm_quit",
                settings.confirm_quit,
                "Confirm before quitting",
                "Ask before leaving a game in progress (it is saved either way).",
            )
            yield from self._switch_row(
                "show_odds",
                settings.show_odds,
                "Show the odds",
                "Each seat's live chance at the table (O there turns them on or off).",
            )
            yield from self._switch_row(
                "plain",
                settings.plain,
                "Plain text (screen readers)",
                "From the next start: sentences and prompts a line at a time, for screen"
                " readers, Braille displays and dumb terminals (party-dice --plain).",
            )
        yield KeyBar()

    def _switch_row(self, field: str, on: bool, title: str, info: str) -> ComposeResult:
        """An on/off setting of the app's (the variants' are ``VariantSwitches``): the
        switch, its state word, its title and what it does."""
        with Horizontal(classes="setting-row", id=f"row-{field}"):
            yield Switch(on, id=field.replace("_", "-"))
            yield Label(state_word(on), classes="setting-state")
            with Vertical(classes="setting-text"):
                yield Label(Text(title, style="bold"))
                yield Static(info, classes="setting-info")

    def _glyph_check(self) -> Text:
        text = Text("Glyph check:  ")
        text.append(GLYPH_CHECK, style="bold")
        text.append("\nSix dice and four suits, one cell each. Boxes, question marks or ")
        text.append("overlaps mean your font lacks them: choose ASCII.")
        return text

    def on_mount(self) -> None:
        self.sub_title = "Settings"
        self._refresh_notes()

    def _refresh_notes(self) -> None:
        """The line under each choice, saying what the value chosen does."""
        for choice in self.query(ChoiceRow):
            choice.show_note(choice.query_one(Choice).value)

    @on(Switch.Changed)
    def _switched(self, event: Switch.Changed) -> None:
        """The switches that are not a variant's (``VariantSwitches`` keeps those)."""
        switch_id = event.switch.id or ""
        if switch_id in ("confirm-quit", "show-odds", "plain") and event.switch.parent is not None:
            event.switch.parent.query_one(".setting-state", Label).update(state_word(event.value))
            app_host(self).update_settings(**{switch_id.replace("-", "_"): event.value})

    @on(Choice.Changed)
    def _chosen(self, event: Choice.Changed) -> None:
        row = event.choice.parent.parent if event.choice.parent else None
        if not isinstance(row, ChoiceRow):
            return
        app = app_host(self)
        changes = row.chosen(app.settings, event.value)
        if changes:
            app.update_settings(**changes)
        row.show_note(event.value)

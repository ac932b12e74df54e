"""PartyDiceApp: the screens, the bindings, the command palette and the signal wiring.

The app owns what outlives one screen: the settings in force (``tui.kept_settings``
saves them, ``tui.look`` applies the theme), the sessions it opens (``tui.session``: saves, history,
randomness), and the way out (quit, hang-up, crash). Screens reach it through the typed
``tui.app_host.AppHost`` (``app_host(self)``): ``start_game``, ``resume_game``,
``action_show_rules``, ``back_to_title``, ``autosave`` (the tables' part is in
``tui.table_opener``). Textual's private API is used only in ``tui.textual_compat``, whose
workarounds are installed when this module is imported (``FixedApp`` carries the app's
and the driver's); the terminal output goes through the lean stream (``tui.lean``).

A table screen may offer ``rules_context()``, ``save_game()``, ``saving`` and
``game_in_progress``; the app reads them with ``getattr`` so that any screen can opt in.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tui import games, look, palette
from tui.commands import Command
from tui.kept_settings import KeptSettings, KeptTables
from tui.lean.driver import LeanOutputApp
from tui.output_encoding import linux_console
from tui.plain_notices import PlainNoticesApp
from tui.session import SAVED_HERE, RngFactory, Sessions
from tui.table_opener import TableOpener
from tui.textual_compat import install as textual_fixes
from tui.textual_compat.fixed_app import FixedApp
from tui.textual_compat.stale_nodes import stale_caller

textual_fixes.install()

if TYPE_CHECKING:
    from tui.hangup import HangUpGuard
    from tui.storage.settings import Settings


class PartyDiceApp(FixedApp[None], LeanOutputApp[None], PlainNoticesApp[None], TableOpener):
    """party-dice: Aces in the Pot and Chase the Ace at one keyboard."""

    TITLE = "party-dice"
    CSS_PATH = look.css_paths()
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "show_rules", "Rules", key_display="?"),
        Binding("f1", "show_rules", "Rules", show=False),
        Binding("f2", "show_help", "Keys"),
        Binding("ctrl+l", "redraw", "Redraw", show=False, priority=True),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "quit", show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        start: Command | None = None,
        ascii_glyphs: bool | None = None,
        seed: int | None = None,
        rng_factory: RngFactory | None = None,
        settings_path: Path | None = None,
        saves_dir: Path | None = None,
        history_path: Path | None = None,
    ) -> None:
        """``ascii_glyphs`` overrides the glyph setting for this run (``--ascii``); left
        ``None`` on a console without die faces (``TERM=linux``), it is ``True`` too.

        For tests and screenshots: ``seed`` makes every game started here reproducible,
        ``rng_factory`` hands each game a scripted random source, and the paths move the
        per-user files (by default the XDG directories from ``tui.storage.paths``).
        """
        super().__init__()
        if "TEXTUAL_ANIMATIONS" not in os.environ:  # a smooth scroll is 10 frames over SSH
            self.animation_level = "none"
        if self.no_color:
            look.drop_unreadable_themes(self)
        self.start_command = start or Command("title")
        self.ascii_override = ascii_glyphs if ascii_glyphs is not None else linux_console()
        self.sessions = Sessions(
            saves_dir=saves_dir, history_path=history_path, seed=seed, rng_factory=rng_factory
        )
        self._hangup_guard: HangUpGuard | None = None
        self.kept = KeptSettings(settings_path)
        self.tables = KeptTables()
        look.apply_theme(self, self.settings.theme)
        self.set_class(self.ascii_glyphs, "-ascii-glyphs")
        self.refresh_css(animate=False)

    # -- settings ------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The settings in force."""
        return self.kept.settings

    @property
    def ascii_glyphs(self) -> bool:
        """True when dice and cards are drawn in ASCII (``--ascii`` or the setting)."""
        if self.ascii_override is not None:
            return self.ascii_override
        return self.settings.glyphs == "ascii"

    def update_settings(self, **changes: Any) -> None:
        """Change settings, apply them, and save them at once (a failure is told, once)."""
        notice = self.kept.change(**changes)
        if "theme" in changes:
            look.apply_theme(self, self.settings.theme)
        if "glyphs" in changes:
            self.set_class(self.ascii_glyphs, "-ascii-glyphs")
            self.refresh_css(animate=False)
        self.tell(notice)

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables and the border kinds (``tui.look.box_variables``)."""
        kept = getattr(self, "kept", None)  # Textual asks once before __init__ is done
        ascii_only = getattr(self, "ascii_override", None) if kept is None else self.ascii_glyphs
        return super().get_css_variables() | look.box_variables(bool(ascii_only))

    def variants_for(self, game_id: str) -> frozenset[str]:
        """The variants the settings put in force for ``game_id``."""
        return self.settings.variants_for(game_id)

    def _on_theme_changed(self, theme: Any) -> None:
        """Remember a theme picked from the command palette as well as in Settings."""
        if theme.name != self.settings.theme:
            self.update_settings(theme=theme.name)

    # -- start and stop ------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        from tui.screens.title import TitleScreen

        # Under a table opened from the command line, the title waits for its first frame.
        return TitleScreen.built()(deferred=self.start_command.kind in ("play", "resume", "join"))

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._on_theme_changed)
        self._install_signal_handlers()
        for message in filter(None, (self.kept.message, self.tables.message)):
            self.notify(message, severity="warning", timeout=10)
        command = self.start_command
        if command.kind == "play" and command.play is not None:
            self.start_requested(command.play, self.settings)
        elif command.kind == "resume":
            self.resume_latest()
        self.open_shared()

    def _install_signal_handlers(self) -> None:
        """Save and leave on SIGHUP (a dropped SSH link), SIGTERM and SIGINT: Textual
        installs no handler and would die without saving, or spin on a dead terminal
        if they were ignored. Only for a real terminal: Pilot tests run headless in
        pytest's own process and call ``_hang_up`` directly (see ``tui.hangup``)."""
        from tui.hangup import HangUpGuard

        if self.is_headless or self._hangup_guard is not None:
            return
        guard = HangUpGuard(self._hang_up)
        with contextlib.suppress(RuntimeError, ValueError):  # no loop, or not main thread
            guard.install()
        self._hangup_guard = guard

    def on_unmount(self) -> None:
        if self._hangup_guard is not None:
            self._hangup_guard.uninstall()

    def _hang_up(self, signum: int | None = None) -> None:
        """The terminal went away (or we were asked to stop): save now, then exit."""
        try:
            self.save_open_games()
        finally:
            if self._hangup_guard is not None:
                self._hangup_guard.done_saving()
            self.exit(return_code=0)

    def save_open_games(self) -> bool:
        """Ask every open table to save now; a failure never stops the way out. True
        when a game in progress is saved (so the crash line may say so)."""
        saved = False
        for screen in self.screen_stack:
            save = getattr(screen, "save_game", None)
            if callable(save):
                with contextlib.suppress(Exception):  # leaving must never fail
                    save()
                    saved |= bool(getattr(screen, "game_in_progress", False)) and bool(
                        getattr(screen, "saving", False)
                    )
        return saved

    def game_in_progress(self) -> bool:
        return any(getattr(s, "game_in_progress", False) for s in self.screen_stack)

    async def action_quit(self) -> None:
        """Quit, asking first when a game is in progress and the setting says so."""
        if self.game_in_progress() and self.settings.confirm_quit:
            from tui.screens.confirm import ask_to_quit

            def answered(yes: bool | None) -> None:
                if yes:
                    self.save_open_games()
                    self.exit()

            back = [getattr(getattr(s, "session", None), "comeback", "") for s in self.screen_stack]
            question = f"Quit party-dice? {([b for b in back if b] or [SAVED_HERE])[-1]}"
            if not all(getattr(s, "saving", True) for s in self.screen_stack):
                question = "Quit party-dice? The game in progress cannot be saved: it will be lost."
            ask_to_quit(self, question, answered)
            return
        self.save_open_games()
        self.exit()

    # -- navigation and the command palette -----------------------------------------

    def action_new_game(self, game_id: str) -> None:
        """Open the setup screen for ``game_id``."""
        from tui.screens.setup import SetupScreen

        if game_id in games.ids():
            self.push_screen(SetupScreen(game_id))

    def action_open_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_show_rules(
        self,
        game_id: str | None = None,
        variants: Iterable[str] | None = None,
        ruling: str | None = None,
    ) -> None:
        """The rules: of the game at the table with its variants, or of ``game_id``,
        scrolled to ``ruling`` ("A4") if given. A table screen offers
        ``rules_context()`` returning ``(game_id, variants)`` so that ``?`` and F1 find them.
        """
        from tui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            if game_id:
                self.screen.show_game(game_id)
            return
        if game_id is None:
            context = getattr(self.screen, "rules_context", None)
            if callable(context):
                game_id, variants = context()
        chosen = None if variants is None else frozenset(variants)
        self.push_screen(RulesScreen.shown_in(self, game_id, chosen, ruling))

    def action_show_help(self) -> None:
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def back_to_title(self) -> None:
        """Close every screen above the title (after a game, or from a menu); nothing
        when asked by a screen that is already closed (``stale_nodes.stale_caller``)."""
        if stale_caller(self.screen_stack):
            return
        for _screen in self.screen_stack[1:]:
            App.pop_screen(self)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Useful commands only (``tui.palette``)."""
        return palette.system_commands(self)

    def action_command_palette(self) -> None:
        """Textual's palette, with no fixed id (Textual gives it one): Ctrl+P, Escape,
        Ctrl+P in one burst would open the second palette while the first is still being
        removed, and the ids clash. A search still running when it closes is
        ``stale_nodes``'s to quiet."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(CommandPalette())

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Disabled: a screenshot could put a hidden card on disk."""

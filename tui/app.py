"""PartyDiceApp: the screens, the settings in force, and the hooks the tables use.

The app owns what outlives one screen: the settings (loaded at start, saved on every
change), the saved-game store, where randomness comes from, and the way out (quit, hang-up,
crash). Screens ask the app to move: ``start_game``, ``open_table``, ``action_show_rules``,
``back_to_title``.

A table screen (``tui.screens.table``) plugs in through ``table_screen(controller, config,
slot)`` and may offer ``rules_context()``, ``save_game()``, ``game_in_progress`` and
``help_keys()``; the app uses them with ``getattr`` so that any screen can opt in.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar
from weakref import WeakSet

from textual import events
from textual._context import active_message_pump
from textual.app import App, ScreenStackError, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tui import games, textual_fixes
from tui.cli import Command
from tui.engine.core import RandomSource
from tui.gameconfig import GameConfig

textual_fixes.apply()

if TYPE_CHECKING:
    from tui.engine.controller import Controller
    from tui.engine.store import SaveSlot, SaveStore
    from tui.hangup import HangUpGuard

DEFAULT_THEME = "textual-dark"
"""Readable in colour and, through Textual's monochrome filter, with ``NO_COLOR`` set
(the ANSI themes draw black on black there, so ``NO_COLOR`` removes them)."""


def styles_dir() -> Path:
    """The folder of ``.tcss`` files: ``tui/styles`` in a wheel, ``styles/`` in a checkout."""
    packaged = Path(__file__).resolve().parent / "styles"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "styles"


def _css_paths() -> list[str | PurePath]:
    """``app.tcss`` first, then every other sheet (screens', tables') by name."""
    sheets = sorted(styles_dir().glob("*.tcss"), key=lambda p: (p.name != "app.tcss", p.name))
    return list(sheets)


RngFactory = Callable[[GameConfig], RandomSource]


def _calling_screen() -> Screen[Any] | None:
    """The screen whose message (or whose widget's message) is being handled now, if
    the code running now runs for a screen rather than for the app."""
    node: Any = active_message_pump.get(None)
    while node is not None and not isinstance(node, Screen):
        node = getattr(node, "_parent", None)
    return node if isinstance(node, Screen) else None


def _done() -> AwaitComplete:
    """An already finished ``AwaitComplete``: a pop that has nothing to do."""
    done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
    return done


def _stale_caller(stack: list[Screen[Any]]) -> bool:
    """True when the code running now runs for a screen that has left the stack."""
    caller = _calling_screen()
    return caller is not None and caller not in stack


class PartyDiceApp(App[None]):
    """party-dice: Aces in the Pot and Chase the Ace at one keyboard."""

    TITLE = "party-dice"
    CSS_PATH = _css_paths()
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "show_rules", "Rules", key_display="?"),
        Binding("f1", "show_rules", "Rules", show=False),
        Binding("f2", "show_help", "Keys"),
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
        """``ascii_glyphs`` overrides the glyph setting for this run (``--ascii``).

        For tests and screenshots: ``seed`` makes every game started here reproducible,
        ``rng_factory`` hands each game a scripted random source, and the paths move the
        per-user files (by default the XDG directories from ``tui.paths``).
        """
        super().__init__()
        if self.no_color:
            self._drop_unreadable_themes()
        from tui import paths
        from tui.settings import load_settings

        self.start_command = start or Command("title")
        self.ascii_override = ascii_glyphs
        self.rng_factory = rng_factory
        self._seeds = random.Random(seed)
        self.settings_path = settings_path or paths.settings_path()
        self._saves_dir = saves_dir
        self._store: SaveStore | None = None
        self._history_path = history_path
        self._finished: WeakSet[Controller] = WeakSet()
        self._unsaved: WeakSet[SaveSlot] = WeakSet()
        self._settings_unsaved = False
        self._hangup_guard: HangUpGuard | None = None
        self.settings, self._settings_message = load_settings(self.settings_path)
        self._apply_theme(self.settings.theme)
        self.set_class(self.ascii_glyphs, "-ascii-glyphs")

    # -- settings ------------------------------------------------------------------

    @property
    def ascii_glyphs(self) -> bool:
        """True when dice and cards are drawn in ASCII (``--ascii`` or the setting)."""
        if self.ascii_override is not None:
            return self.ascii_override
        return self.settings.glyphs == "ascii"

    def update_settings(self, **changes: Any) -> None:
        """Change settings, apply them, and save them at once (a failure is told, once)."""
        from tui.engine.files import StorageError
        from tui.settings import save_settings

        self.settings = replace(self.settings, **changes)
        if "theme" in changes:
            self._apply_theme(self.settings.theme)
        if "glyphs" in changes:
            self.set_class(self.ascii_glyphs, "-ascii-glyphs")
        try:
            save_settings(self.settings, self.settings_path)
        except (StorageError, OSError) as error:
            if not self._settings_unsaved:
                reason = getattr(error, "message", None) or str(error)
                self.notify(f"{reason} Settings apply until you quit.", severity="warning")
            self._settings_unsaved = True
        else:
            self._settings_unsaved = False

    def _drop_unreadable_themes(self) -> None:
        """Under ``NO_COLOR`` Textual greys every colour, and an ANSI theme's colours turn
        black on black: offer only the themes that stay readable. A saved ANSI choice
        falls back to ``DEFAULT_THEME`` for this run and stays saved for runs in colour."""
        for name, theme in self.available_themes.items():
            if theme.ansi:
                self.unregister_theme(name)

    def _apply_theme(self, name: str) -> None:
        self.theme = name if name in self.available_themes else DEFAULT_THEME

    def _on_theme_changed(self, theme: Any) -> None:
        """Remember a theme picked from the command palette as well as in Settings."""
        if theme.name != self.settings.theme:
            self.update_settings(theme=theme.name)

    # -- start and stop ------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        from tui.screens.title import TitleScreen

        # Under a table opened from the command line, the title waits for its first frame.
        return TitleScreen(deferred=self.start_command.kind in ("play", "resume"))

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._on_theme_changed)
        self._install_signal_handlers()
        if self._settings_message:
            self.notify(self._settings_message, severity="warning", timeout=10)
        command = self.start_command
        if command.kind == "play" and command.play is not None:
            self.start_game(
                command.play.config(
                    default_variants=self.variants_for(command.play.game_id),
                    default_level=self.settings.bot_level,
                    default_options=games.option_defaults(command.play.game_id, self.settings),
                )
            )
        elif command.kind == "resume":
            self.resume_latest()

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

    def save_open_games(self) -> None:
        """Ask every open table to save now; a failure never stops the way out."""
        for screen in self.screen_stack:
            save = getattr(screen, "save_game", None)
            if callable(save):
                with contextlib.suppress(Exception):  # leaving must never fail
                    save()

    def game_in_progress(self) -> bool:
        return any(getattr(s, "game_in_progress", False) for s in self.screen_stack)

    async def action_quit(self) -> None:
        """Quit, asking first when a game is in progress and the setting says so."""
        if self.game_in_progress() and self.settings.confirm_quit:
            from tui.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self.save_open_games()
                    self.exit()

            question = (
                "Quit party-dice? The game in progress is saved: "
                "Continue on the title screen brings it back."
            )
            if not all(getattr(s, "saving", True) for s in self.screen_stack):
                question = "Quit party-dice? The game in progress cannot be saved: it will be lost."
            if not isinstance(self.screen, ConfirmScreen):
                self.push_screen(
                    ConfirmScreen(
                        question,
                        yes="Quit",
                        no="Keep playing",
                    ),
                    answered,
                )
            return
        self.save_open_games()
        self.exit()

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: save what can be saved before Textual shuts down."""
        self.save_open_games()
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        """Keep tracebacks away from players: write them to a file, print one line."""
        if not self._exit_renderables or "debug" in self.features:
            super()._print_error_renderables()
            return
        where = self._write_crash_log(self._exit_renderables)
        self._exit_renderables.clear()
        line = "party-dice stopped after an internal error; any game in progress was saved."
        if where:
            line += f" Details: {where}"
        print(line, file=sys.stderr)

    def _write_crash_log(self, renderables: Iterable[Any]) -> Path | None:
        from rich.console import Console

        from tui.engine.files import atomic_write_bytes, ensure_private_dir
        from tui.paths import state_dir

        try:
            folder = state_dir()
            ensure_private_dir(folder)
            path = folder / f"crash-{datetime.now():%Y%m%dT%H%M%S}.log"
            console = Console(record=True, width=100, file=io.StringIO())
            for renderable in renderables:
                console.print(renderable)
            atomic_write_bytes(path, console.export_text().encode("utf-8"))
            return path
        except Exception:  # noqa: BLE001 - the message matters more than the log
            return None

    # -- screens -------------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        """Keys typed ahead act in order, each on the screen the keys before it left.

        A terminal hands over a burst of keys at once (fast typing, key repeat, a slow
        SSH link). Textual would route them all before the first is handled: a key
        after the one that opens the dealer's cut would go to the table, not the cut;
        one after the key that opens the settings could close them half built. So a
        new key first waits (a moment at most) for the screen on top to finish
        mounting and for the widgets it will pass through to handle what they hold.
        Keys still queued while the app shuts down have no screen and are dropped.
        """
        if isinstance(event, events.Key) and not event.is_forwarded:
            try:
                screen = self.screen
            except ScreenStackError:
                return
            await self._settle(screen)
        await super().on_event(event)

    async def _settle(self, screen: Screen[Any]) -> None:
        for _ in range(100):  # half a second at most
            if screen.is_mounted or not screen.is_attached:
                break
            await asyncio.sleep(0.005)
        node: Any = self.focused or screen
        chain: list[Any] = []
        while node is not None and node is not self:
            chain.append(node)
            node = node._parent
        for node in chain:  # in order: a key handled below bubbles up to the next
            handled = asyncio.Event()
            if node.call_later(handled.set):
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(handled.wait(), 0.5)

    def pop_screen(self) -> AwaitComplete:
        """Pop the screen that asks to close, which is not always the one on top.

        Keys that arrive in one burst (typed ahead, key repeat, a slow SSH link) are
        queued on the screen that was on top when they came. The first may dismiss
        that screen; the second would then dismiss whatever lies below (the table
        itself, or a curtain without its callback). And a screen covered by another
        (the rules opened by the key before) that dismisses itself would close the
        cover instead, leaving itself behind with its result already given. So a
        screen already gone closes nothing, and a covered screen closes itself.
        """
        caller = _calling_screen()
        stack = self._screen_stack
        if caller is None or (stack and caller is stack[-1]):
            return super().pop_screen()
        if caller not in stack[1:]:
            return _done()  # gone already, or the screen at the bottom
        stack.remove(caller)
        caller._pop_result_callback()
        return AwaitComplete(self._replace_screen(caller)).call_next(self)

    # -- navigation ------------------------------------------------------------------

    def variants_for(self, game_id: str) -> frozenset[str]:
        """The variants the settings put in force for ``game_id``."""
        return self.settings.variants_for(game_id)

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
        scrolled to ``ruling`` ("A4") if given.

        A table screen passes its game and variants, or offers ``rules_context()``
        returning ``(game_id, variants)`` so that ``?`` and F1 find them.
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
        self.push_screen(RulesScreen(game_id, chosen, ruling))

    def action_show_help(self) -> None:
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def back_to_title(self) -> None:
        """Close every screen above the title (after a game, or from a menu); nothing
        when asked by a screen that is already closed (see ``pop_screen``)."""
        if _stale_caller(self.screen_stack):
            return
        for _screen in self.screen_stack[1:]:
            App.pop_screen(self)

    # -- games -----------------------------------------------------------------------

    @property
    def history_path(self) -> Path | None:
        """Where finished games are recorded (``None``: the default in the data dir)."""
        return self._history_path

    @property
    def store(self) -> SaveStore:
        if self._store is None:
            from tui.engine.store import SaveStore

            self._store = SaveStore(self._saves_dir)
        return self._store

    def make_rng(self, config: GameConfig) -> RandomSource:
        """The random source of a new game: scripted in tests, seeded, or fresh."""
        if self.rng_factory is not None:
            return self.rng_factory(config)
        seed = config.seed if config.seed is not None else self._seeds.getrandbits(64)
        return random.Random(seed)

    def start_game(self, config: GameConfig) -> None:
        """Build the game ``config`` describes and open its table, with a save slot.

        A table asking for a rematch has just closed itself: the new table is then
        opened from the app's own message queue, not from the closing screen's.
        """
        from tui.engine.files import StorageError

        if _stale_caller(self.screen_stack):
            self.call_later(self.start_game, config)
            return
        problem = config.problem()
        if problem:
            self.notify(problem, title="Cannot start", severity="error")
            return
        try:
            controller = games.new_controller(config, self.make_rng(config))
        except ValueError as error:  # the engine refused an option
            self.notify(str(error), title="Cannot start", severity="error")
            return
        slot: SaveSlot | None = None
        try:
            slot = self.store.new_slot(config.game_id)
        except (StorageError, OSError) as error:
            reason = getattr(error, "message", None) or str(error)
            self.notify(f"{reason} This game will not be saved.", severity="warning", timeout=10)
        self.open_table(controller, config, slot)

    def autosave(self, controller: Controller, slot: SaveSlot | None) -> None:
        """The table's hook after every action: save the game; once it is over, remove
        its save and add it to the history of finished games (once)."""
        if controller.over:
            if controller not in self._finished:
                self._finished.add(controller)
                if slot is not None and slot.held:
                    with contextlib.suppress(Exception):  # a stale save is moved aside later
                        slot.delete()
                self.record_history(controller)
            return
        if slot is None or not slot.held or slot in self._unsaved:
            return
        try:
            slot.write(controller.to_dict(), round=controller.view(None).round)
        except Exception as error:  # noqa: BLE001 - a failed save must never stop play
            self._unsaved.add(slot)
            reason = getattr(error, "message", None) or str(error)
            self.notify(f"Saving is off for this game: {reason}", severity="warning", timeout=8)

    def saving(self, slot: SaveSlot | None) -> bool:
        """True while the game of ``slot`` is saved after every move (not when it has no
        slot, or saving was turned off after a failure)."""
        return slot is not None and slot.held and slot not in self._unsaved

    def record_history(self, controller: Controller) -> None:
        """Add a finished game to the Recent games list; a problem is told, never raised."""
        from tui.history import History

        spec = games.get(controller.game_id)
        names = [seat.name for seat in controller.seats]
        message = History(self._history_path).record(
            game=controller.game_id,
            players=names,
            winners=[names[seat] for seat in controller.winners()],
            length=spec.length(controller.game),
            unit=spec.length_unit,
            variants=controller.view(None).variants,
        )
        if message:
            self.notify(message, severity="warning", timeout=8)

    def open_table(
        self, controller: Controller, config: GameConfig | None, slot: SaveSlot | None
    ) -> None:
        """Push the table for ``controller`` (``config`` is ``None`` for a resumed game)."""
        from tui.screens.table import table_screen

        self.push_screen(table_screen(controller, config, slot))

    def resume_game(self, slot_id: str) -> bool:
        """Open a saved game; say in one sentence why not if it cannot be opened."""
        from tui.engine.store import SaveError

        try:
            slot, controller = self.store.resume(slot_id)
        except SaveError as error:
            self.notify(error.message, severity="warning", timeout=8)
            return False
        self.open_table(controller, None, slot)
        return True

    def resume_latest(self) -> bool:
        """``party-dice resume``: the newest save not open elsewhere."""
        scan = self.store.scan()
        for message in scan.messages:
            self.notify(message, severity="warning", timeout=10)
        for summary in scan.saves:
            if not summary.in_use:
                return self.resume_game(summary.slot_id)
        if scan.saves:
            self.notify("Every saved game is open in another session.", timeout=6)
        else:
            self.notify("There is no saved game to continue.", timeout=6)
        return False

    def action_continue(self) -> None:
        """Continue: straight into the only save, or a list to choose from."""
        saves = self.store.list()
        if len(saves) == 1 and not saves[0].in_use:
            self.resume_game(saves[0].slot_id)
            return
        from tui.screens.saves import SavesScreen

        self.push_screen(SavesScreen(saves))

    # -- command palette -------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Useful commands only. Textual's own list is not offered: its Screenshot would
        save hidden cards to disk, and Maximize has nothing to offer here."""
        for spec in games.all_games():
            yield SystemCommand(
                f"New {spec.title} game", "Set up a table", partial(self.action_new_game, spec.id)
            )
        yield SystemCommand(
            "Rules", "How to play, every variant and ruling", self.action_show_rules
        )
        yield SystemCommand(
            "Settings", "Variants, animation, glyphs, theme", self.action_open_settings
        )
        yield SystemCommand("Keys", "Every key, on one screen", self.action_show_help)
        yield SystemCommand("Theme", "Change the colours (remembered)", self.action_change_theme)
        yield SystemCommand(
            "Quit", "Leave party-dice (a game in progress is saved)", self.action_quit
        )

    def action_command_palette(self) -> None:
        """Textual's palette, safe against keys typed faster than it draws. No fixed id
        (Textual gives it one): Ctrl+P, Escape, Ctrl+P in one burst would open the
        second palette while the first is still being removed, and the ids clash."""
        from textual.command import CommandPalette

        from tui.safe_palette import SafeCommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(SafeCommandPalette())

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Disabled: a screenshot could put a hidden card on disk."""

"""What screens and the table may ask of the app, as a typed Protocol.

Screens reach the app through ``app_host(self)`` instead of ``getattr(self.app, ...)``:
mypy checks every call against ``AppHost``, and ``tests/app/test_app_host.py`` checks that
``PartyDiceApp`` provides it. This module imports nothing of ``tui`` at run time and
``tui.app`` not even for type checking, so screens depend on it without an import cycle.
Textual's own ``App`` methods (``push_screen``, ``exit``, ``bell``) stay on ``self.app``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from tui.gameconfig import GameConfig
    from tui.kept_settings import KeptTables
    from tui.session.table_session import HeldTable
    from tui.storage.save_format import Match
    from tui.storage.saves import SaveStore
    from tui.storage.settings import Settings


@runtime_checkable
class AppHost(Protocol):
    """The party-dice app as screens see it: settings, saves, and where to go next."""

    @property
    def settings(self) -> Settings:
        """The settings in force."""

    @property
    def ascii_glyphs(self) -> bool:
        """True when dice and cards are drawn in ASCII."""

    @property
    def tables(self) -> KeptTables:
        """The table each game was last set up with ("Play again")."""

    @property
    def store(self) -> SaveStore:
        """The saved games."""

    @property
    def history_path(self) -> Path | None:
        """Where finished games are recorded (``None``: the default file)."""

    def tell_once(self, message: str) -> None:
        """A file's problem, told once in a run."""

    def update_settings(self, **changes: Any) -> None:
        """Change, apply and save settings."""

    def variants_for(self, game_id: str) -> frozenset[str]:
        """The variants the settings put in force for ``game_id``."""

    def start_game(self, config: GameConfig, *, match: Match | None = None) -> None:
        """Build the game and open its table (``match``: the games played before it,
        for a rematch)."""

    def resume_game(self, slot_id: str) -> bool:
        """Open a saved game; False (and the player told why) if it cannot be."""

    def autosave(self, session: HeldTable) -> None:
        """The table's hook after every action (and on leaving): save, or record."""

    def back_to_title(self) -> None:
        """Close every screen above the title."""

    def action_new_game(self, game_id: str) -> None:
        """Open the setup screen for ``game_id``."""

    def action_continue(self) -> None:
        """Continue a saved game."""

    def action_show_rules(
        self,
        game_id: str | None = None,
        variants: Iterable[str] | None = None,
        ruling: str | None = None,
    ) -> None:
        """Open the rules."""

    def action_open_settings(self) -> None:
        """Open the settings."""

    def host_game(self, config: GameConfig) -> None:
        """Open ``config`` as a shared table and sit at it from this terminal."""

    def join_table(
        self,
        name: str,
        code: str,
        waiting: Callable[[str], None] | None = None,
        watch: bool = False,
    ) -> str | None:
        """Connect to the shared table ``name`` (``watch``: to watch it); why not, in
        one sentence, or ``None`` (``waiting`` hears the table's sentence while its
        host decides; this may take as long as the host does: call it from a worker
        thread)."""

    def open_joined(self, wanted: bool = True) -> None:
        """Open the shared table just joined (``wanted`` False: the person gave up
        before the host let them in: leave it instead)."""

    def action_share(self, what: str) -> None:
        """The title's "Host a table" (``host``) and "Join a table" (``join``)."""


def app_host(node: DOMNode) -> AppHost:
    """The app ``node`` runs in, as an ``AppHost`` (raises ``NoActiveAppError`` when
    there is none)."""
    return cast("AppHost", node.app)

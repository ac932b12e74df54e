"""What a front end of the table does for the table presenter, and what it tells it.

The presenter (``tui.session.table_presenter``) decides; a front end (the Textual
``tui.table.screen.TableScreen``, the plain-text table in ``tui.plain``) implements
``TableFront`` (draw a model, wait, animate, save, leave) and ``TablePrefs`` (the
settings a table plays by), and says who binds a key (``Binding``) as it forwards it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from tui.engine.core import Event
from tui.session.table_flow import Pace
from tui.session.table_model import TableModel

if TYPE_CHECKING:
    from tui.gameconfig import GameConfig
    from tui.storage.save_format import Match

Binding = Literal["app", "table"] | None
"""Who binds a key the front end was given: the app (rules, keys, quit), the table
screen (leave, odds, read the log back), or nobody."""


class TablePrefs(Protocol):
    """The settings a table plays by, read when needed (they may change mid-game)."""

    @property
    def ascii_only(self) -> bool: ...

    @property
    def pace(self) -> Pace: ...

    @property
    def odds_on(self) -> bool: ...

    def set_odds(self, on: bool) -> None:
        """Turn odds on or off, and keep it as a setting."""


class TableFront(Protocol):
    """What a front end does for its presenter."""

    def show(self, model: TableModel) -> None:
        """Draw ``model``; once it is on the screen, call ``drawn(model.gate, time)``."""

    def wait(self, seconds: float) -> None:
        """Call ``timer()`` after ``seconds`` (replacing a wait not yet over)."""

    def stop_wait(self) -> None:
        """Forget the wait not yet over."""

    def animate_move(self, events: Sequence[Event], names: Sequence[str], pace: Pace) -> bool:
        """Start the animation of a move; True if ``animated()`` will be called when it
        ends (the move is revealed then), False to reveal it now."""

    def end_animation(self) -> None:
        """Jump to the end of the animation running (``animated()`` follows, later:
        never from inside this call)."""

    def save(self) -> None:
        """Save the game now (after every move, and when leaving)."""

    def close_table(self) -> None:
        """Take the table away (the game so far is saved): back to the title."""

    def rematch(self, config: GameConfig, match: Match) -> None:
        """Open ``config``'s table anew, after this one closed, with ``match`` so far."""

    def bell(self) -> None:
        """Tell the person the key did nothing (a move the table refused)."""

    def from_thread(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` on the front end's own thread, soon (safe from any thread)."""

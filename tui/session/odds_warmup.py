"""A table's odds, solved in the background so that no move ever waits for them.

The game's registry entry says what its computer players and odds read
(``GameSpec.ready``: Aces solves, or reads from the per-user cache, ``tui.storage.cache``,
the round's chain and makes it known in this process). This runs it on a thread of its
own and calls ``done`` when it is there; a game with nothing to solve starts nothing.
A failure only means no odds: the table plays on exactly as without them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable

from tui import games

THREAD_NAME = "party-dice-odds"
"""The solving thread's name (tests wait for it like a worker)."""


def warm(
    game_id: str, players: int, variants: Iterable[str], done: Callable[[], None]
) -> threading.Thread | None:
    """Start solving the odds of a table; ``done()`` is called on that thread afterwards."""
    spec = games.get(game_id)
    ready = spec.ready
    if ready is None:
        return None
    chosen = frozenset(variants)

    def work() -> None:
        from tui.storage.cache import FileShelf

        try:
            ready(players, chosen, FileShelf())
        except Exception:  # odds are a nicety: never let them break a table
            return
        done()

    thread = threading.Thread(target=work, name=THREAD_NAME, daemon=True)
    thread.start()
    return thread

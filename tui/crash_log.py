"""The file an internal error's details go to, so that players see one line, not a
traceback (``tui.textual_compat.crash_output`` hands the details over).

The log is written on a shared server and its path is printed on the shared screen, so
it holds no game: the traceback is made here from the exception, without the local
variables Textual's own traceback shows (``hands = ['QH', 'JS', 'TC']``), and anything
left that looks like a card code is blanked. The save is there for the game itself.
"""

from __future__ import annotations

import io
import re
import traceback
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

CRASH_LINE = "party-dice stopped after an internal error; any game in progress was saved."
CRASH_LINE_UNSAVED = "party-dice stopped after an internal error."
"""When no game in progress was saved (none was open, or it could not be saved)."""
CARD_CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")
"""A card as the engine writes it (``QH``, ``TC``): never in a crash log."""


def crash_text(renderables: Iterable[Any], error: BaseException | None = None) -> str:
    """The log's text: ``error``'s traceback without locals when there is one (then
    Textual's renderables, its traceback with locals, are left out), else the
    renderables as plain text; card codes blanked either way."""
    if error is not None:
        text = "".join(traceback.format_exception(error))
    else:
        from rich.console import Console

        console = Console(record=True, width=100, file=io.StringIO())
        for renderable in renderables:
            console.print(renderable)
        text = console.export_text()
    return CARD_CODE.sub("??", text)


def write_crash_log(renderables: Iterable[Any], error: BaseException | None = None) -> Path | None:
    """Write ``crash_text`` to a new file in the state directory; ``None`` if it cannot
    be written (the line to the player matters more than the log)."""
    from tui.storage.files import atomic_write_bytes, ensure_private_dir
    from tui.storage.paths import state_dir

    try:
        folder = state_dir()
        ensure_private_dir(folder)
        path = folder / f"crash-{datetime.now():%Y%m%dT%H%M%S}.log"
        atomic_write_bytes(path, crash_text(renderables, error).encode("utf-8"))
        return path
    except Exception:  # the message matters more than the log
        return None


def crash_line(
    renderables: Iterable[Any], error: BaseException | None = None, *, saved: bool = True
) -> str:
    """Write the details to a file and return the one line to print instead; it says a
    game was saved only when ``saved``."""
    where = write_crash_log(renderables, error)
    return (CRASH_LINE if saved else CRASH_LINE_UNSAVED) + (f" Details: {where}" if where else "")

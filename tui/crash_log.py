"""The file an internal error's details go to, so that players see one line, not a
traceback (``tui.textual_compat.crash_output`` hands the details over)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

CRASH_LINE = "party-dice stopped after an internal error; any game in progress was saved."


def write_crash_log(renderables: Iterable[Any]) -> Path | None:
    """Write Rich renderables (Textual's traceback) as plain text to a new file in the
    state directory; ``None`` if it cannot be written (the line to the player matters
    more than the log)."""
    from rich.console import Console

    from tui.storage.files import atomic_write_bytes, ensure_private_dir
    from tui.storage.paths import state_dir

    try:
        folder = state_dir()
        ensure_private_dir(folder)
        path = folder / f"crash-{datetime.now():%Y%m%dT%H%M%S}.log"
        console = Console(record=True, width=100, file=io.StringIO())
        for renderable in renderables:
            console.print(renderable)
        atomic_write_bytes(path, console.export_text().encode("utf-8"))
        return path
    except Exception:
        return None


def crash_line(renderables: Iterable[Any]) -> str:
    """Write the details to a file and return the one line to print instead."""
    where = write_crash_log(renderables)
    return CRASH_LINE + (f" Details: {where}" if where else "")

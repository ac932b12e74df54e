"""What a table host shares, without Textual: start and resume games, autosave, the
history of finished games, rematches (``table_session``).

The app (``tui.app``) is one host; a headless table host can be another. Messages for
the player come back as ``Notice`` values, and the host shows them its own way.
"""

from tui.session.table_session import SAVED_HERE, Notice, RngFactory, Sessions, TableSession

__all__ = ["SAVED_HERE", "Notice", "RngFactory", "Sessions", "TableSession"]

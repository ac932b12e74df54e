"""party-dice: pass-the-keyboard party games in the terminal.

Only the version lives here, so that importing ``tui.engine`` never loads Textual.
"""

__version__ = "0.1.0"

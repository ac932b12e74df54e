"""Per-user files: where they live, atomic writes, locks, saves, history, settings, the
cache.

Kept out of ``tui.engine`` so the rules stay pure (no I/O), and knowing files, not
games: what it keeps and returns is plain data (a save's game, a remembered table, a
solved chain's bytes), and it imports nothing of the engine; the session and the
registry make games of that data. Standard library plus ``platformdirs`` and
``tomli-w``, never Textual or Rich (a test checks it).
"""

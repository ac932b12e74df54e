"""Per-user files: where they live, atomic writes, locks, saves, history, settings.

Kept out of ``tui.engine`` so the rules stay pure (no I/O); standard library plus
``platformdirs`` and ``tomli-w``, never Textual or Rich (a test checks it).
"""

"""One module per game with its ``TableKit`` (see ``tui.table_kit``), which the game's
``GameSpec`` in ``tui.games`` makes for each table."""

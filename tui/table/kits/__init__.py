"""One module per game, each registering its ``TableKit`` (see ``tui.table.kit``)."""

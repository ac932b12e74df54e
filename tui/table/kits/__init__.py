"""One module per game, each naming its ``TableKit`` class ``KIT`` (see ``tui.table.kit``)."""

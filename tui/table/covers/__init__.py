"""The boxes the table screen draws over itself: curtains, the private card, the cut,
a round's end (each draws one kind of ``tui.session.table_model.Cover``)."""

"""Events in words for the table's log: one plain-text line per thing that happened.

Each game has a module here with ``describe(events, names, ascii_only=False) ->
list[str]``; its ``GameSpec.narrator`` loads it when first needed (``tui.games.narrate``
picks it by game id), so the simulator and the engine tests never load a narrator they
do not use. Lines are plain strings, never markup: player names are user text and must
be shown as-is.
"""

"""The plain-text table: both games as sentences and prompts, a line at a time.

For screen readers (Orca, NVDA, Speakup), Braille displays (BRLTTY), ``TERM=dumb``,
an Emacs shell buffer, a serial console, and a log of a game that reads like a story:
no cursor movement, no alternate screen, no colour, no box drawing; every event one
sentence on its own line; a turn ends with a prompt that names whose move it is and
the keys, the cursor left at its end.

It is a front end of the same table presenter as the full screen
(``tui.session.table_presenter``): the same engine, saves, autosave, hang-up safety,
computer players, variants, match play and odds, decided once. This package draws
each ``TableModel`` in words (``table``), asks the title, setup and settings as
numbered choices and typed answers (``menus``, ``setup``, ``dialog``), reads lines
(``lines``) and writes them (``output``), and runs it all on one event loop (``run``).
Words that depend on a game come from the game's ``TableWords`` with a ``voice``
(``tui.narrate.words.Voice``), never from here: a game added later gets a plain table
from their defaults.

Privacy, in a medium that keeps everything. A line once written cannot be taken back:
the scrollback keeps it, a Braille display shows it, speech says it to the room. So a
game that hides cards from all but one seat (its privacy rule is not the open table's)
is never played here by two or more people at one terminal: the plain table refuses
to seat them, says why in plain words, and offers to host a shared table instead, where
each person joins from their own terminal and each terminal receives only its own seat's
card (``privacy``). With one person at a terminal (computer players fill the other seats,
or the others play from their own terminals), that person's card is said to them alone,
and no line names a face-down card of any other seat: the log is the public log, and the
only private words are the terminal's own seat's (``TableWords.own_card_line``).

No Textual here, nor Rich beyond its cell widths (``tui.cells``).
"""

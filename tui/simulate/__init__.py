"""The ``party-dice simulate`` command: many headless games between bots, and their numbers.

``cli`` reads the arguments and runs the command (``cli.main``, also ``python -m
tui.simulate``), ``play`` plays the games and tallies them, ``report`` turns a tally
into text or JSON, ``stats`` does the arithmetic. Each imports only the ones after it,
and none imports Textual or Rich, so the command starts fast.
"""

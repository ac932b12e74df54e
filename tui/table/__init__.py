"""The table: one screen for every game (``screen``), its flow as an explicit state
machine (``flow``), where the seats go (``layout``) and what each game draws
differently (``kit`` and ``kits/``). Nothing is imported here, so importing a part
does not build the screen."""

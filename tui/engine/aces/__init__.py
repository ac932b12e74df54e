"""Aces in the Pot: ``game`` (the moves), ``table`` (state, views, saving), ``rules``
(the rulings' constants, actions and checks), ``bots`` (computer players)."""

from tui.engine.aces.game import AcesGame

__all__ = ["AcesGame"]

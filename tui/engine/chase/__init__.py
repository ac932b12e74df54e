"""Chase the Ace: ``game`` (the moves), ``table`` (the state), ``view`` (what a seat may
see), ``save`` (to a dict and back), ``rules`` (the rulings' constants and helpers),
``bots`` (computer players)."""

from tui.engine.chase.game import ChaseGame

__all__ = ["ChaseGame"]

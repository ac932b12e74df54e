"""A key per game on a screen, taken from the registry when the screen is built.

Textual reads a screen's ``BINDINGS`` once, when its class is made, and offers no public
way to add a key to one screen later. The games, though, are known only at run time: one
registered after start-up must still get its key. So a screen with a key per game keeps
its own keys in ``OWN_BINDINGS`` and is built through ``built()``: a subclass of the same
name (its CSS type is unchanged) whose ``BINDINGS`` are one ``game_binding`` per game
registered now, ahead of its own keys (the key bar lists them in that order). One class is
made per set of games, so building the screen again costs nothing.

The registry refuses a game whose key is one of these screens' own (``tui.games.register``
and ``SCREEN_KEYS``), so a game's key never hides the title's or the rules' own.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self, cast

from textual.binding import Binding, BindingType

from tui import games
from tui.games.spec import GameSpec

_BUILT: dict[tuple[type[Any], tuple[tuple[str, str, str], ...]], type[Any]] = {}


class GameKeyed:
    """A screen with a key per game (mix in before the Screen class)."""

    OWN_BINDINGS: ClassVar[list[BindingType]] = []
    """The screen's own keys: each must be in ``tui.games.SCREEN_KEYS``."""

    @classmethod
    def game_binding(cls, spec: GameSpec) -> Binding:
        """The key of ``spec`` on this screen."""
        raise NotImplementedError

    @classmethod
    def built(cls) -> type[Self]:
        """This screen with a key for every game registered now (asked of a screen
        built before, the same screen built anew)."""
        base: type[Any] = cls.__dict__.get("_built_from", cls)
        known = tuple((spec.id, spec.menu_key, spec.short_title) for spec in games.all_games())
        made = _BUILT.get((base, known))
        if made is None:
            bindings = [base.game_binding(spec) for spec in games.all_games()]
            made = type(
                base.__name__,
                (base,),
                {
                    "BINDINGS": [*bindings, *base.OWN_BINDINGS],
                    "_built_from": base,
                    "__module__": base.__module__,
                    "__qualname__": base.__qualname__,
                    "__doc__": base.__doc__,
                },
            )
            _BUILT[(base, known)] = made
        return cast("type[Self]", made)

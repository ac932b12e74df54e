"""What ``tui.textual_compat.install`` has installed: which workarounds are on, and what
their patches replaced (so that it can be put back).

The workarounds' own modules ask ``on(name)`` (a mixin of the app or of the driver does
what Textual does while its workaround is off) and patch Textual through ``replace``.
"""

from __future__ import annotations

from typing import Any

_on: set[str] = set()
_replaced: dict[tuple[int, str], tuple[Any, str, Any]] = {}


def on(name: str) -> bool:
    """True when the workaround ``name`` is installed."""
    return name in _on


def fixes_on() -> frozenset[str]:
    """The workarounds installed now."""
    return frozenset(_on)


def turn_on(name: str) -> None:
    _on.add(name)


def turn_off(name: str) -> None:
    _on.discard(name)


def replace(owner: Any, name: str, value: Any) -> None:
    """Set ``owner.name`` (a class's method, a module's global) to ``value``, keeping what
    was there first for ``put_back``."""
    key = (id(owner), name)
    if key not in _replaced:
        _replaced[key] = (owner, name, getattr(owner, name))
    setattr(owner, name, value)


def put_back() -> None:
    """Put back everything ``replace`` changed, and turn every workaround off."""
    for owner, name, original in reversed(list(_replaced.values())):
        setattr(owner, name, original)
    _replaced.clear()
    _on.clear()

"""Fixtures of the engine tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_known_odds() -> Iterator[None]:
    """Each test starts with no solved Aces chain in the process, so the sharp player's
    rules of thumb are what a test sees unless it makes the odds known itself."""
    from tui.engine.aces.odds import forget

    forget()
    yield
    forget()

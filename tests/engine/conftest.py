"""Fixtures of the engine tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.oracle import within

ENGINE_TEST_SECONDS = 60.0
"""The longest everyday engine test takes a few seconds: one still running after a
minute is a game that never ends (a rule broken so that nobody can win), and fails
then, with where it was, instead of at the suite's five-minute timeout."""


@pytest.fixture(autouse=True)
def no_known_odds() -> Iterator[None]:
    """Each test starts with no solved Aces chain in the process, so the sharp player's
    rules of thumb are what a test sees unless it makes the odds known itself."""
    from tui.engine.aces.odds import forget

    forget()
    yield
    forget()


@pytest.fixture(autouse=True)
def no_endless_game(request: pytest.FixtureRequest) -> Iterator[None]:
    """Everyday engine tests end within ``ENGINE_TEST_SECONDS`` (soaks have their own)."""
    if request.node.get_closest_marker("slow") is not None:
        yield
        return
    with within(ENGINE_TEST_SECONDS, lambda: f"{request.node.nodeid}: a game that never ends?"):
        yield

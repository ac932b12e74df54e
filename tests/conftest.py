"""Hooks for the whole suite (each folder's conftest holds its fixtures)."""

from __future__ import annotations

import os

import pytest

from tests.support.schedule import spread_long_tests


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """After ``-m`` has chosen the tier: its long tests start first, one per worker."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = spread_long_tests(items, workers)

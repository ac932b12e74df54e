"""The workarounds installed, as ``tui.app`` installs them when it is imported."""

from __future__ import annotations

import pytest

from tui.textual_compat import install


@pytest.fixture(autouse=True, scope="session")
def installed() -> frozenset[str]:
    """Every workaround whose names the pinned Textual has (all of them, or a guard
    test below says which is gone)."""
    return install.install()

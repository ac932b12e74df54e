"""Hooks and fixtures for the whole suite (each folder's conftest holds its own)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator

import pytest

from tests.support.schedule import spread_long_tests

sys.dont_write_bytecode = False
"""Bytecode caches (``__pycache__``, ignored by git) even where
``PYTHONDONTWRITEBYTECODE`` is set: without them every worker compiles the app and
rewrites the assertions of every test module again (6 s of CPU to collect, not 2)."""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """After ``-m`` has chosen the tier: its long tests start first, one per worker."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = spread_long_tests(items, workers)


GC_THRESHOLDS = (10_000, 20, 100)
"""The test processes' garbage collector (Python's default: 700, 10, 10). Each Pilot
app leaves a few hundred thousand objects in cycles, and by default a worker then ran
a full collection every few tests: 192 of them in an everyday run, 38 s of its CPU
(47 s with the younger generations) of about 245 s. With these, 20 full collections
and 17 s in all: the run took 121 s where it took 131-138 s (2 cores), with workers
peaking at 114-186 MiB where they peaked at 96-146 MiB. The app's own processes (the
pty tests) keep Python's defaults: this is the test workers' setting only."""


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.set_threshold(*GC_THRESHOLDS)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Once the tests are done: one full collection, whose finalizers still report what
    they raise, then what survives it is frozen. pytest then collects five times more
    to find unraisable exceptions; over a worker's heap of Pilot apps those five took
    0.6-1.0 s of each worker's CPU (5 s of an everyday run); with the heap frozen they
    look only at what the first collection's finalizers left behind (0.1-0.5 s a
    worker, that first collection included)."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def own_cache_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solved odds and other rebuildable files go to a cache of this test process's own,
    never the user's ``~/.cache``; it lasts the run, as a user's would (app tests give
    each test a cache of its own on top)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture(autouse=True)
def saves_written_at_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's saves are written on a thread of their own (``tui.session.autosave``);
    tests that read a save file right after a move get it written before the move's
    call returns. The writer's thread, its order and its flush are tested with it running
    (tests marked ``threaded_saves``), and so is every game on a pty."""
    if request.node.get_closest_marker("threaded_saves") is not None:
        return
    from tui.session.autosave import SaveWriter

    def at_once(self: SaveWriter, job: Callable[[], None]) -> None:
        try:
            job()
        finally:
            self.written += 1

    monkeypatch.setattr(SaveWriter, "submit", at_once)


@pytest.fixture
def reinstall(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., frozenset[str]]]:
    """Install Textual's workarounds again with another lookup (or switch); the real
    installation after, with the switch cleared first: the autouse fixtures take
    ``monkeypatch`` before this one, so a test's ``PARTY_DICE_TEXTUAL_FIXES=off`` is still
    set when this one ends (it left every later test of the worker on stock Textual)."""
    from tui.textual_compat import install

    def again(lookup: Callable[..., object] = install.find) -> frozenset[str]:
        install.uninstall()
        return install.install(lookup)

    try:
        yield again
    finally:
        monkeypatch.delenv(install.SWITCH, raising=False)
        install.uninstall()
        install.install()

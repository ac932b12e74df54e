"""Helpers shared by the on-disk tests (saves, settings, history)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tui.storage import files


def skip_if_modes_are_ignored(tmp_path: Path) -> None:
    """Skip a permission test when this user reads whatever the mode bits say (root with
    CAP_DAC_OVERRIDE); the same tests run for real as a normal user or with
    ``setpriv --bounding-set -dac_override,-dac_read_search``."""
    probe = tmp_path / "mode-probe"
    probe.write_text("x")
    os.chmod(probe, 0)
    try:
        probe.read_text()
    except PermissionError:
        return
    finally:
        os.chmod(probe, 0o600)
        probe.unlink()
    pytest.skip("this user reads files whatever their mode (root)")


def corrupt_copies(directory: Path) -> list[Path]:
    """The files moved aside in ``directory`` (``name.corrupt-<time>``)."""
    return sorted(p for p in directory.iterdir() if files.CORRUPT_MARK in p.name)

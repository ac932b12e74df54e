"""Helpers shared by the on-disk tests (saves, settings, history)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.hostile import OTHER_UID, in_child
from tui.storage import files


def modes_obeyed(folder: Path) -> bool:
    """True when this process is refused a file its mode bits refuse (not root with
    CAP_DAC_OVERRIDE, which reads whatever they say)."""
    probe = folder / "mode-probe"
    probe.write_text("x")
    os.chmod(probe, 0)
    try:
        probe.read_text()
    except PermissionError:
        return True
    finally:
        os.chmod(probe, 0o600)
        probe.unlink()
    return False


def with_modes_obeyed(tmp_path: Path, body: Callable[[Path], None]) -> None:
    """Run the permission test ``body(folder)`` where mode bits are obeyed, for every user.

    A normal user runs it here, in a folder under ``tmp_path``. Root (how CI runs) would
    read whatever the modes say, so it runs ``body`` in a forked child that drops to
    ``nobody`` (``OTHER_UID``), in a fresh folder of nobody's in the system's temp dir
    (pytest's own is root's, 0700, out of nobody's reach); the child's failure, or a
    hang, fails the test here. Skips, saying why, only for a user who ignores modes and
    cannot drop to another uid.
    """
    if modes_obeyed(tmp_path):
        folder = tmp_path / "modes"
        folder.mkdir()
        body(folder)
        return
    if os.geteuid() != 0:
        pytest.skip(f"uid {os.geteuid()} reads files whatever their mode and cannot setuid")
    folder = Path(tempfile.mkdtemp(prefix="party-dice-modes-"))
    try:
        os.chown(folder, OTHER_UID, OTHER_UID)

        def unprivileged() -> None:
            os.setgroups([])
            os.setgid(OTHER_UID)
            os.setuid(OTHER_UID)
            assert modes_obeyed(folder), f"uid {OTHER_UID} still ignores mode bits"
            body(folder)

        in_child(unprivileged, timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def corrupt_copies(directory: Path) -> list[Path]:
    """The files moved aside in ``directory`` (``name.corrupt-<time>``)."""
    return sorted(p for p in directory.iterdir() if files.CORRUPT_MARK in p.name)

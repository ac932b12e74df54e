"""Issue 18 item 7: the seed is for replays and tests, and never leaves the process.

Anyone on a shared server can read a command line in ``ps``; with ``--seed`` they could
work out every deal. ``--help`` and the README say so, and party-dice starts no process
of its own (no ``subprocess``, ``os.exec*``, ``os.spawn*``, ``os.system``, ``os.popen``,
``multiprocessing``, ``webbrowser``), so it never puts the seed or the game on another
command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tui.cli import parse

ROOT = Path(__file__).resolve().parents[2]
STARTERS = {"subprocess", "multiprocessing", "webbrowser", "pty", "concurrent.futures.process"}
OS_STARTERS = ("exec", "spawn", "system", "popen", "fork", "posix_spawn")


def test_help_says_the_seed_is_not_for_a_real_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "for replays and tests only" in text and "never for a real game of Chase" in text
    assert "ps" in text


def test_the_readme_says_so_too() -> None:
    text = " ".join((ROOT / "README.md").read_text().split())
    assert "it is for replays and tests, never for a real game of Chase" in text


def test_the_app_starts_no_process_of_its_own() -> None:
    found = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found += [(path, a.name) for a in node.names if a.name in STARTERS]
            elif isinstance(node, ast.ImportFrom) and node.module in STARTERS:
                found.append((path, node.module))
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "os"
                and node.attr.startswith(OS_STARTERS)
            ):
                found.append((path, f"os.{node.attr}"))
    assert found == []

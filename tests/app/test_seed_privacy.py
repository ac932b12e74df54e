"""Issue 18 item 7: the seed is for replays and tests, and never leaves the process.

Anyone on a shared server can read a command line in ``ps``; with ``--seed`` they could
work out every deal. ``--help`` and the README say so, and party-dice starts one process
only: a shared table's (``tui/share/process.py``), whose command line is the constant
``python -m tui.share.process``; its seed, code and game go down a pipe. Nothing else
uses ``subprocess``, ``os.exec*``, ``os.spawn*``, ``os.system``, ``os.popen``,
``multiprocessing`` or ``webbrowser``, so the seed or the game never reach a command line.
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


TABLE_PROCESS = ROOT / "tui" / "share" / "process.py"


def test_the_app_starts_no_process_but_the_shared_tables() -> None:
    found = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        if path == TABLE_PROCESS:
            continue
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


def test_the_shared_table_s_command_line_is_a_constant() -> None:
    """Its one ``Popen`` is given a literal list: ``sys.executable`` and string literals."""
    calls = [
        node
        for node in ast.walk(ast.parse(TABLE_PROCESS.read_text()))
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "subprocess.Popen"
    ]
    assert len(calls) == 1
    argv = calls[0].args[0]
    assert isinstance(argv, ast.List)
    assert ast.unparse(argv.elts[0]) == "sys.executable"
    assert all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in argv.elts[1:])

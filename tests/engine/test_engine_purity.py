"""The engine is pure rules: importing all of it loads nothing else of party-dice.

Files, locks and saves live in ``tui.storage``; an engine module that reached for them
(or for any other part of ``tui``) would bring file I/O back into the rules. Checked in a
fresh interpreter, so modules other tests loaded cannot hide an import.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_imports_nothing_outside_itself() -> None:
    code = (
        "import importlib, pkgutil, sys, tui.engine\n"
        "for info in pkgutil.walk_packages(tui.engine.__path__, 'tui.engine.'):\n"
        "    importlib.import_module(info.name)\n"
        "ours = (m for m in sys.modules if m == 'tui' or m.startswith('tui.'))\n"
        "others = (m for m in ours if m != 'tui' and not m.startswith('tui.engine'))\n"
        "print(','.join(sorted(others)))\n"
        "ui = (m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(sorted(ui)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    outside, ui = result.stdout.splitlines()
    assert outside == "", f"tui.engine imports {outside}"
    assert ui == "", f"tui.engine loads {ui}"

"""The installer: every workaround through one place that checks the names it needs.

A name gone (faked here: the lookup says it is not there) skips the workarounds that
need it, with one line in the log each, never an error (``tests/app/test_stock_textual.py``
plays a round each way). The layer stays within its size: at most ``MAX_LINES`` lines
touching at most ``MAX_NAMES`` private names of Textual's (issue 34), each one declared
by a workaround.
"""

from __future__ import annotations

import ast
import logging
import re
from pathlib import Path
from typing import Any

import pytest

from tui.textual_compat import install
from tui.textual_compat.install import FIXES, Need
from tui.textual_compat.installed import fixes_on, on

LAYER = Path(install.__file__).parent
MAX_LINES = 1_500
MAX_NAMES = 25


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def declared_names() -> set[str]:
    """The private names of Textual's the workarounds say they need."""
    return {name for fix in FIXES for need in fix.needs for name in need.names if private(name)}


def test_every_workaround_finds_its_names_and_is_installed() -> None:
    for fix in FIXES:
        for need in fix.needs:
            install.find(need)
    assert fixes_on() == {fix.name for fix in FIXES}


def test_the_layer_stays_small() -> None:
    lines = sum(len(path.read_text().splitlines()) for path in LAYER.glob("*.py"))
    assert lines <= MAX_LINES, lines
    assert len(declared_names()) <= MAX_NAMES, sorted(declared_names())


def used_private_names(path: Path) -> set[str]:
    """Private names a module's code touches: attributes, methods it defines (overrides
    among them), modules and names it imports, and names given as strings to
    ``getattr``, ``setattr``, ``hasattr`` and ``replace``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.update(node.module.split("."))
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in BY_NAME:
            found.update(
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return {name for name in found if private(name)}


BY_NAME = {"getattr", "setattr", "hasattr", "replace"}


def textual_names() -> set[str]:
    """Every private name Textual's source defines or mentions."""
    import textual

    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        names.update(re.findall(r"\b_[A-Za-z]\w*", path.read_text(errors="replace")))
    return names


OURS = {"_fixed", "_input"}
"""Private names of our own in the layer that Textual's source happens to use too."""


def test_every_private_name_the_layer_touches_is_declared() -> None:
    """A workaround cannot use a private name of Textual's that the installer does not
    check: else a rename would break it silently, or at import."""
    theirs = textual_names()
    used: set[str] = set()
    for path in LAYER.glob("*.py"):
        used |= used_private_names(path) & theirs
    undeclared = used - declared_names() - OURS
    assert not undeclared, sorted(undeclared)


def gone(name: str) -> Any:
    """A lookup for a Textual that has no ``name``."""

    def lookup(need: Need) -> object:
        if name in need.names:
            raise LookupError(str(need))
        return install.find(need)

    return lookup


@pytest.mark.parametrize("name", sorted(declared_names()))
def test_a_name_gone_skips_what_needs_it_with_one_line_each(
    name: str, reinstall: Any, caplog: pytest.LogCaptureFixture
) -> None:
    needing = {fix.name for fix in FIXES if any(name in need.names for need in fix.needs)}
    with caplog.at_level(logging.WARNING, "party-dice.textual"):
        installed = reinstall(gone(name))
    skipped = {fix.name for fix in FIXES} - installed
    assert needing and needing <= skipped, (needing, skipped)
    assert skipped - needing <= {"lone_escape"}, skipped  # it extends unended_paste
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == len(skipped), lines
    for fix in needing:
        assert any(f"the {fix} workaround is off" in line and name in line for line in lines)


def test_a_workaround_that_fails_to_install_is_skipped_not_raised(
    reinstall: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from tui.textual_compat import whole_glyphs

    monkeypatch.setattr(whole_glyphs, "apply", lambda: 1 / 0)
    with caplog.at_level(logging.WARNING, "party-dice.textual"):
        installed = reinstall()
    assert "whole_glyphs" not in installed and not on("whole_glyphs")
    assert [r.getMessage() for r in caplog.records] == [
        "party-dice: the whole_glyphs workaround is off (Textual 8.2.8: "
        "ZeroDivisionError: division by zero)"
    ]


def test_a_module_of_textual_s_gone_is_a_name_gone(reinstall: Any) -> None:
    installed = reinstall(gone("_xterm_parser"))
    parsers = {"extended_keys", "unended_paste", "unasked_reports", "lone_escape"}
    assert not installed & parsers and "input_decoding" in installed


@pytest.mark.parametrize(
    ("value", "left_out"),
    [
        ("", set()),
        ("off", {fix.name for fix in FIXES}),
        (" OFF ", {fix.name for fix in FIXES}),
        ("-key_burst, -whole_glyphs", {"key_burst", "whole_glyphs"}),
        ("-no_such_fix,key_burst", set()),  # a name without its minus, or unknown: no effect
    ],
)
def test_the_switch_leaves_out_what_it_names(
    value: str, left_out: set[str], reinstall: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(install.SWITCH, value)
    assert reinstall() == {fix.name for fix in FIXES} - left_out

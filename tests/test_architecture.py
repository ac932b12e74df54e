"""The house's shape, checked from the source: what ARCHITECTURE.md promises stays true.

Each check reads ``tui/`` with ``ast`` (nothing is imported), so a broken rule fails
here with the module and line to change, before anyone has to find it by reading.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tui"

MAX_LINES = 700
"""A bound that catches an accident (a module grown by pasting), not a shape to bend
to: how big a module should be stays a question for review."""

REGISTRY = frozenset({"tui.games", "tui.gameconfig"})
"""The game registry: which games exist, their variants and options, and the checks a
new table must pass."""

ALLOWED_ARROWS: dict[str, frozenset[str]] = {
    "tui.engine": frozenset(),
    "tui.narrate": frozenset({"tui.engine", "tui.glyphs"}),
    "tui.storage": REGISTRY,
    "tui.session": frozenset(
        {"tui.engine", "tui.storage", "tui.cells", "tui.names", "tui.glyphs", "tui.narrate"}
    )
    | REGISTRY,
    "tui.share": frozenset({"tui.engine", "tui.storage", "tui.session"}) | REGISTRY,
    "tui.plain": frozenset(
        {
            "tui.engine",
            "tui.storage",
            "tui.session",
            "tui.narrate",
            "tui.glyphs",
            "tui.cells",
            "tui.kept_settings",
            "tui.share",
            "tui.share_start",
            "tui.rules",
            "tui.hangup",
            "tui.commands",
        }
    )
    | REGISTRY,
}
"""Which other top-level parts of ``tui`` a part may import (runtime, TYPE_CHECKING or
inside a function). ``tui.engine`` stands alone, so the table host, the simulator and
the tests can load it without anything else. Storage knows files, not games: it keeps
and returns plain data and imports nothing of the engine; only the settings read the
registry, for the keys each game has there (see the tests below). The plain-text table
is a front end of the presenter like the full screen, with none of its parts: no
table screen, no widget, no app, no Textual."""

STORAGE_READING_THE_REGISTRY = frozenset({"tui.storage.settings"})
"""The one storage module that reads the registry: which variants and options each game
keeps in the settings file, and the name rules of remembered names."""

NEVER_THE_APP = (
    "tui.widgets",
    "tui.screens",
    "tui.table",
    "tui.session",
    "tui.storage",
    "tui.share",
)
"""Parts that reach the app only through ``tui.app_host``, never by importing it."""


def per_game_places(game_id: str) -> tuple[str, ...]:
    """Where a game's own id may be written: its registry module and its own packages
    (``tui/narrate/<game>*.py`` and ``tui/table/kits/<game>*.py`` included)."""
    return (
        f"tui/games/{game_id}.py",
        f"tui/engine/{game_id}/",
        f"tui/narrate/{game_id}",
        f"tui/table/kits/{game_id}",
    )


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@cache
def tree(name: str) -> ast.Module:
    return ast.parse(modules()[name].read_text(encoding="utf-8"))


def imported(name: str) -> Iterator[tuple[str, int]]:
    """Every ``tui`` module ``name`` imports anywhere (top level, TYPE_CHECKING, or in a
    function), resolved to a module of the package, with its line."""
    known = modules()
    for node in ast.walk(tree(name)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            if target.startswith("tui") and target in known and target != name:
                yield target, node.lineno


def top_part(name: str) -> str:
    parts = name.split(".")
    return ".".join(parts[:2])


def test_no_import_cycle() -> None:
    """No two modules of tui import each other, directly or round a longer loop (lazy
    imports inside functions count: a cycle is a cycle, whenever it closes)."""
    graph = {name: sorted({target for target, _ in imported(name)}) for name in modules()}
    # A package imports its own submodules by being imported; that is not a cycle.
    for name, targets in graph.items():
        graph[name] = [t for t in targets if not name.startswith(t + ".")]
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in graph:
        if start not in state:
            cycle = visit(start)
            assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("part", sorted(ALLOWED_ARROWS))
def test_parts_import_only_what_they_may(part: str) -> None:
    allowed = ALLOWED_ARROWS[part] | {part, "tui"}
    wrong = [
        f"{name}:{line} imports {target}"
        for name in modules()
        if name == part or name.startswith(part + ".")
        for target, line in imported(name)
        if top_part(target) not in allowed
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("part", NEVER_THE_APP)
def test_parts_reach_the_app_only_through_its_host(part: str) -> None:
    wrong = [
        f"{name}:{line} imports {target}"
        for name in modules()
        if name == part or name.startswith(part + ".")
        for target, line in imported(name)
        if target == "tui.app"
    ]
    assert not wrong, "\n".join(wrong)


def test_storage_imports_nothing_from_the_engine() -> None:
    """Issue 35: storage keeps files and returns plain data; the session and the registry
    turn that data into games (``grep -r "from tui.engine" tui/storage/`` finds nothing)."""
    wrong = [
        f"{name}:{line} imports {target}"
        for name in modules()
        if name.startswith("tui.storage")
        for target, line in imported(name)
        if target.startswith("tui.engine")
    ]
    assert not wrong, "\n".join(wrong)


def test_only_the_settings_read_the_registry_in_storage() -> None:
    wrong = [
        f"{name}:{line} imports {target}"
        for name in modules()
        if name.startswith("tui.storage") and name not in STORAGE_READING_THE_REGISTRY
        for target, line in imported(name)
        if top_part(target) in REGISTRY
    ]
    assert not wrong, "\n".join(wrong)


def test_modules_are_not_huge() -> None:
    sizes = {
        name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in modules().items()
    }
    big = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert not big, f"modules over {MAX_LINES} lines: {big}"


def game_ids() -> set[str]:
    from tui import games

    return {spec.id for spec in games.all_games()}


def in_its_places(relative: str, ids: set[str]) -> bool:
    return any(relative.startswith(per_game_places(game_id)) for game_id in ids)


def docstrings(module: ast.Module) -> set[int]:
    """The string statements of ``module`` (docstrings, and the strings after an
    assignment that document it), by node id: prose may mention a game."""
    found = set()
    for node in ast.walk(module):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else ():
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def games_named(module: ast.Module, ids: set[str]) -> list[tuple[int, str]]:
    """Where ``module`` names one of ``ids``: a string (an f-string's text included) that
    holds it as a word, or an import of a module path with it as a part."""
    word = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(sorted(ids)) + r")(?![A-Za-z0-9])")
    prose = docstrings(module)
    found = []
    for node in ast.walk(module):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in prose and word.search(node.value):
                found.append((node.lineno, repr(node.value[:60])))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            named = [alias.name for alias in node.names]
            if isinstance(node, ast.ImportFrom) and node.module:
                named.append(node.module)
            found += [(node.lineno, f"imports {d}") for d in named if ids & set(d.split("."))]
    return found


def test_no_game_named_outside_its_places() -> None:
    """Issue 35: no module of tui outside ``tui/games/<game>.py`` and the game's own
    packages names a game id: a new game is new files only. Docstrings and comments may
    mention the games."""
    ids = game_ids()
    found = []
    for name, path in modules().items():
        relative = path.relative_to(ROOT).as_posix()
        if not in_its_places(relative, ids):
            found += [f"{relative}:{line} {what}" for line, what in games_named(tree(name), ids)]
    assert not found, "game ids named outside their places:\n" + "\n".join(found)


def test_the_scan_finds_a_game_named_where_it_should_not_be() -> None:
    """The scan above fails on what it is meant to catch, and spares what it should."""
    source = (
        '"""Chase the Ace and aces: prose may name them."""\n'
        "from tui.engine.aces.odds import ChainSpec\n"
        'TABLE_SHEETS = ("chase", "table")\n'
        'KEY = f"{game}_all_out" if game else "chase_all_out"\n'
        'CLASS = f"game-chase"\n'
        'FINE = ("chased", "racecase", "Chase the Ace")\n'
        "def f() -> None:\n"
        '    """Names aces too."""\n'
    )
    found = games_named(ast.parse(source), {"aces", "chase"})
    assert sorted(line for line, _ in found) == [2, 3, 4, 5]
    assert not in_its_places("tui/look.py", {"aces", "chase"})
    assert in_its_places("tui/narrate/chase_recap.py", {"aces", "chase"})
    assert in_its_places("tui/games/chase.py", {"aces", "chase"})
    assert not in_its_places("tui/games/__init__.py", {"aces", "chase"})


def test_no_game_branch_outside_the_registry() -> None:
    """Adding a game touches ``tui/games/<game>.py`` and the game's own packages,
    nothing else: no ``game_id == "chase"`` anywhere in the rest of tui."""
    ids = game_ids()
    found = []
    for name, path in modules().items():
        relative = path.relative_to(ROOT).as_posix()
        if in_its_places(relative, ids):
            continue
        for node in ast.walk(tree(name)):
            if isinstance(node, ast.Compare):
                constants = [
                    c.value
                    for c in [node.left, *node.comparators]
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                ]
                if any(value in ids for value in constants):
                    found.append(f"{relative}:{node.lineno}")
            elif isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                if ids <= set(keys):
                    found.append(f"{relative}:{node.lineno} (a table keyed by game)")
    assert not found, "branches on a game id outside the registry:\n" + "\n".join(found)


TEXTUAL_PRIVATE_OK = ("tui/textual_compat/", "tests/support/fast_pilot.py")
"""Where Textual's private API may be used: the app's guarded workarounds, and the tests'
guarded Pilot accelerators."""
SUPPORT = ROOT / "tests" / "support"


def private_rule_files() -> Iterator[tuple[str, str, ast.Module]]:
    """(path, module, tree) of every file the private-API rule covers: ``tui`` and
    ``tests/support``, but the two places allowed."""
    for name, path in modules().items():
        relative = path.relative_to(ROOT).as_posix()
        if not relative.startswith(TEXTUAL_PRIVATE_OK):
            yield relative, name, tree(name)
    for path in sorted(SUPPORT.glob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not relative.startswith(TEXTUAL_PRIVATE_OK):
            yield relative, module_name(path), ast.parse(path.read_text(encoding="utf-8"))


def test_private_textual_api_lives_in_one_package() -> None:
    """``textual._context`` and friends are imported only by ``tui.textual_compat`` (and
    the tests' ``tests.support.fast_pilot``)."""
    found = []
    for relative, _name, module_tree in private_rule_files():
        for node in ast.walk(module_tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                module = node.module
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
                module = names[0]
            else:
                continue
            if module.startswith("textual"):
                private = [part for part in module.split(".") if part.startswith("_")]
                private += [n for n in names if n.startswith("_")]
                if private:
                    found.append(f"{relative}:{node.lineno} {module} {private}")
    assert not found, "private Textual imports outside textual_compat:\n" + "\n".join(found)


def defined_private_names(files: list[Path]) -> set[str]:
    """Private names a body of code defines: ``def _x``, ``self._x = ...``, ``_x = ...``."""
    names: set[str] = set()
    for file in files:
        try:
            module = ast.parse(file.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(module):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for sub in ast.walk(target):
                        if isinstance(sub, ast.Attribute):
                            names.add(sub.attr)
                        elif isinstance(sub, ast.Name):
                            names.add(sub.id)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def mentioned_private_names(files: list[Path]) -> set[str]:
    """Every private name a body of code mentions: more than it defines (a superset, so
    the check is stricter), read in a tenth of the time an AST of Textual takes."""
    names: set[str] = set()
    for file in files:
        names.update(PRIVATE_NAME.findall(file.read_text(encoding="utf-8", errors="replace")))
    return {name for name in names if not name.startswith("__")}


PRIVATE_NAME = re.compile(r"\b_[A-Za-z]\w*")


def test_private_textual_attributes_only_in_textual_compat() -> None:
    """No ``screen._parent`` or ``app._screen_stack`` outside ``tui.textual_compat`` (and
    ``tests.support.fast_pilot``): a private name of Textual's that our own code does not
    define is Textual's internals, and only the guarded places may touch them."""
    import textual

    textual_files = sorted(Path(textual.__file__).parent.rglob("*.py"))
    ours = defined_private_names(sorted(PACKAGE.rglob("*.py")) + sorted(SUPPORT.glob("*.py")))
    textual_names = mentioned_private_names(textual_files)
    theirs = textual_names - ours
    found = []
    for relative, name, module_tree in private_rule_files():
        for node in ast.walk(module_tree):
            if isinstance(node, ast.Attribute) and node.attr in theirs:
                if isinstance(node.value, ast.Name) and node.value.id in ("os", "sys"):
                    continue  # os._exit is the standard library's, not Textual's
                found.append(f"{relative}:{node.lineno} .{node.attr}")
            elif isinstance(node, ast.ClassDef):
                found += overridden_internals(name, node, relative)
    assert not found, "Textual internals used outside textual_compat:\n" + "\n".join(found)


def overridden_internals(module: str, node: ast.ClassDef, relative: str) -> list[str]:
    """Methods of a class of ours that replace a private method of a Textual base class."""
    import importlib

    cls = getattr(importlib.import_module(module), node.name, None)
    if not isinstance(cls, type):
        return []
    textual_bases = [base for base in cls.__mro__[1:] if base.__module__.startswith("textual")]
    found = []
    for item in node.body:
        if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not item.name.startswith("_") or item.name.startswith("__"):
            continue
        if any(item.name in vars(base) for base in textual_bases):
            found.append(f"{relative}:{item.lineno} def {item.name} overrides Textual's")
    return found

"""Every command the README names works as written, as far as a test can tell.

The README's shell blocks (```sh, bash, shell, console) and its inline code that starts
like a command are split into simple commands (at ``&&``, ``||``, ``;`` and ``|``) and
each is checked against the project itself:

- ``party-dice ...`` (any path to it, ``python -m tui``, or the command given to
  ``ssh``): the arguments go through the real parser (``tui.cli.parse``, and
  ``tui.simulate.cli.parse`` for ``simulate``), so a wrong subcommand, flag, game or
  variant fails here with the parser's own message;
- ``make TARGET``: the Makefile has the target;
- ``python -m MODULE`` for the project's modules (``tui...``, ``tests...``,
  ``scripts...``), ``python FILE``, ``bash FILE``: the module or file exists;
- ``pip``/``pipx`` installs of the project: every extra named (``.[test]``) is declared
  in pyproject.toml;
- relative paths in commands, in inline code and in links or images: they exist in
  the checkout (except what the quick start creates: ``.venv``, ``dist``...);
- per-user files written as ``~/.config/party-dice/...`` and so on: the names are the
  ones ``tui.storage.paths`` uses.

The quick start must be two commands, the second of which is exactly what ``.ci/run``
runs (with its variables at their defaults and its venv directory aside).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SHELL_LANGUAGES = {"sh", "bash", "shell", "console", "shell-session"}
OPERATORS = {"&&", "||", ";", "|"}
CREATED = {".venv", ".venv-ci", "dist", "build", "snapshot_report.html"}
"""Paths the README's own commands create: they need not exist in the checkout."""
OURS = ("tui", "tests", "scripts")
"""Top-level packages of this project: ``python -m`` on them must find a file."""
PIP_COSMETIC = {"--disable-pip-version-check", "--no-input", "--quiet", "-q"}
"""pip options that change what pip prints, not what it installs."""


@dataclass(frozen=True)
class Command:
    """One simple command from the README, and where it was found (for messages)."""

    words: tuple[str, ...]
    source: str

    def __str__(self) -> str:
        return f"`{shlex.join(self.words)}` ({self.source})"


# -- reading the README ------------------------------------------------------------------


def readme_text() -> str:
    assert README.is_file(), "README.md is missing"
    return README.read_text(encoding="utf-8")


def fenced_blocks(text: str) -> Iterator[tuple[str, str, int]]:
    """(language, body, line number) of every fenced code block."""
    pattern = re.compile(
        r"^(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL
    )
    for match in pattern.finditer(text):
        yield match.group(2).lower(), match.group(3), text.count("\n", 0, match.start()) + 1


def shell_lines(body: str) -> Iterator[str]:
    """Command lines of a shell block: continuations joined, prompts and comments gone,
    and output lines of a ``console`` block (no ``$`` prompt) skipped."""
    joined = re.sub(r"\\\n", " ", body)
    lines = joined.splitlines()
    prompted = any(line.lstrip().startswith("$ ") for line in lines)
    for line in lines:
        stripped = line.strip()
        if prompted:
            if not stripped.startswith("$ "):
                continue
            stripped = stripped[2:]
        if not stripped or stripped.startswith("#"):
            continue
        yield stripped


def split_commands(line: str, source: str) -> list[Command]:
    """The simple commands of one shell line, with leading ``VAR=value`` dropped."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    commands: list[Command] = []
    current: list[str] = []
    for token in lexer:
        if token in OPERATORS:
            if current:
                commands.append(Command(tuple(current), source))
            current = []
        elif not current and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", token):
            continue
        else:
            current.append(token)
    if current:
        commands.append(Command(tuple(current), source))
    return commands


INLINE_COMMAND = re.compile(r"^(party-dice|make|python3?|pipx?|\.venv/bin/|ssh|bash)\b")


def inline_code(text: str) -> Iterator[tuple[str, int]]:
    """Inline code spans outside fenced blocks, with their line numbers."""
    outside = re.sub(
        r"^(```+|~~~+).*?^\1[ \t]*$",
        lambda m: "\n" * m.group(0).count("\n"),
        text,
        flags=re.MULTILINE | re.DOTALL,
    )
    for match in re.finditer(r"(?<!`)`([^`\n]+)`(?!`)", outside):
        yield match.group(1).strip(), outside.count("\n", 0, match.start()) + 1


def readme_commands(text: str) -> list[Command]:
    commands: list[Command] = []
    for language, body, line in fenced_blocks(text):
        if language in SHELL_LANGUAGES:
            for command_line in shell_lines(body):
                commands += split_commands(command_line, f"README.md code block at line {line}")
    for code, line in inline_code(text):
        if INLINE_COMMAND.match(code):
            commands += split_commands(code, f"README.md inline code at line {line}")
    return commands


# -- checking one command ----------------------------------------------------------------


def program(words: tuple[str, ...]) -> str:
    return PurePosixPath(words[0]).name if words else ""


def check_party_dice(args: list[str], command: Command) -> None:
    """``args`` as given to ``party-dice``: the real parsers must accept them."""
    from tui.cli import UsageError, parse
    from tui.simulate import cli as simulate

    try:
        with contextlib.redirect_stdout(io.StringIO()):  # --help and --version print
            parsed = parse(args)
            if parsed.kind == "simulate":
                simulate.parse(list(parsed.rest))
    except SystemExit as done:  # --help and --version print and exit 0
        assert done.code in (0, None), f"{command}: party-dice exits with {done.code}"
    except UsageError as error:
        pytest.fail(f"{command}: party-dice refuses these arguments: {error}")


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([A-Za-z0-9_.-]+)\s*:(?!=)", text, re.MULTILINE))


def check_make(words: tuple[str, ...], command: Command) -> None:
    targets = makefile_targets()
    options_with_values = {"-C", "-f", "-j", "-o", "-W", "-I"}
    skip = False
    for word in words[1:]:
        if skip:
            skip = False
            continue
        if word in options_with_values:
            skip = True
            continue
        if word.startswith("-") or "=" in word:
            continue
        assert word in targets, f"{command}: the Makefile has no target {word!r}"


def module_file(module: str) -> Path | None:
    """The file ``python -m module`` runs from the checkout, if there is one."""
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__main__.py"):
        if candidate.is_file():
            return candidate
    return None


def declared_extras() -> set[str]:
    import tomllib

    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)["project"]
    return set(project.get("optional-dependencies", {}))


def check_install(words: tuple[str, ...], command: Command) -> None:
    """``pip install``/``pipx install`` of the project: the extras it names exist."""
    extras = declared_extras()
    for word in words:
        match = re.fullmatch(r"(\.|party-dice|party_dice)\[([\w,\s-]+)\]", word)
        if match:
            for extra in match.group(2).split(","):
                assert extra.strip() in extras, (
                    f"{command}: pyproject.toml declares no extra {extra.strip()!r}"
                )


def check_python(words: tuple[str, ...], command: Command) -> None:
    rest = list(words[1:])
    while rest and rest[0].startswith("-") and rest[0] != "-m":
        rest.pop(0)  # -X dev, -u, ...
    if not rest:
        return
    if rest[0] == "-m":
        assert len(rest) > 1, f"{command}: -m without a module"
        module, args = rest[1], rest[2:]
        if module == "tui":
            check_party_dice(args, command)
        elif module == "tui.simulate":
            check_party_dice(["simulate", *args], command)
        elif module in ("pip", "pipx") and args[:1] == ["install"]:
            check_install(tuple(args), command)
        elif module.split(".")[0] in OURS:
            assert module_file(module), f"{command}: there is no module {module} in the checkout"
        return
    check_path(rest[0], command)


def check_ssh(words: tuple[str, ...], command: Command) -> None:
    for index, word in enumerate(words):
        if index and PurePosixPath(word).name == "party-dice":
            check_party_dice(list(words[index + 1 :]), command)
            return


PATH_LIKE = re.compile(r"^(?:\./)?[\w.-]+(?:/[\w.*\[\]-]*)+$|^[\w-]+\.(?:py|md|toml|svg|tcss|cfg)$")


def check_path(word: str, command: Command | str) -> None:
    """A relative path into the checkout must exist (globs must match something)."""
    word = word.removeprefix("./")
    if not PATH_LIKE.match(word) or word.startswith(("~", "$", "/")) or "://" in word:
        return
    first = word.split("/")[0]
    if first in CREATED or (not (ROOT / first).exists() and "/" in word):
        return  # made by the README's own commands, or not a path into the checkout
    if any(char in word for char in "*?["):
        assert list(ROOT.glob(word.rstrip("/"))), f"{command}: nothing matches {word}"
        return
    assert (ROOT / word).exists(), f"{command}: {word} does not exist in the checkout"


def check(command: Command) -> None:
    words = command.words
    name = program(words)
    if name == "party-dice":
        check_party_dice(list(words[1:]), command)
    elif name == "make":
        check_make(words, command)
    elif re.fullmatch(r"python(3(\.\d+)?)?", name):
        check_python(words, command)
    elif name in ("pip", "pip3", "pipx") and words[1:2] == ("install",):
        check_install(words, command)
    elif name == "pipx" and words[1:2] == ("run",):
        check_party_dice(list(words[3:]), command)
    elif name == "ssh":
        check_ssh(words, command)
    elif name in ("bash", "sh") and len(words) > 1:
        assert (ROOT / words[1]).is_file(), f"{command}: there is no {words[1]}"
    for word in words[1:]:
        check_path(word, command)


# -- the tests ---------------------------------------------------------------------------


def test_the_readme_has_shell_commands() -> None:
    commands = readme_commands(readme_text())
    assert commands, "README.md names no shell command (```sh blocks)"
    assert any(program(c.words) == "party-dice" for c in commands), [str(c) for c in commands]


def test_every_command_in_the_readme_exists() -> None:
    for command in readme_commands(readme_text()):
        check(command)


def test_every_path_the_readme_shows_or_links_exists() -> None:
    text = readme_text()
    for code, line in inline_code(text):
        if " " not in code:
            check_path(code, f"README.md inline code at line {line}")
    links = re.finditer(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text)
    for match in links:
        target = match.group(1).split("#")[0]
        if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # an anchor or a URL
        line = text.count("\n", 0, match.start()) + 1
        assert (ROOT / target).exists(), f"README.md line {line} links to missing {target}"


PER_USER = {
    "~/.config/party-dice/": "config",
    "~/.local/state/party-dice/": "state",
    "~/.local/share/party-dice/": "data",
}


def test_per_user_files_are_named_as_the_app_names_them() -> None:
    from tui.storage import paths

    names = {
        "config": {paths.SETTINGS_FILE},
        "state": {paths.SAVES_DIR, f"{paths.SAVES_DIR}/"},
        "data": {paths.HISTORY_FILE},
    }
    for folder, kind in PER_USER.items():
        for match in re.finditer(re.escape(folder) + r"([\w./-]*)", readme_text()):
            name = match.group(1)
            if name and not name.startswith("crash-"):
                assert name in names[kind], (
                    f"README.md names {folder}{name}; the app writes {sorted(names[kind])} there"
                )


def quick_start_blocks(text: str) -> list[str]:
    """The shell blocks of the "Quick start" section, in order."""
    match = re.search(r"^(#+)\s*Quick start.*?$", text, re.MULTILINE | re.IGNORECASE)
    assert match, 'README.md has no "Quick start" heading'
    level = len(match.group(1))
    following = re.search(rf"^#{{1,{level}}}\s", text[match.end() :], re.MULTILINE)
    section = text[match.end() : match.end() + following.start() if following else len(text)]
    return [body for language, body, _ in fenced_blocks(section) if language in SHELL_LANGUAGES]


def quick_start() -> tuple[list[Command], list[Command]]:
    blocks = quick_start_blocks(readme_text())
    lines = [list(shell_lines(body)) for body in blocks]
    assert [len(block) for block in lines] == [1, 1], (
        "the quick start must be two shell blocks of one command line each "
        f"(install and launch; install and test), not {lines}"
    )
    install, test = (split_commands(block[0], "README.md quick start") for block in lines)
    return install, test


def ci_commands() -> list[tuple[str, ...]]:
    """The commands of .ci/run, with ``name=${VAR:-default}`` variables expanded to their
    defaults."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    defaults = dict(re.findall(r"^(\w+)=\$\{\w+:-([^}]*)\}\s*$", script, re.MULTILINE))
    commands: list[tuple[str, ...]] = []
    for raw in script.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "if ", "fi", "say ")):
            continue
        for name, value in defaults.items():
            line = line.replace(f"${{{name}}}", value).replace(f"${name}", value)
        commands += [c.words for c in split_commands(line, ".ci/run")]
    return commands


def normalised(words: tuple[str, ...], venv: str) -> tuple[str, ...]:
    """A command with its venv directory written ``VENV`` and pip's output options gone."""
    out = []
    for word in words:
        if word in PIP_COSMETIC:
            continue
        if word == venv or word.startswith(venv + "/"):
            word = "VENV" + word[len(venv) :]
        out.append(word)
    return tuple(out)


def venv_of(commands: list[tuple[str, ...]]) -> tuple[int, str]:
    for index, words in enumerate(commands):
        if len(words) >= 4 and words[1:3] == ("-m", "venv"):
            return index, words[-1]
    pytest.fail(f"no `python -m venv DIR` among {commands}")


def test_quick_start_test_command_is_what_ci_runs() -> None:
    """The README's test command is, word for word, the venv, install and pytest that
    .ci/run runs (its venv directory and pip's output options aside)."""
    _, test = quick_start()
    readme = [c.words for c in test]
    start, readme_venv = venv_of(readme)
    ci = ci_commands()
    ci_start, ci_venv = venv_of(ci)
    wanted = [normalised(words, readme_venv) for words in readme[start:]]
    kinds = ("-m venv", " install ", "-m pytest")
    steps = [
        normalised(words, ci_venv)
        for words in ci[ci_start:]
        if any(kind in f" {' '.join(words)} " for kind in kinds)
        and "'.[lint]'" not in shlex.join(words)  # the linters CI adds on top
        and "pytest -m slow" not in " ".join(words)  # the slow tier after the README's run
        and "--collect-only" not in words  # the tests rewritten once, beside mypy
    ]
    assert steps == wanted, (
        "the README's test command and .ci/run differ:\n"
        f"  README:  {[shlex.join(w) for w in wanted]}\n  .ci/run: {[shlex.join(w) for w in steps]}"
    )


def test_quick_start_install_command_launches_the_game_it_installs() -> None:
    """The first quick-start command makes a venv, installs this checkout into it and
    starts party-dice from it; the second makes the same venv."""
    install, test = quick_start()
    words = [c.words for c in install]
    _, venv = venv_of(words)
    _, test_venv = venv_of([c.words for c in test])
    assert venv == test_venv, f"the two quick-start commands use {venv} and {test_venv}"
    installs = [w for w in words if "install" in w]
    assert installs and installs[0][0] == f"{venv}/bin/pip", installs
    assert "." in installs[0] or any(w.startswith(".[") for w in installs[0]), installs
    assert words[-1][0] == f"{venv}/bin/party-dice", words[-1]

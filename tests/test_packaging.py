"""The wheel is complete and party-dice runs from it, outside the checkout.

The wheel is built once per session (``pip wheel --no-deps``: pip fetches hatchling into
its isolated build environment, from PyPI or pip's cache) and installed with ``--no-deps
--no-index`` into a fresh virtual environment made without pip, which takes a second
instead of the ten a full install would. Its dependencies (textual, platformdirs,
tomli-w) are the ones this test run already has: a ``.pth`` file in the fresh environment
names this interpreter's site-packages. That directory is appended after the fresh
environment's own, and ``.pth`` files found there are not processed, so the checkout's
editable install stays invisible: ``tui`` can only come from the wheel (a test checks
it). No network is needed beyond what the build backend needs, and nothing is installed
anywhere else.
"""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
"""Building and installing the wheel takes half a minute: the slow tier (``-m slow``)."""

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Install:
    wheel: Path
    venv: Path
    home: Path
    shipped: frozenset[str]
    """Files under tui/ in the checkout just before the build: all must be in the wheel."""

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def script(self) -> Path:
        return self.venv / "bin" / "party-dice"

    def env(self) -> dict[str, str]:
        """A clean environment: no PYTHONPATH, per-user dirs in the test's own folder."""
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("PYTHON") and key != "VIRTUAL_ENV"
        }
        env.update(
            HOME=str(self.home),
            XDG_CONFIG_HOME=str(self.home / "config"),
            XDG_STATE_HOME=str(self.home / "state"),
            XDG_DATA_HOME=str(self.home / "data"),
            XDG_CACHE_HOME=str(self.home / "cache"),
            PIP_DISABLE_PIP_VERSION_CHECK="1",
        )
        return env

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(arg) for arg in args],
            cwd=self.home,
            env=self.env(),
            capture_output=True,
            check=False,
            text=True,
            timeout=120,
        )


def _check(done: subprocess.CompletedProcess[str], what: str) -> None:
    assert done.returncode == 0, f"{what} failed:\n{done.stdout}\n{done.stderr}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Install:
    base = tmp_path_factory.mktemp("packaging")
    dist, venv, home = base / "dist", base / "venv", base / "home"
    home.mkdir()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    shipped = frozenset(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tui").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )
    built = subprocess.run(
        [*pip, "wheel", "--no-deps", "--wheel-dir", str(dist), str(ROOT)],
        capture_output=True,
        check=False,
        text=True,
        timeout=300,
    )
    _check(built, "pip wheel")
    wheels = sorted(dist.glob("party_dice-*.whl"))
    assert len(wheels) == 1, wheels
    made = subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)],
        capture_output=True,
        check=False,
        text=True,
        timeout=120,
    )
    _check(made, "python -m venv")
    python = venv / "bin" / "python"
    added = subprocess.run(
        [*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheels[0])],
        capture_output=True,
        check=False,
        text=True,
        timeout=300,
    )
    _check(added, "pip install of the wheel")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        check=False,
        text=True,
        timeout=60,
    )
    _check(site, "finding the fresh site-packages")
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site.stdout.strip(), "_party_dice_test_deps.pth").write_text(
        "".join(f"{path}\n" for path in sorted(ours))
    )
    return Install(wheels[0], venv, home, shipped)


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_wheel_holds_the_package_and_the_styles(installed: Install) -> None:
    names = _names(installed.wheel)
    styles = sorted(path.name for path in (ROOT / "styles").glob("*.tcss"))
    assert styles, "the checkout has no styles/*.tcss"
    for style in styles:
        assert f"tui/styles/{style}" in names
    assert {"tui/rules/aces.md", "tui/rules/chase.md"} <= names  # `party-dice rules` reads them
    shipped = installed.shipped
    assert {"tui/__init__.py", "tui/__main__.py", "tui/engine/core.py"} <= shipped
    assert shipped <= names, sorted(shipped - names)
    outside = {name for name in names if not name.startswith(("tui/", "party_dice-"))}
    assert not outside, sorted(outside)


def test_wheel_declares_the_console_script_and_pins_textual_and_rich(installed: Install) -> None:
    with zipfile.ZipFile(installed.wheel) as archive:
        info = next(n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
        entry_points = archive.read(info).decode()
        metadata = archive.read(info.replace("entry_points.txt", "METADATA")).decode()
    parser = configparser.ConfigParser()
    parser.read_string(entry_points)
    assert parser["console_scripts"]["party-dice"] == "tui.__main__:main"
    assert "Requires-Dist: textual==8.2.8" in metadata.splitlines()
    assert "Requires-Dist: rich==15.0.0" in metadata.splitlines()


def test_the_install_uses_the_wheel_not_the_checkout(installed: Install) -> None:
    done = installed.run(
        installed.python, "-c", "import tui, textual; print(tui.__file__); print(textual.__file__)"
    )
    _check(done, "import tui")
    tui_file, textual_file = (Path(line) for line in done.stdout.splitlines())
    assert tui_file.is_relative_to(installed.venv)
    assert not tui_file.is_relative_to(ROOT)
    assert (tui_file.parent / "styles").is_dir()
    assert textual_file.exists()


def test_version_from_the_installed_script(installed: Install) -> None:
    from tui import __version__

    done = installed.run(installed.script, "--version")
    _check(done, "party-dice --version")
    assert __version__ in done.stdout
    assert done.stderr == ""


def test_help_from_the_installed_script_names_every_command(installed: Install) -> None:
    done = installed.run(installed.script, "--help")
    _check(done, "party-dice --help")
    lines = done.stdout.splitlines()
    for command in ("play", "resume", "simulate", "rules"):
        (at,) = [i for i, line in enumerate(lines) if line.startswith(f"    {command} ")]
        following = lines[at + 1] if at + 1 < len(lines) else ""
        assert not following.startswith(" " * 6), f"{command}'s help is longer than one line"


@pytest.mark.parametrize(
    ("game", "title"), [("aces", "Aces in the Pot"), ("chase", "Chase the Ace")]
)
def test_rules_from_the_installed_script(installed: Install, game: str, title: str) -> None:
    done = installed.run(installed.script, "rules", game)
    _check(done, f"party-dice rules {game}")
    assert title in done.stdout
    assert "**" not in done.stdout and "`" not in done.stdout  # no Markdown left
    assert len(done.stdout.splitlines()) > 10
    assert "\x1b[" not in done.stdout  # plain text, not a rendered terminal screen
    assert done.stderr == ""


def test_simulate_from_the_installed_script(installed: Install) -> None:
    done = installed.run(installed.script, "simulate", "aces", "--games", "20", "--json")
    _check(done, "party-dice simulate")
    assert '"games": 20' in done.stdout


HEADLESS = """
import asyncio
from pathlib import Path
import tui
from tui.app import PartyDiceApp

async def main() -> None:
    app = PartyDiceApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        styles = Path(tui.__file__).parent / "styles"
        assert any(Path(str(p)).is_relative_to(styles) for p in app.css_path), app.css_path
        print("opened", type(app.screen).__name__)

asyncio.run(main())
"""


def test_app_opens_headless_from_the_install(installed: Install) -> None:
    done = installed.run(installed.python, "-c", HEADLESS)
    _check(done, "opening the app headless")
    assert done.stdout.startswith("opened ")

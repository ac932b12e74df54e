"""No input can stop the app (issue 17): raw bytes to the real app on a pty.

The regression tests send, each once, what stopped party-dice on Textual 8.2.8: a byte
that is not UTF-8, an extended-key sequence beyond U+10FFFF, a bracketed paste that
never ends (the app went deaf); each then checks that the app still runs and that
Ctrl+Q still ends it within a second. Pilot cannot reach these: they happen in the
driver's input thread. The storms (``slow`` tier) write thousands of such bytes over
the title, both games and the screens keys reach, for several seeds; a failure prints
the seed and the last bytes so it can be replayed (``storm(seed, keys)``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.app.storm_support import storm
from tests.app.test_hangup import start
from tests.pty_driver import PtyApp

QUIT_WITHIN = 1.0
"""Seconds in which Ctrl+Q must end the app once the input has stopped."""


def write_settings(home: Path, **changes: object) -> None:
    from tui.storage.settings import Settings, save_settings

    changes.setdefault("animation", "off")
    save_settings(Settings(**changes), home / "config" / "party-dice" / "settings.toml")  # type: ignore[arg-type]


def crash_logs(home: Path) -> list[str]:
    return [path.read_text() for path in (home / "state").rglob("crash-*.log")]


def quits_in_time(app: PtyApp) -> float | None:
    """Settle, then Ctrl+Q: the seconds it took to exit, or ``None`` if it did not."""
    app.quiet(settle=0.6, limit=20)
    began = time.monotonic()
    app.send(b"\x11")
    code = app.wait(QUIT_WITHIN)
    return None if code is None else time.monotonic() - began


def check_alive_then_quit(app: PtyApp, home: Path, what: str) -> None:
    assert app.poll() is None, f"{what}: the app stopped\n{app.text()[-600:]}"
    assert quits_in_time(app) is not None, f"{what}: Ctrl+Q not handled within {QUIT_WITHIN} s"
    assert app.returncode == 0, f"{what}: exit code {app.returncode}"
    assert crash_logs(home) == [], f"{what}: {crash_logs(home)[0][-800:]}"


@pytest.mark.parametrize(
    "what, data",
    [
        ("Latin-1 letters", b"caf\xe9 \xff\xfe"),
        ("a truncated UTF-8 sequence then keys", b"\xc3\xe2\x82 a"),
        ("an extended key beyond U+10FFFF", b"\x1b[1114112u"),
        ("an extended key's text beyond U+10FFFF", b"\x1b[97;1;1114112u"),
        ("a bracketed paste that never ends", b"\x1b[200~[bold]pasted"),
    ],
)
def test_raw_input_never_stops_the_app(tmp_path: Path, what: str, data: bytes) -> None:
    write_settings(tmp_path, confirm_quit=False)
    with start(tmp_path, []) as app:
        assert app.wait_for("Chase the Ace"), app.text()[-400:]
        app.send(data)
        check_alive_then_quit(app, tmp_path, what)


SEEDS = [1, 2, 3, 4, 5, 6]
STORM_KEYS = 3000


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_a_storm_of_raw_bytes_never_stops_the_app(tmp_path: Path, seed: int) -> None:
    """Over the title (and what its keys open), then a table of each game."""
    write_settings(tmp_path, confirm_quit=bool(seed % 2), animation="off" if seed % 3 else "normal")
    argv = [[], ["play", "aces", "--players", "Ann,Ben"], ["play", "chase", "--players", "Ann,Ben,Cy"]]
    record = run_storm(tmp_path, argv[seed % 3], seed, STORM_KEYS)
    assert record is None, record


def run_storm(home: Path, argv: list[str], seed: int, keys: int) -> str | None:
    """Write the storm; ``None`` if the app lived through it and quit in time."""
    last = bytearray()
    with start(home, argv) as app:
        app.wait_for("party-dice", timeout=15)
        for data, size in storm(seed, keys):
            if size is not None:
                app.resize(*size)
            else:
                app.send(data)
                last = (last + data)[-200:]
            app.read(0.005)
            if app.poll() is not None:
                break
        app.resize(80, 24)
        problem = None
        if app.poll() is not None:
            problem = f"exited with {app.returncode} during the storm"
        else:
            app.send(b"\x1b[201~\x1b\x1b\x1b")  # end any paste; close screens
            app.quiet(settle=0.6, limit=20)
            took = quits_in_time(app)
            if took is None:
                # A confirm-quit question may be up: answer it.
                app.send(b"y")
                if app.wait(QUIT_WITHIN) is None:
                    problem = f"Ctrl+Q not handled within {QUIT_WITHIN} s after the storm"
            if problem is None and app.returncode not in (0, None):
                problem = f"exit code {app.returncode}"
        logs = crash_logs(home)
        if logs:
            problem = f"crash log: {logs[0][-1500:]}"
    if problem is None:
        return None
    return f"seed {seed}: {problem}\nlast bytes: {bytes(last)!r}"

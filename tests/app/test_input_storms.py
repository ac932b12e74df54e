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

from tests.bench_screen import Screen
from tests.support.pty_driver import PtyApp, start
from tests.support.storm import unread_input, write_storm

QUIT_WITHIN = 5.0
"""Seconds in which Ctrl+Q must be handled once the app has read all its input (the app
starts giving the terminal back, ``LEAVING``, or has exited) after a few bad bytes
(after a storm: ``STORM_QUIT_WITHIN``). The bug was an app deaf for 12 to 150 s, or
for good (a false size report had left it drawing in one cell, so Ctrl+Q's question was
never seen). This bound only catches deafness, on a machine with ten jobs on its two
cores too; the time itself (target: under a second) is ``tests/bench_storm.py``'s, and
the storm test prints it."""

LEAVING = b"\x1b[?2004l"
"""What Textual writes first when it gives the terminal back (bracketed paste off)."""

ASKED = "Quit party-dice?"
"""The question Ctrl+Q asks first when confirm-quit is on and a game is in progress."""

EXIT_WITHIN = 10.0
"""Seconds the app then has to save and end, with exit code 0."""
STORM_QUIT_WITHIN = 10.0
"""The same bound after a storm of thousands of keys, beside the rest of the slow tier on
two cores: the question came in 0.2-1.7 s in 21 runs here under load, but two runs of
the slow tier (one a CI run) found seed 5 past 5 s. Ten seconds still fails every case
of the old bug (deaf for 12 to 150 s, or for good)."""
LATE_WITHIN = 30.0
"""Seconds a second Ctrl+Q gets, after a first one not handled in time: a failure then
says whether the app was only slow or stuck (and where each of its threads was)."""


def write_settings(home: Path, **changes: object) -> None:
    from tui.storage.settings import Settings, save_settings

    changes.setdefault("animation", "off")
    save_settings(Settings(**changes), home / "config" / "party-dice" / "settings.toml")  # type: ignore[arg-type]


def crash_logs(home: Path) -> list[str]:
    return [path.read_text() for path in (home / "state").rglob("crash-*.log")]


def taken_in(app: PtyApp, limit: float = 60.0) -> None:
    """Wait until the app has read every byte written to its terminal (``limit`` at
    most: a deaf app fails on the quit that follows), then until it has drawn nothing
    for a moment, ten seconds at most: after a storm it may still be acting on keys it
    has read, on a loaded machine for seconds, and a Ctrl+Q in the middle of those keys
    could have its question answered by them (a CI run saw seed 5's first Ctrl+Q go
    unseen and a second answered in 0.1 s). A deaf app draws nothing: this returns at
    once and the quit that follows still finds it out."""
    end = time.monotonic() + limit
    while app.poll() is None and time.monotonic() < end and unread_input(app.pid):
        app.read(0.05)
    app.quiet(settle=0.3, limit=10)


def quits_in_time(app: PtyApp, within: float = QUIT_WITHIN) -> float | None:
    """Once the app has read everything, Ctrl+Q: the seconds until the app started to
    leave or showed whether to (then ``y``), or ``None`` if it did neither within
    ``within`` seconds or did not then end within ``EXIT_WITHIN``. The question is read
    off a model of the screen, not the stream: the lean output sends only the cells that
    change, so over another question ("Leave this game?") only a few of its letters go
    out."""
    taken_in(app)
    began = time.monotonic()
    start = len(app.output)
    screen = Screen(80, 24)
    screen.feed(bytes(app.output))
    fed = start
    app.send(b"\x11")
    while time.monotonic() - began < within:
        app.read(0.02)
        if LEAVING in app.output[start:] or app.poll() is not None:
            took = time.monotonic() - began
            app.wait(EXIT_WITHIN)
            return took
        screen.feed(bytes(app.output[fed:]))
        fed = len(app.output)
        if ASKED in screen:
            took = time.monotonic() - began
            app.send(b"y")  # confirm-quit is on and a game is in progress
            return took if app.wait(EXIT_WITHIN) is not None else None
    return None


def check_alive_then_quit(app: PtyApp, home: Path, what: str) -> None:
    assert app.poll() is None, f"{what}: the app stopped\n{app.text()[-600:]}"
    assert quits_in_time(app) is not None, f"{what}: Ctrl+Q not handled within {QUIT_WITHIN} s"
    assert app.poll() == 0, f"{what}: exit code {app.returncode}"
    assert crash_logs(home) == [], f"{what}: {crash_logs(home)[0][-800:]}"


@pytest.mark.parametrize(
    "what, data",
    [
        ("a truncated UTF-8 sequence then keys", b"\xc3\xe2\x82 a"),
        *(
            pytest.param(what, data, marks=pytest.mark.slow)
            for what, data in (
                ("Latin-1 letters", b"caf\xe9 \xff\xfe"),
                ("an extended key beyond U+10FFFF", b"\x1b[1114112u"),
                ("an extended key's text beyond U+10FFFF", b"\x1b[97;1;1114112u"),
                ("a bracketed paste that never ends", b"\x1b[200~[bold]pasted"),
            )
        ),
    ],
)
def test_raw_input_never_stops_the_app(tmp_path: Path, what: str, data: bytes) -> None:
    write_settings(tmp_path, confirm_quit=False)
    with start(tmp_path, []) as app:
        assert app.wait_for("Chase the Ace"), app.text()[-400:]
        app.send(data)
        check_alive_then_quit(app, tmp_path, what)


def test_a_false_size_report_leaves_the_app_its_size(tmp_path: Path) -> None:
    """Bytes that look like the terminal's in-band size report ("one cell", a mode the
    app never turned on) made the app lay itself out for 1x1 on an 80x24 terminal:
    after a storm, Ctrl+Q's question was up but drawn in one cell (issue 17, item 7)."""
    write_settings(tmp_path, confirm_quit=True)
    with start(tmp_path, ["play", "aces", "--names", "Ann,Ben"]) as app:
        assert app.wait_for("Ben"), app.text()[-400:]
        app.send(b"\x1b[48;1;1;1;1t")
        check_alive_then_quit(app, tmp_path, "a false size report")


SEEDS = [1, 2, 3, 4, 5, 6]
STORM_KEYS = 3000


STORMED: tuple[list[str], ...] = (
    [],
    ["play", "aces", "--names", "Ann,Ben"],
    ["play", "chase", "--names", "Ann,Ben,Cy"],
)
"""What a seed storms: the title (and what its keys open), an Aces or a Chase table."""


def storm_setup(home: Path, seed: int) -> list[str]:
    """Seed ``seed``'s settings written under ``home``; the command line it storms."""
    write_settings(home, confirm_quit=bool(seed % 2), animation="off" if seed % 3 else "normal")
    return STORMED[seed % 3]


@pytest.mark.slow
@pytest.mark.long(22)  # it waits on the pty more than it computes: best begun early
@pytest.mark.parametrize("seed", SEEDS)
def test_a_storm_of_raw_bytes_never_stops_the_app(tmp_path: Path, seed: int) -> None:
    record = run_storm(tmp_path, storm_setup(tmp_path, seed), seed, STORM_KEYS)
    assert record is None, record


def run_storm(home: Path, argv: list[str], seed: int, keys: int) -> str | None:
    """Write the storm; ``None`` if the app lived through it and quit in time."""
    with start(home, argv) as app:
        app.wait_for("party-dice", timeout=15)
        last = write_storm(app, seed, keys)
        problem = None
        if app.poll() is not None:
            problem = f"exited with {app.returncode} during the storm"
        else:
            took = quits_in_time(app, STORM_QUIT_WITHIN)
            if took is not None:
                print(f"seed {seed}: Ctrl+Q handled {took:.2f} s after the storm")
            if took is None:
                shown = Screen(80, 24)  # what the first Ctrl+Q left on the screen
                shown.feed(bytes(app.output))
                late = quits_in_time(app, LATE_WITHIN)  # a second Ctrl+Q, as a player would
                problem = f"Ctrl+Q not handled within {STORM_QUIT_WITHIN} s after a storm " + (
                    f"(a second one was, in {late:.1f} s); the screen after the first:\n"
                    + shown.text()
                    if late is not None
                    else f"(nor a second one in {LATE_WITHIN} s), where each thread was:\n"
                    + app.threads()
                )
            elif app.poll() is None:
                problem = f"still running {EXIT_WITHIN} s after Ctrl+Q was handled"
            if problem is None and app.returncode not in (0, None):
                problem = f"exit code {app.returncode}"
        logs = crash_logs(home)
        if logs:
            problem = f"crash log: {logs[0][-1500:]}"
    if problem is None:
        return None
    return f"seed {seed}: {problem}\nlast bytes: {last!r}"

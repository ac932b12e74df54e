"""Issue 18 item 13: one exit path, one status per cause, the terminal as it was found.

Each runs the real app on a pty: Ctrl+C in the first moments of start-up prints no
traceback; an input-thread crash exits non-zero with one line; that line says a game
was saved only when one was; ``kill -HUP`` with the terminal still there leaves it out
of the alternate screen, with mouse reporting off, the cursor shown and its modes back.
"""

from __future__ import annotations

import os
import signal
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.support.pty_driver import ROOT, AcesArgs, PtyApp, app_env, saves_dir, write_app_settings

BREAK_INPUT = (
    "import sys, textual.drivers.linux_driver as d\n"
    "def broken(self): raise RuntimeError('input thread boom')\n"
    "d.LinuxDriver.run_input_thread = broken\n"
    "from tui.__main__ import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def run(home: Path, argv: list[str], code: str | None = None) -> PtyApp:
    write_app_settings(home)
    head = [sys.executable, "-c", code, *argv] if code else [sys.executable, "-m", "tui", *argv]
    return PtyApp(head, env=app_env(home), cwd=str(ROOT), size=(100, 30))


INTERRUPT_AT = (
    "import os, signal, sys\n"
    "class Hook:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == sys.argv[1]:\n"
    "            os.kill(os.getpid(), signal.SIGINT)\n"
    "sys.meta_path.insert(0, Hook())\n"
    "from tui.__main__ import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)
"""Ctrl+C exactly as module ``argv[1]`` is first imported (start-up, deterministic)."""


@pytest.mark.parametrize(
    "module", ["tui.cli", "tui.games", "textual.app", "tui.app", "textual.drivers.linux_driver"]
)
def test_ctrl_c_during_the_imports_prints_no_traceback(tmp_path: Path, module: str) -> None:
    with run(tmp_path / "home", [module, *AcesArgs], INTERRUPT_AT) as app:
        status = app.wait(15)
        text = app.text()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-500:]
    assert status == 130, (status, text[-300:])


INTERRUPT_LOST_AT = (
    "import os, signal, sys, weakref\n"
    "class Hook:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == sys.argv[1]:\n"
    "            class Thing: pass\n"
    "            def callback(_ref):\n"
    "                os.kill(os.getpid(), signal.SIGINT)\n"
    "                sum(range(3))  # the KeyboardInterrupt is raised here, and lost\n"
    "            thing = Thing()\n"
    "            ref = weakref.ref(thing, callback)\n"
    "            del thing\n"
    "sys.meta_path.insert(0, Hook())\n"
    "from tui.__main__ import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)
"""Ctrl+C inside a weak reference's callback as module ``argv[1]`` is first imported:
Python cannot raise it there and hands it to ``sys.unraisablehook`` (a module lock's
callback during an import took one so, in a CI run under load)."""


@pytest.mark.parametrize("module", ["tui.cli", "textual.app"])
def test_a_ctrl_c_python_loses_still_stops_the_start_up(tmp_path: Path, module: str) -> None:
    """Without ``tui.early_interrupt`` Python prints "Exception ignored" with a traceback
    and the app starts as if nobody had pressed Ctrl+C. (Once the app runs, asyncio's
    own SIGINT handler takes Ctrl+C and cancels the app: nothing is lost there.)"""
    with run(tmp_path / "home", [module, *AcesArgs], INTERRUPT_LOST_AT) as app:
        code = app.wait(15)
        text = app.text()
    assert "Traceback" not in text and "Exception ignored" not in text, text[-500:]
    assert code == 130, (code, text[-300:])


@pytest.mark.parametrize("delay", [0.2, 0.3, 0.5])
def test_ctrl_c_early_in_start_up_prints_no_traceback(tmp_path: Path, delay: float) -> None:
    """By the clock, after the interpreter's own start (which no code of ours can reach:
    a Ctrl+C before the first line of ``tui`` runs is Python's)."""
    with run(tmp_path / "home", AcesArgs) as app:
        time.sleep(delay)
        os.kill(app.pid, signal.SIGINT)
        status = app.wait(15)
        text = app.text()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-500:]
    # 130, or ended by the SIGINT itself (what a shell also reports as 130): on a quiet
    # machine 0.2 s can fall in a moment of start-up where the signal's default applies.
    assert status in (0, 130, -signal.SIGINT), (status, text[-300:])


def test_an_input_thread_crash_exits_non_zero_with_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with run(home, AcesArgs, BREAK_INPUT) as app:
        status = app.wait(20)
        text = app.text()
    assert status == 1, (status, text[-500:])
    assert "party-dice stopped after an internal error" in text and "Traceback" not in text
    saved = "any game in progress was saved" in text
    assert saved == bool(list(saves_dir(home).glob("*.json"))), text[-300:]


def test_the_crash_line_claims_no_save_when_there_is_none(tmp_path: Path) -> None:
    """No game open (the title screen): nothing was saved, so the line does not say so."""
    with run(tmp_path / "home", [], BREAK_INPUT) as app:
        status = app.wait(20)
        text = app.text()
    assert status == 1, (status, text[-500:])
    assert "party-dice stopped after an internal error." in text
    assert "was saved" not in text


def test_kill_hup_leaves_a_live_terminal_as_it_was_found(tmp_path: Path) -> None:
    with run(tmp_path / "home", AcesArgs) as app:
        assert app.wait_for("Ann", timeout=30)
        app.quiet(0.3, 5)
        assert app.fd is not None
        before = len(app.output)
        os.kill(app.pid, signal.SIGHUP)
        status = app.wait(5)
        after = bytes(app.output[before:])
        modes = termios.tcgetattr(app.fd)
    assert status == 0
    for sequence in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?1003l"):
        assert sequence in after, (sequence, after[-200:])
    lflag = modes[3]
    assert lflag & termios.ECHO and lflag & termios.ICANON, "the terminal was left raw"


def test_a_ctrl_c_wrapped_by_a_class_being_made_is_still_a_quiet_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python wraps a KeyboardInterrupt raised in ``__set_name__`` (an import making a
    class, Textual's ``Selector`` in CI) in a RuntimeError: still Ctrl+C, status 130; any
    other RuntimeError is an internal error and goes on up."""
    import tui.__main__ as entry

    def interrupted(argv: object) -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as stop:
            raise RuntimeError("Error calling __set_name__") from stop

    monkeypatch.setattr(entry, "_main", interrupted)
    assert entry.main([]) == entry.INTERRUPTED

    def broken(argv: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(entry, "_main", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        entry.main([])

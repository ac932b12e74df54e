"""Run the real app in a pseudo-terminal, as a person over ``ssh -t`` would.

Used by the hang-up tests and the benchmark: start a command on a pty of a given size,
type keys, wait for text on the screen, count the bytes the app writes, and close the
terminal the way sshd does when a connection drops (the master side goes away and the
kernel sends SIGHUP to the session). ``start`` runs ``python -m tui`` itself this way,
in the per-user folders of a test's own ``home`` (``app_env``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.engine.controller import Controller

_ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[P\]^_].*?(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


class PtyApp:
    """A child process on its own pseudo-terminal; everything it writes is kept."""

    def __init__(
        self,
        argv: Sequence[str],
        env: Mapping[str, str] | None = None,
        size: tuple[int, int] = (80, 24),
        cwd: str | None = None,
    ) -> None:
        columns, rows = size
        pid, fd = pty.fork()
        if pid == 0:  # the child: a new session whose controlling terminal is the pty
            try:
                # As a terminal's shell would start it: a run of the tests started in the
                # background (``pytest &``) ignores SIGINT, and children inherit that.
                for number in (signal.SIGINT, signal.SIGQUIT):
                    signal.signal(number, signal.SIG_DFL)
                if cwd:
                    os.chdir(cwd)
                os.execvpe(argv[0], list(argv), dict(env if env is not None else os.environ))
            finally:
                os._exit(127)
        self.pid = pid
        self.fd: int | None = fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.output = bytearray()
        self.returncode: int | None = None

    def read(self, timeout: float = 0.1) -> int:
        """Read whatever arrives within ``timeout`` seconds; returns the byte count."""
        if self.fd is None:
            return 0
        total = 0
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return total
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if not ready:
                return total
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # EIO: the child closed the terminal
                return total
            if not chunk:
                return total
            self.output.extend(chunk)
            total += len(chunk)

    def quiet(self, settle: float = 0.5, limit: float = 15.0) -> None:
        """Read until nothing has arrived for ``settle`` seconds (or ``limit`` passes)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if self.read(settle) == 0:
                return

    def text(self) -> str:
        """Everything written so far with escape sequences removed (rough screen text)."""
        return _ANSI.sub(b"", bytes(self.output)).decode("utf-8", "replace")

    def wait_for(self, needle: str, timeout: float = 15.0) -> bool:
        """Read until ``needle`` appears in the text written after this call."""
        start = len(self.output)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.read(0.1)
            seen = _ANSI.sub(b"", bytes(self.output[start:])).decode("utf-8", "replace")
            if needle in seen:
                return True
            if self.poll() is not None:
                return False
        return False

    def wait_for_end(self, tail: bytes, timeout: float = 5.0) -> bool:
        """Read until everything written so far ends with ``tail`` (the app has written it
        and nothing since), or ``timeout`` passes; a loaded machine may run the app
        seconds late, so silence alone proves nothing."""
        end = time.monotonic() + timeout
        while not self.output.endswith(tail) and time.monotonic() < end:
            self.read(0.05)
        return self.output.endswith(tail)

    def threads(self, timeout: float = 2.0) -> str:
        """Where each of the app's threads is, for a test that found it stuck: SIGABRT
        (the app runs with ``PYTHONFAULTHANDLER``, which prints every thread's stack to
        the terminal); ends the app."""
        start = len(self.output)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGABRT)
        self.wait(timeout)
        dump = bytes(self.output[start:]).decode("utf-8", "replace")
        return dump[dump.find("Fatal Python error") :] if "Fatal Python error" in dump else dump

    def send(self, keys: str | bytes) -> None:
        if self.fd is None:
            raise RuntimeError("the terminal is closed")
        os.write(self.fd, keys.encode() if isinstance(keys, str) else keys)

    def resize(self, columns: int, rows: int) -> None:
        if self.fd is not None:
            fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.kill(self.pid, signal.SIGWINCH)

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float) -> int | None:
        """The exit code once the child is gone, or ``None`` if it outlives ``timeout``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.read(0.02)
            if self.poll() is not None:
                return self.returncode
        return self.poll()

    def hang_up(self) -> None:
        """Close the terminal as sshd does on a dropped connection (SIGHUP follows)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.returncode = -9
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()


# -- party-dice itself on a pty ---------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def app_env(home: Path) -> dict[str, str]:
    """A clean environment: the per-user directories under ``home``, 256 colours."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "PARTY_DICE_SHARING": "off",  # random keys must never start a table process
        "PYTHONFAULTHANDLER": "1",  # SIGABRT prints every thread's stack (``threads``)
    }


def write_app_settings(home: Path) -> None:
    """Settings for driving the app by keys: no animation, no "quit?" question."""
    from tui.storage.settings import Settings, save_settings

    save_settings(
        Settings(animation="off", confirm_quit=False),
        home / "config" / "party-dice" / "settings.toml",
    )


def start(home: Path, argv: list[str]) -> PtyApp:
    """``party-dice <argv>`` on a pty, with ``home``'s folders, from the checkout."""
    return PtyApp([sys.executable, "-m", "tui", *argv], env=app_env(home), cwd=str(ROOT))


def shadow_of(argv: list[str]) -> Controller:
    """The game ``party-dice <argv>`` starts (default settings), outside any app: the
    uninterrupted game a test compares the real app's screen and save with."""
    from tui.cli import parse
    from tui.games import new_controller

    command = parse(argv)
    assert command.play is not None
    config = command.play.config()
    return new_controller(config, random.Random(config.seed))


AcesArgs = ["play", "aces", "--names", "Ann,Ben", "--first-seat", "1"]
"""A small Aces table for tests that run the real app."""


def saves_dir(home: Path) -> Path:
    """Where the app run with ``home`` keeps its saves."""
    return home / "state" / "party-dice" / "saves"

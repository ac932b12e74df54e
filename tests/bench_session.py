"""One program on a pseudo-terminal, watched as the benchmark needs: when each byte came,
what the screen shows, and what the process costs (CPU ticks, peak and private memory).

Built on ``tests.support.pty_driver.PtyApp`` (the pty, keys, hang-up) and ``tests.bench_screen``.
The environment is the one an SSH user gets: ``TERM=xterm-256color``, no ``COLORTERM``,
and per-user directories that belong to this benchmark alone.
"""

from __future__ import annotations

import os
import select
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Self

import platformdirs

from tests.bench_screen import Screen
from tests.support.pty_driver import PtyApp

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
PARTY_DICE = str(VENV_BIN / "party-dice")
BARE_APP = [sys.executable, str(REPO / "tests" / "bare_app.py")]
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

SETTINGS_OFF = 'format = 1\nanimation = "off"\nconfirm_quit = false\n'
"""Settings for the byte counts: nothing animates, so a turn's bytes are its repaint."""


class Sandbox:
    """Per-user directories under the user's cache dir (never /tmp), removed at the end."""

    def __init__(self) -> None:
        base = Path(platformdirs.user_cache_dir("party-dice-bench", appauthor=False))
        base.mkdir(parents=True, exist_ok=True)
        self.root = Path(tempfile.mkdtemp(prefix="run-", dir=base))
        self._count = 0

    def env(self, settings: str | None = None) -> dict[str, str]:
        """A fresh set of XDG dirs (a first-time user, or ``settings`` written) and the
        terminal environment of an SSH session."""
        self._count += 1
        home = self.root / str(self._count)
        config = home / "config"
        if settings is not None:
            (config / "party-dice").mkdir(parents=True)
            (config / "party-dice" / "settings.toml").write_text(settings)
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("COLORTERM", "NO_COLOR", "TERM_PROGRAM") and not k.startswith("TEXTUAL")
        }
        env.update(
            TERM="xterm-256color",
            XDG_CONFIG_HOME=str(config),
            XDG_STATE_HOME=str(home / "state"),
            XDG_DATA_HOME=str(home / "data"),
            XDG_CACHE_HOME=str(home / "cache"),
        )
        return env

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


class Session:
    """A program started on a pty now; ``started`` is the moment just before the fork."""

    def __init__(
        self, argv: Sequence[str], env: dict[str, str], size: tuple[int, int] = (80, 24)
    ) -> None:
        self.screen = Screen(*size)
        self.started = time.monotonic()
        self.app = PtyApp(argv, env=env, size=size, cwd=str(REPO))
        self.pid = self.app.pid
        self.last_byte = self.started

    read_size = 65536
    """The most one read takes from the pty."""

    def delivered(self, size: int) -> float:
        """When ``size`` bytes just read reached the terminal: now (a slow link waits)."""
        return time.monotonic()

    @property
    def written(self) -> int:
        """Bytes the program has written to its terminal so far."""
        return len(self.app.output)

    def read_chunk(self, timeout: float) -> int:
        """One read of what the program wrote, waiting at most ``timeout`` s for it; the
        screen and the time of the last byte follow. 0 when nothing came."""
        fd = self.app.fd
        if fd is None:
            return 0
        ready, _, _ = select.select([fd], [], [], max(timeout, 0.0))
        if not ready:
            return 0
        try:
            chunk = os.read(fd, self.read_size)
        except OSError:  # EIO: the program closed its terminal
            return 0
        self.last_byte = self.delivered(len(chunk))
        self.app.output.extend(chunk)
        self.screen.feed(chunk)
        return len(chunk)

    def pump(self, gap: float, limit: float = 60.0) -> int:
        """Read until nothing has come for ``gap`` s (or ``limit`` s have passed).
        Returns the bytes read."""
        total = 0
        end = time.monotonic() + limit
        while (left := end - time.monotonic()) > 0:
            got = self.read_chunk(min(gap, left))
            if not got:
                break
            total += got
        return total

    def first_frame(self, needles: Sequence[str], timeout: float = 60.0) -> float:
        """Seconds from start until every one of ``needles`` is on the screen at once.

        Pick needles from the first and last rows a screen draws (its content and its
        footer): Textual writes a frame top to bottom, so the moment the last needle shows
        is the moment the frame is complete.
        """
        end = time.monotonic() + timeout
        while not all(needle in self.screen for needle in needles):
            if time.monotonic() > end or self.app.poll() is not None:
                raise RuntimeError(f"{needles!r} never appeared:\n{self.screen.text()}")
            self.read_chunk(0.05)
        return self.last_byte - self.started

    def settle(self, gap: float = 0.3, limit: float = 30.0) -> int:
        """Read until nothing has come for ``gap`` s; the bytes read."""
        return self.pump(gap, limit)

    def idle(self, seconds: float) -> tuple[float, int]:
        """(CPU seconds used, bytes written) over ``seconds`` of nobody touching a key."""
        before_cpu, before_bytes = self.cpu_seconds(), self.written
        self.pump(seconds, limit=seconds)
        return self.cpu_seconds() - before_cpu, self.written - before_bytes

    def send(self, keys: str) -> None:
        self.app.send(keys)

    # -- what the process costs (Linux /proc) -------------------------------------------

    def cpu_seconds(self) -> float:
        """User plus system time of every thread of the process so far."""
        stat = Path(f"/proc/{self.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def _kib(self, name: str, *keys: str) -> int:
        total = 0
        for line in Path(f"/proc/{self.pid}/{name}").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in keys:
                total += int(rest.split()[0])
        return total

    def peak_rss_mib(self) -> float:
        """The high-water mark of resident memory (VmHWM, what ``ru_maxrss`` reports)."""
        return self._kib("status", "VmHWM") / 1024

    def private_mib(self) -> float:
        """Memory no other process shares: Private_Clean + Private_Dirty."""
        return self._kib("smaps_rollup", "Private_Clean", "Private_Dirty") / 1024

    def close(self) -> None:
        self.app.kill()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

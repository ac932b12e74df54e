"""The connection drops: the real app in a pseudo-terminal, played by keys, hung up.

Each test starts ``python -m tui play ...`` on a pty (as ``ssh -t`` gives one) with its
own per-user directories, plays a few moves by keys while an engine game with the same
seed makes the same moves (the "shadow": a game that is never interrupted), then
closes the terminal as sshd does when a connection drops (or sends SIGTERM). The
process must be gone within two seconds (three on a loaded machine), the save must be
there (0600 in a 0700 directory), it must hold exactly the shadow's state, and the game
rebuilt from it must make the same next roll or deal as the shadow. ``party-dice
resume`` then opens it again in a new terminal and plays on.

The shadow follows the table's own flow: people move by their action's key (a cut at
the shallowest depth: Home, Enter), computer players move at once (animation off),
and a round's end waits for Enter, which takes the first choice.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import random
import signal
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.pty_driver import (
    AcesArgs,
    PtyApp,
    app_env,
    saves_dir,
    shadow_of,
    start,
    write_app_settings,
)
from tui.engine.core import Event
from tui.games import controller_from_dict
from tui.session.keygate import DECISION
from tui.storage.files import Damaged
from tui.storage.save_format import parse_save
from tui.storage.saves import SaveStore

ROOT = Path(__file__).resolve().parents[2]
CHASE_ROUND_END = frozenset({"showdown", "nobody_loses", "all_out_replay", "shared_win"})

ChaseArgs = ["play", "chase", "--names", "Ann", "--computers", "2", "--first-seat", "1"]


class Shadow:
    """The uninterrupted game, and the keys that make the app play the same moves."""

    def __init__(self, argv: list[str], chooser_seed: int) -> None:
        self.controller = shadow_of(argv)
        self.chooser = random.Random(chooser_seed)
        self.round_end_open = False
        self._bots_move()

    def step(self) -> list[str]:
        """One person's move (or Enter on a round's end); the keys that make it."""
        controller = self.controller
        if self.round_end_open:
            self.round_end_open = False
            self._after(controller.apply(controller.actions()[0]))
            return ["enter"]
        action = self.chooser.choice(controller.actions())
        keys = [action.key]
        if action.arg_range is not None and action.arg is None:
            keys += ["home", "enter"]
            action = action.with_arg(action.arg_range[0])
        self._after(controller.apply(action))
        return keys

    def _after(self, events: list[Event]) -> None:
        if not self._round_ended(events):
            self._bots_move()

    def _bots_move(self) -> None:
        controller = self.controller
        while controller.is_bot_turn() and not self.round_end_open:
            _decision, events = controller.play_bot()
            self._round_ended(events)

    def _round_ended(self, events: list[Event]) -> bool:
        kinds = {event.kind for event in events}
        if self.controller.game_id == "aces":
            ended = "round_won" in kinds
        else:
            ended = bool(kinds & CHASE_ROUND_END)
        self.round_end_open = ended and not self.controller.over
        return ended


def play(app: PtyApp, shadow: Shadow, moves: int, home: Path) -> None:
    """Type the keys of ``moves`` moves, one move at a time. A person's move takes only
    a key pressed after it was drawn and after a still moment (the key gate,
    ``tui.table.gate``), so before each move the screen must have been still for longer
    than the gate asks; after it, the app has made the move (and the computers theirs)
    once its save holds the shadow's state: every move is saved. A loaded machine then
    only makes the test slower, never drops a key or hangs up before a move was made.
    The keys of one move (a cut: its key, Home, Enter) go in one burst, as a fast
    typist's over SSH would."""
    still = max(DECISION.settle, DECISION.quiet) + 0.1
    for _ in range(moves):
        app.quiet(settle=still, limit=30)
        keys = shadow.step()
        app.send("".join(KEY_BYTES.get(key, key) for key in keys))
        wait_for_save(app, home, shadow.controller.to_dict())
    assert app.poll() is None, app.text()[-2000:]


def wait_for_save(app: PtyApp, home: Path, state: dict[str, Any], limit: float = 30.0) -> None:
    """Read the app's output until its save holds ``state`` (or fail after ``limit``)."""
    folder = saves_dir(home)
    end = time.monotonic() + limit
    saved: dict[str, Any] | None = None
    while time.monotonic() < end:
        for path in folder.glob("*.json"):
            slot_id = path.name.removesuffix(".json")
            with contextlib.suppress(OSError, Damaged):  # replaced or removed meanwhile
                saved = parse_save(path.read_bytes(), slot_id=slot_id, path=path)[1]
        if saved == state:
            return
        assert app.poll() is None, app.text()[-2000:]
        app.read(0.05)
    raise AssertionError(f"the save never held the shadow's state: {saved}")


KEY_BYTES = {"enter": "\r", "home": "\x1b[H", "escape": "\x1b"}


def the_save(home: Path) -> tuple[str, dict[str, Any]]:
    """The only save: checked private, returned with its payload."""
    folder = saves_dir(home)
    files = sorted(folder.glob("*.json"))
    assert len(files) == 1, list(folder.iterdir())
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(folder.parent.stat().st_mode) == 0o700
    slot_id = files[0].name.removesuffix(".json")
    return slot_id, SaveStore(folder).load(slot_id)


def assert_plays_on_like(payload: dict[str, Any], shadow: Shadow) -> None:
    """The save is the shadow's state, and both make the same next move alike."""
    assert payload == shadow.controller.to_dict()
    resumed = controller_from_dict(payload)
    for _ in range(3):
        if shadow.controller.over:
            break
        action = shadow.controller.actions()[0]
        if action.arg_range is not None and action.arg is None:
            action = action.with_arg(action.arg_range[0])
        assert resumed.apply(action) == shadow.controller.apply(action)
    assert resumed.to_dict() == shadow.controller.to_dict()


def open_table(app: PtyApp, name: str = "Ann") -> None:
    assert app.wait_for(name, timeout=20), app.text()[-2000:]
    app.quiet(settle=0.1, limit=5)


@contextlib.contextmanager
def table_played(
    home: Path, argv: list[str], chooser: int, moves: int
) -> Iterator[tuple[PtyApp, Shadow]]:
    """``party-dice <argv>`` on a pty in ``home``'s folders, its table open and ``moves``
    moves made by keys, beside the shadow game that made the same moves."""
    write_app_settings(home)
    shadow = Shadow(argv, chooser)
    with start(home, argv) as app:
        open_table(app)
        play(app, shadow, moves, home)
        yield app, shadow


# Every hang-up point is a soak (``-m slow``, issue 13). Every day a real pty is hung
# up mid-game by ``test_resume_after_a_hang_up_plays_on_from_the_same_state`` (twice,
# and the game resumes where it stood), and the save a hang-up itself makes is checked
# by ``test_the_guard_saves_on_the_loop_then_lets_the_watchdog_end_the_process``.
@pytest.mark.parametrize(
    ("argv", "moves", "chooser"),
    [
        pytest.param([*AcesArgs, "--seed", "7"], 2, 1, marks=pytest.mark.slow),
        pytest.param([*AcesArgs, "--seed", "11"], 8, 2, marks=pytest.mark.slow),
        pytest.param([*ChaseArgs, "--seed", "3"], 1, 3, marks=pytest.mark.slow),
        pytest.param([*ChaseArgs, "--seed", "4"], 6, 4, marks=pytest.mark.slow),
    ],
    ids=["aces-early", "aces-later", "chase-deal", "chase-later"],
)
def test_hang_up_saves_and_the_game_plays_on_unchanged(
    tmp_path: Path, argv: list[str], moves: int, chooser: int
) -> None:
    with table_played(tmp_path, argv, chooser, moves) as (app, shadow):
        assert not shadow.controller.over, "choose a point before the end of the game"
        hung_up = time.monotonic()
        app.hang_up()
        # 0: saved and closed by the app itself (the watchdog would say 1 if unsaved).
        code = app.wait(3.0)
        # None: still running; 1: the watchdog ended it before the save was done. The
        # watchdog ends it within SAVE_WAIT + EXIT_GRACE (1.9 s); a second more for a
        # loaded machine to run it.
        assert code == 0, f"not gone cleanly three seconds after the hang-up (exit {code})"
        assert time.monotonic() - hung_up < 3.0
    _slot, payload = the_save(tmp_path)
    assert_plays_on_like(payload, shadow)


@pytest.mark.parametrize(
    ("argv", "moves"),
    [([*ChaseArgs, "--seed", "5"], 3)],
    ids=["chase"],
)
def test_sigterm_saves_and_exits_cleanly(tmp_path: Path, argv: list[str], moves: int) -> None:
    with table_played(tmp_path, argv, 5, moves) as (app, shadow):
        os.kill(app.pid, signal.SIGTERM)
        assert app.wait(2.0) == 0
        screen = app.text()
    assert "Traceback" not in screen and "stopped after an internal error" not in screen
    _slot, payload = the_save(tmp_path)
    assert_plays_on_like(payload, shadow)


def test_a_hang_up_taken_by_another_thread_still_saves_and_exits(tmp_path: Path) -> None:
    """The kernel gives a signal sent to a process to any one of its threads, and Python
    runs the handler in the main thread only, once that thread runs again. An idle app's
    main thread waits in ``epoll`` for as long as nothing happens: a SIGHUP taken by one
    of Textual's threads left the app running for good after the link dropped (the
    guard's wake-up socket wakes the loop). Sent here to a thread other than the main
    one (``tgkill``), as the kernel sometimes does."""
    tgkill = getattr(ctypes.CDLL(None, use_errno=True), "tgkill", None)
    if tgkill is None:
        pytest.skip("no tgkill in this C library")
    argv = [*AcesArgs, "--seed", "7"]
    with table_played(tmp_path, argv, 3, 2) as (app, shadow):
        app.quiet(settle=0.5, limit=10)  # idle: the main thread waits in epoll
        others = [int(t) for t in os.listdir(f"/proc/{app.pid}/task") if int(t) != app.pid]
        assert others, "Textual's input and output threads"
        assert tgkill(app.pid, others[0], signal.SIGHUP) == 0
        assert app.wait(3.0) == 0, "gone, saved, within three seconds"
    _slot, payload = the_save(tmp_path)
    assert_plays_on_like(payload, shadow)


OUT_OF_SESSION = """
import os, pathlib, signal, sys
signal.signal(signal.SIGHUP, signal.SIG_IGN)
pid = os.fork()
if pid == 0:
    os.setsid()
    os.execv(sys.argv[2], sys.argv[2:])
pathlib.Path(sys.argv[1]).write_text(str(pid))
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
"""
"""Runs its arguments (after a file for their process id) in a session of their own,
on the same terminal, and waits for them (``setsid -w``): the terminal is not theirs
to be told of its end by SIGHUP."""


def test_a_terminal_gone_without_a_hang_up_signal_saves_and_exits(tmp_path: Path) -> None:
    """Started from another account's shell (``su user -c party-dice``) or by
    ``setsid``, the app is not the terminal's session leader, and no SIGHUP comes when
    the terminal goes: only end-of-file on its input. Textual's input thread read it
    for ever, a core at 100 %, and the game was never saved; it is a hang-up now
    (``tui.textual_compat.input_end``)."""
    argv = [*AcesArgs, "--seed", "7"]
    write_app_settings(tmp_path)
    shadow = Shadow(argv, 2)
    pid_file = tmp_path / "app.pid"
    launch = [sys.executable, "-c", OUT_OF_SESSION, str(pid_file), sys.executable, "-m", "tui"]
    try:
        with PtyApp([*launch, *argv], env=app_env(tmp_path), cwd=str(ROOT)) as app:
            open_table(app)
            play(app, shadow, 2, tmp_path)
            app.hang_up()
            assert app.wait(3.0) == 0, "gone, saved, within three seconds"
    finally:  # the app is not the child the pty's context ends: never leave it spinning
        with contextlib.suppress(OSError, ValueError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)
    _slot, payload = the_save(tmp_path)
    assert_plays_on_like(payload, shadow)


@pytest.mark.slow  # on a pty: the thorough tier (everyday: textual_compat/test_stray_continue)
def test_a_sigcont_it_never_stopped_for_changes_nothing(tmp_path: Path) -> None:
    """The kernel sends SIGCONT with a hang-up's SIGHUP, and ``kill -CONT`` sends one at
    any time: the app does not take the terminal over again (one alternate screen, not
    two: ``tui.textual_compat.stray_continue``) and plays on. Stopped (``kill -TSTP``)
    and continued (``fg``), it gives the terminal back, takes it again and plays on."""
    argv = [*AcesArgs, "--seed", "7"]
    with table_played(tmp_path, argv, 1, 0) as (app, shadow):
        os.kill(app.pid, signal.SIGCONT)
        play(app, shadow, 2, tmp_path)
        assert bytes(app.output).count(b"\x1b[?1049h") == 1
        os.kill(app.pid, signal.SIGTSTP)
        given_back = b"\x1b[?1049l\x1b[?25h\x1b[?1004l"
        assert app.wait_for_end(given_back), "terminal given back"
        app.quiet(settle=0.3, limit=2)
        assert bytes(app.output).endswith(given_back), "and nothing since: stopped"
        os.kill(app.pid, signal.SIGCONT)
        play(app, shadow, 1, tmp_path)
        assert bytes(app.output).count(b"\x1b[?1049h") == 2
        app.send("\x11")  # Ctrl+Q
        assert app.wait(5.0) == 0


@pytest.mark.slow  # on a pty: the thorough tier (everyday: test_saving resumes in this process)
def test_resume_after_a_hang_up_plays_on_from_the_same_state(tmp_path: Path) -> None:
    """``party-dice resume`` in a new terminal: the same game, and the same rolls."""
    argv = [*AcesArgs, "--seed", "11"]
    with table_played(tmp_path, argv, 6, 3) as (app, shadow):
        app.hang_up()
        assert app.wait(2.0) is not None
    slot_id, before = the_save(tmp_path)
    with start(tmp_path, ["resume"]) as app:
        open_table(app)
        assert "the game goes on" in app.text()
        play(app, shadow, 3, tmp_path)
        app.hang_up()
        assert app.wait(2.0) is not None
    again, payload = the_save(tmp_path)
    assert again == slot_id and payload != before
    assert_plays_on_like(payload, shadow)


# -- the guard itself, in this process ----------------------------------------------------


async def test_the_guard_saves_on_the_loop_then_lets_the_watchdog_end_the_process() -> None:
    """The signal schedules the save on the loop; once it is done the watchdog gives
    the app its grace time, then ends the process (here: records the exit code)."""
    from tui.hangup import HangUpGuard

    exits: list[int] = []
    saved: list[int] = []

    def on_signal(signum: int) -> None:
        saved.append(signum)
        guard.done_saving()

    guard = HangUpGuard(
        on_signal, signals=[signal.SIGUSR1], save_wait=1.0, exit_grace=0.05, hard_exit=exits.append
    )
    previous = signal.getsignal(signal.SIGUSR1)
    assert guard.install()
    try:
        os.kill(os.getpid(), signal.SIGUSR1)
        os.kill(os.getpid(), signal.SIGUSR1)  # a second signal while leaving changes nothing
        for _ in range(100):
            await asyncio.sleep(0.01)
            if exits:
                break
    finally:
        guard.uninstall()
    assert saved == [signal.SIGUSR1] and exits == [0]
    assert signal.getsignal(signal.SIGUSR1) == previous


def test_the_watchdog_ends_a_process_whose_loop_is_stuck() -> None:
    """A loop blocked on a dead terminal never runs the save: the watchdog still ends
    the process, a moment later (exit code 1: not saved)."""
    import threading

    from tui.hangup import HangUpGuard

    exits: list[int] = []
    loop = asyncio.new_event_loop()
    guard = HangUpGuard(
        lambda signum: None,
        signals=[signal.SIGUSR1],
        save_wait=0.1,
        exit_grace=0.05,
        hard_exit=exits.append,
    )
    assert guard.install(loop)
    try:
        threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGUSR1)).start()
        deadline = time.monotonic() + 3
        while not exits and time.monotonic() < deadline:
            time.sleep(0.01)  # the "loop" never runs: the main thread is busy here
    finally:
        guard.uninstall()
        loop.close()
    assert exits == [1]


# -- two terminals, and none ------------------------------------------------------------------


@pytest.mark.slow  # on a pty: the thorough tier (everyday: test_saving, test_saves)
def test_a_game_open_in_one_terminal_is_not_opened_in_another(tmp_path: Path) -> None:
    """Two SSH logins of one user: the second ``resume`` says the game is open
    elsewhere instead of opening it twice; the first plays on and saves alone."""
    argv = [*AcesArgs, "--seed", "11"]
    with table_played(tmp_path, argv, 7, 2) as (first, shadow):
        with start(tmp_path, ["resume"]) as second:
            assert second.wait_for("Every saved game is open", timeout=20), second.text()[-1500:]
            second.send("\x11")  # Ctrl+Q
            assert second.wait(5.0) == 0
        play(first, shadow, 2, tmp_path)
        first.hang_up()
        assert first.wait(2.0) is not None
    _slot, payload = the_save(tmp_path)
    assert_plays_on_like(payload, shadow)


def test_a_terminal_for_input_only_is_not_enough(tmp_path: Path) -> None:
    """stdin a terminal but stdout a pipe (``party-dice | less``): one line, status 2."""
    import pty
    import subprocess

    controller, terminal = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "tui"],
            stdin=terminal,
            capture_output=True,
            text=True,
            env=app_env(tmp_path),
            cwd=ROOT,
            timeout=30,
            check=False,
        )
    finally:
        os.close(controller)
        os.close(terminal)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "ssh -t" in result.stderr

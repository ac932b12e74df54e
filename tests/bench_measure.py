"""The measurements of the performance budget (issue 7), one function per launch.

Each function starts one program on a pseudo-terminal (``tests.bench_session``) or one
subprocess and returns plain numbers; ``tests.bench`` runs them in turns, party-dice and
the bare app interleaved, and prints the table.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence

from tests.bare_app import READY
from tests.bench_session import BARE_APP, PARTY_DICE, REPO, Sandbox, Session

Numbers = dict[str, float]

TITLE_READY = ("one card each, 3 to 20 players", "f2 Keys")
"""The title's menu (filled in on mount) and its footer (the last row drawn)."""
ACES_SIX = ["play", "aces", "--names", "Ann,Ben,Cleo,Dan,Eve,Fay", "--seed", "7"]
ACES_SIX += ["--first-seat", "1"]
ACES_READY = ("Start: Ann rolls first", "At the table", "f2 Keys")
CHASE_TWENTY = ["play", "chase", "--names", "Ann", "--computers", "19", "--seed", "7"]
CHASE_TWENTY += ["--first-seat", "20"]
"""One person and nineteen computers; seat 20 deals, so Ann plays first."""
CHASE_READY = ("Change with", "f2 Keys")


def _idle_and_memory(session: Session, idle: float, out: Numbers, prefix: str) -> None:
    session.pump(0.5)  # let the first frames and any late repaint finish
    cpu, written = session.idle(idle)
    out[f"{prefix}.idle_cpu"] = 100.0 * cpu / idle
    out[f"{prefix}.idle_bytes"] = written
    out[f"{prefix}.peak"] = session.peak_rss_mib()
    out[f"{prefix}.private"] = session.private_mib()


def bare(sandbox: Sandbox, idle: float) -> Numbers:
    """The bare app: first frame, then idle, then memory."""
    out: Numbers = {}
    with Session(BARE_APP, sandbox.env()) as session:
        out["bare.start"] = session.first_frame([READY])
        out["bare.cpu"] = session.cpu_seconds()
        _idle_and_memory(session, idle, out, "bare")
    return out


def title(sandbox: Sandbox) -> Numbers:
    """``party-dice`` for a first-time user: the title screen's first complete frame."""
    with Session([PARTY_DICE], sandbox.env()) as session:
        start = session.first_frame(TITLE_READY)
        cpu = session.cpu_seconds()
        session.pump(0.3)
        return {"title.start": start, "title.cpu": cpu, "title.peak": session.peak_rss_mib()}


def aces_table(sandbox: Sandbox, idle: float) -> Numbers:
    """``party-dice play aces`` with six people: first frame, idle at the table, memory."""
    out: Numbers = {}
    with Session([PARTY_DICE, *ACES_SIX], sandbox.env()) as session:
        out["aces.start"] = session.first_frame(ACES_READY)
        out["aces.cpu"] = session.cpu_seconds()
        _idle_and_memory(session, idle, out, "aces")
    return out


def chase_table(sandbox: Sandbox, idle: float) -> Numbers:
    """Twenty seats of Chase the Ace, waiting for the one person: idle and memory."""
    out: Numbers = {}
    with Session([PARTY_DICE, *CHASE_TWENTY], sandbox.env()) as session:
        session.first_frame(CHASE_READY)
        _idle_and_memory(session, idle, out, "chase")
    return out


def simulate(args: Sequence[str]) -> dict[str, float]:
    """``party-dice simulate ... --json``: its own figures (it times only the games),
    plus ``cpu``: the CPU seconds of the whole process, which a busy machine does not
    inflate as it does the wall clock."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [PARTY_DICE, "simulate", *args, "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    data: dict[str, float] = json.loads(done.stdout)
    data["cpu"] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return data


def simulations(seed: int) -> Numbers:
    aces = simulate(["aces", "--players", "6", "--games", "20000", "--seed", str(seed)])
    sharp = simulate(["chase", "--players", "10", "--games", "500", "--seed", str(seed)])
    casual = simulate(
        ["chase", "--players", "10", "--games", "500", "--seed", str(seed), "--bot-level", "casual"]
    )
    started = time.monotonic()
    simulate(["aces", "--games", "1", "--seed", str(seed)])
    return {
        "sim.aces": aces["games_per_second"],
        "sim.aces_cpu": aces["games"] / aces["cpu"],
        "sim.chase_sharp": sharp["rounds_per_second"],
        "sim.chase_casual": casual["rounds_per_second"],
        "sim.start": time.monotonic() - started,
    }


def child_numbers(module: str, env: dict[str, str] | None = None) -> Numbers:
    """``python -m module`` in a process of its own; the JSON object it prints last."""
    done = subprocess.run(
        [sys.executable, "-m", module],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    numbers: Numbers = json.loads(done.stdout.strip().splitlines()[-1])
    return numbers


def bare_loops() -> Numbers:
    """``tests.bench_simloop`` in a process of its own: the bare dice and card loops the
    simulator's speed is a ratio to."""
    return child_numbers("tests.bench_simloop")


def simulations_beside_loops(seed: int) -> Numbers:
    """``simulations`` between two runs of the bare loops; the simulator's speed as a
    ratio to the loops' (their mean before and after), so the machine's speed cancels."""
    before = bare_loops()
    out = simulations(seed)
    after = bare_loops()
    for key in before:
        out[key] = (before[key] + after[key]) / 2
    out["sim.aces_ratio"] = out["sim.aces"] / out["loop.aces"]
    out["sim.chase_ratio"] = out["sim.chase_sharp"] / out["loop.chase"]
    out["sim.chase_casual_ratio"] = out["sim.chase_casual"] / out["loop.chase"]
    return out


def screen_cpu(env: dict[str, str]) -> Numbers:
    """``tests.bench_screen_cpu`` in a process of its own (the first time is one)."""
    return child_numbers("tests.bench_screen_cpu", env)


def suite_time() -> Numbers:
    """The whole suite as the README runs it, stopping at the first failure."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.monotonic() - started
    tail = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(f"  test suite: {tail} (exit {done.returncode})", file=sys.stderr)
    return {"suite.seconds": seconds, "suite.failed": float(done.returncode != 0)}

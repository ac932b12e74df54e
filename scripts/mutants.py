"""Which hand-written bugs does the suite catch? (`make mutants`; not part of `make test`)

Each mutation in ``scripts/mutants.toml`` (a bug that matters: a wrong rule, a card
shown to the wrong seat, a save loaded that should not be, wrong odds) is put into a
scratch copy of the checkout, one at a time, and the tests of its suite are run there
(``pytest -x``: the first failure is enough). A mutation the tests pass is a blind spot.

The scratch copy lives under the user's cache directory (``$XDG_CACHE_HOME``, else
``~/.cache``), in a folder made for the run and removed at its end: the checkout itself
is never touched, and what the copy holds is the working tree (uncommitted changes
included), so a change can be checked before it is committed. The tests run with the
checkout's virtual environment and the copy first on ``PYTHONPATH``.

    .venv/bin/python scripts/mutants.py                # every mutation, then the table
    .venv/bin/python scripts/mutants.py --only ID ...  # some of them
    .venv/bin/python scripts/mutants.py --list         # the list, nothing run
    .venv/bin/python scripts/mutants.py --check        # does every `old` still apply?
    .venv/bin/python scripts/mutants.py --only ID --tests tests/x.py::test_y  # red?

First the suites run once unmutated (``--no-baseline`` skips that): a suite that fails
without a mutation would make every catch meaningless. The exit status is 0 when every
mutation was caught, 1 when some were missed, 2 when the list is stale or a run broke.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = Path(__file__).with_name("mutants.toml")
FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


@dataclass(frozen=True)
class Mutant:
    id: str
    area: str
    file: str
    old: str
    new: str
    suite: str
    why: str


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    verdict: str  # "caught", "missed", "stale", "error"
    seconds: float
    detail: str


def load(path: Path = LIST) -> tuple[dict[str, list[str]], list[Mutant]]:
    """The suites and the mutations of the list; ``SystemExit`` naming what is wrong."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    suites: dict[str, list[str]] = data["suites"]
    mutants = [Mutant(**entry) for entry in data["mutant"]]
    ids = [m.id for m in mutants]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    unknown = sorted({m.suite for m in mutants} - set(suites))
    if doubled or unknown:
        raise SystemExit(f"{path.name}: ids named twice {doubled}, unknown suites {unknown}")
    return suites, mutants


def cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def copy_checkout(target: Path) -> None:
    """The working tree's files git knows of or would add (not ignored ones) into
    ``target``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    for raw in listed:
        if not raw:
            continue
        name = os.fsdecode(raw)
        source = ROOT / name
        if not source.is_file() or source.is_symlink():
            continue  # deleted in the working tree, or a link: not the code under test
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / name)


def stale(copy: Path, mutant: Mutant) -> str | None:
    """Why ``mutant`` cannot be applied to ``copy`` as written, or ``None``."""
    path = copy / mutant.file
    if not path.is_file():
        return f"{mutant.file} is not there"
    found = path.read_text(encoding="utf-8").count(mutant.old)
    if found != 1:
        return f"its old text is found {found} times in {mutant.file}, not once"
    return None


def run_tests(
    copy: Path, tests: list[str], workers: int, per_test: int, limit: int
) -> tuple[int, str]:
    """pytest over ``tests`` in ``copy``; its status and output (status -9: over ``limit``
    seconds, killed with its workers)."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-p",
        "no:cacheprovider",
        "-n",
        str(workers),
        f"--timeout={per_test}",
        "-rfE",
        *tests,
    ]
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("PYTEST_ADDOPTS", None)
    process = subprocess.Popen(
        command,
        cwd=copy,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return -9, output
    return process.returncode, output


def imports_the_copy(copy: Path) -> bool:
    """The tests would import ``tui`` from the copy, not from the checkout."""
    found = subprocess.run(
        [sys.executable, "-c", "import tui; print(tui.__file__)"],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return Path(found).resolve().is_relative_to(copy.resolve())


def first_failure(output: str) -> str:
    found = FAILED.search(output)
    if found:
        return found.group(1)
    tail = [line for line in output.strip().splitlines() if line.strip()]
    return tail[-1][:100] if tail else "no output"


def try_mutant(
    copy: Path, mutant: Mutant, suites: dict[str, list[str]], args: argparse.Namespace
) -> Outcome:
    why_not = stale(copy, mutant)
    if why_not is not None:
        return Outcome(mutant, "stale", 0.0, why_not)
    path = copy / mutant.file
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
    start = time.monotonic()
    try:
        status, output = run_tests(
            copy, suites[mutant.suite], args.workers, args.per_test, args.limit
        )
    finally:
        path.write_text(original, encoding="utf-8")
    seconds = time.monotonic() - start
    if status == 0:
        return Outcome(mutant, "missed", seconds, "every test passed")
    if status in (1, 2) and FAILED.search(output):  # 2: stopped at the first failure (-x)
        return Outcome(mutant, "caught", seconds, first_failure(output))
    if status == -9:
        return Outcome(mutant, "caught", seconds, f"only by the {args.limit} s limit: a hang")
    return Outcome(mutant, "error", seconds, f"pytest exit {status}: {first_failure(output)}")


def table(outcomes: list[Outcome]) -> str:
    width = max(len(o.mutant.id) for o in outcomes)
    lines = [f"{'mutant':<{width}}  {'area':<7}  {'verdict':<7}  {'secs':>5}  caught by / why"]
    for o in outcomes:
        m = o.mutant
        lines.append(f"{m.id:<{width}}  {m.area:<7}  {o.verdict:<7}  {o.seconds:5.0f}  {o.detail}")
    lines.append("")
    for area in sorted({o.mutant.area for o in outcomes}):
        mine = [o for o in outcomes if o.mutant.area == area]
        caught = sum(o.verdict == "caught" for o in mine)
        lines.append(f"{area}: {caught} of {len(mine)} caught")
    caught = sum(o.verdict == "caught" for o in outcomes)
    lines.append(f"in all: {caught} of {len(outcomes)} caught")
    missed = [o.mutant for o in outcomes if o.verdict == "missed"]
    for mutant in missed:
        lines.append(f"MISSED {mutant.id}: {mutant.why} ({mutant.file})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", nargs="+", default=[], metavar="ID", help="these mutations only")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    parser.add_argument("--check", action="store_true", help="check the list applies, run nothing")
    parser.add_argument("--workers", type=int, default=2, help="pytest workers (default 2)")
    parser.add_argument("--per-test", type=int, default=60, help="seconds a test may take")
    parser.add_argument("--limit", type=int, default=900, help="seconds one mutation may take")
    parser.add_argument("--no-baseline", action="store_true", help="skip the unmutated run")
    parser.add_argument(
        "--tests", nargs="+", default=[], metavar="PATH", help="run these tests, not the suites"
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy (say where)")
    args = parser.parse_args(argv)

    suites, mutants = load()
    if args.tests:  # a test written for one mutation, seen red against it
        suites = dict.fromkeys(suites, args.tests)
    if args.only:
        wanted = set(",".join(args.only).split(","))
        unknown = wanted - {m.id for m in mutants}
        if unknown:
            parser.error(f"no mutation named {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m.id in wanted]
    if args.list:
        for m in mutants:
            print(f"{m.id:<32} {m.area:<7} {m.file}: {m.why}")
        return 0

    base = cache_home() / "party-dice-mutants"
    base.mkdir(parents=True, exist_ok=True, mode=0o700)
    copy = Path(tempfile.mkdtemp(prefix="run-", dir=base))
    outcomes: list[Outcome] = []
    try:
        copy_checkout(copy)
        broken = [(m, why) for m in mutants if (why := stale(copy, m)) is not None]
        for m, why in broken:
            print(f"STALE {m.id}: {why}", file=sys.stderr)
        if args.check:
            print(f"{len(mutants) - len(broken)} of {len(mutants)} mutations apply")
            return 2 if broken else 0
        if not imports_the_copy(copy):
            print("the scratch copy's tests would not import its own tui", file=sys.stderr)
            return 2
        if not args.no_baseline:
            tests = sorted({t for m in mutants for t in suites[m.suite]})
            print(f"unmutated: {' '.join(tests)}", flush=True)
            status, output = run_tests(copy, tests, args.workers, args.per_test, args.limit * 2)
            if status != 0:
                print(output[-3000:], file=sys.stderr)
                print(f"the unmutated suites fail (exit {status}): fix that first", file=sys.stderr)
                return 2
        for index, mutant in enumerate(mutants, 1):
            outcome = try_mutant(copy, mutant, suites, args)
            outcomes.append(outcome)
            print(
                f"[{index}/{len(mutants)}] {mutant.id}: {outcome.verdict}"
                f" ({outcome.seconds:.0f} s) {outcome.detail}",
                flush=True,
            )
        print()
        print(table(outcomes))
    finally:
        if args.keep:
            print(f"the scratch copy is kept in {copy}", file=sys.stderr)
        else:
            shutil.rmtree(copy, ignore_errors=True)
    if any(o.verdict in ("stale", "error") for o in outcomes):
        return 2
    return 1 if any(o.verdict == "missed" for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Key to screen: seconds from a key to the last byte of its repaint, on the real app.

    python -m tests.bench_latency [--size 80x24] [--seed 1]

Issue 12 asks that every key be answered on the screen within 30 ms (the median). The
app runs on a pseudo-terminal (``tests.bench_play``: animation off, a replica of the
game says which key to press); the driver sends a key, reads until its answer has come
(the text it must show, where one is known) and the output has been quiet for
``QUIET`` seconds, and times the key to the last byte read, not to the end of that
quiet window. Bytes that still come before the next key are counted to it too.

Keys are pressed as a person would (``tui.session.keygate``): a move or a curtain's
Enter only after the screen has been still for the gate's time. Prints one JSON object:
for each kind, the median and the worst in seconds and how many keys were timed:

- ``roll``: a roll at a table of six people (Aces), a roll by choice (a forced roll,
  with no chips, plays itself and is not a key);
- ``stand``: a stand or a change in Chase (four people at one keyboard): the box over
  the table after it (the next curtain, a private card, the round's end) drawn;
- ``curtain_lift``: Enter at a "Pass to ..." curtain, the person's card and moves drawn;
- ``curtain_shown``: every key after which a curtain came up (a stand, a private card
  put away, a deal);
- ``rules``: ``?`` at the table, the rules screen drawn (every time), and apart
  ``rules_first``, the first time in the app (the screen is built then) and
  ``rules_again``, every time after (the screen is kept); ``leave``: Escape from it, the
  table drawn again;
- ``setup``, ``settings``, ``help``: each opened twice from the title (``a``, ``s``, F2;
  each is built anew every time), its footer drawn.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence

from tests.bench_measure import TITLE_READY
from tests.bench_play import (
    ACES_READY,
    CHASE_DEAL,
    PASS_CURTAIN,
    Driver,
    Press,
    aces_argv,
    chase_people_argv,
    table,
)
from tests.bench_session import PARTY_DICE, SETTINGS_OFF, Sandbox, Session

QUIET = 0.2
"""Seconds of silence that end a key's answer: shorter than the pause before a forced
move plays itself (0.5 s), so that move is never taken for part of the key's repaint."""
RULES_DRAWN = "esc Back"
"""The rules screen's footer: its last row, drawn last."""
TABLE_DRAWN = "esc Leave table"
"""The table's footer."""
KINDS = (
    "roll",
    "stand",
    "curtain_lift",
    "curtain_shown",
    "rules",
    "rules_first",
    "rules_again",
    "leave",
    "setup",
    "settings",
    "help",
)
TITLE_SCREENS = (("setup", "a"), ("settings", "s"), ("help", "\x1bOQ"))
"""The screens opened from the title (``title_screens``): kind, and the key's bytes."""
SCREEN_DRAWN = "esc Back"
"""The footer of a screen opened from the title (the title's own has no Escape)."""
TITLE_DRAWN = TITLE_READY[0]


def parse_size(text: str) -> tuple[int, int]:
    """``"80x24"`` -> ``(80, 24)``."""
    columns, _, rows = text.lower().partition("x")
    return int(columns), int(rows)


BACK_AT_THE_TABLE = 0.5
"""Seconds a person looks at the table again after the rules, before the next move: the
table opens the decision a refresh after it has drawn itself again (``on_screen_resume``
calls ``_advance`` after a refresh, which stamps the decision after another), so a move
pressed the gate's time after the table's last byte can come too early on a busy box."""


def rules_and_back(driver: Driver, times: int) -> None:
    """Open the rules screen from the table and leave it again, ``times`` times."""
    for number in range(times):
        opened = "rules_again" if number or driver.presses else "rules_first"
        driver.press("?", None, opened, RULES_DRAWN)
        driver.press("escape", None, "leave", TABLE_DRAWN)
    time.sleep(BACK_AT_THE_TABLE)


def aces(
    sandbox: Sandbox, seed: int, size: tuple[int, int], max_keys: int
) -> tuple[list[Press], int]:
    """Six people play Aces; the rules opened and left twice before the first roll."""
    with table(sandbox, aces_argv(seed), ACES_READY, size, settle=QUIET) as driver:
        rules_and_back(driver, 2)
        keys = 0
        while keys < max_keys and driver.people_playing():
            driver.step(choose_second=keys % 3 == 1)
            keys += 1
        return driver.presses, driver.dropped


def chase(
    sandbox: Sandbox, seed: int, size: tuple[int, int], rounds: int
) -> tuple[list[Press], int]:
    """Four people play ``rounds`` rounds of Chase at one keyboard; the rules opened
    and left twice first. A press that brought a curtain up is kept again as
    ``curtain_shown``."""
    argv = chase_people_argv(seed)
    presses: list[Press] = []
    with table(sandbox, argv, CHASE_DEAL, size, settle=QUIET) as driver:
        rules_and_back(driver, 2)
        done = keys = 0
        while done < rounds and keys < 40 * rounds and driver.people_playing():
            before = PASS_CURTAIN in driver.session.screen
            count = len(driver.presses)
            driver.step(choose_second=keys % 3 == 1)
            keys += 1
            done += driver.round_over
            if len(driver.presses) > count and not before and PASS_CURTAIN in driver.session.screen:
                last = driver.presses[-1]
                presses.append(Press("curtain_shown", last.bytes, last.seconds))
        return driver.presses + presses, driver.dropped


def title_screens(sandbox: Sandbox, size: tuple[int, int], times: int = 2) -> list[Press]:
    """Setup, Settings and Help, each opened ``times`` times from the title and left
    again (Escape, the title drawn): a ``Press`` for each opening."""
    presses: list[Press] = []
    with Session([PARTY_DICE], sandbox.env(SETTINGS_OFF), size) as session:
        session.first_frame(TITLE_READY)
        session.pump(QUIET)
        for _ in range(times):
            for kind, key in TITLE_SCREENS:
                seconds, written = _answer(session, key, SCREEN_DRAWN)
                presses.append(Press(kind, written, seconds))
                _answer(session, "\x1b", TITLE_DRAWN)
    return presses


def _answer(session: Session, key: str, expect: str) -> tuple[float, int]:
    """Send ``key`` and read until ``expect`` is on the screen and the output has been
    quiet for ``QUIET``: the seconds from the key to its last byte, and the bytes."""
    session.send(key)
    sent = time.monotonic()
    written = session.read_chunk(10.0)
    deadline = sent + 10.0
    while expect not in session.screen and time.monotonic() < deadline:
        written += session.read_chunk(deadline - time.monotonic())
    if expect not in session.screen:
        raise RuntimeError(f"{expect!r} never came after {key!r}:\n{session.screen.text()}")
    written += session.pump(QUIET)
    return session.last_byte - sent, written


def kinds_of(press: Press) -> set[str]:
    """The rows a press is counted in (none, one, or ``rules`` and one of its two)."""
    names = {"change": "stand", "curtain": "curtain_lift"}
    kind = names.get(press.what, press.what)
    if kind not in KINDS:
        return set()
    return {kind, "rules"} if kind.startswith("rules_") else {kind}


def summary(presses: Sequence[Press]) -> dict[str, float]:
    """``latency.<kind>`` (median), ``latency.<kind>_worst`` and ``latency.<kind>_n``."""
    out: dict[str, float] = {}
    for kind in KINDS:
        seconds = [press.seconds for press in presses if kind in kinds_of(press)]
        if seconds:
            out[f"latency.{kind}"] = statistics.median(seconds)
            out[f"latency.{kind}_worst"] = max(seconds)
            out[f"latency.{kind}_n"] = len(seconds)
    return out


def measure(
    sandbox: Sandbox,
    seed: int = 1,
    size: tuple[int, int] = (80, 24),
    aces_keys: int = 40,
    chase_rounds: int = 2,
) -> dict[str, float]:
    """Both tables once, then the screens from the title; the summary of every key
    timed, and ``latency.dropped``: the keys the app dropped and the driver pressed
    again (``Driver.press``)."""
    presses, dropped = aces(sandbox, 100 * seed, size, aces_keys)
    more, dropped_more = chase(sandbox, seed, size, chase_rounds)
    screens = title_screens(sandbox, size)
    return {**summary(presses + more + screens), "latency.dropped": dropped + dropped_more}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_latency", description=__doc__)
    parser.add_argument("--size", default="80x24", help="the terminal, COLUMNSxROWS")
    parser.add_argument("--seed", type=int, default=1, help="the games' seed (default 1)")
    parser.add_argument("--aces-keys", type=int, default=40, help="keys at the Aces table")
    parser.add_argument("--chase-rounds", type=int, default=2, help="rounds of Chase")
    args = parser.parse_args(argv)
    sandbox = Sandbox()
    try:
        size = parse_size(args.size)
        print(json.dumps(measure(sandbox, args.seed, size, args.aces_keys, args.chase_rounds)))
    finally:
        sandbox.close()


if __name__ == "__main__":
    main()

"""CPU seconds the app spends on a screen change, under Pilot: part of ``make bench``.

    python -m tests.bench_screen_cpu

Prints one JSON object: opening the rules screen the first time in a process
(``rules.first``: the rule files are read and parsed) and again (``rules.again``), as
the app opens them (``action_show_rules``, which keeps the screen it built), and
adding a seat on the Chase setup screen (``setup.add_seat``, the median of adding the
4th to the 20th). CPU time (``time.process_time``), not wall time: Pilot idles between
steps, and CPU is what a shared server pays. Each measure waits until the app is idle,
with the app tests' wait (``tests.support.fast_pilot``): Pilot's own wait posts a
callback through every node of the screen, 5-7 ms of CPU on a setup screen with a dozen
seats, which is the measurement's cost, not the app's. Run in a child process of its
own by ``tests.bench`` so "the first time" is one.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from typing import Any


async def measure() -> dict[str, float]:
    from textual.pilot import Pilot

    from tests.support.fast_pilot import usable, wait_for_busy_nodes
    from tui.app import PartyDiceApp
    from tui.screens.rules import RulesScreen
    from tui.screens.setup import SetupScreen

    if usable("busy_wait"):
        Pilot._wait_for_screen = wait_for_busy_nodes  # type: ignore[method-assign]
    app = PartyDiceApp()
    out: dict[str, float] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        async def timed(step: Any) -> float:
            began = time.process_time()
            await step()
            await pilot.pause()
            return time.process_time() - began

        async def open_rules() -> None:
            app.action_show_rules("chase")

        out["rules.first"] = await timed(open_rules)
        assert isinstance(app.screen, RulesScreen)
        app.pop_screen()
        await pilot.pause()
        out["rules.again"] = await timed(open_rules)
        assert isinstance(app.screen, RulesScreen)
        app.pop_screen()
        await pilot.pause()
        await app.push_screen(SetupScreen("chase"))
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        adds = []
        while len(setup.rows()) < 20:
            adds.append(await timed(setup.action_add_seat))
        out["setup.add_seat"] = statistics.median(adds)
    return out


def main() -> None:
    print(json.dumps(asyncio.run(measure())))


if __name__ == "__main__":
    main()

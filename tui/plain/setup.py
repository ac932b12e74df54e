"""A new table, set up in words: the names typed, then numbered choices.

The same table the full screen's setup makes, from the game's ``GameSpec`` (players,
variants, its own options and their numbers, who starts) and checked by the same
functions (``tui.gameconfig``): a table the setup screen refuses is refused here in the
same words. The variants switched here are the settings' (as the full screen's setup
switches them), and the table is remembered for the next setup and "Play again".
"""

from __future__ import annotations

from typing import Any

from tui import games
from tui.engine.bots import BOT_LEVELS
from tui.engine.controller import Seat
from tui.gameconfig import (
    GameConfig,
    bot_names,
    clean_name,
    count_problem,
    name_problems,
    table_problem,
)
from tui.games.spec import GameSpec
from tui.kept_settings import KeptSettings, KeptTables
from tui.narrate.words import join_names
from tui.plain.dialog import BACK, Dialog, Option


def table_words(config: GameConfig) -> str:
    """A table in words: "Aces in the Pot with Ann, Ben and Ada (computer, casual)"."""
    names = [
        seat.name if seat.bot is None else f"{seat.name} (computer, {seat.bot})"
        for seat in config.seats
    ]
    return f"{config.title} with {join_names(names)}"


class PlainSetup:
    """Asks for one new table of ``spec``'s game (``ask``)."""

    def __init__(
        self, dialog: Dialog, spec: GameSpec, kept: KeptSettings, tables: KeptTables
    ) -> None:
        self.dialog = dialog
        self.spec = spec
        self.kept = kept
        self.tables = tables
        self.last = tables.of(spec.id)

    async def ask(self) -> GameConfig | None:
        """The table, or ``None`` when the person goes back."""
        spec, dialog = self.spec, self.dialog
        low, high = spec.players
        dialog.say(
            f"New game of {spec.title}: {low} to {high} players. b goes back at any question."
        )
        people = await self._people()
        if people is None:
            return None
        computers = await self._computers(people)
        if computers is None:
            return None
        level: str = self.kept.settings.bot_level
        if computers:
            chosen = await self._level(level)
            if chosen is None:
                return None
            level = chosen
        if not await self._variants():
            return None
        options = await self._options()
        if options is None:
            return None
        seats = [Seat(name) for name in people]
        seats += [Seat(name, level) for name in bot_names(people, computers)]
        chose, first = await self._first(seats)
        if not chose:
            return None
        config = GameConfig(
            spec.id,
            tuple(seats),
            variants=self.kept.settings.variants_for(spec.id),
            first_seat=first,
            options=options,
        )
        dialog.say(f"Ready: {table_words(config)}.")
        if not await dialog.yes("Start?", default=True):
            return None
        self.kept.change(last_names=self.kept.settings.remember_names(people).last_names)
        self.tables.remember(config)
        return config

    async def _people(self) -> list[str] | None:
        last = [seat.name for seat in self.last.seats if seat.bot is None] if self.last else []
        last = last or list(self.kept.settings.last_names)
        enter = f"; Enter for {join_names(last)}" if last else ""
        while True:
            typed = await self.dialog.text(
                f"Who plays? The people's names, with commas between them{enter}."
            )
            if typed.lower() in BACK:
                return None
            if typed == "" and last:
                typed = ",".join(last)
            names = [clean_name(name) for name in typed.split(",")][: self.spec.players[1] + 1]
            names = [name for name in names if name]
            if not names:
                self.dialog.say("Type at least one name.")
                continue
            if len(names) > self.spec.players[1]:
                self.dialog.say(f"{self.spec.title} takes at most {self.spec.players[1]} players.")
                continue
            problem = next(
                (
                    f"{names[index]}: {issue[0].lower()}{issue[1:]}"
                    for index, issue in enumerate(name_problems(names))
                    if issue
                ),
                None,
            )
            if problem:
                self.dialog.say(problem)
                continue
            return names

    async def _computers(self, people: list[str]) -> int | None:
        low, high = self.spec.players
        fewest = max(0, low - len(people))
        most = high - len(people)
        if most == 0:
            return 0
        last = sum(1 for seat in self.last.seats if seat.bot) if self.last else fewest
        default = min(max(last, fewest), most)
        while True:
            count = await self.dialog.number("How many computer players?", fewest, most, default)
            if count is None:
                return None
            names = people + bot_names(people, count)
            problem = count_problem(self.spec.id, len(names)) or table_problem(self.spec.id, names)
            if problem is None:
                return count
            self.dialog.say(problem)

    async def _level(self, level: str) -> str | None:
        levels = list(BOT_LEVELS)
        options = [Option(f"{name}: {words}", name) for name, words in BOT_LEVELS.items()]
        default = levels.index(level) + 1 if level in levels else 1
        chosen = await self.dialog.choose("Computer level:", options, default=default)
        return None if chosen is None else str(chosen)

    async def _variants(self) -> bool:
        """The variants in force, changed here if the person wants (kept in the settings,
        as the full screen's setup does); False to go back."""
        spec = self.spec
        if not spec.variants:
            return True
        while True:
            on = self.kept.settings.variants_for(spec.id)
            titles = games.variant_titles(spec.id, on)
            said = join_names(titles) if titles else "none, the standard rules"
            for note in games.conflict_notes(on, spec.id):
                self.dialog.say(note)
            answer = await self.dialog.text(f"Variants: {said}. Enter keeps them, v changes them.")
            if answer.lower() in BACK:
                return False
            if answer == "":
                return True
            if answer.lower() != "v":
                self.dialog.say("Press Enter to keep the variants, or type v to change them.")
                continue
            options = [
                Option(f"{v.title}, {'on' if v.name in on else 'off'}: {v.line}", v.name)
                for v in spec.variants
            ]
            chosen = await self.dialog.choose("Switch which?", options)
            if chosen is not None:
                switched = on ^ {str(chosen)}
                variants = self.kept.settings.with_variants(spec.id, switched).variants
                self.kept.change(variants=variants)

    async def _options(self) -> dict[str, Any] | None:
        """The game's own options (each a numbered choice; a number where one asks)."""
        chosen: dict[str, Any] = {}
        settings = self.kept.settings
        for option in self.spec.options:
            was = self.last.options.get(option.key) if self.last else None
            if option.in_settings:
                was = settings.option(self.spec.id, option.key) or was
            was = was if was in option.values else option.default
            options = [
                Option(
                    c.label
                    + (f": {c.line}" if c.line else "")
                    + (" (now)" if c.value == was else ""),
                    c.value,
                )
                for c in option.choices
            ]
            value = await self.dialog.choose(
                f"{option.label}:", options, default=option.values.index(was) + 1
            )
            if value is None:
                return None
            chosen[option.key] = value
            number = option.numbers.get(str(value))
            for spec in option.numbers.values():
                chosen[spec.key] = spec.default
            if number is not None:
                last = self.last.options.get(number.key) if self.last else None
                default = (
                    last
                    if isinstance(last, int) and number.low <= last <= number.high
                    else number.default
                )
                amount = await self.dialog.number(
                    f"How many {number.word}?", number.low, number.high, default
                )
                if amount is None:
                    return None
                chosen[number.key] = amount
        return chosen

    async def _first(self, seats: list[Seat]) -> tuple[bool, int | None]:
        """Who acts first: (False, ...) to go back, else (True, a seat or ``None``
        for the game's own way)."""
        first = self.spec.first_seat
        options = [Option(f"{first.auto} (the game's own way)", "auto")] + [
            Option(seat.name + (" (computer)" if seat.bot else ""), index)
            for index, seat in enumerate(seats)
        ]
        chosen = await self.dialog.choose(f"{first.label}:", options, default=1)
        if chosen is None:
            return False, None
        return True, chosen if isinstance(chosen, int) else None

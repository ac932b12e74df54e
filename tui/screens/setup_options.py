"""The top of the setup screen: who starts, the game's own options, the variants line.

Drawn from the game's ``GameSpec`` (``FirstSeat``, ``OptionSpec``), so every game gets
the same lines. They open as the game's last table left them (its match mode and
number, its first seat), else as the Settings choose; the numbers some choices ask for
(Aces: how many rounds, how many chips) are checked here and their problem written
beside them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from tui import games
from tui.app_host import app_host
from tui.gameconfig import GameConfig
from tui.screens.seat_row import write
from tui.widgets.choice import Choice


class MatchOptions(Vertical):
    """Who starts, each ``OptionSpec`` of ``game_id``, and the variants in force."""

    def __init__(self, game_id: str, last: GameConfig | None) -> None:
        super().__init__(id="setup-options")
        self.game_id = game_id
        self.spec = games.get(game_id)
        self.last = last
        self._modes: dict[str, str] = {}
        """The choice each number field was last filled for (option widget id)."""
        self._first_for: tuple[str, ...] | None = None
        """The names the who-starts list was last made for."""

    def compose(self) -> ComposeResult:
        app = app_host(self)
        with Horizontal(classes="option-line"):
            yield Label(self.spec.first_seat.label, classes="option-label")
            yield Choice([(self.spec.first_seat.auto, "auto")], "auto", id="first")
        remembered: Mapping[str, Any] = self.last.options if self.last else {}
        for option in self.spec.options:
            value = option.default
            if option.in_settings:
                value = app.settings.option(self.game_id, option.key) or value
            value = str(remembered.get(option.key, value))
            if value not in option.labels():
                value = option.default
            number = option.numbers.get(value)
            shown = remembered.get(number.key, number.default) if number else ""
            with Horizontal(classes="option-line"):
                yield Label(option.label, classes="option-label")
                yield Choice(
                    [(choice.label, choice.value) for choice in option.choices],
                    value,
                    id=option.widget_id,
                )
                if option.numbers:
                    field = Input(
                        str(shown),
                        compact=True,
                        id=f"{option.widget_id}-number",
                        type="integer",
                        max_length=3,
                    )
                    field.display = number is not None
                    self._modes[option.widget_id] = value
                    yield field
                    yield Static("", id=f"{option.widget_id}-note", markup=False)
        with Horizontal(id="setup-variants-line"):
            yield Static(self.variants_line(), id="setup-variants")
            yield Button("Change", id="setup-change-variants", compact=True)

    def variants_line(self) -> Text:
        chosen = app_host(self).variants_for(self.game_id)
        titles = games.variant_titles(self.game_id, chosen)
        text = Text("Variants: ", style="bold")
        text.append(", ".join(titles) if titles else "none, the standard rules")
        return text

    def show_variants(self) -> None:
        self.query_one("#setup-variants", Static).update(self.variants_line())

    def refresh_first(self, names: Sequence[str]) -> None:
        """Keep the who-starts / first-dealer list in step with the seats (the last
        table's first seat is chosen while it is still there)."""
        if tuple(names) == self._first_for and (self.last is None or self.last.first_seat is None):
            return  # the same list: rebuilding it re-lays out the screen
        self._first_for = tuple(names)
        first = self.query_one("#first", Choice)
        options = [(self.spec.first_seat.auto, "auto")]
        options += [(f"Seat {i + 1}: {name or '?'}", str(i)) for i, name in enumerate(names)]
        current = first.value
        if self.last is not None and self.last.first_seat is not None:
            current, self.last = str(self.last.first_seat), None
        values = {value for _, value in options}
        first.set_options(options, current if current in values else "auto")

    def number_problems(self) -> int:
        """Check the number each option's choice asks for (Aces: rounds, chips); write
        the word or the problem beside it; how many are wrong."""
        bad = 0
        for option in self.spec.options:
            if not option.numbers:
                continue
            mode = self.query_one(f"#{option.widget_id}", Choice).value
            note = self.query_one(f"#{option.widget_id}-note", Static)
            spec = option.numbers.get(mode)
            if spec is None:
                write(note, "")
                continue
            try:
                value = int(self.query_one(f"#{option.widget_id}-number", Input).value)
            except ValueError:
                value = 0
            ok = spec.low <= value <= spec.high
            problem = None if ok else f"✗ {spec.low} to {spec.high} {spec.word}"
            write(note, problem or spec.word)
            note.set_class(bool(problem), "-invalid")
            bad += 0 if ok else 1
        return bad

    @on(Choice.Changed, ".option-line Choice")
    def _option_changed(self, event: Choice.Changed) -> None:
        """A choice that asks for a number shows its field, with the usual number."""
        option = next((o for o in self.spec.options if o.widget_id == event.choice.id), None)
        if option is None or not option.numbers:
            return
        number = self.query_one(f"#{option.widget_id}-number", Input)
        mode = event.value
        spec = option.numbers.get(mode)
        if spec is not None and self._modes.get(option.widget_id) != mode:
            number.value = str(spec.default)
        self._modes[option.widget_id] = mode
        number.display = spec is not None

    def values(self) -> tuple[int | None, dict[str, Any]]:
        """The first seat (``None``: the game's way) and the options, as chosen."""
        first = self.query_one("#first", Choice).value
        options: dict[str, Any] = {}
        for option in self.spec.options:
            value = self.query_one(f"#{option.widget_id}", Choice).value
            options[option.key] = value
            if value in option.numbers:
                number = self.query_one(f"#{option.widget_id}-number", Input).value
                options[option.numbers[value].key] = int(number)
        return (None if first == "auto" else int(first)), options

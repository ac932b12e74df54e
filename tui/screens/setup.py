"""Setting up a table: who sits where, people or computers, who starts, the match.

One screen for every game, told the game id; the player range, who-starts words and
the game's own options come from its ``GameSpec`` (``tui.games``), drawn generically;
the checks come from ``tui.gameconfig``, which ``party-dice play`` shares. Every
problem is written next to the field it is about, and Start stays disabled until none
is left. Start hands a ``GameConfig`` to ``app.start_game``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Header, Input, Label, Select, Static

from tui import games
from tui.app_host import app_host
from tui.engine.bots import BOT_LEVELS
from tui.gameconfig import GameConfig, bot_names, count_problem, name_problems
from tui.screens import SubScreen
from tui.screens import seat_row as seating
from tui.screens.seat_row import PERSON, SeatRow
from tui.textual_compat.quiet_footer import QuietFooter
from tui.widgets.textfit import printable


class SeatList(VerticalScroll, can_focus=False):
    """The seats; it scrolls to follow the focus, so Tab never stops on it."""


class SetupScreen(SubScreen):
    """A new table for ``game_id``; Start opens it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+n", "add_seat", "Add seat"),
        Binding("ctrl+r", "remove_seat", "Remove seat", show=False),
        Binding("ctrl+up", "move_seat(-1)", "Move up", show=False),
        Binding("ctrl+down", "move_seat(1)", "Move down", show=False),
    ]
    EXTRA_KEYS = (("Tab / Shift+Tab", "Next / previous field"),)

    def __init__(self, game_id: str, *, hosted: bool = False) -> None:
        """``hosted``: Start opens a shared table (Host a table) instead of one here."""
        super().__init__()
        self.hosted = hosted
        self.game_id = game_id
        self.spec = games.get(game_id)
        self.low, self.high = self.spec.players
        self.valid = False

    # -- building ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        app = app_host(self)
        yield Header()
        with Vertical(id="setup-body"):
            yield Static(
                Text.assemble(
                    ("New game: ", "bold"),
                    (self.spec.title, "bold"),
                    f"  ·  {self.low} to {self.high} players",
                ),
                id="setup-heading",
            )
            with Vertical(id="setup-options"):
                yield from self._options()
                yield Static(self._variants_line(), id="setup-variants")
            with SeatList(id="setup-seats"):
                for name, kind in seating.first_seats(app.settings, self.spec.players):
                    yield SeatRow(name, kind, app.ascii_glyphs)
                with Horizontal(id="setup-count-line"):
                    yield Button("+ Add seat", id="add-seat", compact=True)
                    yield Static("", id="count-note", markup=False)
            with Horizontal(id="setup-actions"):
                yield Static("", id="setup-problem", markup=False)
                yield Button("Back", id="setup-back", compact=True)
                yield Button("Start", id="start", variant="success", compact=True)
        yield QuietFooter()

    def _options(self) -> ComposeResult:
        """Who starts, then each of the game's own options (``OptionSpec``)."""
        app = app_host(self)
        with Horizontal(classes="option-line"):
            yield Label(self.spec.first_seat.label, classes="option-label")
            yield Select(
                [(self.spec.first_seat.auto, "auto")],
                value="auto",
                allow_blank=False,
                compact=True,
                id="first",
            )
        for option in self.spec.options:
            with Horizontal(classes="option-line"):
                yield Label(option.label, classes="option-label")
                yield Select(
                    [(choice.label, choice.value) for choice in option.choices],
                    value=getattr(app.settings, option.setting)
                    if option.setting
                    else option.default,
                    allow_blank=False,
                    compact=True,
                    id=option.widget_id,
                )
                if option.numbers:
                    number_id = f"{option.widget_id}-number"
                    yield Input("", compact=True, id=number_id, type="integer", max_length=3)
                    yield Static("", id=f"{option.widget_id}-note", markup=False)

    def _variants_line(self) -> Text:
        app = app_host(self)
        chosen = app.variants_for(self.game_id)
        titles = games.variant_titles(self.game_id, chosen)
        text = Text("Variants: ", style="bold")
        text.append(", ".join(titles) if titles else "none, the standard rules")
        text.append("  (Settings changes them)", style="dim")
        return text

    def on_screen_resume(self) -> None:
        """Back from Settings (or any screen on top): show the variants that will be
        played, which may have changed meanwhile."""
        self.query_one("#setup-variants", Static).update(self._variants_line())

    def on_mount(self) -> None:
        self.sub_title = "New game"
        for option in self.spec.options:
            if option.numbers:
                self.query_one(f"#{option.widget_id}-number", Input).display = False
        self.revalidate()
        self.call_after_refresh(self._first_focus)

    def _first_focus(self) -> None:
        """Start when the table is ready (remembered names), else the first problem."""
        if self._closed_meanwhile():
            return
        if self.valid:
            self.query_one("#start", Button).focus()
        else:
            rows = self.rows()
            problems = name_problems([row.clean for row in rows])
            for row, problem in zip(rows, problems, strict=True):
                if problem:
                    row.name_input.focus()
                    return
            self.query_one("#add-seat", Button).focus()

    # -- state -----------------------------------------------------------------------

    def rows(self) -> list[SeatRow]:
        """The seats, without one still being added (Ctrl+N twice in one burst)."""
        return [row for row in self.query(SeatRow) if row.is_mounted]

    def revalidate(self) -> None:
        """Number the seats, write every problem next to its field, enable Start."""
        rows = self.rows()
        names = [row.clean for row in rows]
        problems = name_problems(names)
        for index, (row, problem) in enumerate(zip(rows, problems, strict=True)):
            row.query_one(".seat-number", Label).update(f"{index + 1:>2}.")
            note = row.query_one(".seat-note", Static)
            row.set_class(bool(problem), "-invalid")
            row.name_input.set_class(bool(problem), "-invalid")
            if problem:
                note.update(Text(f"✗ {problem}" if not self._ascii else f"! {problem}"))
            elif row.kind != PERSON:
                note.update(Text(BOT_LEVELS[row.kind], style="dim"))
            else:
                note.update("")
            note.display = bool(problem) or row.kind != PERSON
            row.query_one(".seat-up", Button).disabled = index == 0
            row.query_one(".seat-down", Button).disabled = index == len(rows) - 1
        count = count_problem(self.game_id, len(rows))
        count_note = self.query_one("#count-note", Static)
        count_note.update(count or f"{len(rows)} players ({self.low} to {self.high})")
        count_note.set_class(bool(count), "-invalid")
        self.query_one("#add-seat", Button).disabled = len(rows) >= self.high
        self._refresh_first(rows)
        number_problems = self._number_problems()
        bad = sum(1 for p in problems if p) + (1 if count else 0) + number_problems
        self.valid = bad == 0
        self.query_one("#start", Button).disabled = not self.valid
        summary = "" if self.valid else "Fix what is marked to start."
        self.query_one("#setup-problem", Static).update(summary)
        self.refresh_bindings()

    @property
    def _ascii(self) -> bool:
        return app_host(self).ascii_glyphs

    def _refresh_first(self, rows: list[SeatRow]) -> None:
        """Keep the who-starts / first-dealer list in step with the seats."""
        select: Select[str] = self.query_one("#first", Select)
        auto = self.spec.first_seat.auto
        options: list[tuple[Any, str]] = [(auto, "auto")]
        options += [
            (Text(f"Seat {i + 1}: {row.clean or '?'}"), str(i)) for i, row in enumerate(rows)
        ]
        current = select.value
        select.set_options(options)
        values = {value for _, value in options}
        select.value = current if current in values else "auto"

    def _number_problems(self) -> int:
        """Check the number each option's choice asks for (Aces: rounds, chips); write
        the word or the problem beside it; how many are wrong."""
        bad = 0
        for option in self.spec.options:
            if not option.numbers:
                continue
            mode = str(self.query_one(f"#{option.widget_id}", Select).value)
            note = self.query_one(f"#{option.widget_id}-note", Static)
            spec = option.numbers.get(mode)
            if spec is None:
                note.update("")
                continue
            try:
                value = int(self.query_one(f"#{option.widget_id}-number", Input).value)
            except ValueError:
                value = 0
            ok = spec.low <= value <= spec.high
            problem = None if ok else f"✗ {spec.low} to {spec.high} {spec.word}"
            note.update(problem or spec.word)
            note.set_class(bool(problem), "-invalid")
            bad += 0 if ok else 1
        return bad

    # -- events ----------------------------------------------------------------------

    @on(Input.Changed, ".seat-name")
    @on(Input.Changed, ".option-line Input")
    def _typed(self, event: Input.Changed) -> None:
        shown = printable(event.value)
        if shown != event.value:
            # Pasted escape sequences or invisible characters: the field would send them
            # to the terminal as they are. Its new value posts Changed again.
            event.input.value = shown
            return
        self.revalidate()

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        row = self._row_of(event.select)
        if row is not None and row.kind != PERSON:
            name = row.clean
            if not name or seating.is_placeholder(name):
                others = [r.clean for r in self.rows() if r is not row]
                row.name_input.value = bot_names(others, 1)[0]
        self.revalidate()

    @on(Select.Changed, ".option-line Select")
    def _option_changed(self, event: Select.Changed) -> None:
        option = next((o for o in self.spec.options if o.widget_id == event.select.id), None)
        if option is None or not option.numbers:
            return
        number = self.query_one(f"#{option.widget_id}-number", Input)
        spec = option.numbers.get(str(event.value))
        number.display = spec is not None
        if spec is not None:
            number.value = str(spec.default)
        self.revalidate()

    @on(Button.Pressed)
    async def _pressed(self, event: Button.Pressed) -> None:
        button = event.button
        row = self._row_of(button)
        if button.id == "start":
            self.action_start()
        elif button.id == "setup-back":
            self.action_back()
        elif button.id == "add-seat":
            await self.action_add_seat()
        elif row is not None and button.has_class("seat-remove"):
            await self._remove(row)
        elif row is not None and button.has_class("seat-up"):
            self._move(row, -1, button)
        elif row is not None and button.has_class("seat-down"):
            self._move(row, 1, button)

    @staticmethod
    def _row_of(widget: Widget | None) -> SeatRow | None:
        while widget is not None and not isinstance(widget, SeatRow):
            parent = widget.parent
            widget = parent if isinstance(parent, Widget) else None
        return widget

    def _focused_row(self) -> SeatRow | None:
        return self._row_of(self.focused)

    # -- actions -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.valid or None
        if action == "add_seat":
            return len(self.rows()) < self.high or None
        return True

    async def action_add_seat(self) -> None:
        rows = self.rows()
        if len(rows) >= self.high:
            return
        row = SeatRow(seating.free_placeholder([row.clean for row in rows]), PERSON, self._ascii)
        await self.query_one("#setup-seats", SeatList).mount(row, before="#setup-count-line")
        if self._closed_meanwhile():
            return
        self.revalidate()
        row.name_input.focus()
        row.scroll_visible()

    async def action_remove_seat(self) -> None:
        row = self._focused_row() or (self.rows()[-1] if self.rows() else None)
        if row is not None:
            await self._remove(row)

    async def _remove(self, row: SeatRow) -> None:
        rows = self.rows()
        index = rows.index(row)
        neighbour = rows[index + 1] if index + 1 < len(rows) else rows[index - 1] if index else None
        await row.remove()
        if self._closed_meanwhile():
            return
        self.revalidate()
        if neighbour is not None:
            neighbour.name_input.focus()
        else:
            self.query_one("#add-seat", Button).focus()

    def _closed_meanwhile(self) -> bool:
        """True when the screen was closed while a seat was added or removed (a key
        typed ahead, such as Ctrl+S or Escape, is handled during the wait)."""
        return self not in self.app.screen_stack

    def action_move_seat(self, step: int) -> None:
        row = self._focused_row()
        if row is not None:
            self._move(row, step, self.focused)

    def _move(self, row: SeatRow, step: int, focused: Widget | None) -> None:
        """Swap this seat's name and kind with the next or previous seat's."""
        rows = self.rows()
        index = rows.index(row) + step
        if not 0 <= index < len(rows):
            return
        other = rows[index]
        name, kind = row.name_input.value, row.kind
        row.name_input.value, row.kind_select.value = other.name_input.value, other.kind
        other.name_input.value, other.kind_select.value = name, kind
        target: Widget = other.name_input
        if focused is not None and isinstance(focused, Button):
            kind = next(name for name in focused.classes if name.startswith("seat-"))
            target = other.query_one(f".{kind}", Button)
        elif focused is row.kind_select:
            target = other.kind_select
        target.focus()
        other.scroll_visible()
        self.revalidate()

    def config(self) -> GameConfig:
        """The table as it stands, for ``app.start_game``."""
        app = app_host(self)
        first = self.query_one("#first", Select).value
        options: dict[str, Any] = {}
        for option in self.spec.options:
            value = str(self.query_one(f"#{option.widget_id}", Select).value)
            options[option.key] = value
            if value in option.numbers:
                number = self.query_one(f"#{option.widget_id}-number", Input).value
                options[option.numbers[value].key] = int(number)
        return GameConfig(
            game_id=self.game_id,
            seats=tuple(row.seat() for row in self.rows()),
            variants=app.variants_for(self.game_id),
            first_seat=None if first == "auto" else int(str(first)),
            options=options,
        )

    def action_start(self) -> None:
        self.revalidate()
        if not self.valid:
            return
        config = self.config()
        app = app_host(self)
        people = seating.names_to_remember(config.seats)
        app.update_settings(last_names=app.settings.remember_names(people).last_names)
        self.dismiss()
        (app.host_game if self.hosted else app.start_game)(config)

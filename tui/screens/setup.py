"""Setting up a table: who sits where, people or computers, who starts, the match.

One screen for every game, told the game id; the player range, who-starts words and
the game's own options come from its ``GameSpec`` (``tui.games``), drawn generically;
the checks come from ``tui.gameconfig``, which ``party-dice play`` shares. Every
problem is written next to the field it is about, and Start stays disabled until none
is left. Start hands a ``GameConfig`` to ``app.start_game`` and remembers it as this
game's last table (``tui.storage.last_table``), which the next setup opens with.
The seats themselves (adding people and computers, the computers number, where Enter
goes) are ``tui.screens.setup_seats``; the variants are switched over this screen
with Settings' own switches (``tui.screens.variants``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Header, Input, Static

from tui import games
from tui.app_host import app_host
from tui.cells import printable
from tui.gameconfig import GameConfig, bot_names, count_problem, name_problems
from tui.look import sheets
from tui.screens import SubScreen
from tui.screens import seat_row as seating
from tui.screens.seat_row import PERSON, SeatRow
from tui.screens.setup_options import MatchOptions
from tui.screens.setup_seats import SeatList
from tui.widgets.choice import Choice
from tui.widgets.key_bar import KeyBar


class SetupScreen(SubScreen):
    """A new table for ``game_id``; Start opens it."""

    CSS_PATH = sheets("setup")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+n", "add_seat(False)", "Add seat"),
        Binding("ctrl+o", "add_seat(True)", "Computer"),
        Binding("ctrl+t", "variants", "Variants"),
        Binding("ctrl+r", "remove_seat", "Remove seat", show=False),
        Binding("ctrl+up", "move_seat(-1)", "Move up", show=False),
        Binding("ctrl+down", "move_seat(1)", "Move down", show=False),
    ]
    EXTRA_KEYS = (
        ("Enter", "Next name, then the computers number, then Start"),
        ("Tab / Shift+Tab", "Next / previous field"),
    )

    def __init__(self, game_id: str, *, hosted: bool = False) -> None:
        """``hosted``: Start opens a shared table (Host a table) instead of one here."""
        super().__init__()
        self.hosted = hosted
        self.game_id = game_id
        self.spec = games.get(game_id)
        self.low, self.high = self.spec.players
        self.valid = False
        self._bindings_for: tuple[bool, bool] | None = None
        """(valid, full) when the keys were last offered: Start and Add seat follow."""

    # -- building ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        app = app_host(self)
        last = app.tables.of(self.game_id)
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
            yield MatchOptions(self.game_id, last)
            yield SeatList(
                seating.first_seats(app.settings, self.spec.players, last),
                high=self.high,
                level=app.settings.bot_level,
                ascii_only=app.ascii_glyphs,
            )
            with Horizontal(id="setup-actions"):
                yield Static("", id="setup-problem", markup=False)
                yield Button("Back", id="setup-back", compact=True)
                yield Button("Start", id="start", variant="success", compact=True)
        yield KeyBar()

    @property
    def seats(self) -> SeatList:
        return self.query_one(SeatList)

    @property
    def options(self) -> MatchOptions:
        return self.query_one(MatchOptions)

    def on_screen_resume(self) -> None:
        """Back from the variants or Settings (or any screen on top): show the variants
        that will be played, which may have changed meanwhile."""
        self.options.show_variants()

    def on_mount(self) -> None:
        self.sub_title = "New game"
        self.revalidate()
        self.call_after_refresh(self._first_focus)

    def _focus_now(self, widget: Widget, scroll_visible: bool = True) -> None:
        """Move the focus at once. ``Widget.focus()`` waits in the app's queue, behind
        keys typed ahead, which would then go to the old field ("Ann", Enter, "Ben" in
        one burst would fill one seat)."""
        self.set_focus(widget, scroll_visible=scroll_visible)

    def _first_focus(self) -> None:
        """The first name nobody has typed yet (a new group), else Start when the table
        is ready (the last table), else the first problem."""
        if self._closed_meanwhile():
            return
        rows = self.rows()
        unnamed = [r for r in rows if r.kind == PERSON and seating.is_placeholder(r.clean)]
        if unnamed:
            self._focus_now(unnamed[0].name_input)
        elif self.valid:
            self._focus_now(self.query_one("#start", Button))
        else:
            self._focus_problem()

    def _focus_problem(self) -> None:
        rows = self.rows()
        problems = name_problems([row.clean for row in rows])
        for row, problem in zip(rows, problems, strict=True):
            if problem:
                self._focus_now(row.name_input)
                return
        self._focus_now(self.query_one("#add-seat", Button))

    # -- state -----------------------------------------------------------------------

    def rows(self) -> list[SeatRow]:
        """The seats, without one still being added (Ctrl+N twice in one burst)."""
        return self.seats.rows()

    def revalidate(self) -> None:
        """Number the seats, write every problem next to its field, enable Start."""
        rows = self.rows()
        names = [row.clean for row in rows]
        problems = name_problems(names)
        for index, (row, problem) in enumerate(zip(rows, problems, strict=True)):
            row.show(index + 1, len(rows), problem, self._ascii)
        count = count_problem(self.game_id, len(rows))
        count_note = self.query_one("#count-note", Static)
        # The count, marked when wrong (the sentence saying why is the summary's: this
        # line has about twenty columns beside a scroll bar at 80 columns). One line,
        # whatever it says, so it is repainted without a layout.
        plural = "" if len(rows) == 1 else "s"
        players = f"{len(rows)} player{plural} ({self.low} to {self.high})"
        seating.write(count_note, players, layout=False)
        count_note.set_class(bool(count), "-invalid")
        full = len(rows) >= self.high
        self.query_one("#add-seat", Button).disabled = full
        self.query_one("#add-computer", Button).disabled = full
        self.seats.show_count()
        self.options.refresh_first(names)
        number_problems = self.options.number_problems()
        bad = sum(1 for p in problems if p) + (1 if count else 0) + number_problems
        self.valid = bad == 0
        self.query_one("#start", Button).disabled = not self.valid
        summary = "" if self.valid else count or "Fix what is marked to start."
        seating.write(self.query_one("#setup-problem", Static), summary)
        if (self.valid, full) != self._bindings_for:
            self._bindings_for = (self.valid, full)
            self.refresh_bindings()

    @property
    def _ascii(self) -> bool:
        return app_host(self).ascii_glyphs

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

    @on(Input.Changed, "#computers")
    async def _computers_typed(self, event: Input.Changed) -> None:
        """The computers number: computer seats added or removed at the end at once."""
        try:
            wanted = int(event.value)
        except ValueError:
            return  # emptied to type another number: nothing changes yet
        if wanted != self.seats.computers():
            await self.seats.set_computers(wanted)
            if self._closed_meanwhile():
                return
        self.revalidate()

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        """Enter in a name goes on to the next field; in the computers number or a
        match number, it starts the table when it is ready."""
        event.stop()
        if event.input.has_class("seat-name"):
            target = self.seats.after(event.input)
            self._focus_now(target)
            target.scroll_visible()
        elif self.valid:
            self.action_start()
        else:
            self._focus_problem()

    @on(Choice.Changed, ".seat-kind")
    def _kind_changed(self, event: Choice.Changed) -> None:
        row = self._row_of(event.choice)
        if row is not None and row.kind != PERSON:
            name = row.clean
            if not name or seating.is_placeholder(name):
                others = [r.clean for r in self.rows() if r is not row]
                row.name_input.value = bot_names(others, 1)[0]
        self.revalidate()

    @on(Choice.Changed, ".option-line Choice")
    def _option_changed(self, event: Choice.Changed) -> None:
        """A match choice may ask for a number to check; who starts asks nothing (and
        is rebuilt by every check, which must not start another)."""
        if event.choice.id != "first":
            self.revalidate()

    @on(Button.Pressed)
    async def _pressed(self, event: Button.Pressed) -> None:
        button = event.button
        row = self._row_of(button)
        if button.id == "start":
            self.action_start()
        elif button.id == "setup-back":
            self.action_back()
        elif button.id in ("add-seat", "add-computer"):
            await self.action_add_seat(button.id == "add-computer")
        elif button.id == "setup-change-variants":
            self.action_variants()
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

    def action_variants(self) -> None:
        from tui.screens.variants import VariantsScreen

        self.app.push_screen(VariantsScreen(self.game_id))

    async def action_add_seat(self, computer: bool = False) -> None:
        """One more person (named "Player N" to type over) or computer, at the end."""
        with self.app.batch_update():  # drawn once its row, numbers and focus are set
            # The new seat is the last: the list shows its end, the seat and the count
            # line under it. A list already scrolling is anchored: the very layout that
            # places the new row scrolls it to its end (Textual's anchor), so one layout
            # and one frame, not a second of each for a scroll asked for after the
            # first. The anchor goes once that frame is drawn. A list that fits is not
            # anchored (Textual would scroll it above its top), but scrolled after.
            anchored = self.seats.max_scroll_y > 0
            if anchored:
                self.seats.anchor()
            row = await self.seats.add(app_host(self).settings.bot_level if computer else PERSON)
            if anchored:
                self.seats.call_after_refresh(self.seats.anchor, False)
            if row is None or self._closed_meanwhile():
                return
            self.revalidate()
            self._focus_now(row.name_input, scroll_visible=False)
            if not anchored:
                self.seats.scroll_end(animate=False)

    async def action_remove_seat(self) -> None:
        row = self._focused_row() or (self.rows()[-1] if self.rows() else None)
        if row is not None:
            await self._remove(row)

    async def _remove(self, row: SeatRow) -> None:
        """Remove a seat; the focus goes where Enter would have taken it."""
        rows = self.rows()
        index = rows.index(row)
        computer = row.kind != PERSON
        following = [r for r in rows[index + 1 :] if computer or r.kind == PERSON]
        before = rows[index - 1] if index else None
        await row.remove()
        if self._closed_meanwhile():
            return
        self.revalidate()
        if following:
            self._focus_now(following[0].name_input)
        elif computer and before is not None and before.kind != PERSON:
            self._focus_now(before.name_input)
        else:
            self._focus_now(self.seats.count_input)

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
        self._focus_now(target)
        other.scroll_visible()
        self.revalidate()

    def config(self) -> GameConfig:
        """The table as it stands, for ``app.start_game``."""
        first, options = self.options.values()
        return GameConfig(
            game_id=self.game_id,
            seats=tuple(row.seat() for row in self.rows()),
            variants=app_host(self).variants_for(self.game_id),
            first_seat=first,
            options=options,
        )

    def action_start(self) -> None:
        """Start the table, remembering it (and the names typed) for next time."""
        self.revalidate()
        if not self.valid:
            return
        config = self.config()
        app = app_host(self)
        people = seating.names_to_remember(config.seats)
        app.update_settings(last_names=app.settings.remember_names(people).last_names)
        app.tables.remember(config)
        self.dismiss()
        (app.host_game if self.hosted else app.start_game)(config)

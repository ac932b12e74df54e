"""Shared tables from the title screen: which game to host, and which table to join.

``HostPick`` asks which game to host, then the usual setup follows (its Start hosts
instead of playing here). ``JoinScreen`` lists the tables open on this server, each
named by the account the kernel says runs it (a table's own words never say whose it
is), and takes the code (hidden as it is typed, never stored); the app connects, and a
refusal comes back as its one sentence under the field. A table with no seat for you
is joined to watch. What a table says of itself is text, never markup. Shared tables
need Linux: on other systems, or with PARTY_DICE_SHARING=off, the title says why in one
line instead.
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui import games
from tui.app_host import app_host
from tui.look import sheets
from tui.share_start import describe, seats_for_me


class HostPick(ModalScreen[str | None]):
    """Which game the shared table plays; dismisses with its id (Escape: none)."""

    CSS_PATH = sheets("shared")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Back")]
    AUTO_FOCUS = "#shared-games"

    def compose(self) -> ComposeResult:
        with Vertical(id="shared-box"):
            yield Static("Host a table: which game?", markup=False)
            yield OptionList(
                *(Option(spec.title, id=spec.id) for spec in games.all_games()),
                id="shared-games",
            )
            yield Static(
                "Friends on this server join from their own terminals with "
                "`party-dice join` and the code your table shows.",
                classes="shared-note",
                markup=False,
            )

    @on(OptionList.OptionSelected, "#shared-games")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class JoinScreen(ModalScreen[None]):
    """The tables open on this server, and the code of the one to join."""

    CSS_PATH = sheets("shared")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back"),
        Binding("down", "table(1)", "Next table", show=False),
        Binding("up", "table(-1)", "Previous table", show=False),
    ]
    AUTO_FOCUS = "#shared-code"

    def __init__(self, tables: list[tuple[str, dict[str, Any]]]) -> None:
        """``tables``: (socket name, what the table says of itself) as listed."""
        super().__init__()
        self.tables = dict(tables)

    def compose(self) -> ComposeResult:
        with Vertical(id="shared-box"):
            yield Static("Join a table on this server", markup=False)
            yield OptionList(
                *(
                    Option(describe(name, info, in_app=True), id=name)
                    for name, info in self.tables.items()
                ),
                id="shared-tables",
                markup=False,
            )
            yield Input(placeholder="Code (ABCD-EFGH)", password=True, id="shared-code")
            yield Static("", id="shared-problem", markup=False)
            yield Static(
                "Each table is named by the account running it. Enter joins the "
                "highlighted one; your own tables need no code.",
                classes="shared-note",
                markup=False,
            )

    def action_table(self, step: int) -> None:
        """Up and Down move through the tables while the code is typed."""
        tables = self.query_one("#shared-tables", OptionList)
        if step > 0:
            tables.action_cursor_down()
        else:
            tables.action_cursor_up()

    @on(Input.Submitted, "#shared-code")
    def _join(self, event: Input.Submitted) -> None:
        tables = self.query_one("#shared-tables", OptionList)
        option = tables.highlighted_option or (
            tables.get_option_at_index(0) if tables.option_count else None
        )
        if option is None or option.id is None:
            return
        name, code, host = option.id, event.value, app_host(self)
        event.input.value = ""
        said = self.query_one("#shared-problem", Static)
        info = self.tables.get(name, {})
        if "busy" in info:
            said.update(str(info["busy"]))
            return
        watch = not seats_for_me(info)

        def waiting(sentence: str) -> None:  # the host lets each joiner in
            self.app.call_from_thread(said.update, sentence)

        def knock() -> None:
            problem = host.join_table(name, code, waiting, watch)
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.app.call_from_thread(self._answered, problem)

        self.run_worker(knock, thread=True, group="join", exclusive=True, exit_on_error=False)

    def _answered(self, problem: str | None) -> None:
        """The table's answer (on the app's thread): open it, or say why not."""
        if problem is None:
            wanted = self.is_attached  # Escape before the host let them in: gave up
            if wanted:
                self.dismiss(None)
            app_host(self).open_joined(wanted)
        else:
            self.query_one("#shared-problem", Static).update(problem)

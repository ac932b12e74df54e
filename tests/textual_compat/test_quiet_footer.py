"""``quiet_footer``: the footer rebuilds its keys only when they change."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey

from tui.textual_compat.quiet_footer import QuietFooter


class TwoFields(App[None]):
    """Two inputs (focus moves between them) and a key that comes and goes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", "Start")]

    def __init__(self, footer: type[Footer]) -> None:
        super().__init__()
        self.footer = footer
        self.can_start = True
        self.rebuilds = 0

    def compose(self) -> ComposeResult:
        yield Input(id="one")
        yield Input(id="two")
        yield self.footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "start" and not self.can_start else True


def keys_shown(app: App[None]) -> list[tuple[str, bool]]:
    footer = app.query_one(Footer)
    return [(str(key.description), key.has_class("-disabled")) for key in footer.query(FooterKey)]


async def focus_back_and_forth(app: TwoFields) -> list[list[tuple[str, bool]]]:
    """Focus moves four times; then Start is disabled; the keys seen after each."""
    original = Widget.recompose

    async def counted(widget: Widget) -> None:
        if isinstance(widget, Footer):
            app.rebuilds += 1
        await original(widget)

    seen = []
    async with app.run_test() as pilot:
        await pilot.pause()
        Widget.recompose = counted  # type: ignore[method-assign,assignment]
        try:
            for target in ("#two", "#one", "#two", "#one"):
                app.query_one(target).focus()
                await pilot.pause()
                seen.append(keys_shown(app))
            app.can_start = False
            app.screen.refresh_bindings()
            await pilot.pause()
            await pilot.pause()  # the footer recomposes after the refresh
            seen.append(keys_shown(app))
        finally:
            Widget.recompose = original  # type: ignore[method-assign]
    return seen


async def test_the_plain_footer_still_rebuilds_for_nothing() -> None:
    """If this fails, Textual's footer no longer rebuilds when its keys are the same:
    ``QuietFooter`` can go (use ``Footer``)."""
    app = TwoFields(Footer)
    await focus_back_and_forth(app)
    assert app.rebuilds >= 4


async def test_the_quiet_footer_shows_what_the_plain_one_shows_and_rebuilds_on_change() -> None:
    plain, quiet = TwoFields(Footer), TwoFields(QuietFooter)
    seen_plain = await focus_back_and_forth(plain)
    seen_quiet = await focus_back_and_forth(quiet)
    assert seen_quiet == seen_plain
    assert ("Start", True) in seen_quiet[-1] and ("Start", False) in seen_quiet[0]
    assert quiet.rebuilds == 1, "focus moves changed no key; disabling Start did"

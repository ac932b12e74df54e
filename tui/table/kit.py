"""What each game draws differently on the one table screen, in a few small parts.

``tui.table.screen.TableScreen`` draws every game the same way: seat panels, the pot,
the action bar, the log, the table info. A ``TableKit`` says what differs, each part
with defaults so that a game overrides only what it changes:

- ``Seats``: what a counter is (chips or lives, its symbol), how a seat's panel reads
  (``panel_model``, ``detail``) and where the seats go (``arrange``);
- ``Centre``: the widget in the middle of the table (Aces shows dice, Chase a card),
  how it shows the settled state and whether a move animates;
- ``Words``: the log, the info lines, the end-of-round summary and the question for
  an action's number (a cut depth);
- hidden information: ``privacy``, the rule of who may see which card now and when a
  curtain is needed (``tui.session.privacy``), and ``Curtains``, what they say.

A kit never builds a screen: it returns data (``CurtainRequest``, ``NumberRequest``,
``RoundSummary``) and the table picks the screen. A kit is a plain class made once per
table (the game's ``GameSpec.kit``), so nothing is shared between tables. Widgets a kit adds should
draw through ``tui.widgets.lines.LineWidget`` so a move repaints only what changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from tui.engine.controller import Seat
from tui.engine.core import Action, Event, SeatView, TableView
from tui.games.spec import NarrateFn
from tui.session.privacy import OPEN_TABLE, PrivacyRule
from tui.session.seat_control import Presence, TableController
from tui.table.layout import Arrangement, arrange
from tui.widgets.player_panel import PanelModel
from tui.widgets.textfit import fit

if TYPE_CHECKING:
    from textual.widget import Widget

LOG_NAME_WIDTH = 24
"""Names in the log are cut to this many cells, so one name cannot flood it."""
WATCHERS_NAMED = 3
"""Watchers named on the presence line; more are counted ("and 4 more")."""
ACCOUNT_WIDTH = 12
"""An account name on the presence line is cut to this many cells."""


def presence_line(presence: Presence | None, names: Sequence[str], ascii_only: bool) -> str | None:
    """One compact line of who is at a shared table: "Here: Ann, Ben · away: Cleo ·
    watching: dora" (``None`` at one keyboard), led by who asks to join, if anyone.
    Seats go by their names, watchers by their accounts; an empty group is left out."""
    if presence is None:
        return None
    parts = []
    asking = [fit(user, ACCOUNT_WIDTH, ascii_only) for user in presence.asking]
    if asking:  # first: at 80x24 the line is cut, and the host must see who waits
        parts.append(f"asking to join: {', '.join(asking)} (W answers)")
    for label, seats in (("here", presence.here), ("away", presence.away), ("free", presence.free)):
        if seats:
            parts.append(f"{label}: " + ", ".join(names[seat] for seat in seats))
    watching = [fit(user, ACCOUNT_WIDTH, ascii_only) for user in presence.watching]
    if watching:
        named = ", ".join(watching[:WATCHERS_NAMED])
        more = len(watching) - WATCHERS_NAMED
        parts.append(f"watching: {named}" + (f" and {more} more" if more > 0 else ""))
    if not parts:
        return None
    line = (" - " if ascii_only else " \u00b7 ").join(parts)
    return line[0].upper() + line[1:]


@dataclass(frozen=True)
class RoundSummary:
    """What the round-end screen shows: a headline, sentences, and the standings
    (name, value in words, marker such as "winner"), whether the game is over, and the
    cards of a showdown."""

    title: str
    lines: tuple[str, ...]
    standings: tuple[tuple[str, str, str], ...] = ()
    final: bool = False
    showdown: tuple[ShownCard, ...] = ()
    """The cards turned up, lowest first (a game with a showdown)."""


@dataclass(frozen=True)
class ShownCard:
    """One card at a showdown: its glyph, whose it is, and ``mark``: "loser" (lost a
    life with it), "safe" (paired, under Pairs are safe) or ""."""

    card: str
    name: str
    mark: str = ""


@dataclass(frozen=True)
class CurtainRequest:
    """A curtain the table should put up: before ``seat``'s turn ("Pass to ...",
    ``card`` is ``None``, public ``lines``), or after their move, showing them
    ``card`` and ``lines`` alone."""

    seat: int
    name: str
    lines: tuple[str, ...]
    card: str | None = None


@dataclass(frozen=True)
class NumberRequest:
    """The question for an action's number (its ``arg_range``), e.g. a cut depth."""

    chooser: str
    arg_range: tuple[int, int]
    note: str = ""


def variants_line(variants: frozenset[str], titles: Mapping[str, str]) -> str:
    """ "Variants: Three-Chip Start, Last Roll", by the titles the game's spec gave."""
    if not variants:
        return "Variants: none (standard rules)"
    return "Variants: " + ", ".join(titles.get(v, v) for v in sorted(variants))


class Seats:
    """Seat panels and where they go; chips by default."""

    counter_word = "chip"
    counter_plural = "chips"
    symbol = "\u25cf"
    ascii_symbol = "o"
    pot_title = "Pot"

    def panel_model(
        self, view: TableView, seat_view: SeatView, seat: Seat, ascii_only: bool
    ) -> PanelModel:
        return PanelModel(
            seat=seat_view.seat,
            name=seat_view.name,
            counters=seat_view.counters,
            flags=seat_view.flags,
            bot=seat.bot,
            counter_word=self.counter_word,
            counter_plural=self.counter_plural,
            symbol=self.symbol,
            ascii_symbol=self.ascii_symbol,
            detail=self.detail(view, seat_view, ascii_only),
            ascii_only=ascii_only,
        )

    def detail(self, view: TableView, seat_view: SeatView, ascii_only: bool) -> Text | None:
        """An extra line for a tall panel (a card, where sixes go)."""
        return None

    def arrange(self, players: int, width: int, height: int) -> Arrangement:
        """Where the seats go at this terminal size."""
        return arrange(players, width, height)


class Centre:
    """The widget in the middle of the table; a blank one by default."""

    def make(self, ascii_only: bool) -> Widget:
        from textual.widgets import Static

        return Static("")

    def show(
        self, centre: Widget, view: TableView, names: Sequence[str], events: Sequence[Event]
    ) -> None:
        """Draw the settled state; ``events`` are those of the move just revealed."""

    def animate(
        self,
        centre: Widget,
        events: Sequence[Event],
        names: Sequence[str],
        seconds: float,
        frames: int,
    ) -> bool:
        """Start an animation for ``events``; True if ``centre`` will post
        ``AnimationDone`` when it ends (the table then waits before revealing)."""
        return False

    def finish(self, centre: Widget) -> None:
        """Jump to the end of a running animation (any key)."""


class Words:
    """What the table writes: the log, the info box, summaries, curtains, questions."""

    def __init__(
        self,
        game_id: str,
        describe: NarrateFn | None = None,
        titles: Mapping[str, str] | None = None,
    ) -> None:
        """``describe`` is the game's narrator and ``titles`` its variants' titles, both
        handed over by the game's spec (``tui.games``): the table never looks a game up."""
        self.game_id = game_id
        self.describe = describe
        self.titles: Mapping[str, str] = titles or {}

    def log_names(self, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [fit(name, LOG_NAME_WIDTH, ascii_only) for name in names]

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        if self.describe is None:
            raise RuntimeError(f"the {self.game_id} kit was made without a narrator")
        return list(self.describe(list(events), list(names), ascii_only=ascii_only))

    def reason_line(self, name: str, reason: str) -> str:
        return f"{name} (computer) {reason}"

    def info_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [f"Round {view.round}", variants_line(view.variants, self.titles)]

    def presence_lines(
        self, presence: Presence | None, names: Sequence[str], ascii_only: bool
    ) -> list[str]:
        """The info box's last line at a shared table: who is here, away, watching."""
        line = presence_line(presence, names, ascii_only)
        return [] if line is None else [line]

    def round_summary(
        self, view: TableView, events: Sequence[Event], names: Sequence[str], ascii_only: bool
    ) -> RoundSummary | None:
        """A summary when ``events`` ended a round or the game, else ``None``."""
        return None

    def number_request(self, action: Action, view: TableView) -> NumberRequest | None:
        """The question for ``action``'s number; ``None``: take the lowest."""
        return None

    def recap(
        self, events: Sequence[Event], names: Sequence[str], who: str, ascii_only: bool
    ) -> list[str]:
        """Lines for the log telling person ``who`` what the public ``events`` since
        their last turn did (they waited through many computer turns); none by default."""
        return []


class Curtains:
    """Hidden information in words: what the curtains the privacy rule asks for say.
    A game with nothing hidden never gets asked."""

    def pass_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        """The public lines on the curtain before a person's turn (``view`` is public)."""
        return []

    def private_result(
        self, view: TableView, seat: int, names: Sequence[str], ascii_only: bool
    ) -> CurtainRequest | None:
        """What ``seat`` sees alone after their move (``view`` is theirs), if anything."""
        return None


class TableKit:
    """One game's parts at one table; every part has defaults."""

    def __init__(
        self,
        game_id: str,
        title: str,
        *,
        seats: Seats | None = None,
        centre: Centre | None = None,
        words: Words | None = None,
        curtains: Curtains | None = None,
        privacy: PrivacyRule = OPEN_TABLE,
    ) -> None:
        self.game_id = game_id
        self.title = title
        self.seats = seats or Seats()
        self.centre = centre or Centre()
        self.words = words or Words(game_id)
        self.curtains = curtains or Curtains()
        self.privacy = privacy

    def show_odds(self, on: bool) -> bool:
        """Show (or hide) live odds; False if this game has none to show."""
        return False

    def curtain_before(
        self, controller: TableController, seat: int, ascii_only: bool
    ) -> CurtainRequest | None:
        """The curtain before person ``seat`` acts, when the privacy rule wants one."""
        if not self.privacy.curtain_before(controller, seat):
            return None
        view = controller.view(None)
        names = [s.name for s in controller.seats]
        lines = self.curtains.pass_lines(view, names, ascii_only)
        return CurtainRequest(seat, names[seat], tuple(lines))

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event], ascii_only: bool
    ) -> CurtainRequest | None:
        """The curtain after person ``seat``'s move, when the privacy rule wants one."""
        if not self.privacy.curtain_after(controller, seat, events):
            return None
        names = [s.name for s in controller.seats]
        return self.curtains.private_result(controller.view(seat), seat, names, ascii_only)

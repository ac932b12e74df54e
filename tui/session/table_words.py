"""What a game's table says, and who may see what: the pure half of a game's table kit.

The table presenter (``tui.session.table_presenter``) words everything through one
``TableWords`` per table: the log, the info box, a round's summary, the question for an
action's number, a recap for a person back from many computer turns, and the curtains
the game's privacy rule asks for. Each part has a default, so a game overrides only what
it changes (Aces' words in ``tui.table.kits.aces_words``, Chase's in
``tui.table.kits.chase_words``). How a seat or the middle of the table is drawn is the
other, Textual half of the kit (``tui.table.kit``).

No Textual and no Rich beyond its cell widths (``tui.names.fit``), so the plain-text
table and a table host use the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tui.cells import fit
from tui.engine.core import Action, Event, TableView
from tui.session.privacy import OPEN_TABLE, PrivacyRule
from tui.session.seat_control import Presence, TableController
from tui.session.table_model import NumberChoice, PassCurtain, PrivateCard, RoundSummary

if TYPE_CHECKING:
    from tui.games.spec import GameSpec

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


def variants_line(variants: frozenset[str], titles: Mapping[str, str]) -> str:
    """ "Variants: Three-Chip Start, Last Roll", by the titles the game's spec gave."""
    if not variants:
        return "Variants: none (standard rules)"
    return "Variants: " + ", ".join(titles.get(v, v) for v in sorted(variants))


Narrator = Any
"""``describe(events, names, ascii_only=False) -> list[str]``: the game's narrator."""


class TableWords:
    """One game's words at one table; every part has a default. A game with hidden
    cards gives its ``privacy`` rule and words its curtains (``pass_lines``,
    ``private_result``); one with odds says so in ``show_odds`` and gives ``chances``."""

    def __init__(
        self,
        spec: GameSpec,
        describe: Narrator | None = None,
        *,
        privacy: PrivacyRule = OPEN_TABLE,
    ) -> None:
        """The words of ``spec``'s table (its id, its title, its variants' titles),
        with ``describe``, the game's narrator: the table never looks a game up."""
        self.game_id = spec.id
        self.title = spec.title
        self.describe = describe
        self.titles: Mapping[str, str] = spec.variant_titles
        self.privacy = privacy
        self.odds_on = False

    # -- odds -------------------------------------------------------------------------

    has_odds = False
    """True for a game whose table can show live odds (``show_odds``, ``chances``)."""

    def show_odds(self, on: bool) -> bool:
        """Show (or hide) live odds; False if this game has none to show."""
        if self.has_odds:
            self.odds_on = on
        return self.has_odds

    def chances(self, view: TableView) -> tuple[float, ...] | None:
        """Each seat's chance this round, when odds are on and known (never waited for)."""
        return None

    def moved(self, view: TableView, events: Sequence[Event]) -> None:
        """A move was made (``view`` is public, after it): what the words remember
        through a round or a match (the odds' story) is recorded here, once a move."""

    # -- the log and the info box -------------------------------------------------------

    def log_names(self, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [fit(name, LOG_NAME_WIDTH, ascii_only) for name in names]

    def narrate(
        self, events: Sequence[Event], names: Sequence[str], ascii_only: bool, viewer: int | None
    ) -> list[str]:
        if self.describe is None:
            raise RuntimeError(f"the {self.game_id} table was made without a narrator")
        return list(self.describe(list(events), list(names), ascii_only=ascii_only))

    def with_reason(self, lines: list[str], reason: str) -> list[str]:
        """A computer's move told once, with why: its reason says what it did, then why,
        after a colon ("stands: happy with its card"), and the move's first line says
        what it did ("Ada stands"), so the why is added to that line ("Ada stands: happy
        with its card"). A reason with no why adds nothing."""
        _, colon, why = reason.partition(": ")
        if not colon or not why or not lines:
            return lines
        return [f"{lines[0]}: {why}", *lines[1:]]

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

    def number_request(self, action: Action, view: TableView) -> NumberChoice | None:
        """The question for ``action``'s number; ``None``: take the lowest."""
        return None

    def recap(
        self, events: Sequence[Event], names: Sequence[str], who: str, ascii_only: bool
    ) -> list[str]:
        """Lines for the log telling person ``who`` what the public ``events`` since
        their last turn did (they waited through many computer turns); none by default."""
        return []

    # -- hidden information -------------------------------------------------------------

    def pass_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        """The public lines on the curtain before a person's turn (``view`` is public)."""
        return []

    def private_result(
        self, view: TableView, seat: int, names: Sequence[str], ascii_only: bool
    ) -> PrivateCard | None:
        """What ``seat`` sees alone after their move (``view`` is theirs), if anything."""
        return None

    def curtain_before(
        self, controller: TableController, seat: int, ascii_only: bool
    ) -> PassCurtain | None:
        """The curtain before person ``seat`` acts, when the privacy rule wants one."""
        if not self.privacy.curtain_before(controller, seat):
            return None
        names = [s.name for s in controller.seats]
        lines = self.pass_lines(controller.view(None), names, ascii_only)
        return PassCurtain(seat, names[seat], tuple(lines))

    def curtain_after(
        self, controller: TableController, seat: int, events: Sequence[Event], ascii_only: bool
    ) -> PrivateCard | None:
        """The curtain after person ``seat``'s move, when the privacy rule wants one."""
        if not self.privacy.curtain_after(controller, seat, events):
            return None
        names = [s.name for s in controller.seats]
        return self.private_result(controller.view(seat), seat, names, ascii_only)

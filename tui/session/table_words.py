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

The plain-text table (``tui.plain``) hears the same words a line at a time: it sets the
table's ``voice`` (``tui.narrate.words.Voice``: who is "you" at this terminal, brief or
not), and the words say dice and cards in words and the log personal; it asks the
questions a player may ask at any time (``pot_line``, ``standings_line``, ``turn_line``,
``own_card_line``, ``odds_lines``), each with a default a new game gets for free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tui.cells import fit
from tui.engine.core import Action, Event, TableView
from tui.glyphs import spoken
from tui.narrate.words import Voice, join_names, percent, sentence
from tui.session.privacy import OPEN_TABLE, OpenTable, PrivacyRule
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
    watching: dora" (``None`` at one keyboard). Seats go by their names, watchers by
    their accounts; an empty group is left out."""
    if presence is None:
        return None
    parts = []
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


def asking_line(presence: Presence | None, ascii_only: bool) -> str | None:
    """Who asks to join, for the host: "Asking to join: eve (W answers)", or ``None``."""
    if presence is None or not presence.asking:
        return None
    asking = [fit(user, ACCOUNT_WIDTH, ascii_only) for user in presence.asking]
    return f"Asking to join: {', '.join(asking)} (W answers)"


def presence_news(
    before: Presence | None, after: Presence | None, names: Sequence[str]
) -> list[str]:
    """Who came and went at a shared table, in words: "Ben has joined.", "Cleo is away.",
    "dora is watching." (the first news says who is here). None at one keyboard."""
    if after is None:
        return []
    if before is None:
        lines = []
        for label, seats in (("Here", after.here), ("Away", after.away), ("Free", after.free)):
            if seats:
                lines.append(f"{label}: {join_names([names[s] for s in seats])}.")
        watching = [fit(user, ACCOUNT_WIDTH, True) for user in after.watching]
        if watching:
            lines.append(f"Watching: {join_names(watching)}.")
        return lines + _asking(after.asking, ())
    lines = []
    for seat in after.here:
        if seat not in before.here:
            came = "is back" if seat in before.away else "has joined"
            lines.append(f"{names[seat]} {came}.")
    for seat in after.away:
        if seat not in before.away:
            lines.append(f"{names[seat]} is away.")
    for seat in after.free:
        if seat not in before.free:
            lines.append(f"{names[seat]}'s seat is free.")
    for user in after.watching:
        if user not in before.watching:
            lines.append(f"{fit(user, ACCOUNT_WIDTH, True)} is watching.")
    for user in before.watching:
        if user not in after.watching:
            lines.append(f"{fit(user, ACCOUNT_WIDTH, True)} has stopped watching.")
    return lines + _asking(after.asking, before.asking)


def _asking(now: Sequence[str], before: Sequence[str]) -> list[str]:
    new = [fit(user, ACCOUNT_WIDTH, True) for user in now if user not in before]
    return [f"{user} asks to join the table: w answers." for user in new]


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
        self.counters = spec.counters
        """What a seat's number counts, plural ("chips", "lives"; "" when unnamed)."""
        self.voice: Voice | None = None
        """Set by a front end whose words are heard (the plain-text table): see the module."""

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
        lines = list(self.describe(list(events), list(names), ascii_only=ascii_only))
        return lines if self.voice is None else [self.heard(line) for line in lines]

    def with_reason(self, lines: list[str], reason: str) -> list[str]:
        """A computer's move told once, with why: its reason says what it did, then why,
        after a colon ("stands: happy with its card"), and the move's first line says
        what it did ("Ada stands"), so the why is added to that line ("Ada stands: happy
        with its card"). A reason with no why adds nothing, nor does any for a brief
        voice."""
        _, colon, why = reason.partition(": ")
        if not colon or not why or not lines or (self.voice is not None and self.voice.brief):
            return lines  # brief: a regular knows why a computer plays as it does
        first = lines[0]
        stop = first[-1] if first[-1:] in (".", "!") else ""
        return [f"{first.removesuffix(stop)}: {why}{stop}", *lines[1:]]

    def info_lines(self, view: TableView, names: Sequence[str], ascii_only: bool) -> list[str]:
        return [f"Round {view.round}", variants_line(view.variants, self.titles)]

    def with_presence(
        self, info: list[str], presence: Presence | None, names: Sequence[str], ascii_only: bool
    ) -> list[str]:
        """The info box's lines at a shared table: who asks to join first (a short box
        cuts its end, and the host must see who waits), then ``info``, then who is
        here, away, watching."""
        asking = asking_line(presence, ascii_only)
        line = presence_line(presence, names, ascii_only)
        return [*([asking] if asking else []), *info, *([line] if line else [])]

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

    def hides_cards(self) -> bool:
        """True when the game keeps something from all but one seat (its privacy rule is
        not the open table's): two people at one plain-text terminal would hear it."""
        return not isinstance(self.privacy, OpenTable)

    # -- heard: the plain-text table's answers, a sentence each -------------------------------

    def heard(self, line: str) -> str:
        """A line made to be heard: a sentence, any die face or card label in words (the
        last word for lines a game did not word for a ``voice`` itself)."""
        return sentence(spoken(line))

    def amount(self, number: int) -> str:
        """A seat's number with what it counts: "1 chip", "3 chips" (``counters``)."""
        noun = self.counters
        if not noun:
            return str(number)
        if number == 1 and noun.endswith("s"):
            noun = noun[:-1]
        return f"{number} {noun}"

    def _you(self, seat: int | None, name: str) -> str:
        voice = self.voice
        return "you" if voice is not None and voice.is_you(seat) else name

    def pot_line(self, view: TableView) -> str:
        """The middle of the table: "The pot holds 3 chips." """
        if view.pot == 0:
            return "The pot is empty."
        return f"The pot holds {self.amount(view.pot)}."

    def standing(self, view: TableView, seat: int) -> str:
        """One seat's standing in a few words: "2 chips", "out"."""
        return "out" if view.seats[seat].out else self.amount(view.seats[seat].counters)

    def standings_line(self, view: TableView, names: Sequence[str]) -> str:
        """Everyone's number: "Ann: 2 chips; Ben: 1 chip; Cleo: out." """
        said = [f"{names[s.seat]}: {self.standing(view, s.seat)}" for s in view.seats]
        return sentence("; ".join(said))

    def turn_line(self, view: TableView, names: Sequence[str]) -> str:
        """Whose turn it is (and who deals, in a game with a dealer)."""
        if view.phase == "over":
            return "The game is over."
        if view.current is None:
            return f"Round {view.round}: nobody's turn, the table moves on."
        voice = self.voice
        if voice is not None and voice.is_you(view.current):
            return f"Round {view.round}: it is your turn, {names[view.current]}."
        return f"Round {view.round}: it is {names[view.current]}'s turn."

    def own_card_line(self, view: TableView) -> str | None:
        """What only the viewer knows, said to them alone (``view`` is theirs); ``None``
        when nothing is private (a game with nothing hidden: the default)."""
        return None

    def odds_lines(
        self, view: TableView, names: Sequence[str], odds: Sequence[float] | None
    ) -> list[str]:
        """The odds in force, heard: each seat's chance this round (``odds``)."""
        if odds is None:
            return []
        said = [f"{self._you(s, names[s])} {percent(c)}" for s, c in enumerate(odds)]
        return [f"Chances this round: {join_names(said)}."]

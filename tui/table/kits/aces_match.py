"""The standings across an Aces match, as a small text chart at the end of each round.

Told with the round's story (odds on), beside each seat's standing: its points (a rounds
match) or bank (bankroll play) after every round this table has seen, from where the
match began (no points; an equal share of the chips on the table, which never change in
number). The chart is the round story's sparkline, so it reads the same without colour
and in ASCII (``--ascii``, ``TERM=linux``). A table resumed mid-match draws the rounds it
has seen, without a start it cannot know.
"""

from __future__ import annotations

from tui.table.kits.aces_story import sparkline


class MatchStory:
    """Scores by seat after each round of one match (``record`` at each round's end)."""

    def __init__(self) -> None:
        self.after: dict[int, tuple[int, ...]] = {}

    def record(self, round_: int, scores: tuple[int, ...]) -> None:
        if round_ == 1 or any(done > round_ for done in self.after):
            self.after = {}  # a new match at this table
        self.after[round_] = scores

    def points(self, bankroll: bool) -> list[tuple[int, ...]]:
        """The scores through the match, from its start when every round was seen."""
        rounds = sorted(self.after)
        if not rounds:
            return []
        seen = [self.after[r] for r in rounds]
        if rounds != list(range(1, len(rounds) + 1)):
            return seen
        n = len(seen[0])
        start = sum(seen[0]) // n if bankroll else 0
        return [(start,) * n, *seen]

    def trends(self, bankroll: bool, ascii_only: bool) -> list[str]:
        """Each seat's chart, scaled to the best score the match has seen (the round-end
        screen draws it beside the seat's standing); none before a round is recorded."""
        moments = self.points(bankroll)
        if not moments:
            return []
        top = max(max(scores) for scores in moments) or 1
        seats = range(len(moments[0]))
        return [sparkline([s[seat] / top for s in moments], ascii_only) for seat in seats]

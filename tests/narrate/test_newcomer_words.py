"""The words a newcomer tripped over (issue 15, bugs 1, 2, 8 and 9), checked where they
are made: the narrators, the table kits' words and the help text, with scripted decks."""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text

from tests.support.chase import chase_config, controller_for, deck, play
from tui import games
from tui.engine.aces.view import AcesView
from tui.engine.controller import Controller
from tui.engine.core import Action, Event, SeatView, TableView
from tui.narrate.chase import describe
from tui.screens.help import HelpScreen, help_text
from tui.table.kits import chase_words
from tui.table.kits.chase import ChaseSeats
from tui.widgets.player_panel import PanelModel, PlayerPanel

NAMES = ["Ann", "Ben", "Cleo"]


def _last_round(
    variants: set[str],
    hands: dict[int, str],
    *moves: str | tuple[str, int],
    stock: tuple[str, ...] = ("KS", "2C", "3C"),
) -> tuple[Controller, list[Event]]:
    """Deal ``hands`` (Ann deals), play ``moves`` and return the last move's events."""
    controller = controller_for(chase_config(NAMES, variants=variants), [deck(3, 0, hands, stock)])
    play(controller, "deal", *moves[:-1])
    kind, arg = (moves[-1], None) if isinstance(moves[-1], str) else moves[-1]
    return controller, controller.apply(Action(kind, "", "", arg))


def test_a_dealers_king_life_is_lost_for_the_king_not_for_the_card_shown() -> None:
    controller, events = _last_round(
        {"dealers-king"}, {0: "9D", 1: "4H", 2: "7C"}, "stand", "stand", ("cut", 1)
    )
    summary = chase_words.round_summary(controller.view(None), events, NAMES, False)
    assert summary is not None
    assert "Ann loses a life (found a King): 2 lives left." in summary.lines
    assert "Ben loses a life (4♥, lowest): 2 lives left." in summary.lines
    assert not any(line.startswith("Ann loses a life (9") for line in summary.lines)
    assert "Ann loses a life for finding a King (2 lives left)" in describe(events, NAMES)


def test_pairs_are_safe_says_why_the_lower_pair_survived() -> None:
    controller, events = _last_round(
        {"pairs-safe"}, {0: "6D", 1: "5S", 2: "5C"}, "stand", "stand", "stand"
    )
    summary = chase_words.round_summary(controller.view(None), events, NAMES, False)
    assert summary is not None
    assert "Pairs are safe: 5♠ and 5♣ are paired." in summary.lines
    log = describe(events, NAMES)
    assert (
        log.index("Pairs are safe: 5♠ and 5♣ are paired")
        == log.index("Showdown: Ann 6♦, Ben 5♠, Cleo 5♣") + 1
    )
    assert "Ann loses a life with 6♦ (2 lives left)" in log


def test_plain_rules_say_nothing_of_pairs() -> None:
    controller, events = _last_round(set(), {0: "6D", 1: "5S", 2: "5C"}, "stand", "stand", "stand")
    summary = chase_words.round_summary(controller.view(None), events, NAMES, False)
    assert summary is not None
    assert not any("Pairs" in line for line in [*summary.lines, *describe(events, NAMES)])


def test_a_public_draw_is_not_told_twice() -> None:
    _controller, events = _last_round(
        {"dealer-draws"}, {0: "9D", 1: "4H", 2: "7C"}, "stand", "stand", "draw", stock=("2C",)
    )
    assert describe(events, NAMES)[0] == "Ann draws the top card and takes it"


def test_the_no_change_reason_reads_as_one_sentence() -> None:
    controller = controller_for(chase_config(NAMES), [deck(3, 0, {0: "9D", 1: "KH", 2: "7C"})])
    play(controller, "deal")
    lines = chase_words.no_change_line(controller.view(1), NAMES)
    assert lines == ["No change: you hold a King, so it goes face up"]
    assert all(line.count(":") == 1 for line in lines)


def _bankroll_view(scores: tuple[int, ...], winner: int) -> TableView:
    seats = tuple(SeatView(i, name, 0) for i, name in enumerate(NAMES))
    return TableView(
        "aces", None, seats, 0, None, "over", 3, frozenset(), winners=(winner,),
        detail=AcesView(scores=scores, match="bankroll"),
    )  # fmt: skip


def test_bankroll_standings_count_one_chip_and_say_the_match_once() -> None:
    view = _bankroll_view((1, 5, 0), 1)
    events = [Event("round_won", 1, value=3)]
    summary = games.get("aces").new_words().round_summary(view, events, NAMES, False)
    assert summary is not None
    assert ("Ann", "1 chip", "") in summary.standings
    assert ("Ben", "5 chips", "winner") in summary.standings
    text = " ".join([summary.title, *summary.lines])
    assert text.count("Match over") == 1


def test_a_rounds_match_counts_one_point() -> None:
    view = TableView(
        "aces", None, tuple(SeatView(i, n, 2) for i, n in enumerate(NAMES)), 0, None,
        "deal", 1, frozenset(), detail=AcesView(scores=(1, 0, 0), match="rounds", rounds_total=3),
    )  # fmt: skip
    words = games.get("aces").new_words()
    summary = words.round_summary(view, [Event("round_won", 0, value=1)], NAMES, False)
    assert summary is not None
    assert ("Ann", "1 point", "winner") in summary.standings


def test_every_help_section_lines_its_descriptions_up() -> None:
    console = Console(width=100, record=True)
    console.print(help_text(HelpScreen().sections()))
    starts = {
        re.match(r"\S+(?: \S+)*\s{2,}", line).end()  # type: ignore[union-attr]
        for line in console.export_text().splitlines()
        if re.match(r"\S+(?: \S+)*\s{2,}\S", line)
    }
    assert len(starts) == 1, starts


def test_a_seat_is_a_person_or_a_computer_at_every_width() -> None:
    for bot in (None, "casual"):
        want = "person" if bot is None else "computer"
        for width in (14, 18, 23, 24, 40):
            panel = PlayerPanel(0)
            panel.model = PanelModel(seat=0, name="Ann", counters=3, bot=bot)
            words = {w for line in panel.content_lines(width, 3) for w in line.plain.split()}
            assert not words & {"human", "bot"}, (width, words)
            if width >= 18:
                assert want in words, (width, words)
    controller = controller_for(chase_config(NAMES, bots=[1]), [])
    view = controller.view(None)
    for index in range(3):
        line = ChaseSeats().compact_line(
            view, view.seats[index], "casual" if index == 1 else None, False
        )
        assert isinstance(line, Text)
        assert line.plain.split()[-1] == ("computer" if index == 1 else "person")

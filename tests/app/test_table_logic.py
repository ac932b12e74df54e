"""The table's pure parts: pacing, layout, key matching, names, round summaries."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from rich.cells import cell_len

from tests.support.scripted import ScriptedRandom
from tui import games
from tui.cells import fit, printable
from tui.engine.aces import AcesGame
from tui.engine.controller import Controller, Seat
from tui.engine.core import Action, Event
from tui.session.table_flow import PACES, match_key, next_step, pace_for
from tui.table.layout import MIN_HEIGHT, MIN_WIDTH, arrange, too_small
from tui.widgets.dice import MAX_ROLL_SECONDS, die_box, tumble

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def controller(n: int = 2, bots: int = 0, dice: list[int] | None = None) -> Controller:
    rng = ScriptedRandom(dice or []) if dice is not None else random.Random(1)
    game = AcesGame(NAMES[:n], rng, first_seat=0)
    seats = [Seat(name, "casual" if i >= n - bots else None) for i, name in enumerate(NAMES[:n])]
    return Controller(game, seats) if bots == 0 else _bot_controller(game, seats)


def _bot_controller(game: AcesGame, seats: list[Seat]) -> Controller:
    pytest.importorskip("tui.engine.aces.bots")
    from tui.games import controller as make_controller

    return make_controller(game, seats)


# -- pacing ---------------------------------------------------------------------------


def test_animation_off_is_instant_and_rolls_never_exceed_the_cap() -> None:
    off = pace_for("off")
    assert off.bot_delay == 0 and off.roll == 0 and off.frames == 0
    for pace in PACES.values():
        assert pace.roll <= MAX_ROLL_SECONDS
    assert pace_for("nonsense") == PACES["normal"]


def test_a_person_waits_for_a_key_at_the_start_and_on_their_turn() -> None:
    table = controller(2)
    assert next_step(table, PACES["normal"]).kind == "person"
    table.apply(table.actions()[0])
    step = next_step(table, PACES["normal"])
    assert (step.kind, step.seat) == ("person", 0)


def test_a_computer_turn_waits_the_pace_then_plays() -> None:
    table = controller(2, bots=1, dice=[3, 4, 2, 2])
    table.apply(table.actions()[0])
    table.apply(Action("roll", "Roll", "r"))
    step = next_step(table, PACES["fast"])
    assert (step.kind, step.seat, step.delay) == ("bot", 1, PACES["fast"].bot_delay)
    assert next_step(table, PACES["off"]).delay == 0


def test_a_table_of_computers_takes_the_table_actions_itself() -> None:
    table = controller(2, bots=2)
    step = next_step(table, PACES["normal"])
    assert step.kind == "table" and step.seat is None


def test_a_finished_game_is_over() -> None:
    table = controller(2, dice=[1, 1, 1, 1])
    table.apply(table.actions()[0])
    table.apply(Action("roll", "Roll", "r"))
    assert next_step(table, PACES["normal"]).kind == "over"


# -- keys -------------------------------------------------------------------------------

ROLL = Action("roll", "Roll", "r")
POT = Action("pot", "Pot: Ann's last chip into the pot", "p")
PASS = Action("pass", "Pass: Ben gets it", "n")
NEXT = Action("next_round", "Next round", "enter")


def test_keys_match_their_action_in_either_case() -> None:
    assert match_key([ROLL], "r") is ROLL
    assert match_key([ROLL], "R") is ROLL
    assert match_key([POT, PASS], "n") is PASS
    assert match_key([POT, PASS], "x") is None


def test_enter_and_space_stand_only_for_a_single_action() -> None:
    assert match_key([ROLL], "enter") is ROLL
    assert match_key([ROLL], "space") is ROLL
    assert match_key([POT, PASS], "enter") is None
    assert match_key([NEXT], "enter") is NEXT


# -- layout -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 30), (160, 48), (200, 60)])
def test_every_seat_is_placed_once_and_the_log_keeps_room(
    players: int, width: int, height: int
) -> None:
    layout = arrange(players, width, height)
    seats = layout.top + layout.bottom
    assert sorted(seats) == list(range(players))

    def band_height(band: tuple[int, ...], columns: int) -> int:
        return math.ceil(len(band) / max(1, columns)) * layout.panel_height

    used = (
        band_height(layout.top, layout.columns_top)
        + band_height(layout.bottom, layout.columns_bottom)
        + layout.centre_height
        + 2  # action bar and footer
    )
    assert height - used >= 6, "the log needs a few lines"
    assert width // max(layout.columns_top, layout.columns_bottom) >= 20


def test_large_terminals_seat_players_around_the_pot_clockwise() -> None:
    layout = arrange(6, 160, 48)
    assert layout.large
    assert layout.top == (0, 1, 2)
    assert layout.bottom == (5, 4, 3)
    assert layout.panel_height > arrange(6, 80, 24).panel_height


def test_small_terminals_put_every_panel_above_the_pot() -> None:
    assert arrange(3, 80, 24).top == (0, 1, 2)
    assert arrange(3, 80, 24).bottom == ()
    assert arrange(6, 80, 24).columns_top == 3


def test_too_small_below_the_minimum() -> None:
    assert too_small(MIN_WIDTH - 1, 40)
    assert too_small(100, MIN_HEIGHT - 1)
    assert not too_small(80, 24)


# -- names and glyphs ---------------------------------------------------------------------


def test_names_are_cut_with_an_ellipsis_by_cells() -> None:
    assert fit("Ann", 10) == "Ann"
    assert fit("Bartholomew", 6) == "Bar\u2026ew"
    assert fit("Bartholomew", 6, ascii_only=True) == "Ba...w"
    wide = fit("\u5f20\u4f1f\u5f20\u4f1f\u5f20\u4f1f", 7)
    assert cell_len(wide) <= 7 and "\u2026" in wide


def test_names_cut_to_any_width_stay_apart() -> None:
    """Issue 15 bug 4: seats whose names share their start ("Alexandra" / "Alexander",
    "Player 1" / "Player 2") must not look alike when cut: the cut is taken from the
    middle and the end is kept, at every width from 4 cells up."""
    assert fit("Alexandra", 8) == "Alex\u2026dra" and fit("Alexander", 8) == "Alex\u2026der"
    assert fit("Player 1", 7) == "Pla\u2026r 1" and fit("Player 2", 7) == "Pla\u2026r 2"
    pairs = [("Alexandra", "Alexander"), ("Player 1", "Player 2"), ("Player 10", "Player 12")]
    for first, second in pairs:
        for width in range(4, 12):
            for ascii_only in (False, True):
                if ascii_only and width < 6:
                    continue  # "..." leaves too few cells to tell anything apart
                one, two = fit(first, width, ascii_only), fit(second, width, ascii_only)
                assert cell_len(one) <= width and cell_len(two) <= width
                assert one != two, (first, second, width, ascii_only)


def test_a_cut_inside_a_wide_character_leaves_no_half_cell() -> None:
    """The cut may fall in the middle of a two-cell character: it goes whole, and no
    space stands before the ellipsis; a letter keeps its combining accent."""
    assert fit("\u5f20\u4f1f\u5f20\u4f1f", 4) == "\u5f20\u2026"
    assert fit("\u5f20\u4f1f\u5f20\u4f1f", 5) == "\u5f20\u2026\u4f1f"
    assert fit("ab \u5f20\u4f1f\u5f20", 5) == "ab\u2026\u5f20"
    assert fit("\u5f20\u4f1f\u5f20\u4f1f", 4, ascii_only=True) == "..."
    assert fit("\u5f20\u4f1f\u5f20\u4f1f", 6, ascii_only=True) == "\u5f20..."
    assert fit("\u5f20\u4f1f\u5f20\u4f1f", 7, ascii_only=True) == "\u5f20...\u4f1f"
    assert fit("e\u0301e\u0301e\u0301e\u0301", 3) == "e\u0301\u2026e\u0301"
    assert fit("\u5f20\u4f1f", 4) == "\u5f20\u4f1f"
    assert fit("anything", 0) == "" and fit("Bartholomew", 2, ascii_only=True) == ".."
    for name in ("\u5f20\u4f1f\u5f20\u4f1f\u5f20", "a\U0001f600b\U0001f600c\U0001f600d"):
        for width in range(1, 12):
            cut = fit(name, width)
            assert cell_len(cut) <= width
            assert all(ch in name + "\u2026" for ch in cut)


def test_control_and_invisible_characters_are_removed() -> None:
    assert printable("A\x1b[31mnn\u200b\n") == "A[31mnn "
    assert printable("[bold]x[/]") == "[bold]x[/]"


def test_dice_boxes_and_tumble() -> None:
    for value in range(1, 7):
        box = die_box(value)
        assert len(box) == 5 and all(len(row) == 9 for row in box)
        assert "".join(box).count("\u25cf") == value
    assert tumble((1, 6), 0) == (1, 6)
    assert all(1 <= face <= 6 for frame in range(10) for face in tumble((1, 6), frame))


# -- the Aces kit's words -------------------------------------------------------------------


def _played(dice: list[int], n: int = 2, **options: Any) -> tuple[AcesGame, list[Event]]:
    game = AcesGame(NAMES[:n], ScriptedRandom(dice), first_seat=0, **options)
    events = game.apply(game.legal_actions()[0])
    while not game.over and game.phase != "round_over":
        events = game.apply(game.legal_actions()[0])
    return game, events


def test_single_round_summary_names_the_winner_and_the_pot() -> None:
    game, events = _played([1, 1, 6, 6, 1, 6])
    summary = (
        games.get("aces").new_kit().words.round_summary(game.view(None), events, NAMES[:2], False)
    )
    assert summary is not None and summary.final
    assert "wins" in summary.title
    assert any("pot held" in line for line in summary.lines)


def test_rounds_summary_has_standings_and_rounds_to_go() -> None:
    game, events = _played([1, 1, 6, 6, 1, 6], match="rounds", rounds=3)
    summary = (
        games.get("aces").new_kit().words.round_summary(game.view(None), events, NAMES[:2], False)
    )
    assert summary is not None and not summary.final
    assert summary.title.startswith("Round 1")
    assert summary.standings[0][0] in NAMES[:2]
    assert any("2 rounds to go" in line for line in summary.lines)


def test_no_summary_in_the_middle_of_a_round() -> None:
    game = AcesGame(NAMES[:3], ScriptedRandom([2, 3]), first_seat=0)
    game.apply(game.legal_actions()[0])
    events = game.apply(game.legal_actions()[0])
    assert (
        games.get("aces").new_kit().words.round_summary(game.view(None), events, NAMES[:3], False)
        is None
    )


def test_info_lists_the_variants_in_force() -> None:
    game = AcesGame(NAMES[:3], random.Random(1), variants=frozenset({"last-roll", "right-pass"}))
    lines = games.get("aces").new_kit().words.info_lines(game.view(None), NAMES[:3], False)
    joined = "\n".join(lines)
    assert "Last Roll" in joined and "Right-Pass" in joined
    assert "sixes right" in joined


def test_panel_status_words_fit_a_narrow_panel() -> None:
    from tui.widgets.player_panel import PanelModel, PlayerPanel

    panel = PlayerPanel(0)
    model = PanelModel(0, "Ann", 0, frozenset({"turn", "zero"}))
    assert panel._status_text(model).plain == "\u25b6 to play  \u25cb at zero"
    narrow = panel._status_text(model, 15).plain
    assert narrow == "\u25cb at zero", "the turn symbol stays on the name line"
    final = PanelModel(0, "Ann", 0, frozenset({"zero", "final-roll"}))
    assert panel._status_text(final).plain == "\u25ce final roll"

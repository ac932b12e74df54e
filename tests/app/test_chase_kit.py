"""The Chase the Ace kit without the app: layout, cards, who may see what, and words.

The last test is ruling C10 as a property of everything the table writes: for hundreds
of random games, at every moment, the public panels, info box, middle, log, curtain and
round summary name no face-down card, and a player's private view adds only that
player's own card and the one they handed over.
"""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import pytest
from rich.text import Text

from tests.support.chase import chase_config, controller_for, deck, play
from tui import games
from tui.engine.chase.rules import VARIANTS
from tui.engine.chase.view import ChaseView
from tui.engine.controller import Controller
from tui.engine.core import Event, TableView
from tui.glyphs import card as card_label
from tui.session.privacy import curtains_needed, people_in
from tui.session.table_model import PrivateCard
from tui.table.kits import chase_words
from tui.table.kits.chase_centre import centre_picture
from tui.table.kits.chase_layout import CHROME, chase_arrange, column_major
from tui.table.kits.chase_words import SHARED_KEYBOARD
from tui.table.layout import MIN_HEIGHT, MIN_WIDTH
from tui.widgets.card import card_box, inline

KIT = games.get("chase").new_kit()
TITLES = games.get("chase").variant_titles

# -- where the seats go ------------------------------------------------------------------


def test_twenty_players_at_80x24_get_one_line_each_in_two_columns() -> None:
    plan = chase_arrange(20, 80, 24)
    assert plan.panel_height == 1 and plan.columns_top == 2
    assert plan.top == column_major(20, 2)
    assert plan.top[:4] == (0, 10, 1, 11), "each column reads down in seat order"
    assert 10 + plan.centre_height + CHROME <= 24 - 5


def test_three_players_at_80x24_get_bordered_panels_with_room_for_a_card() -> None:
    plan = chase_arrange(3, 80, 24)
    assert plan.panel_height == 6 and plan.columns_top == 3 and plan.centre_height == 7


def test_twenty_players_at_160x48_use_the_space() -> None:
    plan = chase_arrange(20, 160, 48)
    assert plan.panel_height == 6 and plan.large
    rows = -(-20 // plan.columns_top)
    assert rows == 3
    assert rows * 6 + plan.centre_height + CHROME <= 48 - 10


@pytest.mark.parametrize("players", [3, 4, 6, 8, 9, 12, 16, 20])
def test_every_size_leaves_room_for_the_log(players: int) -> None:
    for width in range(MIN_WIDTH, 201, 7):
        for height in range(MIN_HEIGHT, 61, 3):
            plan = chase_arrange(players, width, height)
            rows = -(-len(plan.top) // plan.columns_top) + (
                -(-len(plan.bottom) // max(1, plan.columns_bottom))
            )
            used = rows * plan.panel_height + plan.centre_height + CHROME
            assert used <= height - 3, (players, width, height, plan)
            assert sorted(plan.top + plan.bottom) == list(range(players))


def test_column_major_leaves_gaps_at_the_end() -> None:
    assert column_major(5, 2) == (0, 3, 1, 4, 2)


# -- cards -------------------------------------------------------------------------------


def _no_bad_glyphs(text: str) -> None:
    assert "\ufe0f" not in text
    assert not any(0x1F0A0 <= ord(ch) <= 0x1F0FF for ch in text), "no playing-card block"


@pytest.mark.parametrize("code", ["AS", "TD", "KH", "2C", None])
@pytest.mark.parametrize("state", ["", "own", "king", "announced", "showdown"])
def test_cards_are_boxes_with_labels_and_have_an_ascii_form(code: Any, state: str) -> None:
    for tall in (False, True):
        box = card_box(code, state, tall=tall)
        assert len({line.cell_len for line in box}) == 1, "a rectangle"
        assert len(box) == (5 if tall else 3)
        for line in box:
            _no_bad_glyphs(line.plain)
        ascii_box = card_box(code, state, ascii_only=True, tall=tall)
        assert all(line.plain.isascii() for line in ascii_box)
    if code is not None:
        assert card_label(code) in inline(code, state).plain
        assert card_label(code, True) in inline(code, state, True).plain
        assert card_label(code) in "".join(line.plain for line in card_box(code, state))
    else:
        assert inline(None, "").plain == "[\u2592\u2592]"
        assert inline(None, "", True).plain == "[##]"


def test_a_king_up_has_a_heavy_border() -> None:
    assert card_box("KS", "king")[0].plain.startswith("\u250f")
    assert card_box("QS", "own")[0].plain.startswith("\u256d")


def test_suits_are_one_cell_wide() -> None:
    for suit in "\u2660\u2663\u2665\u2666":
        assert unicodedata.east_asian_width(suit) in ("N", "A")
        assert Text(suit).cell_len == 1


# -- who may see what ----------------------------------------------------------------------


def _controller(bots: list[int], names: tuple[str, ...] = ("Ann", "Ben", "Cleo")) -> Controller:
    return controller_for(chase_config(names, bots), [deck(3, 0, {1: "4C", 2: "9H", 0: "QS"})])


def test_one_person_sees_their_card_all_the_time() -> None:
    controller = _controller([0, 2])
    assert not curtains_needed(controller)
    assert SHARED_KEYBOARD.viewer(controller, None) == 1
    play(controller, "deal")
    assert SHARED_KEYBOARD.viewer(controller, None) == 1
    assert KIT.words.curtain_before(controller, 1, False) is None


def test_nobody_at_the_table_means_no_secrets() -> None:
    controller = _controller([0, 1, 2])
    assert SHARED_KEYBOARD.viewer(controller, None) is None


def test_with_two_people_the_viewer_lasts_only_for_their_turn() -> None:
    controller = _controller([])
    assert people_in(controller) == (0, 1, 2) and curtains_needed(controller)
    assert KIT.words.curtain_before(controller, 0, False) is None, "dealing needs no curtain"
    play(controller, "deal")
    assert SHARED_KEYBOARD.viewer(controller, None) is None, (
        "public until someone takes the keyboard"
    )
    assert KIT.words.curtain_before(controller, 1, False) is not None
    assert SHARED_KEYBOARD.viewer(controller, 1) == 1, "Ben took the keyboard for his turn"
    assert SHARED_KEYBOARD.viewer(controller, 2) is None, "Cleo may not see on Ben's turn"
    play(controller, "stand")
    assert SHARED_KEYBOARD.viewer(controller, 1) is None, "the table is public again"


def test_a_private_result_only_after_a_real_swap() -> None:
    controller = _controller([])
    play(controller, "deal")
    events = controller.apply(controller.actions()[1])  # Ben changes with Cleo
    result = KIT.words.curtain_after(controller, 1, events, False)
    assert isinstance(result, PrivateCard)
    assert result.card == "9H" and result.seat == 1
    assert "you gave 4♣ and got 9♥." in result.lines
    stand = controller.apply(controller.actions()[0])
    assert KIT.words.curtain_after(controller, 2, stand, False) is None


# -- words ---------------------------------------------------------------------------------


def test_the_summary_of_a_tie() -> None:
    controller = controller_for(chase_config(), [deck(3, 0, {1: "4C", 2: "4H", 0: "QS"})])
    play(controller, "deal", "stand", "stand")
    events = controller.apply(controller.actions()[0])
    summary = chase_words.round_summary(
        controller.view(None), events, ["Ann", "Ben", "Cleo"], False
    )
    assert summary is not None and not summary.final
    assert summary.title == "Round 1: Ben and Cleo lose a life"
    assert [(c.card, c.name, c.mark) for c in summary.showdown] == [
        ("4♣", "Ben", "loser"),
        ("4♥", "Cleo", "loser"),
        ("Q♠", "Ann", ""),
    ], "lowest first, the losers marked"
    assert summary.lines[0] == "Ben loses a life (4♣, tied for lowest): 2 lives left."
    assert "The pot holds 2 lives." in summary.lines
    assert summary.lines[-1] == "The deal passes to Ben."


def test_pairs_are_safe_are_marked_safe_and_the_loss_says_why() -> None:
    names = ["Ann", "Ben", "Cleo", "Dan"]
    config = chase_config(names, variants=["pairs-safe"])
    controller = controller_for(config, [deck(4, 0, {1: "3C", 2: "3H", 3: "5S", 0: "KD"})])
    play(controller, "deal", "stand", "stand", "stand")
    events = controller.apply(controller.actions()[0])
    summary = chase_words.round_summary(controller.view(None), events, names, True)
    assert summary is not None
    assert [(c.card, c.name, c.mark) for c in summary.showdown] == [
        ("3c", "Ben", "safe"),
        ("3h", "Cleo", "safe"),
        ("5s", "Dan", "loser"),
        ("Kd", "Ann", ""),
    ]
    assert "Dan loses a life (5s, lowest unpaired): 2 lives left." in summary.lines
    assert "Pairs are safe: 3c and 3h are paired." in summary.lines


def test_the_finishing_order_says_who_went_out_in_which_round() -> None:
    names = ["Ann", "Ben", "Cleo"]
    controller = controller_for(chase_config(names, [0, 1, 2], seed=3))
    events = []
    while not controller.over:
        if controller.is_bot_turn():
            events = controller.play_bot()[1]
        else:
            events = controller.apply(controller.actions()[0])
    view = controller.view(None)
    summary = chase_words.round_summary(view, events, names, False)
    assert summary is not None and summary.final
    out = ChaseView.of(view).out_round
    first, *rest = summary.standings
    assert first[2] == "winner" and first[1].endswith("left") is False
    rounds = [int(value.split()[-1]) for _, value, _ in rest]
    assert rounds == sorted(rounds, reverse=True), "the last out first"
    assert {name: f"out in round {out[names.index(name)]}" for name, _, _ in rest} == {
        name: value for name, value, _ in rest
    }


def test_the_info_box_lists_the_variants_and_the_reason_for_no_change() -> None:
    config = chase_config(variants=["pairs-safe", "four-lives"])
    controller = controller_for(config, [deck(3, 0, {1: "KC", 2: "4H", 0: "QS"})])
    play(controller, "deal")
    public = chase_words.info_lines(controller.view(None), ["Ann", "Ben", "Cleo"], False, TITLES)
    assert public[0] == "Round 1 \u00b7 Ann deals \u00b7 3 turns left"
    assert public[1] == "Variants: Four lives, Pairs are safe"
    assert not any("King" in line for line in public), "Ben's King is still secret"
    own = chase_words.info_lines(controller.view(1), ["Ann", "Ben", "Cleo"], False, TITLES)
    assert "No change: you hold a King, so it goes face up" in own


def test_the_middle_shows_the_last_card_turned_up_this_round() -> None:
    controller = controller_for(chase_config(), [deck(3, 0, {1: "4C", 2: "KS", 0: "QS"})])
    play(controller, "deal", "change")
    blocked = Event("swap_blocked", 1, 2, "KS")
    picture = centre_picture(controller.view(None), ["Ann", "Ben", "Cleo"], blocked)
    assert (picture.code, picture.state) == ("KS", "king")
    assert picture.caption == ("Cleo's King", "blocks Ben")
    hidden = centre_picture(controller.view(None), ["Ann", "Ben", "Cleo"], None)
    assert hidden.code is None and hidden.title == "Face down"


# -- C10 as a property of every word the table writes ---------------------------------------


def _texts(controller: Controller, view: TableView, events: list[Event], last: Event | None) -> str:
    """Everything the table would draw for ``view`` (its viewer or public)."""
    names = [seat.name for seat in controller.seats]
    parts: list[str] = []
    for seat_view in view.seats:
        model = KIT.seats.panel_model(view, seat_view, controller.seats[seat_view.seat], False)
        parts += [model.name, model.counter_text]
        parts += [t.plain for t in (model.detail, model.line) if t is not None]
    parts += chase_words.info_lines(view, names, False, TITLES)
    picture = centre_picture(view, names, last)
    parts += [picture.title, *picture.caption]
    if picture.code is not None:
        parts.append(card_label(picture.code))
    summary = chase_words.round_summary(view, events, names, False)
    if summary is not None:
        parts += [summary.title, *summary.lines]
    return "\n".join(parts)


ONLOOKER_GAMES = 100
EVERYDAY_ONLOOKER_GAMES = 50
"""Games of the onlooker property in the everyday run; the rest are soaks (``-m slow``)."""


@pytest.mark.parametrize(
    "seed",
    [
        pytest.param(seed, marks=() if seed < EVERYDAY_ONLOOKER_GAMES else pytest.mark.slow)
        for seed in range(ONLOOKER_GAMES)
    ],
)
def test_the_table_never_writes_a_face_down_card_for_onlookers(seed: int) -> None:
    chooser = random.Random(seed)
    players = chooser.randint(3, 9)
    variants = [v for v in sorted(VARIANTS) if chooser.random() < 0.3]
    names = tuple(f"P{index}" for index in range(players))
    config = chase_config(names, variants=variants, dealer=None, seed=seed)
    controller = controller_for(config)
    last: Event | None = None
    events: list[Event] = []
    for _ in range(2000):
        if controller.over:
            break
        game: Any = controller.game
        public = controller.view(None)
        hidden = {
            card
            for seat, card in enumerate(game.hands)
            if card is not None and public.seats[seat].card is None
        }
        text = _texts(controller, public, events, last)
        text += "\n".join(KIT.words.narrate(events, list(names), False, None))
        seat = controller.whose_turn()
        if seat is not None and public.phase == "turn":
            curtain: Any = KIT.words.curtain_before(controller, seat, False)
            if curtain is not None:
                text += "\n".join(curtain.lines)
            else:
                assert public.seats[seat].card_state == "king"
        for card in hidden:
            assert card_label(card) not in text, (seed, card)
        if seat is not None:
            mine = controller.view(seat)
            gave = ChaseView.of(mine).gave
            allowed = {mine.seats[seat].card} | ({gave[1]} if gave else set())
            private = _texts(controller, mine, [], last)
            for card in hidden - allowed:
                assert card_label(card) not in private, (seed, seat, card)
        action = chooser.choice(controller.actions())
        if action.arg_range is not None:
            action = action.with_arg(chooser.randint(*action.arg_range))
        mover = controller.whose_turn()
        events = controller.apply(action)
        for event in events:
            if event.kind == "dealt":
                last = None
            elif event.kind in ("swap_blocked", "king_shown", "cut_king", "card_announced"):
                last = event
        if mover is not None:
            result: Any = KIT.words.curtain_after(controller, mover, events, False)
            if result is not None:
                own = controller.view(mover)
                gave = ChaseView.of(own).gave
                shown: set[str] = {result.card} | ({gave[1]} if gave else set())
                assert set(_labels_in(" ".join(result.lines))) <= {card_label(c) for c in shown}
    assert controller.over


def _labels_in(text: str) -> list[str]:
    from tui.engine.cards import FRESH_DECK

    return [card_label(card) for card in FRESH_DECK if card_label(card) in text]

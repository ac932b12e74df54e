"""Ruling C10 as a rule of the session, without a table: whose card may be drawn now,
and when the keyboard goes behind a curtain (``tui.session.privacy``)."""

from __future__ import annotations

from tests.support.chase import chase_config, controller_for, deck, play
from tui.engine.controller import Controller
from tui.session.privacy import OPEN_TABLE, curtains_needed, people_in
from tui.table.kits.chase_words import SHARED_KEYBOARD

RULE = SHARED_KEYBOARD


def _table(bots: list[int], hands: dict[int, str] | None = None) -> Controller:
    cards = hands or {1: "4C", 2: "9H", 0: "QS"}
    return controller_for(chase_config(("Ann", "Ben", "Cleo"), bots), [deck(3, 0, cards)])


def test_people_in_counts_only_people_still_playing() -> None:
    assert people_in(_table([0, 2])) == (1,)
    assert people_in(_table([])) == (0, 1, 2)
    assert not curtains_needed(_table([0, 2]))
    assert curtains_needed(_table([2]))


def test_the_only_person_sees_their_own_view_all_the_time() -> None:
    controller = _table([0, 2])
    assert RULE.viewer(controller, None) == 1
    play(controller, "deal")
    assert RULE.viewer(controller, None) == 1
    assert RULE.viewer(controller, 2) == 1, "whatever was drawn before"
    assert not RULE.curtain_before(controller, 1)


def test_computer_players_only_leave_the_table_public() -> None:
    assert RULE.viewer(_table([0, 1, 2]), None) is None


def test_two_people_see_only_during_their_own_turn() -> None:
    controller = _table([])
    assert not RULE.curtain_before(controller, 0), "dealing hides nothing"
    play(controller, "deal")
    assert RULE.viewer(controller, None) is None, "public until the curtain is passed"
    assert RULE.curtain_before(controller, 1)
    assert RULE.viewer(controller, 1) == 1, "Ben passed the curtain on his turn"
    assert RULE.viewer(controller, 2) is None, "Cleo may not look on Ben's turn"
    play(controller, "stand")
    assert RULE.viewer(controller, 1) is None, "public again once Ben has moved"


def test_no_curtain_for_a_computer_player() -> None:
    controller = _table([2])
    play(controller, "deal", "stand")
    assert controller.whose_turn() == 2
    assert not RULE.curtain_before(controller, 2)


def test_no_curtain_before_a_turn_with_a_king_face_up() -> None:
    controller = _table([], {0: "QS", 1: "4C", 2: "KH"})
    play(controller, "deal", "change")  # Ben's change is blocked by Cleo's King
    assert controller.view(None).seats[2].card_state == "king"
    assert controller.whose_turn() == 2
    assert not RULE.curtain_before(controller, 2), "Cleo can only stand, in full view"


def test_a_private_result_after_a_swap_only() -> None:
    controller = _table([])
    play(controller, "deal")
    swap = controller.apply(controller.actions()[1])  # Ben changes with Cleo
    assert RULE.curtain_after(controller, 1, swap)
    stand = controller.apply(controller.actions()[0])
    assert not RULE.curtain_after(controller, 2, stand)


def test_no_private_result_when_one_person_plays() -> None:
    controller = _table([0, 2])
    play(controller, "deal")
    swap = controller.apply(controller.actions()[1])
    assert not RULE.curtain_after(controller, 1, swap), "they see their card anyway"


def test_an_open_table_hides_nothing() -> None:
    controller = _table([])
    play(controller, "deal")
    assert OPEN_TABLE.viewer(controller, 1) is None
    assert not OPEN_TABLE.curtain_before(controller, 1)
    swap = controller.apply(controller.actions()[1])
    assert not OPEN_TABLE.curtain_after(controller, 1, swap)


def test_the_rule_imports_no_textual_or_rich() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tui.session.privacy, tui.session.seat_control; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

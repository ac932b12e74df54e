"""Issue 18 items 1 and 2: every loaded save is validated before anything uses it.

Each of ``save_edits.edits()`` (targeted edits of a valid mid-game save of each game,
made over every field) goes through the real loader (``Sessions.resume``): it is either
refused, moved aside and told in one sentence, or it loads a game that plays to its end,
every seat's view drawn on the way. None may crash or hang (a timer fails the test).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.oracle import within
from tests.support.save_edits import NAMED, Edit, Payload, base_payload, edited, edits, save_file
from tui.engine.chase.rules import next_in
from tui.engine.controller import Controller
from tui.session import Sessions
from tui.storage.saves import SaveDamaged

SLOT = "{game}-20260101T120000-0badc0de"
MAX_MOVES = 20_000
ACCEPTED = {"aces:first_seat=null", "aces:round_winner=null"}
ACCEPTED |= {"chase:received[0]=null", "chase:gave[0]=null"}
"""Edits that leave a game the rules allow (a random first seat; no winner of the round
yet; an exchange record the table only narrates): they load and play on."""


@pytest.fixture(autouse=True)
def no_hang(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail (instead of hanging the run) if one edit takes more than 10 s; the test's
    own timeout (pytest-timeout's timer) is put back afterwards."""
    with within(10, lambda: f"the saved game hangs ({request.node.name})"):
        yield


def play_to_the_end(controller: Controller) -> int:
    """Every seat's view, then the first legal move, until the game is over."""
    for moves in range(MAX_MOVES):
        for seat in (None, *range(len(controller.seats))):
            controller.view(seat)
        if controller.over:
            return moves
        action = controller.actions()[0]
        if action.arg_range is not None:
            action = action.with_arg(action.arg_range[0])
        controller.apply(action)
    pytest.fail(f"not over after {MAX_MOVES} moves")


@pytest.mark.parametrize("edit", edits(), ids=[edit[0] for edit in edits()])
def test_an_edited_save_is_refused_or_plays_to_the_end(edit: Edit, tmp_path: Path) -> None:
    sessions = Sessions(saves_dir=tmp_path / "saves")
    store = sessions.store
    store.directory.mkdir(mode=0o700)
    slot_id = SLOT.format(game=edit[1])
    path = store.save_path(slot_id)
    path.write_bytes(save_file(edited(edit)))
    try:
        session = sessions.resume(slot_id)
    except SaveDamaged as error:
        assert edit[0] not in ACCEPTED, error.message
        assert "\n" not in error.message and error.message.endswith("."), error.message
        assert "(the saved game" not in error.message, "said once: not damaged (... damaged (...))"
        assert slot_id in error.message and "moved to" in error.message
        assert not path.exists() and len(list(tmp_path.glob("saves/*.corrupt-*"))) == 1
        assert not store.lock_path(slot_id).exists()  # and it can be opened no more
        return
    assert edit[0] in ACCEPTED, f"{edit[0]} loaded"
    try:
        play_to_the_end(session.controller)
    finally:
        session.release()


def test_the_named_cases_are_all_refused() -> None:
    """The cases the attack found by hand are in the table, each refused above."""
    assert len(NAMED) >= 15 and not {edit[0] for edit in NAMED} & ACCEPTED
    assert len(edits()) >= 80


def test_next_in_never_goes_round_for_ever() -> None:
    assert next_in(1, [0, 2, 0]) == 1
    with pytest.raises(ValueError, match="no player has a life left"):
        next_in(0, [0, 0, 0])


def load_edited(payload: Payload, tmp_path: Path) -> Controller | str:
    """``payload`` through the real loader: the controller it loads, or the one sentence
    it says when it refuses (after checking the file was moved aside)."""
    sessions = Sessions(saves_dir=tmp_path / "saves")
    store = sessions.store
    store.directory.mkdir(mode=0o700)
    slot_id = SLOT.format(game=payload["game"])
    path = store.save_path(slot_id)
    path.write_bytes(save_file(payload))
    try:
        session = sessions.resume(slot_id)
    except SaveDamaged as error:
        assert "\n" not in error.message and error.message.endswith("."), error.message
        assert not path.exists() and len(list(tmp_path.glob("saves/*.corrupt-*"))) == 1
        return error.message
    session.release()
    return session.controller


def all_chips_to(payload: Payload, seat: int) -> None:
    state = payload["state"]
    total = sum(state["chips"])
    state["chips"] = [total if s == seat else 0 for s in range(len(state["chips"]))]


@pytest.mark.parametrize("holder", [0, 1, 2])
def test_a_round_with_one_chip_holder_and_no_last_roll_is_refused(
    holder: int, tmp_path: Path
) -> None:
    """A6 would have ended it at the last chip movement: played on, nobody could ever
    win it (a roll only moves the holder's chips, and every six comes back)."""
    payload = base_payload("aces")
    assert payload["state"]["phase"] == "turn" and "last-roll" not in payload["state"]["variants"]
    all_chips_to(payload, holder)
    told = load_edited(payload, tmp_path)
    assert isinstance(told, str) and "the round can never end" in told


def test_one_chip_holder_under_last_roll_loads_and_plays_to_the_end(tmp_path: Path) -> None:
    """The same hands under Last Roll are a round the rules reach (A7): it loads."""
    payload = base_payload("aces")
    all_chips_to(payload, 2)
    payload["state"]["variants"] = ["last-roll"]
    controller = load_edited(payload, tmp_path)
    assert isinstance(controller, Controller), controller
    assert play_to_the_end(controller) > 0


@pytest.mark.parametrize("change", [-1, 1])
def test_a_pot_not_holding_every_life_lost_is_refused(change: int, tmp_path: Path) -> None:
    """Lives go into the pot one by one (C2): a pot one short, or one over, is a
    damaged save, not a smaller valid number to play on with."""
    payload = base_payload("chase")
    state = payload["state"]
    assert state["pot"] == 12 - sum(state["lives"]) > 0
    state["pot"] += change
    told = load_edited(payload, tmp_path)
    assert isinstance(told, str) and "the pot does not hold every life lost" in told


def _order_reversed(payload: Payload) -> None:
    payload["state"]["order"].reverse()


def _order_without_the_dealer(payload: Payload) -> None:
    state = payload["state"]
    state["order"].remove(state["dealer"])


def _points_never_won(payload: Payload) -> None:
    payload["state"]["scores"][1] = 1  # before any round of the match has ended


@pytest.mark.parametrize(
    ("game_id", "edit", "reason"),
    [
        ("chase", _order_reversed, "the turn order is not the one the rules make"),
        ("chase", _order_without_the_dealer, "the turn order is not the one the rules make"),
        ("aces", _points_never_won, "more match points than chips were won"),
    ],
    ids=["order-reversed", "order-without-the-dealer", "points-never-won"],
)
def test_a_count_the_rules_never_make_is_refused(
    game_id: str, edit: Callable[[Payload], None], reason: str, tmp_path: Path
) -> None:
    """Numbers each of a valid type and range, wrong together: C4's turn order (left of
    the dealer, the dealer last), A8's match points (at most the chips of the rounds
    played)."""
    payload = base_payload(game_id)
    edit(payload)
    told = load_edited(payload, tmp_path)
    assert isinstance(told, str) and reason in told

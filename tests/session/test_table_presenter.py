"""The table presenter on its own (``tui.session.table_presenter``): no Textual, a front
end that records what it is asked, and times given by the test.

What the table decides is checked here once for every front end: a move is drawn once;
the odds' story is told from moves, not from drawings; curtains and decisions take only
keys pressed after they were drawn; a round's end at a shared table goes on by itself
when the next move is another terminal's; a watcher is offered nothing to finish.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tests.support.chase import chase_config, controller_for, deck, play
from tests.support.table import ScriptedDice, aces_config
from tui import games
from tui.engine.controller import Controller
from tui.engine.core import Action, Event
from tui.gameconfig import GameConfig
from tui.session import TableSession
from tui.session.keygate import CURTAIN, DECISION
from tui.session.table_flow import PACES, FlowState, Pace
from tui.session.table_model import (
    FINISH,
    GO_ON,
    LOOK,
    PassCurtain,
    PrivateCard,
    RoundEnd,
    TableModel,
)
from tui.session.table_presenter import TablePresenter
from tui.storage.save_format import Match


class Front:
    """A front end that draws nothing and records everything it was asked."""

    def __init__(self) -> None:
        self.models: list[TableModel] = []
        self.waits: list[float] = []
        self.saves = 0
        self.closed = False
        self.bells = 0

    def show(self, model: TableModel) -> None:
        self.models.append(model)

    def wait(self, seconds: float) -> None:
        self.waits.append(seconds)

    def stop_wait(self) -> None:
        pass

    def animate_move(self, events: Sequence[Event], names: Sequence[str], pace: Pace) -> bool:
        return False

    def end_animation(self) -> None:
        pass

    def save(self) -> None:
        self.saves += 1

    def close_table(self) -> None:
        self.closed = True

    def rematch(self, config: GameConfig, match: Match) -> None:
        pass

    def bell(self) -> None:
        self.bells += 1

    def from_thread(self, callback: Callable[[], None]) -> None:
        callback()

    @property
    def last(self) -> TableModel:
        return self.models[-1]


class Prefs:
    ascii_only = False
    pace = PACES["off"]
    odds_on = False

    def set_odds(self, on: bool) -> None:
        self.odds_on = on


class Table:
    """A presenter with its front end, drawn at once, keys a second apart."""

    def __init__(self, controller: Any, config: GameConfig | None = None) -> None:
        self.front = Front()
        session = TableSession(controller, config)
        words = games.get(controller.game_id).new_kit().words
        self.presenter = TablePresenter(session, words, self.front, Prefs())
        self.t = 100.0
        self.presenter.open()
        self.presenter.shown()
        self.draw()

    def draw(self) -> None:
        """The front end put the last model on the screen now."""
        self.presenter.drawn(self.front.last.gate, self.t)

    def key(self, key: str, after: float = 1.0) -> bool:
        self.t += after
        used = self.presenter.key(key, self.t)
        self.draw()
        return used

    def timer(self) -> None:
        self.presenter.timer()
        self.draw()

    @property
    def cover(self) -> Any:
        return self.presenter.cover


def chase_table(bots: Sequence[int] = (), hands: dict[int, str] | None = None) -> Table:
    cards = hands or {1: "4C", 2: "9H", 0: "QS"}
    config = chase_config(("Ann", "Ben", "Cleo"), bots)
    return Table(controller_for(config, [deck(3, 0, cards, ["7D", "8D", "2S"])]), config)


def aces_table(dice: Sequence[int], players: int = 2) -> Table:
    config = aces_config(players, first_seat=0)
    return Table(games.new_controller(config, ScriptedDice(dice)), config)


# -- drawing ----------------------------------------------------------------------------------


def test_a_move_is_drawn_once_and_saved_once() -> None:
    table = aces_table([3, 4, 2, 5, 3, 4])
    assert table.presenter.flow.ready and table.front.last.bar.actions
    for key in ("enter", "r", "r"):  # start the round, Ann rolls, Ben rolls
        drawn, saved = len(table.front.models), table.front.saves
        assert table.key(key)
        assert len(table.front.models) == drawn + 1, f"{key} drew the table more than once"
        assert table.front.saves == saved + 1
    log = [line for model in table.front.models for line, _ in model.log]
    assert log[0].startswith("Aces in the Pot. At the table: Ann, Ben.")
    assert any("Ann rolls" in line for line in log) and any("Ben rolls" in line for line in log)


def test_new_log_lines_come_once_each() -> None:
    table = aces_table([3, 4, 2, 5])
    table.key("enter")
    table.key("r")
    seen = [line for model in table.front.models for line in model.log]
    assert seen == table.presenter.log, "every line once, in order"


def test_the_odds_story_is_told_from_moves_not_drawings() -> None:
    table = aces_table([3, 4, 2, 5, 3, 4])
    moved: list[int] = []
    words = table.presenter.words
    record = words.moved

    def counted(view: Any, events: Sequence[Event]) -> None:
        moved.append(1)
        record(view, events)

    words.moved = counted  # type: ignore[method-assign]
    for key in ("enter", "r"):
        table.key(key)
    for _ in range(5):  # news that changes nothing, and a redraw for each
        table.presenter.table_moved()
    assert len(moved) == 2, "one record per move, whatever was drawn"


def test_a_computers_move_is_told_once_with_why() -> None:
    words = games.get("chase").new_words()
    assert words.with_reason(["Ada stands"], "stands: happy with its card") == [
        "Ada stands: happy with its card"
    ]
    assert words.with_reason(["Ada deals", "Ben gets one"], "deals") == [
        "Ada deals",
        "Ben gets one",
    ]
    assert words.with_reason([], "stands: why") == []


# -- the key gate -----------------------------------------------------------------------------


def test_a_curtain_takes_only_an_enter_pressed_after_it_was_drawn() -> None:
    table = chase_table()
    table.key("d")  # Ann deals: "Pass to Ben"
    assert isinstance(table.cover, PassCurtain) and table.cover.seat == 1
    assert table.presenter.gate.rule is CURTAIN
    assert table.key("enter", after=0.1), "typed ahead: dropped, not passed on"
    assert isinstance(table.cover, PassCurtain), "an Enter too soon lifted it"
    table.key("x", after=0.3)
    assert table.key("enter", after=CURTAIN.quiet - 0.1) and isinstance(table.cover, PassCurtain)
    table.key("enter", after=CURTAIN.settle + CURTAIN.quiet)
    assert table.cover is None and table.presenter.viewer == 1


def test_a_decision_drawn_again_counts_from_its_first_drawing() -> None:
    table = aces_table([3, 4])
    table.key("enter")  # the round starts: Ann's roll is a person's decision
    gate = table.presenter.gate
    assert gate.rule is DECISION and gate.opened_at == table.t
    first = gate.opened_at
    table.t += 5
    table.presenter.table_moved()  # news of who is here: the same decision, redrawn
    table.draw()
    assert gate.opened_at == first


def test_a_swap_shows_the_card_to_its_holder_behind_a_second_curtain() -> None:
    table = chase_table()
    table.key("d")
    table.key("enter", after=2.0)  # Ben takes the keyboard
    table.key("c")  # Ben changes with Cleo
    cover = table.cover
    assert isinstance(cover, PrivateCard) and cover.seat == 1 and cover.card == "9H"
    assert table.front.last.view.viewer is None, "the table behind it is public again"
    table.key("enter", after=2.0)
    assert isinstance(table.cover, PassCurtain) and table.cover.seat == 2


# -- a round's end ----------------------------------------------------------------------------


def _play_to_round_end(table: Table) -> None:
    for _ in range(40):
        cover = table.cover
        if isinstance(cover, RoundEnd):
            return
        table.key("enter" if cover is not None else "s", after=2.0)
    raise AssertionError("no round's end")


def test_a_persons_deal_waits_for_their_key_a_computers_goes_on_by_itself() -> None:
    table = chase_table(hands={1: "4C", 2: "9H", 0: "QS"})
    table.key("d")
    _play_to_round_end(table)
    cover = table.cover
    assert isinstance(cover, RoundEnd) and not cover.goes_on
    assert cover.choices[0].kind == "deal" and cover.choices[-1] == LOOK
    computer = chase_table(bots=[1], hands={1: "4C", 2: "9H", 0: "QS"})
    computer.key("d")
    _play_to_round_end(computer)
    ended = computer.cover
    assert isinstance(ended, RoundEnd) and ended.goes_on and ended.choices[0] == GO_ON
    assert computer.front.waits[-1] == Prefs.pace.reading
    computer.timer()
    assert not isinstance(computer.cover, RoundEnd), "the reading pause is over"


class Elsewhere:
    """A controller whose person seats outside ``mine`` sit at other terminals of a
    shared table: their moves are not this keyboard's (``actions()`` is empty)."""

    def __init__(self, controller: Controller, mine: tuple[int, ...]) -> None:
        self.inner = controller
        self.mine = mine

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    @property
    def humans(self) -> tuple[int, ...]:
        return self.mine

    def actions(self) -> list[Action]:
        seat = self.inner.whose_turn()
        if seat is not None and seat not in self.mine and self.inner.seats[seat].bot is None:
            return []
        return self.inner.actions()


def test_at_a_shared_table_a_round_s_end_goes_on_when_another_terminal_moves_next() -> None:
    """Issue 38, item 1: the result stayed up on every seated terminal, hid the turn and
    swallowed keys, because nobody here could choose the next deal."""
    config = chase_config(("Ann", "Ben", "Cleo"), [])
    inner = controller_for(config, [deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, [])])
    play(inner, "deal", "stand", "stand")  # Ann, the dealer, is left to stand or cut
    table = Table(Elsewhere(inner, mine=(0,)), config)
    table.key("s")  # Ann stands: the round ends; Ben deals next, at his own terminal
    cover = table.cover
    assert isinstance(cover, RoundEnd) and cover.goes_on and cover.choices[0] == GO_ON
    assert FINISH not in cover.choices, "people at other terminals are still in the game"
    table.timer()
    assert table.cover is None
    assert table.front.last.bar.status.startswith("Waiting for"), table.front.last.bar


@pytest.mark.parametrize("mine", [(), (2,)], ids=["watcher", "a seat"])
def test_nothing_to_finish_while_people_at_other_terminals_play(mine: tuple[int, ...]) -> None:
    """Issue 38, item 4: a watcher was offered F, which did nothing."""
    config = chase_config(("Ann", "Ben", "Cleo"), [2])
    inner = controller_for(config, [deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, [])])
    table = Table(Elsewhere(inner, mine=mine), config)
    assert not table.presenter.can_finish()
    assert "F finishes" not in table.front.last.bar.status


def test_leaving_saves_and_closes_once() -> None:
    table = aces_table([3, 4])
    saves = table.front.saves
    table.presenter.leave()
    table.presenter.leave()
    assert table.front.closed and table.front.saves == saves + 1
    assert table.presenter.flow.state is FlowState.LEFT

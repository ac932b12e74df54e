"""A view on a shared table's wire: what every game has, and the game's own detail by the
codec its game registered (``GameSpec.view_detail``), checked as it is read.

``tui/engine/core.py`` and ``tui/share/wire.py`` know no game's fields: a third game's
view travels with its own detail (``tests/support/third_game.py``), and a detail that is
not of the game's types is a bad line, never something drawn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from tests.support.chase import chase_config, controller_for, deck, play
from tests.support.table import ScriptedDice, aces_config
from tui import games
from tui.engine.aces.view import AcesView
from tui.engine.chase.view import ChaseView
from tui.engine.core import TableView, ViewDetail
from tui.share import wire


def round_trip(view: TableView) -> TableView:
    line = wire.encode({"t": "view", "view": wire.view_out(view)})
    return wire.view_in(wire.decode(line)["view"])


def test_an_aces_view_comes_back_whole() -> None:
    config = aces_config(3, first_seat=0, match="rounds", rounds=3)
    controller = games.new_controller(config, ScriptedDice([6, 1, 3, 4]))
    controller.apply(controller.actions()[0])
    controller.apply(controller.actions()[0])
    view = controller.view(None)
    back = round_trip(view)
    assert back == view
    assert AcesView.of(back).dice == (6, 1) and AcesView.of(back).match == "rounds"


def test_a_chase_view_comes_back_whole_with_the_viewers_swap() -> None:
    config = chase_config(("Ann", "Ben", "Cleo"))
    controller = controller_for(config, [deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D"])])
    play(controller, "deal", "change")
    for seat in (None, 1, 2):
        view = controller.view(seat)
        assert round_trip(view) == view
    assert ChaseView.of(round_trip(controller.view(1))).received == (2, "9H")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("stock", "49"),
        ("stock", True),
        ("received", [2, 9]),
        ("received", [2, "9H", "extra"]),
        ("moves", ["stand", 3]),
        ("no_change", {"x": 1}),
        ("hands", ["QS", "4C"]),
    ],
)
def test_a_detail_of_the_wrong_types_is_a_bad_line(field: str, value: Any) -> None:
    """A hostile table cannot make a terminal draw a field the game never sends."""
    controller = controller_for(chase_config(("Ann", "Ben", "Cleo")), [])
    data = json.loads(wire.encode(wire.view_out(controller.view(None))))
    data["detail"][field] = value
    with pytest.raises(wire.WireError):
        wire.view_in(data)


def test_a_view_of_a_game_this_party_dice_does_not_know_is_a_bad_line() -> None:
    controller = controller_for(chase_config(("Ann", "Ben", "Cleo")), [])
    data = wire.view_out(controller.view(None))
    data["game"] = "poker"
    with pytest.raises(wire.WireError, match="unknown game"):
        wire.view_in(data)


@dataclass(frozen=True)
class Squares(ViewDetail):
    goal: int = 5
    path: tuple[tuple[int, str], ...] = ()
    leader: int | None = None


def test_any_detail_of_ints_strings_and_tuples_travels_by_its_annotations() -> None:
    detail = Squares(9, ((0, "start"), (3, "river")), 1)
    assert Squares.from_wire(json.loads(json.dumps(detail.to_wire()))) == detail
    with pytest.raises(ValueError):
        Squares.from_wire({"path": [[0, 1]]})
    with pytest.raises(ValueError):
        Squares.from_wire({"leader": 1.5})
    assert Squares.from_wire({}) == Squares(), "a field left out keeps its default"


def test_of_names_the_game_whose_detail_is_missing() -> None:
    view = controller_for(chase_config(("Ann", "Ben", "Cleo")), []).view(None)
    with pytest.raises(TypeError, match="a chase view has no AcesView"):
        AcesView.of(view)
    assert isinstance(ChaseView.of(view), ChaseView)

"""Snapshots of the Aces in the Pot table: what players see at each moment of a game.

Every test builds a fresh, seeded app (animations off), opens a table through the app's
``start_game`` and presses keys. The docstring of each test says what its picture must
show (text in double quotes is quoted from the picture: ``test_snapshot_docstrings.py``
checks); after ``pytest --snapshot-update`` render the SVGs to PNG and look at them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from tests.support.app import LARGE, SMALL, SNAPSHOT_SIZES, AppDirs
from tests.support.pace import hold_forced_moves
from tests.support.table import aces_config, scripted_factory, write_settings
from tui.gameconfig import GameConfig

ROLL_OFF_TIE = [4, 4, 2, 6, 3]
"""Roll-off of three: Ann and Ben tie on 4, roll again, Ann's 6 beats Ben's 3."""
THREE_ROLLS = [1, 6, 6, 4, 2, 5]
"""Ann: ace and six (one to the pot, one to Ben); Ben: a six to Cleo; Cleo: nothing."""
ACE_SIX_CHOICE = [1, 3, 2, 3, 2, 3, 1, 6]
"""Ann pots a chip, Ben and Cleo roll blanks, Ann rolls ace and six on her last chip."""
CLEO_WINS = [1, 1, 6, 6]
"""Ann pots both chips, Ben passes both to Cleo, who is left alone holding chips."""


def table_app(
    make_app: Callable[..., Any],
    app_dirs: AppDirs,
    config: GameConfig,
    dice: Iterable[int] | None = None,
    keys: Iterable[str] = (),
    **settings: Any,
) -> tuple[Any, Callable[[Any], Any]]:
    write_settings(app_dirs.settings, **settings)
    kwargs: dict[str, Any] = {"settings_path": app_dirs.settings}
    if dice is not None:
        kwargs["rng_factory"] = scripted_factory(dice)
    app = make_app(**kwargs)

    async def run_before(pilot: Any) -> None:
        app.start_game(config)
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return app, run_before


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_table_at_the_start(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """Three people at a fresh table, before the roll-off: Ann, Ben and Cleo each show
    the chips they start with (two chip symbols and "2 chips", the engine's stake,
    though none is in hand until the round starts), each marked "person"; the pot
    "empty"; "no roll yet" in the dice box; the info box says "Single round" and
    "Variants: none (standard rules)"; the action bar offers "R/Enter" and
    "Roll off for first turn" (R rolls, as at every turn); the log reads
    "At the table: Ann, Ben, Cleo."."""
    app, before = table_app(make_app, app_dirs, aces_config(3))
    assert snap_compare(app, terminal_size=size, run_before=before)


def test_aces_roll_off_in_the_log(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """After the roll-off: the log shows everyone's die, the tie between Ann and Ben on
    4, their second roll, and that Ann goes first; Ann's panel has the turn marker
    (triangle, "to play", heavy border); the action bar reads "Ann: R/Enter Roll"."""
    app, before = table_app(make_app, app_dirs, aces_config(3), ROLL_OFF_TIE, ["enter"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_after_scripted_rolls(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three rolls in: Ann at zero ("0 chips", circle and "at zero", yellow) and to play,
    with no choice: her roll plays itself after a short pause ("Ann has no choice: R
    Roll: no chips, so nothing can move");
    Ben 2 chips, Cleo 3; one chip in the pot; the dice box shows Cleo's 2 and 5; the log
    tells each roll in words with die faces. At 160x48 the dice are drawn as pips and
    the players sit around the pot (Ann and Ben above, Cleo below)."""
    hold_forced_moves(monkeypatch)
    app, before = table_app(
        make_app, app_dirs, aces_config(3, first_seat=0), THREE_ROLLS, ["enter", "r", "r", "r"]
    )
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_ace_six_decision(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """Ann has one chip and rolled an ace and a six: the action bar offers exactly
    "P Pot: Ann's last chip into the pot, then Ben rolls next" and "N Pass: Ben gets it, then Ben
    rolls next" (at 80x24 one per row); the dice show 1 and 6; Ann still holds her chip;
    the pot holds one chip."""
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, first_seat=0),
        ACE_SIX_CHOICE,
        ["enter", "r", "r", "r", "r"],
    )
    assert snap_compare(app, terminal_size=size, run_before=before)


LONG_NAMES = ["Alexandra Katharina", "Bartholomew Cunning", "Cleopatra Smithson"]
"""Three names of 18-19 characters: the longest choice bar the ace+six can have."""


def test_aces_ace_six_decision_long_names(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs
) -> None:
    """The ace+six choice at 80x24 with three long names: both options read whole, each
    with what follows it: "Pot: Alexandra Katharina's last chip into the pot, then" and,
    wrapped to the next line of the bar, "Bartholomew Cunning rolls next"; "Pass:
    Bartholomew Cunning gets it, then Bartholomew Cunning rolls next". None of it cut off."""
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, names=LONG_NAMES, first_seat=0),
        ACE_SIX_CHOICE,
        ["enter", "r", "r", "r", "r"],
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_aces_round_won(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """The round-end box over the table: "Cleo wins!", that she is the last player
    holding chips and that the pot held 2 chips; choices "R Rematch", "T Back to title"
    and "Esc Look at the table". Behind it Cleo's panel is marked winner (star)."""
    app, before = table_app(
        make_app, app_dirs, aces_config(3, first_seat=0), CLEO_WINS, ["enter", "r", "r"]
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_match_standings(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """A three-round match after round 1: "Round 1: Cleo wins", the pot held 2 chips, 2
    points for Cleo, 2 rounds to go; standings Cleo 2 points (star), Ann and Ben 0
    points; choices "Enter Next round" and "Esc Look at the table". Behind it the info
    box's three rows at 80x24 drop the reminder of the rules where the sixes go, and
    keep the round, the points and the variants whole."""
    config = aces_config(3, first_seat=0, match="rounds", rounds=3)
    app, before = table_app(make_app, app_dirs, config, CLEO_WINS, ["enter", "r", "r"])
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_six_players_mid_game(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """Six players with Three-Chip Start and Last Roll: at 80x24 two rows of three
    compact panels above the pot, every name, chip count and state readable; the info
    box lists both variants; at 160x48 three players above the pot and three below."""
    config = aces_config(6, variants=["three-chip", "last-roll"], seed=4)
    app, before = table_app(make_app, app_dirs, config, None, ["enter"] + ["r"] * 8)
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.slow  # a larger size: the thorough tier
def test_aces_two_players_large(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Two players at 160x48: Ann above the pot, Ben below it, big panels; the dice
    drawn as pips; the log of the first rolls."""
    app, before = table_app(
        make_app, app_dirs, aces_config(2, first_seat=0), [2, 6, 3, 1], ["enter", "r", "r"]
    )
    assert snap_compare(app, terminal_size=LARGE, run_before=before)


def test_aces_ascii_glyphs(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ASCII glyphs: dice as [1] [6], chips as o, markers as > and o; nothing
    else changes."""
    hold_forced_moves(monkeypatch)
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, first_seat=0),
        THREE_ROLLS,
        ["enter", "r", "r", "r"],
        glyphs="ascii",
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_aces_hostile_names(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names with markup and wide characters are shown literally: "[bold red]x[/]" in
    plain text and whole in its panel ("person" gives way), the long wide name cut in the
    middle with an ellipsis, whole characters either side of the "…" (张伟张伟张伟…伟张伟), the
    layout the same as with short names."""
    hold_forced_moves(monkeypatch)
    names = ["[bold red]x[/]", "\u5f20\u4f1f" * 10, "[link=x]y"]
    app, before = table_app(
        make_app,
        app_dirs,
        aces_config(3, names=names, first_seat=0),
        THREE_ROLLS,
        ["enter", "r", "r", "r"],
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


BEN_DECIDES = [2, 3, 1, 3, 2, 3, 2, 3, 1, 6]
"""Ann blank; Ben pots a chip; Cleo blank; Ann blank; Ben: ace and six on his last chip."""


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_aces_computer_turn_in_the_log(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """Ann (person) against Ben and Cleo (computer, marked "computer"): the log
    shows Ben rolling an ace and a six on his last chip, then where the chip went and
    why, once ("Ben puts the last chip into the pot: the ace came first"), and Cleo's
    roll; it is Ann's turn again."""
    config = aces_config(3, bots=2, first_seat=0)
    app, before = table_app(make_app, app_dirs, config, BEN_DECIDES, ["enter", "r", "r"])
    assert snap_compare(app, terminal_size=size, run_before=before)


LAST_ROLL = [1, 1, 6, 6, 2, 3, 2, 3]
"""Ann pots both chips; Ben passes both to Cleo, the only holder (the leader); Cleo
rolls blanks; Ann's final roll has no six, so she is out."""


def test_aces_last_roll_states(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Last Roll at 80x24: Ann's panel says "out" (cross), Ben is to play with "final
    roll" (bullseye) and the bar offers "R/Enter Final roll: any six wins a chip back",
    Cleo holds all four chips and is marked "leader" (triangle); the log tells Ann's
    final roll and that she is out of the round; the info box lists Last Roll."""
    config = aces_config(3, first_seat=0, variants=["last-roll"])
    app, before = table_app(make_app, app_dirs, config, LAST_ROLL, ["enter", "r", "r", "r", "r"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)

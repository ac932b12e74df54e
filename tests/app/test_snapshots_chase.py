"""Snapshots of the Chase the Ace table: what players see at each moment of a game.

Every test builds a fresh, seeded app (animations off) and deals scripted decks
(``ScriptedDeck``): either the app starts the game and keys are pressed, or the engine
plays ahead to the moment that matters and the app opens the table there, as it does
for a resumed game. The docstring of each test says what its picture must show (text
in double quotes is quoted from the picture: ``test_snapshot_docstrings.py`` checks);
after ``pytest --snapshot-update`` render the SVGs to PNG and look at them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from tests.support.app import SMALL, SNAPSHOT_SIZES, AppDirs
from tests.support.chase import (
    chase_config,
    controller_for,
    deck,
    deck_factory,
    play,
)
from tests.support.pace import hold_forced_moves
from tests.support.table import write_settings
from tui.engine.controller import Controller
from tui.gameconfig import BOT_NAMES, GameConfig
from tui.session import TableSession

FIRST = deck(3, 0, {1: "4C", 2: "9H", 0: "QS"}, ["7D", "5S", "JH"])
"""Ann deals; Ben gets 4♣, Cleo 9♥, Ann Q♠; the stock starts 7♦ 5♠ J♥."""
KING = deck(3, 0, {1: "4C", 2: "KS", 0: "QS"}, ["7D"])
"""As ``FIRST`` but Cleo holds the King of spades."""
TIE = deck(3, 0, {1: "4C", 2: "4H", 0: "QS"}, ["7D"])
"""Ben and Cleo both hold a 4: they tie for lowest."""

TO_THE_CUT = ["d", "enter", "s", "enter", "s", "enter", "c"]
"""Ann deals, Ben and Cleo each take the keyboard and stand, Ann opens the cut."""
ALL_STAND = ["d", "enter", "s", "enter", "s", "enter", "s"]


def chase_app(
    make_app: Callable[..., Any],
    app_dirs: AppDirs,
    config: GameConfig,
    decks: Iterable[Sequence[str]] = (),
    keys: Iterable[str] = (),
    *,
    controller: Controller | None = None,
    **settings: Any,
) -> tuple[Any, Callable[[Any], Any]]:
    """A fresh app and the ``run_before`` that opens the table and presses ``keys``.

    With ``controller`` (a game played ahead) the table opens on it; otherwise the app
    starts ``config`` with ``decks`` as it would from the setup screen.
    """
    write_settings(app_dirs.settings, **settings)
    app = make_app(settings_path=app_dirs.settings, rng_factory=deck_factory(decks))

    async def run_before(pilot: Any) -> None:
        if controller is None:
            app.start_game(config)
        else:
            app.open_table(TableSession(controller, config))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return app, run_before


def test_chase_curtain(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Three people, Ann has dealt: the curtain, over the middle of the table, reads
    "Pass to Ben: press Enter when only Ben is looking." with the public status ("Round
    1 · Ann deals · 3 turns left") and the keys "Enter I am Ben" and "Esc Leave table".
    Above and below it, undimmed, the public table: every card face down ([▒▒]), "Waiting
    for Ben...", and the log tells only the deal."""
    app, before = chase_app(make_app, app_dirs, chase_config(), [FIRST], ["d"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_private_view(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Ben took the keyboard: his panel and the middle show his 4♣ ("[4♣] yours", "Your
    card", "dealt to you"); Ann's and Cleo's cards stay face down; the info box holds
    only what everyone may know ("Round 1 · Ann deals · 3 turns left"); the action bar
    offers "S Stand" and "C Change with Cleo"."""
    app, before = chase_app(make_app, app_dirs, chase_config(), [FIRST], ["d", "enter"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_after_a_swap(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Ben changed with Cleo: a box for Ben only ("Ben, only for you") shows his new
    card 9♥ drawn large and "You changed with Cleo: you gave 4♣ and got 9♥", and "Enter
    Cover your card and pass on". The table behind is public again: Ben's card is face
    down ("[▒▒] changed"), Cleo is to play; the box covers the middle and the log."""
    app, before = chase_app(make_app, app_dirs, chase_config(), [FIRST], ["d", "enter", "c"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_king_blocks_a_swap(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ben asked to change with Cleo, who holds a King: the King is shown to everyone,
    on the public table (no curtain: Cleo has nothing private left and can only stand).
    Cleo's panel shows [K♠] "King up", Ben's says "blocked"; the middle shows the King
    (heavy border) "Cleo's King blocks Ben"; the info box says why Cleo cannot change
    and lists "Kings up: Cleo K♠"; Cleo can only stand, so the action bar shows the move
    that plays itself after a short pause, "Cleo has no choice: S Stand"; the log tells
    the block."""
    hold_forced_moves(monkeypatch)
    app, before = chase_app(make_app, app_dirs, chase_config(), [KING], ["d", "enter", "c"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_cut_chooser(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Ann, the dealer, chose to cut: the chooser says "Ann cuts the deck",
    "Take the card at depth 27 of 49", keeps a dim line for digits
    ("Type a depth: a digit past 49 starts a new number."), draws the stock from the
    side with the lifted part filled, its ends labelled on the bar's own line
    ("top 1", "49 bottom"), a marker under the last card lifted ("▲ 27"), and lists
    the keys (arrows, PgUp/PgDn, digits, R random, Enter cut here, Esc back)."""
    keys = [*TO_THE_CUT, "right", "right"]
    app, before = chase_app(make_app, app_dirs, chase_config(), [FIRST], keys)
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_showdown_one_loser(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Everyone stood and the round-end box was closed to look at the table: every
    card face up (Ben 4♣, Cleo 9♥, Ann Q♠); Ben's panel marked "▼ loses" with a red
    heavy border and 2 lives; the pot holds 1 life; the middle shows Ben's 4♣ as the
    lowest card; the action bar offers Ben's deal (the deal passed left)."""
    keys = [*ALL_STAND, "escape"]
    app, before = chase_app(make_app, app_dirs, chase_config(), [FIRST], keys)
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_showdown_tie(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Ben and Cleo both hold a 4 and tie for lowest: the round-end box reads "Round 1:
    Ben and Cleo lose a life", the showdown (Ann Q♠, Ben 4♣, Cleo 4♥), one line per
    life lost, "The pot holds 2 lives", "The deal passes to Ben", and offers "D Deal"
    and "Esc Look at the table"; behind it both panels are marked as losers."""
    app, before = chase_app(make_app, app_dirs, chase_config(), [TIE], ALL_STAND)
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


BEN_OUT = [
    deck(3, 0, {1: "2C", 2: "9H", 0: "QS"}),
    deck(3, 1, {2: "9D", 0: "QH", 1: "3C"}),
    deck(3, 2, {0: "JD", 1: "4S", 2: "8C"}),
]
"""Three rounds in which Ben holds the lowest card and everyone stands."""


def ben_out_controller(config: GameConfig) -> Controller:
    controller = controller_for(config, BEN_OUT)
    play(controller, "deal", "stand", "stand", "stand")
    play(controller, "deal", "stand", "stand", "stand")
    play(controller, "deal", "stand", "stand")
    return controller


def test_chase_player_out(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Round 3: Ben loses his last life. Looking at the table after the round-end box:
    Ben's panel reads "0 lives" and "✗ out" (dimmed), every card is up, the pot holds
    3 lives, Cleo (the dealer, who stood) has 3 lives, and the log tells "Ben is out"
    and that the deal passes to Ann."""
    config = chase_config()
    controller = ben_out_controller(config)
    app, before = chase_app(
        make_app, app_dirs, config, keys=["enter", "s", "escape"], controller=controller
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


CLEO_AND_BEN_TIE = [
    deck(3, 0, {1: "2C", 2: "2D", 0: "QS"}),
    deck(3, 1, {2: "3D", 0: "QH", 1: "3C"}),
    deck(3, 2, {0: "JD", 1: "4S", 2: "4C"}),
]
"""Ben and Cleo tie for lowest three rounds running: both go out, Ann wins."""


def test_chase_winner(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Ben and Cleo lose their last lives together in round 3: the box reads "Ann
    wins!", the showdown, both losses and outs, that Ann is the last player with lives
    (3 lives), the standings (Ann with a star, Ben and Cleo out), and offers "R
    Rematch", "T Back to title" and "Esc Look at the table"."""
    config = chase_config()
    controller = controller_for(config, CLEO_AND_BEN_TIE)
    play(controller, "deal", "stand", "stand", "stand")
    play(controller, "deal", "stand", "stand", "stand")
    play(controller, "deal", "stand", "stand")
    app, before = chase_app(make_app, app_dirs, config, keys=["enter", "s"], controller=controller)
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def twenty_players(variants: Iterable[str] = ()) -> GameConfig:
    names = ["Ann", *BOT_NAMES[:4], "Fay", *BOT_NAMES[4:18]]
    bots = [seat for seat in range(20) if seat != 5]
    return chase_config(names, bots, variants=variants, dealer=19, seed=20)


@pytest.mark.parametrize("size", SNAPSHOT_SIZES)
def test_chase_twenty_players(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs, size: Any
) -> None:
    """Fay (a person) and 19 computer players, Fay's turn after five computer players
    moved. At 80x24: one line per seat in two columns (marker, name, lives as ● and a
    number, card, ◆ for the dealer, person or bot), every name readable; Fay's card is
    face up, the others face down; the log tells the computer players' moves and
    reasons, and ends with what Fay missed ("While Fay waited:" and who changed this
    round). At 160x48: bordered panels in three rows, taller middle and log; the info
    box lists the variants Four lives and Pairs are safe."""
    config = twenty_players(["four-lives", "pairs-safe"])
    app, before = chase_app(make_app, app_dirs, config)
    assert snap_compare(app, terminal_size=size, run_before=before)


ANNOUNCED = deck(3, 2, {0: "2C", 1: "8S", 2: "JD"})
"""Cleo deals; Ann (computer) holds 2♣ and will change with Ben."""


def test_chase_three_players_small(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Three players at 80x24 with Announce low cards: Ann (computer) changed with Ben
    and handed him 2♣, which everyone saw: Ben's panel shows [2♣] "known", the info box
    says where Ben's card came from and lists "Known: Ben 2♣" and the variant; Ben (the
    only person) sees his own card all the time and is offered Stand or Change."""
    config = chase_config(bots=[0, 2], variants=["announce-low"], dealer=2)
    app, before = chase_app(make_app, app_dirs, config, [ANNOUNCED])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_ascii(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """With ASCII glyphs: Ben's private view draws his card as "4c" in a +---+ box,
    face-down cards as [##], lives as o, the turn marker as >, every border + - |; no
    Unicode suit or rounded corner anywhere."""
    app, before = chase_app(
        make_app, app_dirs, chase_config(), [FIRST], ["d", "enter"], glyphs="ascii"
    )
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_hostile_names(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Names with markup and wide characters at the curtain: "[bold red]x[/]" is shown
    literally, the long wide name is cut with "…" in its panel ("张伟张伟张伟…") and in
    the curtain's "Pass to" line."""
    names = ["[bold red]x[/]", "\u5f20\u4f1f" * 10, "[link=x]y"]
    app, before = chase_app(make_app, app_dirs, chase_config(names), [FIRST], ["d"])
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_dealer_draws(snap_compare: Any, make_app: Any, app_dirs: AppDirs) -> None:
    """Dealer draws and Dealer's King in force: Ann, the dealer, has the keyboard and is
    offered "S Stand" and "D Draw the top card" (no cut); the info box lists both
    variants."""
    config = chase_config(variants=["dealer-draws", "dealers-king"])
    keys = ["d", "enter", "s", "enter", "s", "enter"]
    app, before = chase_app(make_app, app_dirs, config, [FIRST], keys)
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


def test_chase_game_over_of_five_at_60x20(
    snap_compare: Any, make_app: Any, app_dirs: AppDirs
) -> None:
    """Five players, the game over, at 60x20 (the smallest table): the box is headed
    "Ben wins!", its body shows a scroll bar on the right because the standings go on
    below the winner's and Ann's lines ("out in round 11"; Cleo, Dan and Eve are further
    down), and its keys stay in sight under it ("Rematch", "Back to title", "Look at the
    table")."""
    from tests.support.table import play_until_moves_left

    config = chase_config(("Ann", "Ben", "Cleo", "Dan", "Eve"))
    controller = controller_for(config)
    play_until_moves_left(controller, 1)
    keys = ["enter", controller.actions()[0].key]
    app, before = chase_app(make_app, app_dirs, config, keys=keys, controller=controller)
    assert snap_compare(app, terminal_size=(60, 20), run_before=before)

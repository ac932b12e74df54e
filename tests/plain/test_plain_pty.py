"""Whole games on a real pty in plain text, at one keyboard and at a shared table.

What a terminal receives is checked byte by byte (``tests/support/plain_pty.py``): no
escape sequence, not even colour; every line a whole line but the prompt it waits at.
Chase is checked against the game itself: no line names a face-down card of a seat the
terminal does not hold (a shadow game with the same seed and moves at one keyboard; the
table process's own moves, watched, at a shared table). The long games are in the
``slow`` tier, the short Aces game too (in this process every day: ``test_transcripts``);
the hang-up and SIGTERM run every day.
"""

from __future__ import annotations

import os
import random
import re
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.support.plain_pty import PlainTerminal, Policy, check_bytes, play, quit_number
from tests.support.pty_driver import saves_dir, shadow_of, write_app_settings
from tui.engine.chase.view import ChaseView
from tui.engine.core import Action, Event, find_legal
from tui.glyphs import card_words
from tui.share.transport import supported

CARD = re.compile(
    r"the (Ace|King|Queen|Jack|two|three|four|five|six|seven|eight|nine|ten) of "
    r"(clubs|diamonds|hearts|spades)"
)
RANKS = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J", "ten": "T", "two": "2",
         "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
         "nine": "9"}  # fmt: skip


def cards_named(line: str) -> set[str]:
    return {RANKS[rank] + suit[0].upper() for rank, suit in CARD.findall(line)}


def player(seed: int) -> Policy:
    """A player at the prompts: moves by the keys the prompt names, chosen at random
    (a seeded random), Enter where Enter goes on, and Quit at the title."""
    chooser = random.Random(seed)

    def answer(prompt: str, said: str) -> str | None:
        if prompt.startswith("What now?"):
            return quit_number(said)
        if prompt.startswith("The game is over:"):
            return "t"
        if prompt.startswith("Leave this game?"):
            return "y"
        if "cut the deck: a number" in prompt:
            return str(chooser.randint(1, 5))
        keys = re.findall(r"(?:^|[.,] )([a-z]) [a-z]", prompt)
        if "(or Enter)" in prompt or ("Enter " in prompt and not keys):
            return ""
        return chooser.choice(keys) if keys else ""

    return answer


@pytest.mark.slow  # a whole game on a pty (everyday: test_transcripts, in this process)
def test_a_short_aces_game_is_nothing_but_sentences_and_prompts(tmp_path: Path) -> None:
    write_app_settings(tmp_path)
    terminal = PlainTerminal(
        tmp_path, ["play", "aces", "--names", "Ann", "--computers", "1", "--seed", "3", "--plain"]
    )
    try:
        play([terminal], player(1), limit=60)
    finally:
        terminal.app.kill()
    text = terminal.text()
    assert "Aces in the Pot. At the table: Ann, Ada." in text
    assert re.search(r"^(You|Ada) wins?!$", text, re.M), text[-500:]
    assert text.rstrip().endswith("Goodbye.")
    assert terminal.app.returncode == 0
    assert check_bytes(terminal) == []


def test_a_dumb_terminal_gets_plain_text_by_itself(tmp_path: Path) -> None:
    write_app_settings(tmp_path)
    terminal = PlainTerminal(tmp_path, [], env={"TERM": "dumb"})
    try:
        assert terminal.app.wait_for("What now?", timeout=20)
        terminal.type(quit_number(terminal.text()))
        assert terminal.app.wait(10) == 0
    finally:
        terminal.app.kill()
    assert "party-dice in plain text" in terminal.text()
    assert check_bytes(terminal) == []


def test_a_hang_up_saves_as_the_full_table_does(tmp_path: Path) -> None:
    write_app_settings(tmp_path)
    argv = ["play", "aces", "--names", "Ann,Ben", "--first-seat", "1", "--seed", "4", "--plain"]
    terminal = PlainTerminal(tmp_path, argv)
    try:
        assert terminal.app.wait_for("Enter for start", timeout=20)
        terminal.type("")
        assert terminal.app.wait_for("Ann, your move.", timeout=10)
        time.sleep(0.6)  # the decision's key gate
        terminal.type("r")
        assert terminal.app.wait_for("Ben, your move.", timeout=10)
        started = time.monotonic()
        terminal.app.hang_up()  # the connection drops: the kernel sends SIGHUP
        code = terminal.app.wait(5)
    finally:
        terminal.app.kill()
    assert code == 0 and time.monotonic() - started < 3
    saves = [p for p in saves_dir(tmp_path).glob("*.json")]
    assert len(saves) == 1
    from tui.storage.save_format import parse_save

    _summary, payload = parse_save(saves[0].read_bytes(), slot_id="x", path=saves[0])
    shadow = shadow_of(argv[:-1])  # the same game, never interrupted
    shadow.apply(shadow.actions()[0])
    shadow.apply(find_legal(shadow.actions(), Action("roll", "", "")))
    assert payload == shadow.to_dict(), "the save holds the game as it was at the hang-up"


def test_sigterm_saves_too_and_touches_no_terminal_mode(tmp_path: Path) -> None:
    write_app_settings(tmp_path)
    argv = ["play", "aces", "--names", "Ann,Ben", "--first-seat", "1", "--seed", "4", "--plain"]
    terminal = PlainTerminal(tmp_path, argv)
    try:
        assert terminal.app.wait_for("Enter for start", timeout=20)
        terminal.type("")
        assert terminal.app.wait_for("Ann, your move.", timeout=10)
        time.sleep(0.6)
        terminal.type("r")
        assert terminal.app.wait_for("Ben, your move.", timeout=10)
        os.kill(terminal.app.pid, signal.SIGTERM)
        assert terminal.app.wait(5) == 0
    finally:
        terminal.app.kill()
    assert len(list(saves_dir(tmp_path).glob("*.json"))) == 1
    assert b"\x1b" not in terminal.output


# -- whole games -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_a_four_seat_aces_game_at_one_keyboard_to_the_end(tmp_path: Path, seed: int) -> None:
    write_app_settings(tmp_path)
    argv = ["play", "aces", "--names", "Ann,Ben", "--computers", "2", "--seed", str(seed)]
    terminal = PlainTerminal(tmp_path, [*argv, "--plain"])
    try:
        play([terminal], player(seed), limit=120)
    finally:
        terminal.app.kill()
    text = terminal.text()
    assert re.search(r"^\w+ wins!$", text, re.M), text[-500:]
    assert check_bytes(terminal) == []


TURNED_UP = frozenset({"king_shown", "swap_blocked", "card_announced", "cut_king"})
"""Events that turn a card up for everyone before the showdown."""


class RoundTruth:
    """What each round of a Chase game hid, seat by seat: the cards face down, what each
    seat knew (its own, what it gave and got), and what was turned up for all before the
    showdown (a King shown, a low card announced). ``note`` after every move."""

    def __init__(self) -> None:
        self.hidden: list[dict[int, set[str]]] = []
        self.known: list[dict[int, set[str]]] = []
        self.shown: list[set[str]] = []

    def note(self, game: Any, events: Sequence[Event] = (), rounds: int | None = None) -> None:
        """After a move made in round ``rounds`` (its ``events``) or at the start."""
        public = game.view(None)
        rounds = public.round if rounds is None else rounds
        turned_up = [e.value for e in events if e.kind in TURNED_UP and e.private_to is None]
        while len(self.hidden) <= rounds:
            self.hidden.append({})
            self.known.append({})
            self.shown.append(set())
        for seat in range(len(game.seats)):
            own = game.view(seat)
            card = own.seats[seat].card
            if card and public.seats[seat].card is None:
                self.hidden[rounds].setdefault(seat, set()).add(card)
            known = self.known[rounds].setdefault(seat, set())
            detail = ChaseView.of(own)
            handed = (detail.gave, detail.received)
            known.update(c for c in (card, *(p[1] for p in handed if p)) if c)
            if public.seats[seat].card and public.seats[seat].card_state != "showdown":
                self.shown[rounds].add(public.seats[seat].card or "")
        self.shown[rounds].update(turned_up)

    def secret(self, rounds: int, seat: int) -> set[str]:
        """Cards other seats held face down in that round that ``seat`` never knew."""
        if rounds >= len(self.hidden):
            return set()
        others = set().union(*(c for s, c in self.hidden[rounds].items() if s != seat))
        return others - self.known[rounds].get(seat, set()) - self.shown[rounds]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_a_chase_game_against_computers_names_no_hidden_card(tmp_path: Path, seed: int) -> None:
    write_app_settings(tmp_path)
    argv = ["play", "chase", "--names", "Ann", "--computers", "3", "--seed", str(seed)]
    terminal = PlainTerminal(tmp_path, [*argv, "--plain"])
    try:
        play([terminal], player(seed), limit=180)
    finally:
        terminal.app.kill()
    assert check_bytes(terminal) == []
    text = terminal.text()
    assert re.search(r"^(You win|\w+ wins) the game\.$", text, re.M), text[-500:]
    moves = [a for p, a in terminal.answers if "your move." in p or "cut the deck:" in p]
    truth = replay_chase(argv, moves)
    assert any(truth.secret(r, 0) for r in range(len(truth.hidden))), "nothing was hidden"
    assert leaks(text, truth, 0) == []


def replay_chase(argv: list[str], typed: list[str]) -> RoundTruth:
    """The person's moves, as typed at the move prompts (and the cut's), played on a
    shadow game with the same seed: computers and forced moves play themselves, as at
    the table."""
    truth = RoundTruth()
    game = shadow_of(argv)
    keys = iter(typed)
    truth.note(game)
    while not game.over:
        rounds = game.view(None).round
        if game.is_bot_turn():
            events = game.play_bot()[1]
        else:
            actions = game.actions()
            if len(actions) == 1 and actions[0].forced:
                events = game.apply(actions[0])
            else:
                key = next(keys)
                action = next((a for a in actions if a.key == key), None)
                if action is None:  # Enter: the only action, or the first of a round's end
                    action = actions[0]
                if action.arg_range is not None:
                    action = action.with_arg(int(next(keys)))
                events = game.apply(action)
        truth.note(game, events, rounds)
    return truth


def leaks(text: str, truth: RoundTruth, seat: int) -> list[str]:
    """Lines before each round's showdown naming a card a computer held face down in
    that round, which the person never knew and nobody turned up before the showdown
    (the exact moment of each line is checked in ``test_plain_table.py``)."""
    found = []
    rounds = re.split(r"^.* deals? one card to each of \d+ players\.$", text, flags=re.M)
    for number, said in enumerate(rounds[1:], 1):
        before = said.split("Showdown:")[0]
        for line in before.splitlines():
            for card in cards_named(line):
                if card in truth.secret(number, seat):
                    found.append(f"round {number}: {card_words(card)} in {line!r}")
    return found


def table_processes(home: Path) -> list[int]:
    """The table processes started from ``home`` (this test's): by their own environment."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if b"tui.share.process" in cmdline and f"HOME={home}".encode() in environ.split(b"\0"):
            found.append(int(entry.name))
    return found


def shared_game(home: Path, game: str, seed: int) -> tuple[PlainTerminal, PlainTerminal, Any]:
    """A whole ``game`` at a shared table: Ann hosts (with a computer player), Ben joins
    from a terminal of his own, and a watcher in this process records the table's moves;
    the terminals and the watcher, once the game is over."""
    from tests.support.share import Robot
    from tui.share.transport import listed_tables

    write_app_settings(home)
    env = {"PARTY_DICE_SHARING": "on", "PARTY_DICE_SEED": str(seed)}  # host refuses --seed
    argv = ["host", game, "--names", "Ann,Ben", "--computers", "1"]
    before = set(listed_tables())
    host = PlainTerminal(home, [*argv, "--idle", "1", "--plain"], env=env, name="Ann")
    guest: PlainTerminal | None = None
    try:
        assert host.app.wait_for("Code:", timeout=30), host.text()
        # This test's table, whatever else is open on the server.
        name = next(iter(set(listed_tables()) - before))
        table_id = name.rsplit(".", 1)[-1]
        watcher = Robot(name, None)
        watcher.connect()
        watching = watcher.thread()
        join = ["join", "--plain", "--seat", "Ben", "--table", table_id]
        guest = PlainTerminal(home, join, env=env, name="Ben")
        play([host, guest], player(seed), limit=240)
        watching.join(20)
    finally:
        for terminal in (host, guest):
            if terminal is not None:
                terminal.app.kill()
        for pid in table_processes(home):
            os.kill(pid, signal.SIGTERM)
    assert guest is not None
    for terminal in (host, guest):
        assert check_bytes(terminal) == [], terminal.name
    assert "Ben has joined." in host.text()
    return host, guest, watcher


@pytest.mark.slow
@pytest.mark.skipif(not supported(), reason="shared tables need Linux")
def test_an_aces_game_on_two_terminals_to_the_end(tmp_path: Path) -> None:
    host, guest, _watcher = shared_game(tmp_path, "aces", 13)
    for terminal in (host, guest):
        assert re.search(r"^(You win|\w+ wins)!$", terminal.text(), re.M), terminal.text()[-400:]
    assert re.search(r"^Ann rolls ", guest.text(), re.M), "Ben hears Ann's rolls by her name"
    assert re.search(r"^You roll ", guest.text(), re.M), "and his own as his"


@pytest.mark.slow
@pytest.mark.skipif(not supported(), reason="shared tables need Linux")
def test_a_chase_game_on_two_terminals_shows_each_only_its_own_card(tmp_path: Path) -> None:
    """Each terminal names no face-down card it does not know, round by round, from the
    table's own moves as the watcher saw them."""
    from tests.support.share import messages
    from tui.engine.controller import Seat
    from tui.gameconfig import GameConfig
    from tui.games import new_controller
    from tui.share.wire import action_in

    host, guest, watcher = shared_game(tmp_path, "chase", 21)
    text = {"Ann": host.text(), "Ben": guest.text()}
    assert re.search(r"^(You win|\w+ wins) the game\.$", text["Ben"], re.M), text["Ben"][-500:]
    config = GameConfig("chase", (Seat("Ann"), Seat("Ben"), Seat("Ada", "casual")), seed=21)
    game = new_controller(config)
    truth = RoundTruth()
    truth.note(game)
    for message in messages(watcher.lines):
        if message["t"] == "move":
            rounds = game.view(None).round
            events = game.apply(find_legal(game.actions(), action_in(message["action"])))
            truth.note(game, events, rounds)
    assert game.over, "the watcher saw the whole game"
    for seat, who in enumerate(("Ann", "Ben")):
        assert any(truth.secret(r, seat) for r in range(len(truth.hidden))), "nothing hidden"
        assert leaks(text[who], truth, seat) == [], who

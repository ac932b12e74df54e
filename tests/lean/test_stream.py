"""``tui.lean``: the lean stream draws what Textual's stream draws, in fewer bytes.

A model terminal (written here on its own, not from ``LeanStream``'s tables) is fed
Textual's real output for a Chase table and its curtains, and separately the lean
stream made of it; after every write both show the same characters with the same
colours and attributes in every cell (a blank cell: what it shows, its background and
any line through it), and the terminal is left in the same SGR state.
"""

from __future__ import annotations

import inspect
import random
import subprocess
import sys
from typing import Any, cast

import pytest
from textual import events
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.strip import Strip

from tests.support.terminal_model import same_screens
from tui.lean.driver import LeanOutputApp, LeanOutputDriver, lean
from tui.lean.stream import LeanStream


def test_textual_still_writes_a_style_and_a_reset_around_every_segment() -> None:
    source = inspect.getsource(Strip.render_style)
    assert 'f"\\x1b[{ansi}m{text}\\x1b[0m"' in source


def test_the_terminal_driver_writes_lean_and_pilot_s_is_left_alone() -> None:
    driver_class = LeanOutputApp[None]().get_driver_class()
    assert issubclass(driver_class, LeanOutputDriver)
    assert issubclass(driver_class, LinuxDriver)
    assert LeanOutputApp[None]().get_driver_class() is driver_class
    assert not issubclass(HeadlessDriver, LeanOutputDriver)


def test_styles_it_does_not_model_pass_unchanged_and_state_comes_back_at_a_reset() -> None:
    writes = [
        "\x1b[1;31mA\x1b[0m\x1b[1;31mB\x1b[0m",
        "\x1b[1;58;5;3mC\x1b[0m\x1b[1mD\x1b[0m",  # 58: underline colour, not modelled
        "\x1b[2;1H\x1b[1;2;7;38;2;1;2;3;48;5;9m  \x1b[0m\x1b[1;7;38;2;1;2;3;48;5;9m x\x1b[0m",
        "\x1b[3;1H\x1b[4m \x1b[0m\x1b[48;5;4m \x1b[0m\x1b[48;5;4;3m \x1b[0m\x1b[1mé─▶x\x1b[0m",
        "\x1b[4;1H\x1b[1m漢\x1b[0m\x1b[4;3Hz\x1b[4;4Hy",  # a wide character: the cursor is lost
        "\x1b[5;1H\x1b[31mab\x1b[5;3Hc\x1b[0m\n\x1b[6;1H\x1b[22;39m",
        "\x1b[6;1H\x1b[1;38;5;200;48;5;100mA\x1b[0m\x1b[1;38;5;200;48;5;101mB\x1b[0m",
        "\x1b[6;3H\x1b[1;2;38;5;200mA\x1b[0m\x1b[2;38;5;200mB\x1b[0m\x1b[38;5;200mC\x1b[0m",
        "\x1b[1;1H\x1b[48;5;4m" + " " * 14 + "\x1b[0m\x1b[4;48;5;4m" + " " * 14 + "\x1b[0mq\n"
        "\x1b[2;1H\x1b[7;31m" + " " * 13 + "\x1b[0m\x1b[44m" + " " * 16 + "\x1b[0m\x1b[2;5Hr",
    ]
    before, after = same_screens(writes, (40, 6))
    assert after < before


def test_a_style_or_a_move_is_written_only_when_it_changes_something() -> None:
    stream = LeanStream()
    stream.feed("\x1b[0m")
    sent = stream.feed("\x1b[1;1H\x1b[31;44mab\x1b[0m\x1b[1;3H\x1b[31;44mc\x1b[0m\x1b[44m  \x1b[0m")
    assert sent == "\x1b[1H\x1b[31;44mabc  \x1b[0m"
    sent = stream.feed("\x1b[2;1H\x1b[1;38;5;7;48;5;9mx\x1b[0m\x1b[1;38;5;7;48;5;10my\x1b[0m")
    assert sent == "\r\n\x1b[1;38;5;7;48;5;9mx\x1b[48;5;10my\x1b[0m"


def test_with_bce_a_long_blank_run_is_erased_in_its_background() -> None:
    stream = LeanStream(erase=True)
    stream.feed("\x1b[0m")
    sent = stream.feed("\x1b[3;1H\x1b[44m" + " " * 20 + "\x1b[0m\x1b[31mZ\x1b[0m")
    assert sent == "\x1b[3H\x1b[44m\x1b[20X\x1b[21G\x1b[0;31mZ\x1b[0m"
    reversed_blanks = "\x1b[4;1H\x1b[7;31m" + " " * 20 + "\x1b[0m"
    assert " " * 20 in stream.feed(reversed_blanks)
    assert " " * 20 in LeanStream().feed("\x1b[0m\x1b[44m" + " " * 20 + "\x1b[0m")


def test_a_sequence_cut_in_two_goes_out_as_it_came() -> None:
    stream = LeanStream()
    assert stream.feed("\x1b[1;31mA\x1b[0m\x1b[38;5") == "\x1b[1;31mA\x1b[0m\x1b[38;5"
    assert stream.feed(";3mB") == ";3mB"
    assert stream.feed("\x1b[31mA\x1b[0m\x1b[31mB\x1b[0m") == "\x1b[31mA\x1b[0m\x1b[31mB\x1b[0m"
    assert stream.feed("\x1b[31mA\x1b[0m\x1b[31mB\x1b[0m") == "\x1b[31mAB\x1b[0m"


def test_a_move_back_is_never_counted_from_past_the_last_column() -> None:
    """Text up to the last column leaves the cursor on it (not one beyond, as the
    stream counts): a way back on the row is written as a column, not a count."""
    stream = LeanStream()
    stream.feed("\x1b[0m")
    sent = stream.feed("\x1b[1;79Hab\x1b[1;80Hc")
    assert sent == "\x1b[1;79Hab\x1b[80Gc"


async def test_a_stream_that_fails_writes_what_came_and_starts_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[str] = []
    driver = lean(HeadlessDriver)(cast(App[Any], object()))
    assert isinstance(driver, LeanOutputDriver)
    monkeypatch.setattr(HeadlessDriver, "write", lambda self, data: written.append(data))
    driver.write("\x1b[0m\x1b[31mA\x1b[0m\x1b[31mB\x1b[0m")
    monkeypatch.setattr(LeanStream, "feed", lambda *args: 1 / 0)
    driver.write("\x1b[1;1H\x1b[31mC\x1b[0m")
    assert written == ["\x1b[0m\x1b[31mAB\x1b[0m", "\x1b[1;1H\x1b[31mC\x1b[0m"]
    assert driver.lean.actual is None and driver.lean.cursor is None


FRAME = (
    "\x1b[1;1H\x1b[38;5;17m╭────────╮\x1b[0m\x1b[2;1H\x1b[38;5;17m│\x1b[0m\x1b[1mAnn\x1b[0m"
    "\x1b[38;5;253m     \x1b[0m\x1b[38;5;17m│\x1b[0m"
)


def test_cells_the_terminal_already_shows_are_not_sent_again() -> None:
    """A region Textual repaints whole (a panel whose one line changed, the table under
    a lifted box) goes out as the cells that differ from what the terminal shows."""
    stream = LeanStream()
    stream.feed("\x1b[0m")
    assert "Ann" in stream.feed(FRAME)
    again = stream.feed(FRAME)
    assert not any(text in again for text in ("╭", "│", "Ann", "  ")), repr(again)
    changed = stream.feed(FRAME.replace("Ann", "Bob"))
    assert "Bob" in changed and "╭" not in changed and "│" not in changed
    assert len(changed) < 20, repr(changed)
    same_screens(["\x1b[0m", FRAME, FRAME, FRAME.replace("Ann", "Bob"), FRAME], (12, 3))


def test_what_the_stream_cannot_follow_makes_it_send_the_cells_again() -> None:
    """A sequence it does not know (it may clear or scroll), a style it does not model
    and a character of unknown width each leave the cells it touches unknown."""
    for between in ("\x1b[2J", "\x1b[1;1H\x1b[58;5;3m╭────────╮\x1b[0m"):
        stream = LeanStream()
        stream.feed("\x1b[0m")
        stream.feed(FRAME)
        stream.feed(between)
        assert "╭" in stream.feed(FRAME), between
    stream = LeanStream()
    stream.feed("\x1b[0m")
    stream.feed(FRAME)
    stream.feed("\x1b[2;2H漢\x1b[0m")
    redrawn = stream.feed(FRAME)
    assert "Ann" in redrawn and "╭" not in redrawn
    writes = [
        "\x1b[0m",
        FRAME,
        "\x1b[2;2H漢x\x1b[0m",
        FRAME,
        "\x1b[1;3H\x1b[58;5;3mzz\x1b[0m",
        FRAME,
    ]
    same_screens(writes, (12, 3))


def _update(rows: list[str]) -> str:
    """A full update as Textual writes it: each row placed, a line feed between rows."""
    return "\n".join(f"\x1b[{n};1H\x1b[38;5;253m{row}\x1b[0m" for n, row in enumerate(rows, 1))


def test_a_character_of_unknown_width_costs_its_own_row_not_the_screen() -> None:
    """A screen drawn twice: rows with an arrow the app does not draw (East Asian width
    ambiguous: one cell or two, by the terminal) lose the cursor on their row, and the
    line feed after such a row forgets the row below too, no more; a row that could
    reach the bottom, where a line feed would scroll, still forgets everything."""
    rows = ["Rules", "→ one", "plain two", "↔ three", "plain four", "plain five", "end"]
    stream = LeanStream()
    stream.width, stream.height = 20, 7
    stream.feed("\x1b[0m")
    stream.feed(_update(rows))
    again = stream.feed(_update(rows))
    assert "Rules" not in again and "five" not in again, repr(again)
    assert "two" in again and "four" in again  # each below a lost row
    assert "one" in again and "three" in again  # after their own unknown character
    near_the_bottom = [*rows[:5], "→ six", "end"]
    stream.feed(_update(near_the_bottom))
    assert "Rules" in stream.feed(_update(near_the_bottom))  # had row 6 wrapped
    stream.feed("\x1b[?7l")  # wrapping off, as Textual starts: no row reaches the next
    stream.feed(_update(near_the_bottom))
    assert "Rules" not in stream.feed(_update(near_the_bottom))
    stream.feed("\x1b[?7h")
    stream.feed(_update(near_the_bottom))
    assert "Rules" in stream.feed(_update(near_the_bottom))
    unsized = LeanStream()
    unsized.width = 20
    unsized.feed("\x1b[0m" + _update(rows))
    assert "Rules" in unsized.feed(_update(rows))  # no height told: as before
    same_screens(["\x1b[0m", _update(rows), _update(rows), _update(near_the_bottom)], (20, 7))
    same_screens(["\x1b[0m", _update(rows), _update(rows[::-1]), _update(rows)], (20, 7))


def test_the_symbols_the_app_draws_are_one_cell_and_cost_nothing_drawn_again() -> None:
    """The header's circle, the rules' bullets and dashes, the dice and the suits: a
    screen of them drawn a second time sends no cell."""
    rows = ["⭘ party-dice — Rules", "• Each ⚀ … ⚅", "A♠ K♥ ↑↓ ✕ ✗"]
    stream = LeanStream()
    stream.width, stream.height = 30, 3
    stream.feed("\x1b[0m" + _update(rows))
    again = stream.feed(_update(rows))
    assert not any(text in again for text in ("party", "Each", "♠")), repr(again)


def test_runs_of_one_character_go_out_whole_never_repeated() -> None:
    """No REP (``CSI n b``) even where terminfo has ``rep``: many terminals that call
    themselves xterm lack it or repeat only ASCII (tmux before 3.5, PuTTY, JetBrains'),
    and a border would vanish."""
    stream = LeanStream(erase=True, scroll=True)
    stream.feed("\x1b[0m")
    sent = stream.feed("\x1b[1;1H╭" + "─" * 24 + "╮ ab   c")
    assert sent == "\x1b[1H╭" + "─" * 24 + "╮ ab   c"


@pytest.mark.parametrize(
    ("term", "scrolls"),
    [("xterm-256color", True), ("screen", True), ("linux", False)],
)
def test_rows_are_scrolled_only_where_terminfo_can(term: str, scrolls: bool) -> None:
    """Asked in a process of its own: curses reads one terminal's entry per process."""
    ask = f"from tui.lean.sgr import scrolls_regions; print(scrolls_regions({term!r}))"
    answer = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True)
    assert answer.stdout.split() == [str(scrolls)], answer.stderr


def _log(lines: list[str], top: int = 3, width: int = 30) -> str:
    """Rows from ``top`` drawn whole, one line of a log each, as Textual repaints them."""
    return (
        "\x1b[?2026h"
        + "".join(
            f"\x1b[{top + n};1H\x1b[38;5;253;48;5;233m{line.ljust(width)}\x1b[0m"
            for n, line in enumerate(lines)
        )
        + "\x1b[?2026l"
    )


def test_rows_that_moved_up_are_scrolled_not_drawn_again() -> None:
    """A full log gains a line: every row moves up one. The band of whole rows is
    scrolled (a scroll region, SU, the region reset) inside the synchronised update,
    and only the new last row is drawn; a band not drawn whole is not scrolled."""
    lines = [f"Computer {n} changes with Ann" for n in range(6)]
    stream = LeanStream(erase=True, scroll=True)
    stream.width = 30
    header = "\x1b[1;1H\x1b[1mTable\x1b[0m"
    stream.feed("\x1b[0m" + header + _log(lines[:5]))
    sent = stream.feed(_log(lines[1:6]))
    assert sent.startswith("\x1b[?2026h\x1b[3;7r\x1b[1S\x1b[r"), repr(sent)
    assert "Computer 5" in sent and "Computer 2" not in sent
    narrow = _log(lines[2:6], width=29)
    assert "\x1b[1S" not in stream.feed(narrow)
    writes = ["\x1b[0m" + header + _log(lines[:5]), _log(lines[1:6]), narrow, _log(lines[:5])]
    same_screens(writes, (30, 8))
    same_screens([*writes, _log(lines[2:6], top=2), _log(lines[3:6], top=5)], (30, 8))


def test_a_frame_with_one_row_changed_is_not_scrolled_to_a_row_like_it_lower_down() -> None:
    """The table's panels repeat every four rows: when one row changes to look like
    the row four lower (a border restyled), scrolling four would bring that row into
    place but move away every row already right. Only the changed row is drawn."""
    width = 60
    bar = "─" * (width - 2)

    def panel(name: str) -> list[str]:
        return [f"╭{bar}╮", f"│ {name:{width - 3}}│", f"│ {'2 chips':{width - 3}}│", f"╰{bar}╯"]

    lines = [*panel("Ann"), *panel("Dan"), "Pot: empty", "Dice: no roll yet", "Ann rolls first"]
    stream = LeanStream(erase=True, scroll=True)
    stream.width = width
    again = _log(lines, top=1, width=width)
    first = again.replace("253;48;5;233m╭", "239;48;5;233m╭", 1)  # the first border, dim
    stream.feed("\x1b[0m" + first)
    sent = stream.feed(again)
    assert "S\x1b[r" not in sent, repr(sent)
    assert "╭" in sent and not {"Ann", "Dan", "chips", "Pot"} & set(sent.split()), repr(sent)
    same_screens(["\x1b[0m" + first, again], (width, 12))


async def test_a_resize_makes_the_stream_forget_what_the_terminal_shows() -> None:
    """A resized terminal may have moved or cut any cell: everything goes out again."""
    app = LeanOutputApp[None]()
    driver = lean(HeadlessDriver)(app)
    assert isinstance(driver, LeanOutputDriver) and app.lean_driver is driver
    driver.lean.feed("\x1b[0m" + FRAME)
    assert driver.lean.shown.rows
    app.on_resize(events.Resize(Size(100, 30), Size(100, 30)))
    assert not driver.lean.shown.rows
    assert "Ann" in driver.lean.feed(FRAME)


async def test_ctrl_l_redraws_every_cell_in_a_style_stated_anew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Something else wrote over the screen (a ``wall`` message on a shared server): the
    stream knew nothing of it, so Ctrl+L resets the terminal's style and makes the stream
    forget the cells and the cursor; the whole screen is drawn again."""
    written: list[str] = []
    monkeypatch.setattr(HeadlessDriver, "write", lambda self, data: written.append(data))
    app = LeanOutputApp[None]()
    driver = lean(HeadlessDriver)(app)
    assert isinstance(driver, LeanOutputDriver) and app.lean_driver is driver
    driver.write("\x1b[0m" + FRAME)
    driver.write(FRAME)
    assert "Ann" not in written[-1]
    app.action_redraw()
    assert written[-1] == "\x1b[0m"
    driver.write(FRAME)
    assert "Ann" in written[-1] and "╭────────╮" in written[-1]
    assert driver.lean.cursor is not None


@pytest.mark.parametrize("lean_stream", ["on", "off"])
async def test_ctrl_l_is_bound_and_sends_the_whole_screen_again(
    lean_stream: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Ctrl+L mends a garbled screen with the lean stream and without it
    (``PARTY_DICE_LEAN=off``): every cell is sent again, the title's words among them."""
    from tests.support.recording import recorded
    from tui.app import PartyDiceApp

    monkeypatch.setenv("PARTY_DICE_LEAN", lean_stream)
    for name in ("CONFIG", "STATE", "DATA"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name))
    app = PartyDiceApp()
    async with recorded(app, monkeypatch) as (pilot, terminal):
        await pilot.pause()
        assert (app.lean_driver is not None) == (lean_stream == "on")
        terminal.mark()
        await pilot.press("ctrl+l")
        await pilot.pause()
        again = "".join(terminal.new)
    assert "Aces in the Pot" in again and "Chase the Ace" in again, again
    assert len(again.encode()) > 1_000


def test_the_lean_stream_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARTY_DICE_LEAN", "off")
    assert LeanOutputApp[None]().get_driver_class() is LinuxDriver


def test_random_frames_draw_the_same_through_every_shortcut() -> None:
    """Seeded random frames in Textual's shape (a place, then styled runs), with rows
    drawn whole and moved up, runs of one character, blanks, wide and unknown
    characters and sequences it does not know: the model terminals agree after each."""
    chooser = random.Random(12)
    width, height = 20, 6
    looks = ["31", "1;38;5;200;48;5;17", "48;5;17", "7", "4;44", "0", "58;5;3"]
    rows = [["".join(chooser.choice("ab ─") for _ in range(width))] for _ in range(height)]
    writes = ["\x1b[0m"]
    for _ in range(300):
        roll = chooser.random()
        if roll < 0.3:  # the log gains a line: whole rows, moved up
            rows = [*rows[1:], ["".join(chooser.choice("xy  →") for _ in range(width))]]
            top = chooser.randint(1, 3)
            writes.append(
                chooser.choice(["", "\n"]).join(  # Textual's full updates: a line feed
                    f"\x1b[{row};1H\x1b[38;5;253;48;5;233m{rows[row - 1][0]}\x1b[0m"
                    for row in range(top, height + 1)
                )
            )
        elif roll < 0.35:
            writes.append(chooser.choice(["\x1b[2J", "\x1b[?25l", "\x1b]0;t\x07"]))
        else:
            row, col = chooser.randint(1, height), chooser.randint(1, width - 3)
            runs = "".join(
                f"\x1b[{chooser.choice(looks)}m"
                + chooser.choice(["─" * chooser.randint(1, 6), "  ", "ab", "漢", "é→", " " * 12])
                + "\x1b[0m"
                for _ in range(chooser.randint(1, 3))
            )
            writes.append(f"\x1b[{row};{col}H{runs}")
    before, after = same_screens(writes, (width, height))
    assert after < before

"""``terminal_input``, ``input_decoding``, ``extended_keys``, ``unended_paste``,
``lone_escape``: the
driver globals they replace, the parser methods they wrap, and their effect."""

from __future__ import annotations

import inspect
import time
from typing import Any

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers import linux_driver, linux_inline_driver

from tui.textual_compat import terminal_input, unended_paste
from tui.textual_compat.extended_keys import ExtendedKeyGuard
from tui.textual_compat.lone_escape import LoneEscapeGuard
from tui.textual_compat.unasked_reports import UnaskedReportGuard


def installed_parser() -> Any:
    """A parser of the class the installed workarounds give the drivers."""
    return terminal_input.parser_class()()


def test_the_driver_builds_its_decoder_and_parser_from_the_globals() -> None:
    source = inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
    assert 'getincrementaldecoder("utf-8")()' in source
    assert "XTermParser(self._debug)" in source and "tick()" in source
    inline = inspect.getsource(linux_inline_driver.LinuxInlineDriver.run_input_thread)
    assert 'getincrementaldecoder("utf-8")()' in inline and "XTermParser(" in inline
    assert "def _parse_extended_key(self, sequence: str)" in inspect.getsource(XTermParser)
    assert "paste_buffer" in inspect.getsource(XTermParser.parse)


def test_once_installed_bad_bytes_decode_to_the_replacement_character() -> None:
    decode = getattr(linux_driver, "getincrementaldecoder")("utf-8")().decode  # noqa: B009
    assert decode(b"caf\xe9 \xff") == "caf\ufffd \ufffd"
    for module in (linux_driver, linux_inline_driver):
        parser = getattr(module, "XTermParser")  # noqa: B009
        guards = (LoneEscapeGuard, UnaskedReportGuard, ExtendedKeyGuard)
        assert all(issubclass(parser, guard) for guard in guards), parser.__mro__
        assert parser.__mro__.index(UnaskedReportGuard) < parser.__mro__.index(XTermParser)


def keys(parser: XTermParser, data: str) -> list[str]:
    return [event.key for event in parser.feed(data) if isinstance(event, events.Key)]


def test_an_extended_key_beyond_unicode_is_ignored() -> None:
    parser = installed_parser()
    assert keys(parser, "\x1b[1114112u") == []
    assert keys(parser, "\x1b[97;1;1114112u") == []
    assert keys(parser, "\x1b[97u\x11") == ["a", "ctrl+q"]


def test_a_paste_left_open_ends_after_a_moment_of_silence(monkeypatch: object) -> None:
    parser = installed_parser()
    assert list(parser.feed("\x1b[200~pasted\x07")) == []
    parser._last_input = time.monotonic() - unended_paste.SILENCE - 0.1
    (pasted,) = list(parser.tick())
    assert isinstance(pasted, events.Paste) and pasted.text == "pasted\x07"
    assert keys(parser, "\x11") == ["ctrl+q"]
    # A paste that ends, split anywhere, is not ended twice.
    assert list(parser.feed("\x1b[200~x\x1b[2")) == []
    assert [e.text for e in parser.feed("01~") if isinstance(e, events.Paste)] == ["x"]
    assert not parser._pasting


def test_a_quit_key_inside_an_open_paste_ends_it_and_stays_a_key() -> None:
    parser = installed_parser()
    out = list(parser.feed("\x1b[200~pasted\x11after"))
    assert [type(event).__name__ for event in out][:2] == ["Paste", "Key"]
    assert out[0].text == "pasted" and out[1].key == "ctrl+q"
    assert keys(parser, "x") == ["x"]


FALSE_SIZE = "\x1b[48;1;1;1;1t"
"""An in-band window-size report saying the terminal is one cell (rows, columns, pixels)."""


def resizes(parser: XTermParser, data: str) -> list[tuple[int, int]]:
    return [
        (e.size.width, e.size.height) for e in parser.feed(data) if isinstance(e, events.Resize)
    ]


def test_textual_believes_size_reports_it_did_not_ask_for() -> None:
    """What ``unasked_reports`` works around, and the names it relies on: when this
    fails, Textual changed the in-band resize protocol and the guard needs a look."""
    assert resizes(XTermParser(), FALSE_SIZE) == [(1, 1)]
    parse = inspect.getsource(XTermParser.parse)
    assert "_re_in_band_window_resize" in parse and "InBandWindowResize" in parse
    assert "self.mouse_pixels = True" in parse and "self.terminal_size =" in parse
    driver = inspect.getsource(linux_driver.LinuxDriver)
    assert driver.count('self.write("\\x1b[?2048$p")') == 1  # the one query
    assert "if not self._in_band_window_resize:" in driver  # then SIGWINCH is ignored


def test_a_size_report_counts_only_once_the_terminal_said_it_sends_them() -> None:
    parser = installed_parser()
    assert resizes(parser, FALSE_SIZE + "x") == []
    assert (parser.mouse_pixels, parser.terminal_size) == (False, None)
    assert keys(parser, "\x1b[48;1;1;1;1t\x11") == ["ctrl+q"]
    # The terminal answers the driver's query: it supports the mode (2: not yet on).
    answer = list(parser.feed("\x1b[?2048;2$y"))
    assert [type(token).__name__ for token in answer] == ["InBandWindowResize"]
    assert resizes(parser, "\x1b[48;24;80;480;640t") == [(80, 24)]
    assert parser.terminal_size == (80, 24) and parser.mouse_pixels


def test_a_second_answer_about_size_reports_is_not_believed() -> None:
    parser = installed_parser()
    assert len(list(parser.feed("\x1b[?2048;0$y"))) == 1  # not supported: SIGWINCH it is
    assert list(parser.feed("\x1b[?2048;1$y")) == []  # typed later: not an answer
    assert resizes(parser, FALSE_SIZE) == []


def test_textual_waits_after_a_lone_escape_for_a_sequence_to_continue() -> None:
    """What the workaround is for: Textual's parser holds a lone ESC back until its
    wait (``ESCAPE_DELAY``) has passed, and names the moment ``_timeout_time``."""
    parser = XTermParser()
    assert keys(parser, "\x1b") == [] and waited(parser) == ["escape"]


def waited(parser: XTermParser) -> list[str]:
    """The keys a parser gives once its wait for a sequence to continue is over."""
    assert parser._timeout_time is not None, "the parser is not waiting"
    parser._timeout_time = 0.0
    return [event.key for event in parser.tick() if isinstance(event, events.Key)]


def test_a_read_of_a_lone_escape_is_the_escape_key_at_once() -> None:
    parser = installed_parser()
    assert keys(parser, "\x1b") == ["escape"]
    assert parser._timeout_time is None and list(parser.tick()) == []
    assert keys(parser, "x") == ["x"]  # and the next key is a key of its own
    assert keys(parser, "\x1b") == ["escape"]


@pytest.mark.parametrize(
    "reads",
    [
        ["\x1b[A"],  # an arrow
        ["\x1bx"],  # Alt+x (it waits, in Textual too)
        ["\x1b\x1b"],  # Escape pressed twice in one read
        ["a\x1b", "[B"],  # a read split after an ESC: still an arrow
        ["\x1b[", "\x1b"],  # an ESC inside a sequence left open
        ["\x1b[200~", "\x1b", "[201~"],  # a paste holding an ESC
    ],
)
def test_an_escape_with_more_in_its_read_is_parsed_as_textual_does(reads: list[str]) -> None:
    """Every ESC but a read of one between sequences keeps Textual's meaning and wait."""
    ours, textuals = installed_parser(), XTermParser()
    for data in reads:
        assert keys(ours, data) == keys(textuals, data)
        assert (ours._timeout_time is None) == (textuals._timeout_time is None)
    if textuals._timeout_time is not None:
        assert waited(ours) == waited(textuals)


def test_escdelay_in_the_environment_brings_the_wait_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ESCDELAY", "300")
    parser = installed_parser()
    assert keys(parser, "\x1b") == [] and waited(parser) == ["escape"]

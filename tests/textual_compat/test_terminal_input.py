"""``terminal_input``, ``input_decoding``, ``extended_keys``, ``unended_paste``: the
driver globals they replace, the parser methods they wrap, and their effect."""

from __future__ import annotations

import inspect
import time

from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers import linux_driver, linux_inline_driver

from tui.textual_compat import terminal_input, unended_paste
from tui.textual_compat.terminal_input import TerminalInputParser


def test_the_driver_builds_its_decoder_and_parser_from_the_globals() -> None:
    source = inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
    assert 'getincrementaldecoder("utf-8")()' in source
    assert "XTermParser(self._debug)" in source and "tick()" in source
    inline = inspect.getsource(linux_inline_driver.LinuxInlineDriver.run_input_thread)
    assert 'getincrementaldecoder("utf-8")()' in inline and "XTermParser(" in inline
    assert "def _parse_extended_key(self, sequence: str)" in inspect.getsource(XTermParser)
    assert "paste_buffer" in inspect.getsource(XTermParser.parse)


def test_once_applied_bad_bytes_decode_to_the_replacement_character() -> None:
    terminal_input.apply()
    terminal_input.apply()
    decode = getattr(linux_driver, "getincrementaldecoder")("utf-8")().decode  # noqa: B009
    assert decode(b"caf\xe9 \xff") == "caf\ufffd \ufffd"
    assert getattr(linux_driver, "XTermParser") is TerminalInputParser  # noqa: B009


def keys(parser: XTermParser, data: str) -> list[str]:
    return [event.key for event in parser.feed(data) if isinstance(event, events.Key)]


def test_an_extended_key_beyond_unicode_is_ignored() -> None:
    parser = TerminalInputParser()
    assert keys(parser, "\x1b[1114112u") == []
    assert keys(parser, "\x1b[97;1;1114112u") == []
    assert keys(parser, "\x1b[97u\x11") == ["a", "ctrl+q"]


def test_a_paste_left_open_ends_after_a_moment_of_silence(monkeypatch: object) -> None:
    parser = TerminalInputParser()
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
    parser = TerminalInputParser()
    out = list(parser.feed("\x1b[200~pasted\x11after"))
    assert [type(event).__name__ for event in out][:2] == ["Paste", "Key"]
    assert out[0].text == "pasted" and out[1].key == "ctrl+q"  # type: ignore[attr-defined]
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
    parser = TerminalInputParser()
    assert resizes(parser, FALSE_SIZE + "x") == []
    assert (parser.mouse_pixels, parser.terminal_size) == (False, None)
    assert keys(parser, "\x1b[48;1;1;1;1t\x11") == ["ctrl+q"]
    # The terminal answers the driver's query: it supports the mode (2: not yet on).
    answer = list(parser.feed("\x1b[?2048;2$y"))
    assert [type(token).__name__ for token in answer] == ["InBandWindowResize"]
    assert resizes(parser, "\x1b[48;24;80;480;640t") == [(80, 24)]
    assert parser.terminal_size == (80, 24) and parser.mouse_pixels


def test_a_second_answer_about_size_reports_is_not_believed() -> None:
    parser = TerminalInputParser()
    assert len(list(parser.feed("\x1b[?2048;0$y"))) == 1  # not supported: SIGWINCH it is
    assert list(parser.feed("\x1b[?2048;1$y")) == []  # typed later: not an answer
    assert resizes(parser, FALSE_SIZE) == []

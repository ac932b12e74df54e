"""``input_end``: the read the input thread decodes, and an empty one taken for the end
of the input: one hang-up, then a wait for each read after it instead of a busy loop.
The real app, hung up this way on a pty, is ``tests/app/test_hangup.py``'s
``test_a_terminal_gone_without_a_hang_up_signal_saves_and_exits``."""

from __future__ import annotations

import codecs
import inspect
import time

import pytest
from textual.drivers import linux_driver, linux_inline_driver

from tui.textual_compat import input_end, terminal_input


def test_the_thread_decodes_each_read_and_skips_an_empty_one() -> None:
    for driver in (linux_driver.LinuxDriver, linux_inline_driver.LinuxInlineDriver):
        source = inspect.getsource(driver.run_input_thread)
        assert 'getincrementaldecoder("utf-8")()' in source
        assert "selector.select(0.1)" in source
    source = inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
    assert "decode(read(fileno, 1024 * 4), final=final and last)" in source
    assert "if not unicode_data:" in source  # skipped, and the loop selects again


def test_once_installed_the_drivers_decoders_notice_the_end() -> None:
    terminal_input.assemble()  # again: the same as once
    for module in (linux_driver, linux_inline_driver):
        factory = getattr(module, "getincrementaldecoder")  # noqa: B009
        assert isinstance(factory, input_end.EndAware)
        assert not isinstance(factory.factory, input_end.EndAware)  # wrapped once
        decoder = factory("utf-8")()
        assert decoder.decode(b"caf\xe9 ") == "caf\ufffd "  # still lenient


def test_an_empty_read_hangs_up_once_then_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(input_end, "IDLE_TICK", 0.05)
    calls: list[str] = []
    decode = input_end.EndAware(codecs.getincrementaldecoder, lambda: calls.append("end"))(
        "utf-8"
    )().decode
    assert decode(b"\xc3") == ""  # half a character: not the end
    assert decode(b"\xa9") == "\u00e9"
    assert decode(b"", final=True) == "" and calls == []  # the thread's last read
    assert decode(b"") == "" and calls == ["end"]
    began = time.monotonic()
    for _ in range(3):
        assert decode(b"") == ""
    assert calls == ["end"], "told once"
    assert time.monotonic() - began >= 3 * 0.05, "each read after it waits a tick"

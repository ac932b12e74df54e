"""``gone_terminal``: Textual's writer thread dies on a terminal gone, and lives on, its
queue drained, with the output wrapped."""

from __future__ import annotations

import inspect
import io
import sys
from typing import Any

import pytest
from textual.drivers import linux_driver
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

from tui.lean.driver import LeanOutputDriver, lean
from tui.textual_compat.fixed_app import fixed_driver
from tui.textual_compat.gone_terminal import GoneWhenItFails, guard_output


class Gone(io.StringIO):
    """A terminal whose other side has closed: every write fails with EIO."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")


def test_the_private_names_are_still_there() -> None:
    source = inspect.getsource(linux_driver.LinuxDriver)
    assert "self._file = sys.__stderr__" in source
    assert "WriterThread(self._file)" in source


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_textual_s_writer_thread_dies_on_a_terminal_gone() -> None:
    writer = WriterThread(Gone())
    writer.start()
    writer.write("a frame")
    writer.join(timeout=5)
    assert not writer.is_alive()  # the frames after it would fill its queue


def test_wrapped_it_drops_every_frame_and_keeps_draining() -> None:
    output = GoneWhenItFails(Gone())
    writer = WriterThread(output)  # type: ignore[arg-type]
    writer.start()
    for number in range(MAX_QUEUED_WRITES * 4):  # would block for good past the 31st
        writer.write(f"frame {number}")
    writer.stop()
    assert output.gone and not writer.is_alive()


async def test_a_live_terminal_is_written_as_before_and_the_driver_wraps_its_own() -> None:
    live = io.StringIO()
    output = GoneWhenItFails(live)
    output.write("drawn")
    output.flush()
    assert live.getvalue() == "drawn" and not output.gone
    assert output.getvalue() == "drawn"  # anything else goes to the file itself
    driver: Any = fixed_driver(lean(linux_driver.LinuxDriver))(object())  # type: ignore[arg-type]
    assert issubclass(type(driver), LeanOutputDriver)
    assert isinstance(driver._file, GoneWhenItFails) and driver._file._file is sys.__stderr__
    guard_output(driver)
    assert not isinstance(driver._file._file, GoneWhenItFails)  # wrapped once

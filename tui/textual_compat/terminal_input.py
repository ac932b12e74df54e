"""What the terminal sends reaches the app whatever it is: one installation, at start.

Textual's Linux driver reads the terminal in a thread (``run_input_thread``) that
builds its decoder and its parser from the module globals
``textual.drivers.linux_driver.getincrementaldecoder`` and ``XTermParser``. ``apply()``
replaces them (the inline driver's too): a lenient decoder (``input_decoding``) that
takes the end of the input for a hang-up (``input_end``), and
``TerminalInputParser``, Textual's parser with the guards of ``extended_keys``,
``unended_paste`` and ``unasked_reports``, and Escape at once (``lone_escape``). An
exception in that thread would end the app, and input must never do that.
``tests/textual_compat/test_terminal_input.py`` checks the globals.
"""

from __future__ import annotations

from textual.drivers import linux_driver, linux_inline_driver

from tui.textual_compat import input_decoding, input_end
from tui.textual_compat.extended_keys import ExtendedKeyGuard
from tui.textual_compat.lone_escape import LoneEscapeGuard
from tui.textual_compat.unasked_reports import UnaskedReportGuard
from tui.textual_compat.unended_paste import UnendedPasteGuard


class TerminalInputParser(LoneEscapeGuard, UnaskedReportGuard, UnendedPasteGuard, ExtendedKeyGuard):
    """Textual's xterm parser, safe against sequences no terminal should send (and
    against reports it did not ask for), that answers Escape at once."""


def apply() -> None:
    """Install the lenient decoder and the guarded parser (again: no change)."""
    input_decoding.apply()
    input_end.apply()
    for module in (linux_driver, linux_inline_driver):
        setattr(module, "XTermParser", TerminalInputParser)  # noqa: B010 - not exported

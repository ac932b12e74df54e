"""What the terminal sends reaches the app whatever it is: the input thread's parts.

Textual's Linux driver reads the terminal in a thread (``run_input_thread``) that
builds its decoder and its parser from the module globals
``textual.drivers.linux_driver.getincrementaldecoder`` and ``XTermParser`` (the inline
driver's too). ``assemble()`` replaces them with what the workarounds installed so far
make of them: a lenient decoder (``input_decoding``) that takes the end of the input for
a hang-up (``input_end``), and Textual's parser with the guards of ``extended_keys``,
``unended_paste``, ``unasked_reports`` and ``lone_escape`` (an exception in that thread
ends the app). The installer calls ``assemble()`` once; one that is off leaves its part
as Textual's.
"""

from __future__ import annotations

import codecs
import importlib
from typing import Any

from textual.drivers import linux_driver, linux_inline_driver

from tui.textual_compat.installed import on, replace

GUARDS = (
    ("lone_escape", "LoneEscapeGuard"),
    ("unasked_reports", "UnaskedReportGuard"),
    ("unended_paste", "UnendedPasteGuard"),
    ("extended_keys", "ExtendedKeyGuard"),
)
"""The parser's guards (workaround, class), outermost first."""


def decoder_factory() -> Any:
    """``codecs.getincrementaldecoder`` as the workarounds installed make it."""
    from tui.textual_compat.input_decoding import Lenient
    from tui.textual_compat.input_end import EndAware

    factory: Any = Lenient() if on("input_decoding") else codecs.getincrementaldecoder
    return EndAware(factory) if on("input_end") else factory


def parser_class() -> type[Any]:
    """Textual's ``XTermParser`` with the guards installed (itself when none is)."""
    from textual._xterm_parser import XTermParser

    bases = tuple(
        getattr(importlib.import_module(f"tui.textual_compat.{fix}"), name)
        for fix, name in GUARDS
        if on(fix)
    )
    if not bases:
        return XTermParser
    return type("TerminalInputParser", bases, {"__module__": __name__})


def assemble() -> None:
    """Put the decoder and the parser the installed workarounds make in both drivers."""
    decoders = decoder_factory()
    parser = parser_class() if any(on(fix) for fix, _ in GUARDS) else None
    for module in (linux_driver, linux_inline_driver):
        replace(module, "getincrementaldecoder", decoders)
        if parser is not None:
            replace(module, "XTermParser", parser)

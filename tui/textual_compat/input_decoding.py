"""Terminal input that is not UTF-8 becomes U+FFFD instead of ending the app.

What Textual does: ``LinuxDriver.run_input_thread`` (Textual 8.2.8) decodes what it
reads from the terminal with ``codecs.getincrementaldecoder("utf-8")()``, strict: one
byte that is not UTF-8 (0xE9 from a terminal set to Latin-1, 0xFF from line noise)
raises ``UnicodeDecodeError`` in the input thread and the app stops.

Why we need it: an old PuTTY profile or a ``LANG`` set to ISO-8859-1 sends such bytes
with the first accented letter. ``apply()`` replaces the module global
``textual.drivers.linux_driver.getincrementaldecoder`` (and the inline driver's) with
one whose decoders use ``errors="replace"``: a stray byte arrives as U+FFFD, which no
binding uses and every text field shows as a replacement mark.

When it can go: when Textual decodes input with ``errors="replace"`` itself.
``tests/textual_compat/test_input_decoding.py`` checks the private names;
``tests/app/test_input_storms.py`` sends the bytes through a real pty.

Upstream report (textual, 8.2.8):
    Title: A non-UTF-8 byte on stdin kills the input thread.
    Smallest reproduction: run any app (``textual run`` an empty App) in a terminal
    and type ``printf '\\xe9'`` into it, or ``printf '\\xff' > /dev/pts/N``; the
    input thread raises ``UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9``.
    Suggested fix: ``getincrementaldecoder("utf-8")(errors="replace")`` in
    ``linux_driver.py``, ``linux_inline_driver.py`` and ``web_driver.py``.
"""

from __future__ import annotations

import codecs
from typing import Any

from textual.drivers import linux_driver, linux_inline_driver

ERRORS = "replace"


class _Lenient:
    """A stand-in for ``codecs.getincrementaldecoder`` whose decoders never raise."""

    __party_dice_lenient__ = True

    def __call__(self, encoding: str) -> Any:
        decoder_class = codecs.getincrementaldecoder(encoding)

        def lenient(errors: str = ERRORS) -> codecs.IncrementalDecoder:
            return decoder_class(errors=ERRORS)

        return lenient


def apply() -> None:
    """Make the terminal drivers decode leniently (once; later calls do nothing)."""
    for module in (linux_driver, linux_inline_driver):
        current = getattr(module, "getincrementaldecoder")  # noqa: B009 - not exported
        if not getattr(current, "__party_dice_lenient__", False):
            setattr(module, "getincrementaldecoder", _Lenient())  # noqa: B010

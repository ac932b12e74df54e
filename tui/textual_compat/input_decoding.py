"""Terminal input that is not UTF-8 becomes U+FFFD instead of ending the app.

What Textual does: ``LinuxDriver.run_input_thread`` (Textual 8.2.8) decodes what it
reads from the terminal with ``codecs.getincrementaldecoder("utf-8")()``, strict: one
byte that is not UTF-8 (0xE9 from a terminal set to Latin-1, 0xFF from line noise)
raises ``UnicodeDecodeError`` in the input thread and the app stops.

Why we need it: an old PuTTY profile or a ``LANG`` set to ISO-8859-1 sends such bytes
with the first accented letter. ``terminal_input`` replaces the module global
``textual.drivers.linux_driver.getincrementaldecoder`` (and the inline driver's) with
``Lenient``, whose decoders use ``errors="replace"``: a stray byte arrives as U+FFFD, which no
binding uses and every text field shows as a replacement mark.

When it can go: when Textual decodes input with ``errors="replace"`` itself
(textual#6456, PR #6498; ``UPSTREAM.md``).
``tests/textual_compat/test_input_decoding.py`` checks the private names;
``tests/app/test_input_storms.py`` sends the bytes through a real pty.
"""

from __future__ import annotations

import codecs
from typing import Any

ERRORS = "replace"


class Lenient:
    """A stand-in for ``codecs.getincrementaldecoder`` whose decoders never raise."""

    def __call__(self, encoding: str) -> Any:
        decoder_class = codecs.getincrementaldecoder(encoding)

        def lenient(errors: str = ERRORS) -> codecs.IncrementalDecoder:
            return decoder_class(errors=ERRORS)

        return lenient

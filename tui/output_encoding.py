"""Drawing on a terminal whose output encoding is not Unicode (issue 18 item 11).

Under ``PYTHONIOENCODING=latin-1`` or ``ascii``, or ``LC_ALL=C`` without UTF-8 mode,
the terminal stream cannot encode a die face, a suit or a box line. Python's ``stderr``
(where Textual draws) then writes each one as the text ``\\u258f``: six cells for one, so
every screen falls apart. ``unicode_output`` says whether the stream can take them; when
it cannot, ``use_ascii_output`` turns the app's own glyphs to ASCII (the caller passes
``ascii_glyphs``) and makes the streams write every other character Textual draws as
ASCII of the same width (a line as ``-`` or ``|``, a corner as ``+``, a block as ``#``,
anything else as ``?``), so the layout holds. No Textual here: it runs before the app.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from typing import TextIO

ERRORS = "party-dice-ascii"
"""The codec error handler ``use_ascii_output`` registers and sets on the streams."""
SAMPLE = "\u2680\u2660\u258f\u2500\u2502\u256d"
"""A die face, a suit, a scrollbar eighth, box lines: what a screen draws."""


def unicode_output(stream: TextIO | None) -> bool:
    """True when ``stream`` can write the app's glyphs (a UTF encoding, in practice)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True  # not a text stream we know: leave it alone
    try:
        SAMPLE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def ascii_for(ch: str) -> str:
    """One character drawn in ASCII, as many cells wide as the original."""
    name = unicodedata.name(ch, "")
    if "BOX DRAWINGS" in name or name.startswith("HEAVY") or "LINE" in name:
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+"
    if "BLOCK" in name or "SHADE" in name:
        return "|" if "EIGHTH" in name or "QUARTER" in name else "#"
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return ""
    return "??" if unicodedata.east_asian_width(ch) in ("W", "F") else "?"


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(ascii_for(ch) for ch in text), error.end


codecs.register_error(ERRORS, _replace)


def use_ascii_output(*streams: TextIO | None) -> None:
    """Make ``streams`` write what they cannot encode as ASCII of the same width."""
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERRORS)


def lacks_die_faces(term: str | None) -> bool:
    """True for a terminal known to have no die faces in its font: the Linux console
    (``TERM=linux``, ``linux-16color``...), whose font holds box lines and suits at most.
    Its output is Unicode, so ``fall_back_if_needed`` alone would leave the faces on."""
    name = (term or "").strip().lower()
    return name == "linux" or name.startswith("linux-")


def linux_console() -> bool | None:
    """``True`` when this run's terminal lacks die faces (``TERM``), else ``None``: the
    glyph setting decides (``PartyDiceApp``'s ``ascii_glyphs`` override takes either)."""
    return True if lacks_die_faces(os.environ.get("TERM")) else None


def fall_back_if_needed() -> bool:
    """``True`` (and the terminal streams set to ASCII fallbacks) when the output
    cannot draw Unicode: the app should then draw its glyphs in ASCII."""
    if unicode_output(sys.__stderr__) and unicode_output(sys.__stdout__):
        return False
    use_ascii_output(sys.__stderr__, sys.__stdout__)
    return True

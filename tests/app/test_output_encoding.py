"""Issue 18 item 11: a terminal whose output encoding is not UTF-8 gets ASCII by itself.

Under ``PYTHONIOENCODING=latin-1`` or ``ascii``, or ``LC_ALL=C`` without UTF-8 mode,
every glyph used to be written as the text ``\\u258f`` (six cells for one). The real app
runs on a pty under each; the screen it writes must hold no such escape and no byte
outside ASCII (Latin-1 could encode some, but a box line is never one of them).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tests.support.pty_driver import ROOT, AcesArgs, PtyApp, app_env, write_app_settings
from tui.output_encoding import ascii_for, unicode_output, use_ascii_output

ENCODINGS = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "C locale": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
}


@pytest.mark.parametrize(
    "how",
    # One encoding on a pty everyday (the choice itself is tested in this process below).
    [how if how == "C locale" else pytest.param(how, marks=pytest.mark.slow) for how in ENCODINGS],
)
def test_the_app_draws_ascii_on_a_non_utf8_terminal(how: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_app_settings(home)
    env = app_env(home) | ENCODINGS[how]
    with PtyApp([sys.executable, "-m", "tui", *AcesArgs], env=env, cwd=str(ROOT)) as app:
        assert app.wait_for("Ann", timeout=30), app.text()[-400:]
        app.quiet(0.5, 10)
        screen = bytes(app.output)
        app.send("\x11")  # Ctrl+Q
        app.wait(10)
    assert b"\\u" not in screen and b"\\x" not in screen
    assert max(screen) < 0x80, sorted({b for b in screen if b >= 0x80})[:10]


def test_the_decision() -> None:
    assert unicode_output(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not unicode_output(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert not unicode_output(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))


def test_box_lines_keep_their_width() -> None:
    assert [ascii_for(ch) for ch in "\u2500\u2502\u256d\u258f\u2588\u2680"] == list("-|+|#?")
    assert ascii_for("\u4e00") == "??" and ascii_for("\u0301") == ""
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    use_ascii_output(stream)
    stream.write("\u256d\u2500\u256e Ann \u2680")
    stream.flush()
    assert stream.buffer.getvalue() == b"+-+ Ann ?"

"""The text of a snapshot SVG, one string per terminal line, as a player reads it.

pytest-textual-snapshot stores each screen as a Rich SVG export: one ``<text>`` element
per run of same-styled characters, placed by ``x`` (in cells of ``CELL`` pixels) on a
line named by its clip path; spaces are ``&#160;``; the gaps between runs are not in
the text at all. ``screen_lines`` puts the runs back at their columns (wide characters
take two cells, as on the terminal), so a line reads as it does on the screen.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from rich.cells import cell_len

CELL = 12.2
"""Pixels per cell in Rich's SVG export (0.61 of its 20 px font)."""

_TEXT = re.compile(
    r'<text class="[^"]*" x="(?P<x>[\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[\w-]*-line-(?P<line>\d+)\)">(?P<text>[^<]*)</text>'
)


def screen_lines(svg: str | Path) -> list[str]:
    """The terminal's lines in the SVG ``svg`` (its text, or a path to the file)."""
    source = svg.read_text(encoding="utf-8") if isinstance(svg, Path) else svg
    runs: dict[int, list[tuple[int, str]]] = {}
    for match in _TEXT.finditer(source):
        text = html.unescape(match["text"]).replace("\xa0", " ").replace("\n", "")
        column = round(float(match["x"]) / CELL)
        runs.setdefault(int(match["line"]), []).append((column, text))
    lines = []
    for number in range(max(runs, default=-1) + 1):
        line = ""
        for column, text in sorted(runs.get(number, [])):
            line += " " * max(0, column - cell_len(line)) + text
        lines.append(line.rstrip())
    return lines

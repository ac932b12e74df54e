"""The plain-text table loads no Textual (in a fresh interpreter, so nothing imported by
another test counts), and of Rich only its table of cell widths (``tui.cells``): it must
start on a dumb terminal, where the full screen cannot, and start fast."""

from __future__ import annotations

import subprocess
import sys

PLAIN = (
    "tui.plain, tui.plain.run, tui.plain.app, tui.plain.menus, tui.plain.setup,"
    " tui.plain.table, tui.plain.dialog, tui.plain.lines, tui.plain.output,"
    " tui.plain.questions, tui.plain.clock"
)


def test_the_plain_table_loads_no_textual_and_only_rich_cell_widths() -> None:
    code = (
        f"import sys, {PLAIN};"
        "import tui.games;"
        "[spec.new_words() for spec in tui.games.all_games()];"
        "[spec.engine() for spec in tui.games.all_games()];"
        "import tui.rules, tui.share_start;"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = set(filter(None, result.stdout.strip().split(",")))
    assert not {m for m in loaded if m.startswith("textual")}, loaded
    assert loaded <= {"rich", "rich.cells", "rich._extension"} | {
        m for m in loaded if m.startswith("rich._unicode_data")
    }, loaded
